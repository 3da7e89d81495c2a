# Keeps the original stride for a size-1 dim that grows (should be 0): reads the wrong elements.
def solve(x, shape):
    shape = tuple(shape)
    lead = len(shape) - x.dim()
    strides = [0] * lead + [x.stride(j) for j in range(x.dim())]
    return x.as_strided(shape, strides, x.storage_offset())
