import torch

from dlprep.checkers.compare import compare_described, compare_tensor
from dlprep.checkers.sandbox.harness import describe


def test_all_zeros_never_passes_for_small_outputs():
    expected = torch.full((100,), 1e-6)
    c = compare_tensor(torch.zeros(100), expected, rtol=1e-4, atol=1e-5)  # atol alone would accept it
    assert not c.ok and "relative error" in c.message


def test_values_far_below_atol_do_not_fail_the_relative_norm():
    # softplus(-20) = 2e-9 rounds to 0 in float32 with log(1 + e^x): 4 orders of magnitude inside atol
    expected = torch.tensor([2.1e-9, 1.9e-22, 0.0])
    assert compare_tensor(torch.zeros(3), expected, rtol=1e-4, atol=1e-5).ok
    # ... but a value near atol still counts, and so does the rest of the tensor
    assert not compare_tensor(torch.zeros(3), torch.tensor([2e-9, 2e-7, 0.0]), rtol=1e-4, atol=1e-5).ok
    assert not compare_tensor(torch.tensor([0.0, 1.0]), torch.tensor([2e-9, 1.001]), rtol=1e-4, atol=1e-5).ok


def test_shape_and_dtype_are_exact():
    assert "shape (3, 1)" in compare_tensor(torch.zeros(3, 1), torch.zeros(3)).message
    assert "dtype torch.float64" in compare_tensor(torch.zeros(3, dtype=torch.float64), torch.zeros(3)).message


def test_nan_and_inf_positions_must_match():
    e = torch.tensor([1.0, float("nan"), float("inf")])
    assert compare_tensor(e.clone(), e).ok
    assert not compare_tensor(torch.tensor([1.0, 2.0, float("inf")]), e).ok
    assert not compare_tensor(torch.tensor([1.0, float("nan"), -float("inf")]), e).ok


def test_nan_or_inf_where_the_reference_is_finite_is_called_an_overflow():
    # softmax without subtracting the row max: exp(100) overflows float32 to inf, inf/inf is nan
    x = torch.tensor([[100.0, 1.0, 0.0]])
    naive = x.exp() / x.exp().sum(-1, keepdim=True)
    c = compare_tensor(naive, torch.softmax(x, -1))
    assert not c.ok and "NaN or inf where the expected value is finite: an overflow" in c.message
    plain = compare_tensor(torch.tensor([1.0, 3.0]), torch.tensor([1.0, 2.0]))  # a finite mistake: no such words
    assert not plain.ok and "overflow" not in plain.message


