# a line-by-line port of ATen's computeStride (walks old dims backwards, keeps a running chunk base stride)
def solve(shape, stride, new_shape):
    oldshape, oldstride, newshape = list(shape), list(stride), list(new_shape)
    numel = 1
    for s in oldshape:
        numel *= s
    if numel == 0:
        return True
    if len(oldshape) == 0:
        return True
    view_d = len(newshape) - 1
    chunk_base_stride = oldstride[-1]
    tensor_numel = 1
    view_numel = 1
    for tensor_d in range(len(oldshape) - 1, -1, -1):
        tensor_numel *= oldshape[tensor_d]
        if tensor_d == 0 or (oldshape[tensor_d - 1] != 1 and
                             oldstride[tensor_d - 1] != tensor_numel * chunk_base_stride):
            while view_d >= 0 and (view_numel < tensor_numel or newshape[view_d] == 1):
                view_numel *= newshape[view_d]
                view_d -= 1
            if view_numel != tensor_numel:
                return False
            if tensor_d > 0:
                chunk_base_stride = oldstride[tensor_d - 1]
                tensor_numel = 1
                view_numel = 1
    return view_d == -1
