# Assumes backward is simply forward reversed: wrong as soon as branches or residual paths exist.
def backward_order(model, x):
    model(x).sum().backward()
    return [name for name, m in reversed(list(model.named_modules())) if len(list(m.children())) == 0]
