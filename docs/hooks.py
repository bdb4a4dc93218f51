"""MkDocs hooks: each API page documents one address, its names at that address, and
the search ranks the guides first.

A page ``docs/api/NAME.md`` that is ``::: belote.NAME`` (or ``docs/api/index.md``, ``:::
belote``) is written when the site is built, from the address's ``__all__`` (each name is
public at one address only, see :mod:`belote._lazy`): the address's docstring and its names,
each under its public path (``belote.dd.dd_tables``, not the module that defines it); a module
the address exports as a namespace (``belote.pbn``, ``belote.formats.game_json``) with its
own ``__all__``; then, for a package, each of its modules' docstring (how the names are
written: no member is documented there). A new name or module appears in the reference without
editing the page.

Search (mkdocs-material's ``search`` front matter, set here for every page that does not
set its own, see :func:`search_weight`): the guides are boosted, the API reference is
down-weighted, and the benchmark log (results.md) is left out of the index.
"""

from __future__ import annotations

import importlib
import json
import re
import types
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parent.parent / "solver"
HEAD = re.compile(r"^::: (belote(?:\.\w+)?)\n")


def _block(path: str, level: int, members: list[str] | bool) -> str:
    listed = json.dumps(members) if isinstance(members, list) else str(members).lower()
    return (f"::: {path}\n    options:\n      heading_level: {level}\n"
            f"      show_root_heading: true\n      show_submodules: false\n"
            f"      members: {listed}\n")


def _root_namespaces() -> set[str]:
    """The modules the root exports (``belote.pbn`` is ``belote.formats.pbn``)."""
    root = importlib.import_module("belote")
    return {value.__name__ for name in root.__all__
            if isinstance(value := getattr(root, name), types.ModuleType)}


def reference(address: str) -> str:
    """The Markdown of the API page of ``address`` (``belote``, ``belote.dd``...)."""
    module = importlib.import_module(address)
    names = list(module.__all__)
    spaces = [n for n in names if isinstance(getattr(module, n), types.ModuleType)]
    blocks = [_block(address, 1, [n for n in names if n not in spaces])]
    blocks += [_block(f"{address}.{n}", 2, list(getattr(module, n).__all__)) for n in spaces]
    if address != "belote" and (PACKAGE / address.split(".")[1]).is_dir():
        written = [f"{address}.{path.stem}" for path in sorted(
            (PACKAGE / address.split(".")[1]).glob("*.py"))
            if not path.stem.startswith("_") and path.stem not in spaces
            and f"{address}.{path.stem}" not in _root_namespaces()]
        if written:
            blocks.append("## Its modules\n\nWhere the names above are written, and how "
                          "they work (the names are documented above, at their address).\n")
            blocks += [_block(path, 3, False) for path in written]
    return "\n".join(blocks)


GUIDE_BOOST, REFERENCE_BOOST = 3.0, 0.001
"""Search boosts of a guide's and an API page's sections (the command-line reference and
the pages about the project, such as contributing.md, keep 1). The search weighs a word in a
section's title 1000 times one in its text, and every member of the API reference is a section
titled by its name: at 0.001, an API section whose title is the word still comes after a guide
that uses the word in its text, and first when no guide does (tests/test_docs_site.py asks
the built site's search)."""

NOT_GUIDES = {"cli.md", "contributing.md", "solver.md"}


def search_weight(src_uri: str) -> dict[str, Any]:
    """The ``search`` front matter of a page: left out (the benchmark log, thousands of words
    of measurements), boosted (a guide) or down-weighted (the API reference)."""
    if src_uri == "results.md":
        return {"exclude": True}
    if src_uri.startswith("api/"):
        return {"boost": REFERENCE_BOOST}
    if src_uri in NOT_GUIDES:
        return {}
    return {"boost": GUIDE_BOOST}


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    page.meta.setdefault("search", search_weight(page.file.src_uri))
    match = HEAD.match(markdown)
    if not page.file.src_uri.startswith("api/") or match is None:
        return markdown
    return reference(match.group(1))
