"""Trusted checker data for `top_p_sampling` (imported by the grader only).

solve(logits, top_p, temperature, seed) -> (probs, tokens): the nucleus-filtered, renormalised
float64 distribution per row and one token per row drawn from it with
torch.multinomial(probs, 1, generator=torch.Generator().manual_seed(seed)). The oracle states the
rule without sorting: token j stays iff the probability mass of the tokens strictly more probable
than j is < top_p. Every case keeps top_p at least 1e-7 away from every such mass, so float64
implementations that sum in another order agree on every token kept.

Threat list (how a candidate gets this wrong -> what kills it):
- near ties taken for ties (torch.isclose on the probabilities) -> values=near_ties: every other
  member of each tie group moved up two units of roundoff, so the lower half falls below the cut
  (wrong/isclose_ties, blind holdout).
- the batch's max subtracted instead of each row's -> values=row_offsets (rows near 1000, 0, -600,
  300: a row far below the max underflows to all zeros) (wrong/global_max_shift, blind holdout).
- a tie at the cut broken by position (only the first of equal tokens kept, the sorted-rule with no
  tie inclusion) -> values=ties_at_cut: top_p falls inside a group of equal logits (mutants/no_tie_inclusion).
- the token that crosses top_p dropped (cumsum <= top_p kept) -> values=normal, dominant: a
  dominant token above top_p leaves nothing (mutants/drops_crossing_token).
- temperature multiplied instead of divided, or applied after the filter -> temperature=low, high, sharp
  (mutants/temperature_multiplied).
- samples from the unfiltered distribution, or from the unnormalised one with another call ->
  the tokens compared exactly (wrong/samples_unfiltered).
- the global RNG or a generator per row -> tokens differ; KEEP_GLOBAL_RNG reports a changed
  global stream (wrong/global_rng).
- exp without the max subtracted -> values=large: logits near 1000 overflow float64's exp (wrong/naive_softmax).
- float32 arithmetic -> probs compared at float64 tolerance (wrong/float32_probs).
- view() on non-contiguous logits -> layout=transposed, stepped.
- multinomial on column-major probabilities (transposed logits keep their layout through softmax and
  where) draws its exponentials in memory order, so the tokens differ: the prompt asks for the draw
  on row-major probabilities -> layout=transposed (wrong/column_major_draw).
- -inf logits (banned tokens) turned to NaN -> values=neg_inf.
"""

import torch

from dlprep.checkers.base import Case

_DT = {"float32": torch.float32, "float64": torch.float64, "float16": torch.float16, "bfloat16": torch.bfloat16}
_TEMPS = {"one": 1.0, "low": 0.5, "high": 1.7, "sharp": 0.05}
MARGIN = 1e-7

KEEP_GLOBAL_RNG = True  # the prompt asks for a generator of one's own: the global stream stays untouched


def _probs(logits, temperature):
    return torch.softmax(logits.to(torch.float64) / temperature, dim=-1)


def _mass_above(probs):
    """(B, V): for each token, the total probability of the tokens strictly more probable than it."""
    above = probs.unsqueeze(-2) > probs.unsqueeze(-1)  # [b, j, k]: token k more probable than token j
    return (probs.unsqueeze(-2) * above).sum(-1)


def oracle(logits, top_p, temperature, seed):
    probs = _probs(logits, temperature)
    keep = _mass_above(probs) < top_p
    filtered = torch.where(keep, probs, torch.zeros_like(probs))
    filtered = (filtered / filtered.sum(dim=-1, keepdim=True)).contiguous()  # the prompt's row-major draw
    tokens = torch.multinomial(filtered, 1, generator=torch.Generator().manual_seed(seed))[:, 0]
    return filtered, tokens


def _clear_of_boundaries(top_p, logits, temperature):
    """top_p moved (up, in steps of 3 * MARGIN) until no token's mass-above lies within MARGIN of it."""
    if top_p >= 1.0:
        return 1.0
    masses = _mass_above(_probs(logits, temperature)).flatten()
    for _ in range(1000):
        if masses.numel() == 0 or float((masses - top_p).abs().min()) > MARGIN:
            return top_p
        top_p = top_p + 3 * MARGIN
    raise AssertionError("no top_p clear of the boundaries")  # never with these logits: caught in tests


def _logits(gen, b, v, values, top_p_kind):
    x = torch.randn(b, v, generator=gen, dtype=torch.float64) * 2
    top_p = {"mid": 0.5 + 0.45 * float(torch.rand((), generator=gen)), "one": 1.0, "tiny": 1e-3}[top_p_kind]
    if values in ("ties_at_cut", "near_ties") and v >= 3:
        # integer logits in a narrow range: many equal values; top_p then placed inside a tie group
        x = torch.randint(-2, 3, (b, v), generator=gen).to(torch.float64)
    elif values == "dominant":  # one token far above the rest: alone it carries more than top_p
        x[torch.arange(b), torch.randint(0, v, (b,), generator=gen)] += 12.0
    elif values == "large":  # logits near 1000: exp overflows even float64 unless the max is subtracted
        x = x + 1000.0
    elif values == "row_offsets":  # rows near 1000, 0, -600 and 300: each row's own max is subtracted
        x = x + torch.tensor([1000.0, 0.0, -600.0, 300.0], dtype=torch.float64)[:b].unsqueeze(1)
    elif values == "neg_inf" and v >= 2:  # banned tokens; at least one token per row left
        banned = torch.rand(b, v, generator=gen) < 0.4
        banned[:, int(torch.randint(0, v, (), generator=gen))] = False
        x = x.masked_fill(banned, float("-inf"))
    return x, top_p


