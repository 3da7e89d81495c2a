# fast path: if x.is_contiguous() the strides are recomputed from the sizes; is_contiguous() ignores strides of size-1 (and size-0) dims, so those strides come out different from transpose's
# zh: x.is_contiguous() 时按 sizes 重新计算 strides：is_contiguous() 忽略大小为 1 或 0 的维的 stride，结果的 strides 与 transpose 的不同。
import torch


def _contig_strides(shape):
    st, acc = [], 1
    for s in reversed(shape):
        st.append(acc)
        acc *= s
    return st[::-1]


def solve(x: torch.Tensor, dim0: int, dim1: int) -> torch.Tensor:
    nd = x.dim()
    if nd == 0:
        if dim0 not in (0, -1) or dim1 not in (0, -1):
            raise IndexError("Dimension out of range")
        return x.as_strided((), (), x.storage_offset())
    for d in (dim0, dim1):
        if not -nd <= d < nd:
            raise IndexError("Dimension out of range")
    dim0 %= nd
    dim1 %= nd
    size = list(x.size())
    stride = _contig_strides(size) if x.is_contiguous() else list(x.stride())
    size[dim0], size[dim1] = size[dim1], size[dim0]
    stride[dim0], stride[dim1] = stride[dim1], stride[dim0]
    return x.as_strided(size, stride, x.storage_offset())
