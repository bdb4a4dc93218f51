"""MkDocs hook: each subpackage's API page lists every module the package has.

A page ``docs/api/NAME.md`` that starts with ``::: belote.NAME`` (the
package's own docstring) gets one ``::: belote.NAME.MODULE`` block per public
module file of ``solver/NAME/`` (a deprecated alias of a moved module apart), in name
order, when the site is built: a new module appears in the reference without editing the
page.
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


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    match = HEAD.match(markdown)
    if not page.file.src_uri.startswith("api/") or match is None \
            or not (PACKAGE / match.group(1)).is_dir():
        return markdown
    blocks = "".join(f"\n::: {path}\n" for path in modules(match.group(1)))
    return markdown.rstrip("\n") + "\n" + blocks
