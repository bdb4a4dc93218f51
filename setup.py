"""The package list, found rather than written by hand: ``solver/`` is installed as ``belote``
and ``cli/`` as ``belote.cli`` (the mapping is ``[tool.setuptools.package-dir]`` in
pyproject.toml, which holds everything else)."""

from setuptools import find_packages, setup


def _found(root: str, directory: str) -> list[str]:
    return [root, *(f"{root}.{name}" for name in find_packages(directory))]


setup(packages=_found("belote", "solver") + _found("belote.cli", "cli"))
