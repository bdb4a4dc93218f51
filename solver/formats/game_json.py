"""The project's own game record: JSON lines, one board a line (``belote-game/1``).

Each line is one JSON object::

    {"format": "belote-game/1", "board": "1", "dealer": "S", "mode": "coinche",
     "deal": "S:... ... ... ...", "auction": ["P", "100H", "X", "P", "P", "P"],
     "contract": "100HX", "declarer": "W", "leader": "W",
     "play": ["8D", "9D", "JD", "TD", ...], "tags": {"Event": "club night"},
     "sections": {"Note": ["a line"]}}

``format`` and ``deal`` (PBN deal notation, the deal as dealt) are required;
every other field may be absent or ``null`` (unknown). ``auction`` holds the
calls from the dealer's left (``P`` pass, ``100H`` a bid, ``CapotH``, ``X``
coinche, ``XX`` surcoinche; a classic take is the suit, ``H``, and then
``turned`` names the turned card); when it is complete it gives the contract
and the declarer, and four passes make a passed-out deal; ``play`` the cards in playing order from
``leader`` (default: the dealer's left). ``tags`` and ``sections`` keep what
other formats carry and this record has no field for (PBN's other tags,
CFN's ``TakerSide``), so converting through JSON loses nothing.

>>> from belote import Deal
>>> board = Board(Deal.from_pbn("N:AKQJ.AKQJ.. .T987.T987. T987...AKQJ ..AKQJ.T987"),
...               board="1", dealer=0, profile="coinche", contract="100H", declarer=1,
...               cards="7H 7S 7C AH")
>>> line = dumps_record(board)
>>> line[:60]
'{"format": "belote-game/1", "board": "1", "dealer": "N", "mo'
>>> parse_record(line) == board
True
>>> parse_record('{"format": "belote-game/2", "deal": "N:- - - -"}', file="g.jsonl", line=3)
Traceback (most recent call last):
...
belote.errors.RecordError: g.jsonl: line 3: format 'belote-game/2': this version reads belote-game/1
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import BeloteError, InputError, RecordError
from ..files import load_json
from ..types.profile import COINCHE
from ..types.auction import Auction
from ..board import Board, BoardSource
from ..types.cards import card_name
from ..types.deal import NORTH, Deal, parse_seat, seat_name

__all__ = ["FORMAT", "dumps_record", "fit_record", "parse_record", "record_dict"]

FORMAT = "belote-game/1"
"""The ``format`` field of every line this version writes and reads."""

_FIELDS = ("format", "board", "dealer", "mode", "deal", "turned", "auction", "contract",
           "declarer", "leader", "play", "tags", "sections")


def record_dict(board: Board) -> dict[str, Any]:
    """The JSON object of ``board`` (fields in the documented order, unknowns left out)."""
    contract = board.contract
    out: dict[str, Any] = {
        "format": FORMAT,
        "board": board.board,
        "dealer": None if board.dealer is None else seat_name(board.dealer),
        "mode": board.profile_name,
        "deal": board.deal.to_pbn(NORTH if board.dealer is None else board.dealer),
        "contract": None if contract is None else contract.to_pbn(),
        "declarer": None if board.declarer is None else seat_name(board.declarer),
    }
    if board.auction is not None:
        out["auction"] = [c.text for c in board.auction.calls]
        if board.auction.turned is not None:
            out["turned"] = card_name(board.auction.turned)
    if board.play_leader is not None or board.cards:
        out["leader"] = seat_name(board.first_leader())
    if board.cards:
        out["play"] = [card_name(c) for c in board.cards]
    if board.tags:
        out["tags"] = dict(board.tags)
    if board.sections:
        out["sections"] = {name: list(lines) for name, lines in board.sections}
    return {k: out[k] for k in _FIELDS if out.get(k) is not None}


def fit_record(board: Board) -> tuple[Board, list[str]]:
    """``board`` as the record holds it, and a sentence for each thing left out.

    The record holds every field of a board, any text included (a string
    with a lone surrogate is not text: no reader gives one, and no UTF-8
    file can hold one); only a second tag or section of the same name is
    left out (``tags`` and ``sections`` are JSON objects).
    """
    losses: list[str] = []
    tags: dict[str, str] = {}
    for name, value in board.tags:
        if name in tags:
            losses.append(f"JSON tags are an object: the second tag {name!r} left out")
        else:
            tags[name] = value
    sections: dict[str, tuple[str, ...]] = {}
    for name, lines in board.sections:
        if name in sections:
            losses.append(f"JSON sections are an object: the second {name!r} section left out")
        else:
            sections[name] = tuple(lines)
    if not losses:
        return board, losses
    return board.replace(tags=tuple(tags.items()), sections=tuple(sections.items())), losses


_LINE_BREAKS = {"\u2028": "\\u2028", "\u2029": "\\u2029", "\x85": "\\u0085"}
"""Characters some line readers break lines at, escaped so that a record stays one line anywhere."""


def dumps_record(board: Board) -> str:
    """One line of JSON (no newline) for ``board``: UTF-8 text, but no character that some
    readers take for a line break (U+2028, U+2029, U+0085 are escaped).

    >>> from belote import Deal
    >>> dumps_record(Board(Deal.random(1), board="a" + chr(0x2028) + "b"))[28:49]
    '"board": "a\\\\u2028b", '
    """
    text = json.dumps(record_dict(board), ensure_ascii=False)
    for char, escaped in _LINE_BREAKS.items():
        text = text.replace(char, escaped)
    return text


def _text(value: Any, name: str, error: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise error(f"{name}: expected a string or null, got {type(value).__name__}")
    return value.strip() or None


def parse_record(text: str | dict[str, Any], *, file: str | None = None,
                 line: int | None = None) -> Board:
    """The :class:`Board` of one record line (or its decoded object).

    Raises :class:`~belote.errors.RecordError` naming ``file``, the
    board and ``line`` for a line that is not a record or a board that is
    not valid.
    """
    board_name: str | None = None

    def error(message: str) -> RecordError:
        return RecordError(message, file=file, board=board_name, line=line)

    if isinstance(text, str):
        try:
            obj = load_json(text)
        except InputError as e:
            raise error(str(e)) from None
    else:
        obj = text
    if not isinstance(obj, dict):
        raise error("not a JSON object")
    if obj.get("format") != FORMAT:
        raise error(f"format {obj.get('format')!r}: this version reads {FORMAT}")
    unknown = sorted(set(obj) - set(_FIELDS))
    if unknown:
        raise error(f"unknown field{'s' * (len(unknown) > 1)} {', '.join(unknown)} (a "
                    f"{FORMAT} line has {', '.join(_FIELDS)})")
    raw_board = obj.get("board")
    board_name = None if raw_board is None else str(raw_board)
    try:
        deal_text = _text(obj.get("deal"), "deal", error)
        if deal_text is None:
            raise error("deal: missing (the deal as dealt, like 'N:AKQJ.AKQJ.. ...')")
        seats = {}
        for name in ("dealer", "declarer", "leader"):
            value = _text(obj.get(name), name, error)
            seats[name] = None if value is None else parse_seat(value)
        play = obj.get("play") or []
        if not isinstance(play, list) or not all(isinstance(c, str) for c in play):
            raise error("play: expected a list of card names like [\"8D\", \"9D\"]")
        tags = obj.get("tags") or {}
        sections = obj.get("sections") or {}
        if not isinstance(tags, dict) or not all(isinstance(v, str) for v in tags.values()):
            raise error("tags: expected an object of strings")
        if not isinstance(sections, dict) or not all(
                isinstance(v, list) and all(isinstance(x, str) for x in v)
                for v in sections.values()):
            raise error("sections: expected an object of lists of strings")
        mode = _text(obj.get("mode"), "mode", error)
        calls = obj.get("auction")
        auction = None
        dropped: tuple[str, ...] = ()
        if calls is not None:
            if not isinstance(calls, list) or not all(isinstance(c, str) for c in calls):
                raise error("auction: expected a list of calls like [\"P\", \"90H\", \"X\"]")
            if seats["dealer"] is None:
                raise error("auction: needs the dealer (its first call is the dealer's left)")
            auction = Auction.read(seats["dealer"], calls, mode or COINCHE,
                                   _text(obj.get("turned"), "turned", error))
            left_out = auction.left_out(calls)
            dropped = () if left_out is None else (left_out,)
        return Board(Deal.from_pbn(deal_text), board=board_name, dealer=seats["dealer"],
                     profile=mode, auction=auction,
                     contract=_text(obj.get("contract"), "contract", error),
                     declarer=seats["declarer"], play_leader=seats["leader"], cards=play,
                     tags=tuple(tags.items()), sections=tuple(sections.items()),
                     source=BoardSource(file=file, line=line, dropped=dropped))
    except RecordError:
        raise
    except BeloteError as e:
        raise error(str(e)) from None
