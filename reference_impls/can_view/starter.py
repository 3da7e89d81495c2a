"""Can this tensor be viewed with a new shape?

Implement `solve(shape, stride, new_shape) -> bool`: True exactly when
`torch.empty_strided(shape, stride).view(new_shape)` would succeed (same number of elements is
guaranteed). Work it out from sizes and strides alone - do not create tensors or call view().

Hint: split the old shape into chunks of dimensions that are "contiguous among themselves"
(stride[i] == stride[i+1] * size[i+1]); a view is possible when every new dimension's range of
elements stays within one chunk. Size-1 dimensions never matter; zero-size tensors can always be
viewed.
"""


def solve(shape: tuple[int, ...], stride: tuple[int, ...], new_shape: tuple[int, ...]) -> bool:
    raise NotImplementedError