def test_mismatch_report_names_the_first_index():
    c = compare_tensor(torch.tensor([[1.0, 2.0], [3.0, 5.0]]), torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
    assert not c.ok and "first at (1, 1): yours 5.0, expected 4.0" in c.message
    assert c.details["mismatch_count"] == 1


def test_layout_properties_ignore_strides_of_size_one_dims():
    x = torch.arange(6.0)
    a = describe(x.as_strided((1, 6), (0, 1)), [x.untyped_storage().data_ptr()])
    e = describe(x.as_strided((1, 6), (6, 1)), [x.untyped_storage().data_ptr()])
    assert compare_described(a, e, None, None, ("stride", "shares")).ok
    same_values = x.reshape(2, 3).t()  # right values, transposed layout
    t = describe(same_values, [])
    e = describe(same_values.contiguous(), [])
    assert "stride is [1, 3], expected [2, 1]" in compare_described(t, e, None, None, ("stride",)).message


def test_plain_subclasses_are_tensors_and_wrapper_subclasses_are_rejected():
    """A prompt that asks for a tensor accepts nn.Parameter or a subclass adding methods (their data
    is real storage); a wrapper subclass has none of its own and stays an object."""
    class Sub(torch.Tensor):
        pass

    for plain in (torch.zeros(2).as_subclass(Sub), torch.nn.Parameter(torch.zeros(2))):
        d = describe(plain)
        assert d["kind"] == "tensor" and d["subclass"]
        assert compare_described(d, describe(torch.zeros(2)), None, None).ok
    from torch.testing._internal.two_tensor import TwoTensor

    a = describe(TwoTensor(torch.zeros(2), torch.zeros(2)))
    assert a["kind"] == "object"
    assert "which is not allowed" in compare_described(a, describe(torch.zeros(2)), None, None).message


def test_a_sum_that_cancels_is_judged_by_its_terms_not_its_result():
    # A k = 1025 float32 dot product whose terms cancel to 1e-3: float32's own rounding in another
    # summation order misses it by more than atol + rtol * |e|, but by far less than
    # TERM_RTOL * (|a| @ |b|). Half-precision accumulation misses by more than even that.
    from dlprep.checkers.compare import compare_tensor

    g = torch.Generator().manual_seed(3)
    a, b = torch.randn(1025, generator=g, dtype=torch.float64), torch.randn(1025, generator=g, dtype=torch.float64)
    a[-1] = (1e-3 - (a[:-1] * b[:-1]).sum()) / b[-1]
    a, b = a.float(), b.float()
    expected = (a @ b).reshape(1)
    backwards = (a * b).flip(0).cumsum(0)[-1:]
    scale = (a.double().abs() @ b.double().abs()).reshape(1)
    half = (a.half() * b.half()).cumsum(0, dtype=torch.half)[-1:].float()
    assert not compare_tensor(backwards, expected).ok  # the plain tolerance rejects torch's own rounding
    assert compare_tensor(backwards, expected, scale=scale).ok
    assert not compare_tensor(half, expected, scale=scale).ok


def test_a_scale_tree_follows_a_tuple_of_outputs():
    """A model's outputs come as a tuple: each gets the scale at its own place in the scale's tree
    (a fold regroups sums whose terms are ~1000 times the result), and only that one."""
    exact = (torch.tensor([0.13, 2.0]), torch.tensor([0.13, 2.0]))
    got = (exact[0] + torch.tensor([1e-4, 0.0]), exact[1] + torch.tensor([1e-4, 0.0]))
    big, none = torch.tensor([1000.0, 1.0]), torch.tensor([0.0, 0.0])
    assert not compare_described(describe(got), describe(exact), None, None).ok
    assert compare_described(describe(got), describe(exact), None, None, scale=describe((big, big))).ok
    # the second output's scale says its terms do not cancel: its error stays an error
    c = compare_described(describe(got), describe(exact), None, None, scale=describe((big, none)))
    assert not c.ok and "output[1]" in (c.message or "")


def test_fold_magnitudes_bound_what_a_conv_bn_chain_sums():
    from torch import nn

    from dlprep.checkers.families.fusion_pass.fusion_zoo import magnitudes

    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv2d(3, 3, 3, padding=1), nn.BatchNorm2d(3), nn.ReLU(),
                          nn.Conv2d(3, 3, 3, padding=1), nn.BatchNorm2d(3)).eval()
    with torch.no_grad():
        for bn in (model[1], model[4]):
            bn.running_mean.normal_()
            bn.running_var.uniform_(0.05, 0.45)
    x = torch.randn(2, 3, 5, 5)
    out = model(x).double()
    mag = magnitudes(model, (x,))
    assert mag.dtype == torch.float64 and (mag >= out.abs() - 1e-9).all()  # every term counted, none cancels
    assert (mag > 3 * out.abs()).float().mean() > 0.5  # and where the output cancels, far above it


def test_a_dict_or_tuple_subclass_is_the_dict_or_tuple_the_prompt_asks_for():
    """Result types no stricter than the prompt: an OrderedDict subclass is a dict, a namedtuple a
    tuple; each is read through its base's own methods, so an override cannot show other contents."""
    from collections import OrderedDict, namedtuple

    class Batch(OrderedDict):
        def items(self):  # what it holds is still what is described
            return [("padded", torch.zeros(1))]

    got = Batch(padded=torch.ones(1))
    assert compare_described(describe(got), describe({"padded": torch.ones(1)}), None, None).ok
    assert not compare_described(describe(got), describe({"padded": torch.zeros(1)}), None, None).ok
    Pair = namedtuple("Pair", "a b")
    assert compare_described(describe(Pair(torch.ones(1), 2)), describe((torch.ones(1), 2)), None, None).ok
    assert describe(torch.Size([2, 3]))["type"] == "Size"
