# True only when the strides are plain row-major (misses views that split/merge inside a non-contiguous layout)
# zh: 只有步长是行优先时才返回 True：漏掉了在非连续布局中拆分或合并维度也能 view 的情况
def solve(shape, stride, new_shape):
    if 0 in shape:
        return True
    exp = 1
    for s, st in zip(reversed(shape), reversed(stride)):
        if s != 1 and st != exp:
            return False
        exp *= s
    return True
