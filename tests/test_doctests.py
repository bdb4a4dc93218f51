"""Every example in the library's docstrings runs and prints what it shows."""

import doctest
import importlib
import pkgutil

import pytest

import belote

MODULES = ["belote", *sorted(m.name for m in pkgutil.walk_packages(belote.__path__, "belote.")
                             if not m.ispkg and not m.name.rsplit(".", 1)[1].startswith("_")
                             and not m.name.startswith("belote.cli."))]
"""Every public module of the library (private kernels and the command line apart: the CLI is
tested through its commands), the front door first. The CLI is left out by name, because an
installed wheel holds it inside ``belote/`` and an editable install does not."""


def test_modules_are_found():
    assert "belote.dd.solve" in MODULES and "belote.types.cards" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failed, attempted = doctest.testmod(module)
    assert failed == 0
    assert attempted > 0, f"{name} has no docstring examples"
