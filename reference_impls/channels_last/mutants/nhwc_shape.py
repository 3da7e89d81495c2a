# Returns an NHWC-*shaped* tensor: channels_last keeps the logical NCHW shape.
def solve(x):
    return x.permute(0, 2, 3, 1).contiguous()
