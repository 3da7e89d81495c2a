# Returns x unchanged: a transposed input stays non-contiguous.
def solve(x):
    return x
