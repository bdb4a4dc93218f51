"""Reading and writing boards (:class:`~belote.board.Board`): PBN, CFN, game JSON, ContrAI
records and the rows of deal tables."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_TABLE: dict[str, tuple[str, ...]] = {
    ".contrai": ("contrai",),
    ".game_json": ("game_json",),
    ".games": ("games",),
    ".lines": ("MAX_LINE_BYTES", "MAX_SKIP_BYTES", "numbered_lines"),
    ".rows": ("rows",),
}
"""The public names of this package, by home module (see :mod:`belote._lazy`)."""

if TYPE_CHECKING:
    from . import contrai as contrai
    from . import game_json as game_json
    from . import games as games
    from .lines import (MAX_LINE_BYTES as MAX_LINE_BYTES, MAX_SKIP_BYTES as MAX_SKIP_BYTES,
                        numbered_lines as numbered_lines)
    from . import rows as rows

if not TYPE_CHECKING:  # a checker reads the imports above, and flags other names
    __all__, __getattr__, __dir__ = attach(__name__, _TABLE)
