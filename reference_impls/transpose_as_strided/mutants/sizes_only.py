# Swaps the sizes but keeps the strides: a reinterpretation, not a transpose.
# zh: 交换了大小却保留了 stride：这是重新解释内存，不是转置。
def solve(x, dim0, dim1):
    size = list(x.size())
    size[dim0], size[dim1] = size[dim1], size[dim0]
    return x.as_strided(size, x.stride(), x.storage_offset())
