"""Deprecated: :class:`Board` is in :mod:`belote.board` (this alias goes in the next version).

A board is a game record that replays its play (a
:class:`~belote.rules.play.Position`), so it sits above the rules, beside the
file formats, not among the types; ``belote.types.board.X`` gives the very
objects of ``belote.board`` (and of ``belote``).

>>> import warnings
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore", DeprecationWarning)
...     from belote.types.board import Board
>>> import belote
>>> Board is belote.Board
True
"""

from __future__ import annotations

import warnings

from ..board import Board, BoardSource

__all__ = ["Board", "BoardSource"]

warnings.warn("belote.types.board is deprecated: import from belote (or belote.board)",
              DeprecationWarning, stacklevel=2)