def _nudge_ties(x):
    """Every other member of each group of equal logits in a row moved up: near ties, which are no
    ties (the prompt's ties are exact equalities). float32: by one unit of roundoff of max(|x|, 1)
    (2.4e-7 at 2; at 0 not to the next float, a subnormal that exp() rounds back to a tie);
    float64: by 1e-9 of it, far above what any float64 path rounds away (a 1-ulp step vanishes when
    softmax subtracts the max). Both stay below torch.isclose's rtol in the probabilities even at
    temperature 0.05. float16/bfloat16 cannot hold logits that close."""
    x = x.clone()
    step = 1e-9 if x.dtype == torch.float64 else torch.finfo(x.dtype).eps
    up = (x.to(torch.float64) + step * x.to(torch.float64).abs().clamp_min(1.0)).to(x.dtype)
    for r in range(x.shape[0]):
        row = x[r].clone()
        for val in torch.unique(row):
            idx = (row == val).nonzero().flatten()[1::2]
            x[r, idx] = up[r, idx]
    return x


def _tie_top_p(logits, temperature, gen):
    """A top_p inside a tie group of row 0: past its first member's mass-above, before the group's end."""
    probs = _probs(logits, temperature)[0]
    values, counts = torch.unique(probs, return_counts=True)
    groups = [(float(p), int(c)) for p, c in zip(values.tolist(), counts.tolist(), strict=True) if c > 1 and p > 0]
    if not groups:
        return None
    p, c = groups[int(torch.randint(0, len(groups), (), generator=gen))]
    start = float(probs[probs > p].sum())
    return start + p * (0.3 + 0.4 * float(torch.rand((), generator=gen)))  # inside the first member


def _case(gen, *, dtype="float32", top_p="mid", temperature="one", values="normal", vocab="small", batch="several",
          layout="contiguous"):
    b = {"several": 4, "one": 1}[batch]
    v = {"small": int(torch.randint(5, 20, (), generator=gen)), "one": 1, "large": 300}[vocab]
    t = _TEMPS[temperature]
    x, p = _logits(gen, b, v, values, top_p)
    x = x.to(_DT[dtype])
    if values in ("ties_at_cut", "near_ties") and top_p == "mid":
        p = _tie_top_p(x, t, gen) or p
    if values == "near_ties":  # the tie group at the cut split: its lower half is now below the cut
        x = _nudge_ties(x)
    p = _clear_of_boundaries(p, x, t)
    if layout == "transposed":
        x = x.t().contiguous().t()
    elif layout == "stepped":
        wide = torch.zeros(b, 2 * v, dtype=x.dtype)
        wide[:, ::2] = x
        x = wide[:, ::2]
    seed = int(torch.randint(0, 2**31, (), generator=gen))
    return Case("contract", (x, p, t, seed))


def public_cases():
    gen = torch.Generator().manual_seed(0)
    named = [
        ("basic", {}),
        ("ties-at-the-cut", {"values": "ties_at_cut"}),
        ("ties-at-the-cut-low-temperature", {"values": "ties_at_cut", "temperature": "low"}),
        ("one-token-above-top-p", {"values": "dominant"}),
        ("top-p-one-keeps-all", {"top_p": "one"}),
        ("tiny-top-p-keeps-the-argmax", {"top_p": "tiny", "values": "ties_at_cut"}),
        ("temperature-high", {"temperature": "high"}),
        ("temperature-sharp", {"temperature": "sharp", "vocab": "large"}),
        ("large-logits", {"values": "large"}),
        ("banned-tokens", {"values": "neg_inf"}),
        ("vocab-one", {"vocab": "one"}),
        ("vocab-300", {"vocab": "large"}),
        ("float64", {"dtype": "float64", "values": "ties_at_cut"}),
        ("float16", {"dtype": "float16", "values": "large"}),
        ("bfloat16", {"dtype": "bfloat16"}),
        ("transposed", {"layout": "transposed"}),
        ("one-row", {"batch": "one", "values": "dominant"}),
    ]
    cases = []
    for name, kw in named:
        c = _case(gen, **kw)
        c.name = name
        cases.append(c)
    return cases


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        pick = lambda options: options[int(torch.randint(0, len(options), (), generator=gen))]  # noqa: E731
        c = _case(gen, dtype=pick(list(_DT)), top_p=pick(["mid", "mid", "one", "tiny"]), temperature=pick(list(_TEMPS)),
                  values=pick(["normal", "ties_at_cut", "dominant", "large", "neg_inf"]),
                  vocab=pick(["small", "small", "large"]), layout=pick(["contiguous", "transposed", "stepped"]))
        c.name = f"random-{i}"
        cases.append(c)
    return cases


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml)."""
    return _case(gen, **point)
