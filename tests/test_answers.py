from dlprep.answers import matches, normalise, parse_bool, parse_letters, same_output
from dlprep.models import ShortMatch


def test_normalise_folds_width_case_and_space():
    assert normalise("  （４，　１）  ") == "(4, 1)"
    assert normalise("View\t  Reshape") == "view reshape"


def test_bool_and_letters():
    assert parse_bool("T") is True and parse_bool("对") is True and parse_bool("错") is False
    assert parse_bool("maybe") is None
    assert parse_letters("A, c") == ["a", "c"] and parse_letters("b") == ["b"]


def test_sequences_compare_structurally():
    how = ShortMatch(kind="sequence")
    for given in ["(4, 1)", "[4,1]", "torch.Size([4, 1])", "4 1", "（４，１）"]:
        assert matches(given, "(4, 1)", how), given
    assert not matches("(1, 4)", "(4, 1)", how)
    assert not matches("(4, 1, 1)", "(4, 1)", how)


def test_numbers_regex_text():
    assert matches("16.0", "16", ShortMatch(kind="number"))
    assert matches("3.14", "3.1416", ShortMatch(kind="number", tolerance=0.01))
    assert not matches("3", "3.1416", ShortMatch(kind="number", tolerance=0.01))
    assert matches("Inference Mode", r"inference[_ ]mode", ShortMatch(kind="regex"))
    assert not matches("no_grad", r"inference[_ ]mode", ShortMatch(kind="regex"))
    assert matches("  Storage ", "storage", ShortMatch())
    assert not matches("Storage", "storage", ShortMatch(case_sensitive=True))


def test_output_forgives_only_trailing_whitespace():
    assert same_output("a  \nb\n\n", "a\nb")
    assert not same_output(" a\nb", "a\nb")
    assert not same_output("a\n\nb", "a\nb")


def test_numbers_written_every_way() -> None:
    n = ShortMatch(kind="number")
    for given in ["1,000,000", "1_000_000", "1e6", "10^6", "one million", "a million", "一百万", "100万", "~1000000"]:
        assert matches(given, "1000000", n), given
    for given in ["three", "三", "3 个", "3.0", "about 3", "3 tensors"]:
        assert matches(given, "3", n), given
    assert matches("two hundred fifty-six", "256", n) and matches("二十五", "25", n)
    assert not matches("not 3", "3", n) and not matches("3 or 4", "3", n) and not matches("30", "3", n)


def test_hostile_input_is_just_wrong() -> None:
    n = ShortMatch(kind="number")
    assert not matches("10^99999999", "1", n)  # bounded, not computed
    assert not matches("1e999999", "1", n)
    assert not matches("", "1", n) and not matches("(((", "1", ShortMatch(kind="sequence"))
