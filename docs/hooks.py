"""MkDocs hooks: each subpackage's API page lists every module the package has, and
the search ranks the guides first.

A page ``docs/api/NAME.md`` that starts with ``::: belote.NAME`` (the
package's own docstring) gets one ``::: belote.NAME.MODULE`` block per public
module file of ``solver/NAME/`` (a deprecated alias of a moved module apart), in name
order, when the site is built: a new module appears in the reference without editing the
page.

Search (mkdocs-material's ``search`` front matter, set here for every page that does not
set its own, see :func:`search_weight`): the guides are boosted, the API reference is
down-weighted, and the benchmark log (results.md) is left out of the index.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parent.parent / "solver"
HEAD = re.compile(r"^::: belote\.(\w+)\n", re.MULTILINE)


def modules(name: str) -> list[str]:
    """The public modules of ``belote.NAME``, as dotted paths (not the deprecated aliases of
    moved modules, whose docstring starts with "Deprecated")."""
    folder = PACKAGE / name
    return [f"belote.{name}.{path.stem}" for path in sorted(folder.glob("*.py"))
            if not path.stem.startswith("_")
            and not path.read_text(encoding="utf-8").startswith('"""Deprecated')]


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
    if not page.file.src_uri.startswith("api/") or match is None \
            or not (PACKAGE / match.group(1)).is_dir():
        return markdown
    blocks = "".join(f"\n::: {path}\n" for path in modules(match.group(1)))
    return markdown.rstrip("\n") + "\n" + blocks
