# Assumes backward is simply forward reversed: wrong as soon as branches or residual paths exist.
# zh: 以为反向顺序就是前向顺序倒过来；一旦有分支或残差连接就不成立。
def backward_order(model, x):
    model(x).sum().backward()
    return [name for name, m in reversed(list(model.named_modules())) if len(list(m.children())) == 0]
