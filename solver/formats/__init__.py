"""Reading and writing boards (:class:`~belote.board.Board`): PBN, CFN, game JSON, ContrAI
records and the rows of deal tables."""

from . import contrai, game_json, games, rows
from .lines import MAX_LINE_BYTES, MAX_SKIP_BYTES, numbered_lines

__all__ = ["MAX_LINE_BYTES", "MAX_SKIP_BYTES", "contrai", "game_json", "games", "numbered_lines",
           "rows"]
