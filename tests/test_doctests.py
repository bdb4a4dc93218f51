"""Every example in the library's docstrings runs and prints what it shows."""

import doctest
import importlib

import pytest

MODULES = ["cards", "contract", "dd", "deal", "errors", "pbn", "play", "rules", "scoring",
           "verdict"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"belote.solver.{name}")
    failed, attempted = doctest.testmod(module)
    assert failed == 0
    assert attempted > 0, f"{name} has no docstring examples"
