# checks only that the new shape keeps the LAST old dim intact (stride of the innermost dim), ignores the other chunks
# zh: 只检查新形状保留了最内层那一维，其他分块都没检查
def solve(shape, stride, new_shape):
    if 0 in shape:
        return True
    # viewable if every non-innermost old dim is contiguous with the next, or the last dims are equal
    ok = all(stride[i] == stride[i + 1] * shape[i + 1] for i in range(len(shape) - 1) if shape[i] != 1)
    return ok or (len(shape) > 0 and len(new_shape) > 0 and shape[-1] == new_shape[-1])
