"""The models the fusion_pass family traces, built identically in the grader and in the sandbox.

A GraphModule cannot cross the process boundary, so only a model's name and a seed do: both sides
call `build(name, seed)` and get the same parameters, bit for bit. The exercise's check.py names
which models are public (the starter mentions them) and which are hidden. Every model is built in
eval mode (one keeps a Dropout training on purpose) and is traceable by `torch.fx.symbolic_trace`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Self

import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.modules.linear import NonDynamicallyQuantizableLinear

from dlprep.checkers.families.fusion_pass import programs

Inputs = Callable[[torch.Generator, int], tuple[torch.Tensor, ...]]


@dataclass(frozen=True)
class Spec:
    make: Callable[[], nn.Module]
    inputs: Inputs  # (generator, size) -> the forward's arguments; `size` varies between cases


MODELS: dict[str, Spec] = {}


def _model(name: str, inputs: Inputs) -> Callable[[type[nn.Module]], type[nn.Module]]:
    def deco(cls: type[nn.Module]) -> type[nn.Module]:
        MODELS[name] = Spec(cls, inputs)
        return cls

    return deco


def _randn(*shape: int) -> Inputs:
    """Inputs of these shapes, where -1 stands for the case's size (a batch or a spatial extent)."""
    return lambda gen, size: (torch.randn(*(size if s == -1 else s for s in shape), generator=gen),)


def _several(n: int, *shape: int) -> Inputs:
    one = _randn(*shape)
    return lambda gen, size: tuple(one(gen, size)[0] for _ in range(n))


def build(name: str, seed: int) -> nn.Module:
    """The model `name` in eval mode, every float parameter and buffer drawn from `seed` (a generated
    program, `gen/...`, also draws its structure from `seed`)."""
    model = programs.build(name, seed) if name.startswith("gen/") else MODELS[name].make()
    gen = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for _, t in sorted([*model.named_parameters(), *model.named_buffers()], key=lambda kv: kv[0]):
            if t.is_floating_point():
                t.copy_(torch.randn(t.shape, generator=gen) * 0.5)
        for m in model.modules():
            if isinstance(m, nn.BatchNorm2d):  # statistics a trained network could have
                assert m.running_var is not None
                m.running_var.copy_(torch.rand(m.running_var.shape, generator=gen) * 0.4 + 0.05)
                if m.weight is not None:  # affine=False has none
                    m.weight.add_(1.0)
    return model.eval()


def magnitudes(model: nn.Module, args: tuple[torch.Tensor, ...]) -> Any:
    """What each output of a conv/BatchNorm model sums, in magnitude (compare.py's `scale`): the
    model in float64 with every term made non-negative (conv and linear weights and biases,
    BatchNorm's scale and shift, its mean subtracted as -|mean|) on |inputs|. A fold regroups
    those sums; where they cancel (a chain of convs with BatchNorm scales up to ~7), float32
    rounds the original and the folded model differently by far more than rtol of the result.
    Valid for models of convs, BatchNorms, ReLU, pooling, sums and positive scalings only. `model`
    is changed in place: pass a fresh build (a copy would not do: a generated program's steps
    reach their modules through the original object)."""
    m = model.double()
    with torch.no_grad():
        for mod in m.modules():
            if isinstance(mod, nn.Conv2d | nn.Linear | nn.BatchNorm2d):
                for t in (mod.weight, mod.bias):
                    if t is not None:
                        t.abs_()
            if isinstance(mod, nn.BatchNorm2d) and mod.running_mean is not None:
                mod.running_mean.abs_().neg_()
        return m(*(a.double().abs() for a in args))


def inputs(name: str, gen: torch.Generator, size: int) -> tuple[torch.Tensor, ...]:
    return MODELS[name].inputs(gen, size)


def _p(*shape: int) -> nn.Parameter:
    return nn.Parameter(torch.empty(*shape))


# ---------------------------------------------------------------- constant folding

