# Follows ATen's computeStride: walks old dims from the back and consumes new dims chunk by chunk.
import math


def solve(shape, stride, new_shape):
    if len(shape) == 0 or math.prod(shape) == 0:
        return True
    view_d = len(new_shape) - 1
    base = stride[-1]
    tensor_numel = view_numel = 1
    for d in range(len(shape) - 1, -1, -1):
        tensor_numel *= shape[d]
        # a chunk ends where the next dim out is not laid out right after this run
        if d == 0 or (shape[d - 1] != 1 and stride[d - 1] != tensor_numel * base):
            while view_d >= 0 and (view_numel < tensor_numel or new_shape[view_d] == 1):
                view_numel *= new_shape[view_d]
                view_d -= 1
            if view_numel != tensor_numel:
                return False
            if d > 0:
                base = stride[d - 1]
                tensor_numel = view_numel = 1
    return view_d == -1
