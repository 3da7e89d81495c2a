# "view is like reshape": always says yes.
# zh: 以为“view 跟 reshape 一样”，永远回答可以。
def solve(shape, stride, new_shape):
    return True
