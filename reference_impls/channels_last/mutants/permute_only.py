# A permute changes strides but not memory: the result is not NHWC in memory.
# zh: permute 只改了 stride 而没改内存：结果在内存里并不是 NHWC。
def solve(x):
    return x.permute(0, 2, 3, 1).permute(0, 3, 1, 2)
