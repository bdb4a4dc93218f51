"""The locked toolchain (issue 32): requirements/lock.txt pins every dependency of
pyproject.toml inside its range, and CI, the README and the docs install and build with it.

The lock itself is made by ``.ci/lock`` (docs/contributing.md, "The toolchain").
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements" / "lock.txt"
TEST_COMMAND = ("python -m venv .venv && . .venv/bin/activate && "
                "pip install -c requirements/lock.txt -e '.[test,docs]' && pytest -q")


def _lock() -> dict[str, Version]:
    pins = {}
    for number, line in enumerate(LOCK.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        found = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)", line)
        assert found, f"requirements/lock.txt:{number}: not an exact pin: {line!r}"
        pins[canonicalize_name(found[1])] = Version(found[2])
    return pins


def _requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"].values()
    return [Requirement(text) for text in project["dependencies"] + [r for e in extras for r in e]]


def test_lock_pins_every_dependency_inside_its_range() -> None:
    pins = _lock()
    for requirement in _requirements():
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement} is not in requirements/lock.txt: run .ci/lock"
        assert requirement.specifier.contains(pins[name], prereleases=True), \
            f"requirements/lock.txt pins {name}=={pins[name]}, outside {requirement}: run .ci/lock"
    assert "belote" not in pins


def test_every_requirement_has_a_lower_bound() -> None:
    """The user-facing ranges have lower bounds (.ci/lowest installs and tests them)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for text in project["dependencies"] + project["optional-dependencies"]["docs"]:
        assert any(s.operator == ">=" for s in Requirement(text).specifier), text


def _sh_blocks(text: str) -> list[str]:
    return re.findall(r"^```sh\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)


def test_quick_start_installs_the_lock_for_the_tests() -> None:
    """Two set-up commands: the main job on datasets/, and the tests with the locked tools."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick_start = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [block.strip() for block in _sh_blocks(quick_start)]
    assert len(commands) == 2
    assert commands[0].endswith("pip install -e . && belote solve datasets/examples/deals.pbn")
    assert commands[1] == TEST_COMMAND
    getting_started = (ROOT / "docs" / "getting-started.md").read_text(encoding="utf-8")
    assert [b.strip() for b in _sh_blocks(getting_started)][:2] == commands


def test_ci_installs_the_lock_and_builds_the_docs_both_ways() -> None:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'lock=(-c "$PWD/requirements/lock.txt")' in run
    assert "pip install --quiet \"${lock[@]}\" -e '.[test,docs]'" in run
    assert "\nNO_MKDOCS_2_WARNING=1 mkdocs build --strict" in run
    wheel_check = (ROOT / ".ci" / "wheel-check").read_text(encoding="utf-8")
    assert '"$@" "$wheel[test,docs]"' in wheel_check
    assert "python\" -m mkdocs build --strict" in wheel_check


def test_docs_read_the_package_from_the_checkout() -> None:
    """mkdocstrings' search path holds ``belote``, a link to solver/ (whatever is installed)."""
    link = ROOT / "docs" / "_source" / "belote"
    assert link.is_symlink() and link.resolve() == (ROOT / "solver").resolve()
    assert "paths: [docs/_source]" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
