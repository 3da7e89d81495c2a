# Clones "to be safe": an input that already is channels_last must come back as itself.
# zh: “保险起见”先 clone：可输入本来就是 channels_last 时，应该原样返回它本身。
def solve(x):
    return x.clone().permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2)
