"""The examples in the parsers' docstrings are true."""

import doctest
import importlib

import pytest

MODULES = [
    "arrays",
    "datetimes",
    "dependency",
    "durations",
    "gres",
    "hostlist",
    "keyvalue",
    "memory",
    "options",
    "script",
    "slurmconf",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name):
    module = importlib.import_module(f"slurmsim.parse.{name}")
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