@_model("fold_scaled_linear", _randn(-1, 8))
class ScaledLinear(nn.Module):
    """A weight rescaled at every call: exp() of a buffer times the weight, and an affine bias."""
    log_scale: torch.Tensor

    def __init__(self) -> None:
        super().__init__()
        self.weight, self.bias = _p(6, 8), _p(6)
        self.register_buffer("log_scale", torch.empty(6, 1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = self.weight * self.log_scale.exp()
        return F.linear(x, w, self.bias * 2 + 1)


@_model("fold_weight_std", _randn(-1, 3, 6, 6))
class WeightStandardizedConv(nn.Module):
    """Weight standardisation: the normalised kernel depends on the parameters only."""

    def __init__(self) -> None:
        super().__init__()
        self.weight, self.bias = _p(4, 3, 3, 3), _p(4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = self.weight - self.weight.mean(dim=(1, 2, 3), keepdim=True)
        w = w / (w.std(dim=(1, 2, 3), keepdim=True) + 1e-5)
        return F.conv2d(x, w, self.bias, padding=1)


@_model("fold_noise", _randn(-1, 5))
class NoisyWeight(nn.Module):
    """randn_like(weight) reads only a parameter, yet it draws new numbers at every call."""

    def __init__(self) -> None:
        super().__init__()
        self.weight, self.bias = _p(7, 5), _p(7)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        noise = torch.randn_like(self.weight) * 0.1
        return x @ (self.weight + noise).t() + self.bias.tanh()


@_model("fold_inplace_update", _randn(-1, 5))
class InPlaceUpdate(nn.Module):
    """A copy of a parameter updated in place: add_ must stay, and what reads the copy afterwards
    sees the updated values, so it is no constant of the pass (nor is the copy)."""

    def __init__(self) -> None:
        super().__init__()
        self.weight = _p(5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = self.weight.clone()
        w.add_(1)
        return x * (w * 2).tanh() + self.weight.sigmoid()


class _Projection(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.weight = _p(4, 6)


@_model("fold_nested", _randn(-1, 6))
class NestedConstants(nn.Module):
    """A submodule's parameter (get_attr `proj.weight`), and a folded value that is an output."""
    offset: torch.Tensor

    def __init__(self) -> None:
        super().__init__()
        self.proj = _Projection()
        self.register_buffer("offset", torch.empty(3))

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        g = self.proj.weight.softmax(-1)
        return x @ g.t() - self.offset.mean(), g.sum(0)


@_model("fold_size_dependent", _randn(-1, 5))
class SizeDependent(nn.Module):
    """x.size(1) is known only at run time: what multiplies it cannot be folded, its operand can."""

    def __init__(self) -> None:
        super().__init__()
        self.gain, self.bias = _p(5), _p(5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * self.gain.sigmoid() + x.size(1) * self.bias.abs()


@_model("fold_random_method", _randn(-1, 5))
class RandomMethod(nn.Module):
    """A random *method* on a parameter (a DropConnect mask, weight.bernoulli(0.5)) draws at every
    call; bias.exp() beside it folds."""

    def __init__(self) -> None:
        super().__init__()
        self.weight, self.bias = _p(4, 5), _p(4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        mask = self.weight.bernoulli(0.5)
        return x @ (self.weight * mask).t() + self.bias.exp()


@_model("fold_random_reader", _randn(-1, 5))
class RandomReader(nn.Module):
    """A random op that only *reads* a constant: weight.sigmoid() is the keep-probability of a
    bernoulli mask. The mask draws at every call, but the sigmoid it reads is still a constant (a
    random op writes nothing), so it is folded and the bernoulli reads the stored buffer."""

    def __init__(self) -> None:
        super().__init__()
        self.weight, self.bias = _p(4, 5), _p(4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        keep = self.weight.sigmoid()
        mask = torch.bernoulli(keep)
        return x @ (keep * mask).t() + self.bias


@_model("fold_inplace_reader", _randn(-1, 5))
class InPlaceReader(nn.Module):
    """An in-place call writes only into its first argument: w.add_(scale) changes w and only reads
    scale = bias.exp(), which is still a constant to fold (w, and what reads it, are not)."""

    def __init__(self) -> None:
        super().__init__()
        self.weight, self.bias = _p(5), _p(5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        scale = self.bias.exp()
        w = self.weight.clone()
        w.add_(scale)
        return x * w.tanh() + scale


@_model("fold_module_on_param", _randn(-1, 5))
class ModuleOnParameter(nn.Module):
    """Modules applied to parameters only: a Dropout kept training draws at every call, and a Linear of
    a parameter table is still a call_module node; neither is folded (call_module nodes never are)."""

    def __init__(self) -> None:
        super().__init__()
        self.table = _p(5, 5)
        self.proj = nn.Linear(5, 5)
        self.drop = nn.Dropout(0.5)

    def train(self, mode: bool = True) -> ModuleOnParameter:
        super().train(mode)
        self.drop.train()
        return self

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        projected: torch.Tensor = self.proj(self.table)
        out: torch.Tensor = x @ projected.t() + self.drop(self.table).sum(0) + self.table.exp().mean(0)
        return out


@_model("fold_mutated_view", _randn(-1, 5))
class MutatedView(nn.Module):
    """w depends only on a parameter, but an in-place op writes into it through a view (and another
    through out=): folding w stores a buffer that every call changes again."""

    def __init__(self) -> None:
        super().__init__()
        self.weight = _p(5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = self.weight * 2
        w.view(-1).add_(1)
        u = self.weight.sigmoid()
        torch.mul(u, 3, out=u)
        return x * w + u + self.weight.cos()


# ---------------------------------------------------------------- common-subexpression elimination

@_model("cse_twin_branches", _randn(-1, 6))
class TwinBranches(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a = torch.relu(x) * 2
        b = torch.relu(x) * 2
        return a + b.sigmoid() + torch.relu(x)


@_model("cse_random", _randn(-1, 6))
class RandomTwins(nn.Module):
    """Two identical-looking rand_like calls are two different draws; the sigmoids are true twins."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n1 = torch.rand_like(x)
        n2 = torch.rand_like(x)
        return torch.sigmoid(x) * n1 - torch.sigmoid(x) * n2


@_model("cse_random_methods", _randn(-1, 6))
class RandomMethodTwins(nn.Module):
    """Random ops spelled as methods: once the twin sigmoids are one, two p.bernoulli() and two
    p.multinomial(2) on it are still four draws."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        p = torch.sigmoid(x)
        q = torch.sigmoid(x)
        a = p.bernoulli()
        b = q.bernoulli()
        c = p.multinomial(2)
        d = q.multinomial(2)
        return a - b + (c - d).to(x.dtype).sum(-1, keepdim=True)


@_model("cse_kwargs", lambda gen, size: (torch.randn(size + 2, size + 2, generator=gen),))
class KwargTwins(nn.Module):
    """Same target, same positional args, different keyword args: only some are duplicates."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a = x.softmax(dim=0)
        b = x.softmax(dim=1)
        c = x.softmax(dim=0)
        d = torch.sum(x, dim=1, keepdim=True)
        e = torch.sum(x, dim=1, keepdim=True)
        f = torch.sum(x, keepdim=True, dim=1)  # the same keyword arguments, in another order
        return a + b * c + d * e - f


@_model("cse_arg_order", _several(2, -1, 4))
class ArgOrder(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return torch.sub(x, y) * torch.sub(y, x) + torch.sub(x, y).exp() + torch.maximum(x, y) * torch.maximum(x, y)


@_model("cse_dropout", _randn(-1, 5))
class DropoutTwins(nn.Module):
    """Dropout in training mode is random; the two weight transposes are not."""

    def __init__(self) -> None:
        super().__init__()
        self.weight = _p(3, 5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = F.dropout(x, 0.3, training=True)
        g = F.dropout(x, 0.3, training=True)
        return h @ self.weight.t() + g @ self.weight.t()


class _KeepsDropoutTraining(nn.Module):
    """A model whose `drop` module stays in training mode (random) when the model is put in eval
    mode, as build() does."""

    drop: nn.Module

    def train(self, mode: bool = True) -> Self:
        super().train(mode)
        self.drop.train()
        return self


@_model("cse_module_twice", _randn(-1, 5))
class ModuleTwice(_KeepsDropoutTraining):
    """self.drop(x) twice is two draws: a call_module node is never a common subexpression, since
    its module may be random or keep state. The dropout stays in training mode when the model is
    put in eval mode, so merging the two calls changes the output."""

    def __init__(self) -> None:
        super().__init__()
        self.drop = nn.Dropout(0.4)
        self.lin = nn.Linear(5, 5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.lin(self.drop(x)) - self.lin(self.drop(x)) + torch.tanh(x) * torch.tanh(x)
        return out


@_model("cse_barriers", _randn(-1, 5))
class BarrierTwins(_KeepsDropoutTraining):
    """Equal pure calls with a random op between them stay apart even where that op touches
    neither (the values would agree): torch.rand_like, x.bernoulli(), a Dropout module kept in
    training mode. A pure module called twice on the same input stays two calls: call_module nodes
    are left alone. (A module built with inplace=True is not here: the prompt does not say whether
    it is an in-place op, so merging across one is neither required nor refused.)"""

    def __init__(self) -> None:
        super().__init__()
        self.drop = nn.Dropout(0.3)
        self.lin = nn.Linear(5, 5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a = torch.tanh(x)
        noise = torch.rand_like(x)
        b = torch.tanh(x)
        c = x.exp()
        d = self.drop(x)
        e = x.exp()
        f = x * 2
        coin = torch.sigmoid(x).bernoulli()
        h = x * 2
        twins = torch.cos(x) * torch.cos(x)  # nothing between these two: they must merge
        out: torch.Tensor = a - b + noise + (c - e) * d + (f - h) * coin + self.lin(x) - self.lin(x) + twins
        return out


@_model("cse_inplace_twice", _randn(-1, 5))
class InPlaceTwice(nn.Module):
    """Two equal-looking y.add_(1) calls are two updates: y grows by 2."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = x.clone()
        y.add_(1)
        y.add_(1)
        return y * torch.sigmoid(x) + torch.sigmoid(x)


@_model("cse_mutation_between", _randn(-1, 5))
class MutationBetween(nn.Module):
    """relu(y) twice with y.add_(1) between them: the second is another value, not a duplicate
    (x.exp() twice is one)."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = x.clone()
        a = torch.relu(y)
        y.add_(1)
        b = torch.relu(y)
        return a + 2 * b + x.exp() * x.exp()


@_model("cse_slices_and_types", _randn(-1, 5))
class SlicesAndTypes(nn.Module):
    """x[:, :2] twice is one value, x[:, 1:3] another (slice objects are unhashable before Python
    3.12, so a key must convert them); i * 2 and i * 2.0 are not duplicates although 2 == 2.0 in
    Python: on an integer tensor one gives int64, the other float32."""

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        i = x.argmax(-1)
        return x[:, :2] * x[:, 1:3] + x[:, :2].exp(), i * 2, i * 2.0


# ---------------------------------------------------------------- dead-code elimination

@_model("dce_dead_branch", _randn(-1, 4))
class DeadBranch(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.weight, self.bias = _p(4), _p(4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        dead = torch.sin(x).cos() * self.weight  # noqa: F841 - dead code is the point
        unused = self.lin(x)  # noqa: F841
        return torch.relu(x) + self.bias


@_model("dce_inplace", _randn(-1, 5))
class InPlace(nn.Module):
    """add_ and relu_ have no users, but they change `y`, which is returned."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = x.clone()
        y.add_(1)
        torch.relu_(y)
        unused = y.sum()  # noqa: F841
        return y * 2


@_model("dce_random_stream", _randn(-1, 5))
class RandomStream(nn.Module):
    """The unused draw advances the generator: removing it changes `noise`."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        skipped = torch.rand_like(x)  # noqa: F841
        noise = torch.rand_like(x)
        dead = x.exp()  # noqa: F841
        return x + noise


@_model("dce_multi_output", _several(2, -1, 3))
class MultiOutput(nn.Module):
    """An unused input stays (it is the signature); a chain of in-place methods stays."""

    def __init__(self) -> None:
        super().__init__()
        self.weight = _p(3, 3)

    def forward(self, x: torch.Tensor, unused_input: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        t = self.weight.t()
        dead = t @ t  # noqa: F841
        z = x.clone()
        z.mul_(2).clamp_(min=0)
        return x.tanh(), z


@_model("dce_effect_spellings", _randn(-1, 5))
class EffectSpellings(nn.Module):
    """Unused random *methods* (x.bernoulli(), x.multinomial()) before a draw that is used, and in-place
    ops spelled `inplace=True` and `out=`: all of them stay."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        p = x.sigmoid()
        skipped = p.bernoulli()  # noqa: F841
        picks = x.softmax(-1).multinomial(2)  # noqa: F841
        noise = torch.rand_like(x)
        y = x.clone()
        F.relu(y, inplace=True)
        torch.add(y, 1, out=y)
        dead = x.exp().sum()  # noqa: F841 - dead code is the point
        return y + noise


# ---------------------------------------------------------------- conv + batchnorm folding

def _bn(c: int, eps: float = 1e-5) -> nn.BatchNorm2d:
    return nn.BatchNorm2d(c, eps=eps)


@_model("cbn_conv_bn_relu", _randn(2, 3, -1, -1))
class ConvBnRelu(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.bn = _bn(8)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(self.bn(self.conv(x)))


@_model("cbn_two_stages", _randn(1, 3, -1, -1))
class TwoStages(nn.Module):
    """No conv bias, a strided conv, a grouped conv, and a larger eps."""

    def __init__(self) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(3, 6, 3, stride=2, padding=1, bias=False)
        self.bn1 = _bn(6, eps=1e-3)
        self.conv2 = nn.Conv2d(6, 6, 3, padding=1, groups=3, bias=False)
        self.bn2 = _bn(6)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.bn2(self.conv2(torch.relu(self.bn1(self.conv1(x)))))
        return out


@_model("cbn_two_call_sites", _randn(2, 3, -1, -1))
class TwoCallSites(nn.Module):
    """One conv module called twice, each call followed by its own BN: each site folds its own BN,
    so swapping the module itself (both sites call it) folds one BN into both."""

    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.bn1, self.bn2 = _bn(4), _bn(4, eps=1e-3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.bn1(self.conv(x)) + 0.5 * torch.relu(self.bn2(self.conv(x)))
        return out


@_model("cbn_sequential", _randn(2, 3, -1, -1))
class SequentialFeatures(nn.Module):
    """Nested targets: `features.0`, `features.1`, ..."""

    def __init__(self) -> None:
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 5, 3, padding=1, bias=False), _bn(5), nn.ReLU(),
                                      nn.Conv2d(5, 4, 1), _bn(4, eps=1e-2))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.features(x)
        return out


@_model("cbn_shared_output", _randn(2, 3, -1, -1))
class SharedConvOutput(nn.Module):
    """The conv's output is also used unnormalised: folding the BN into it would change that use."""

    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.bn = _bn(4)
        self.conv2 = nn.Conv2d(4, 4, 1)
        self.bn2 = _bn(4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.conv(x)
        out: torch.Tensor = self.bn2(self.conv2(self.bn(y) + y))
        return out


@_model("cbn_pool_between", lambda gen, size: (torch.randn(2, 3, 2 * size, 2 * size, generator=gen),))
class PoolBetween(nn.Module):
    """A BatchNorm after a pooling layer has no conv to fold into; the parallel branch does."""

    def __init__(self) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(3, 4, 3, padding=1)
        self.bn1 = _bn(4)
        self.conv2 = nn.Conv2d(3, 4, 3, stride=2, padding=1)
        self.bn2 = _bn(4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.bn1(F.avg_pool2d(self.conv1(x), 2)) + self.bn2(self.conv2(x))
        return out


# ---------------------------------------------------------------- x * a + b chains

@_model("fma_affine", _randn(2, 3, -1, -1))
class Affine(nn.Module):
    """A frozen per-channel affine (what a BatchNorm becomes after export), broadcast over H and W."""
    scale: torch.Tensor
    shift: torch.Tensor

    def __init__(self) -> None:
        super().__init__()
        self.register_buffer("scale", torch.empty(3, 1, 1))
        self.register_buffer("shift", torch.empty(3, 1, 1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(x * self.scale + self.shift)


@_model("fma_operand_order", _several(3, -1, 5))
class OperandOrder(nn.Module):
    """The product on the right of the add, and torch.add/torch.mul spelled as functions."""

    def forward(self, x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
        a = z + x * y
        b = torch.add(torch.mul(x, z), y)
        return a * b


@_model("fma_alpha", _several(3, -1, 4))
class AlphaAdd(nn.Module):
    """torch.add(x * y, z, alpha=2) is x * y + 2 * z: addcmul(z, x, y) would drop the alpha."""

    def forward(self, x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
        return torch.add(x * y, z, alpha=2) + torch.add(z, y * x)


@_model("fma_chain", _randn(-1, 4))
class Chain(nn.Module):
    """(x * a + b) * c + d: two chains, the second starting from the first one's result."""

    def __init__(self) -> None:
        super().__init__()
        self.a, self.b, self.c, self.d = _p(4), _p(4), _p(4), _p(4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = x * self.a + self.b
        return h * self.c + self.d


@_model("fma_shared_product", _several(3, -1, 4))
class SharedProduct(nn.Module):
    """A product with two users must stay; a product by a Python number is not the pattern."""

    def forward(self, x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        p = x * y
        q = x * 0.5 + y
        return p + z, p * 2 + q * z + x


@_model("fma_not_the_pattern", _several(3, -1, 4))
class NotThePattern(nn.Module):
    """x * y + 1.0 adds a Python number and y * z - x subtracts: neither is the pattern. A later
    s * z + d is, and must still be fused after them."""

    def forward(self, x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
        s = x * y + 1.0
        d = y * z - x
        return s * z + d


@_model("fma_inplace_between", _several(3, -1, 4))
class InPlaceBetween(nn.Module):
    """h * y and z * h are computed, then h.add_(1) changes h before they are added to something: an
    addcmul at the add would read the new h. y * z + h.tanh(), after the update, is an ordinary chain
    (a pure op between its multiply and its add changes nothing)."""

    def forward(self, x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> tuple[torch.Tensor, ...]:
        h = x.clone()
        p = h * y
        q = z * h
        h.add_(1)
        return p + z, q + y, y * z + h.tanh()


@_model("fma_inplace_view", _several(3, -1, 4))
class InPlaceThroughView(nn.Module):
    """h * y is computed, then h changes through a view of it (h.view(-1).mul_(2)) before the add: an
    addcmul at the add would read the new h, although no in-place op names h itself."""

    def forward(self, x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
        h = x.clone()
        v = h.view(-1)
        p = h * y
        v.mul_(2)
        return p + z + h + y * z


# ---------------------------------------------------------------- horizontal fusion of Linears

@_model("hl_qkv", _randn(-1, 16))
class QKV(nn.Module):
    """Three projections of the same x; the output projection reads something else."""

    def __init__(self) -> None:
        super().__init__()
        self.q, self.k, self.v, self.o = (nn.Linear(16, 16) for _ in range(4))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.o(self.q(x) * self.k(x).sigmoid() + self.v(x))
        return out


@_model("hl_mixed_sizes", _randn(-1, 12))
class MixedSizes(nn.Module):
    """Different widths, and one Linear without a bias."""

    def __init__(self) -> None:
        super().__init__()
        self.a, self.b, self.c = nn.Linear(12, 4), nn.Linear(12, 6), nn.Linear(12, 2, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.cat([self.a(x), self.b(x).relu(), self.c(x)], dim=-1)


@_model("hl_two_groups", _randn(-1, 10))
class TwoGroups(nn.Module):
    """Two groups with the same in_features but different inputs: x and tanh(x)."""

    def __init__(self) -> None:
        super().__init__()
        self.p1, self.p2 = nn.Linear(10, 3), nn.Linear(10, 5)
        self.r1, self.r2 = nn.Linear(10, 3), nn.Linear(10, 3, bias=False)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = torch.tanh(x)
        return self.p1(x) * self.r1(h) + self.r2(h), self.p2(x)


@_model("hl_gated_3d", lambda gen, size: (torch.randn(2, size, 8, generator=gen),))
class Gated3d(nn.Module):
    """A gated MLP on a (batch, time, features) input: split along the last dimension."""

    def __init__(self) -> None:
        super().__init__()
        self.gate, self.up, self.down = nn.Linear(8, 12), nn.Linear(8, 12), nn.Linear(12, 8)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.down(F.silu(self.gate(x)) * self.up(x))
        return out


@_model("hl_lone_first", _randn(-1, 6))
class LoneFirst(nn.Module):
    """A Linear that no other Linear shares its input with comes first and stays as it is; the two
    that read its output are fused."""

    def __init__(self) -> None:
        super().__init__()
        self.inp, self.a, self.b = nn.Linear(6, 8), nn.Linear(8, 3), nn.Linear(8, 5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = torch.relu(self.inp(x))
        return torch.cat([self.a(h), self.b(h).tanh()], dim=-1)


@_model("hl_inplace_between", _randn(-1, 6))
class InPlaceBetweenLinears(nn.Module):
    """a and b both read h, but h.add_(1) runs between them: b sees the updated h, so the two are no
    group (a fused op before a would give b the old h). c and d read x, which nothing changes."""

    def __init__(self) -> None:
        super().__init__()
        self.a, self.b = nn.Linear(6, 4), nn.Linear(6, 3)
        self.c, self.d = nn.Linear(6, 2), nn.Linear(6, 5, bias=False)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = x.clone()
        u = self.a(h)
        h.add_(1)
        return u * self.b(h).sum(-1, keepdim=True), torch.cat([self.c(x), self.d(x)], dim=-1)


@_model("hl_linear_subclass", _randn(-1, 8))
class LinearSubclass(nn.Module):
    """A subclass of nn.Linear that keeps Linear's forward (torch's own NonDynamicallyQuantizableLinear,
    MultiheadAttention's out_proj; being in torch.nn, it stays a call_module leaf) in a group with two
    plain Linears: it is a Linear too, and `type(m) is nn.Linear` misses it."""

    def __init__(self) -> None:
        super().__init__()
        self.q, self.k = NonDynamicallyQuantizableLinear(8, 5), nn.Linear(8, 5)
        self.v = nn.Linear(8, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.cat([self.q(x) * self.k(x), self.v(x)], dim=-1)
