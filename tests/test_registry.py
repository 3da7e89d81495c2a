import pytest

from dlprep.bank import load_catalog
from dlprep.checkers import registry
from dlprep.errors import UsageError


def test_every_family_imports_and_is_declared_in_the_topic_registry():
    names = registry.names()
    assert registry._BROKEN == {}, registry._BROKEN
    catalog, _ = load_catalog()
    assert set(names) == set(catalog.registry.checker_families)  # every family of the card exists


def test_unknown_family_lists_the_valid_names():
    with pytest.raises(UsageError, match=r"unknown checker family 'tensr_fn'; valid: .*tensor_fn"):
        registry.family("tensr_fn")
