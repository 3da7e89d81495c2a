# Miscounts the windows whenever the length does not end exactly on a step.
def solve(x, size, step):
    n = -(-(x.size(0) - size) // step)  # ceil instead of floor + 1
    n = max(n, 1)
    sizes = (n, *x.shape[1:], size)
    strides = (x.stride(0) * step, *x.stride()[1:], x.stride(0))
    return x.as_strided(sizes, strides, x.storage_offset())
