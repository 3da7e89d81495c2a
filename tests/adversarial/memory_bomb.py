def solve(a, b):
    hog = bytearray(64 * 2**30)  # 64 GiB
    return hog
