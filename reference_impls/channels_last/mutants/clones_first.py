# Clones "to be safe": an input that already is channels_last must come back as itself.
def solve(x):
    return x.clone().permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2)
