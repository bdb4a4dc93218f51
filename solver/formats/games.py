"""Game files in any format the project reads: PBN, CFN and JSON lines, chosen by name.

:func:`iter_games` reads a file of boards one at a time, whatever its
format: PBN (``.pbn``), colver's CFN (``.cfn``, one game a line) and JSON
lines (``.jsonl``, ``.ndjson``, ``.json``), where the first record says which
JSON it is: the project's own ``belote-game/1`` lines
(:mod:`~belote.formats.game_json`) or a ``contrai-record/1`` game
(:mod:`~belote.formats.contrai`). :func:`dumps` writes boards in PBN, CFN
or JSON lines.

>>> game_format("session.CFN"), game_format("games.jsonl")
('cfn', 'json')
>>> import io
>>> text = io.BytesIO(b"S:-/-/-/- 8d9dJdTd/7d7hKdQd/7sQhJs9s/Ad7c8hKh/8s9hAsKs/8cJcTcTh/QsJhQcTs/9cKcAcAh 100hEWx\\n")
>>> [board] = iter_games(text, format="cfn")
>>> print(dumps([board], "json"), end="")  # doctest: +ELLIPSIS
{"format": "belote-game/1", "board": "1", "dealer": "S", "mode": "coinche", ...}
"""

from __future__ import annotations

import itertools
import os
import re
import warnings
from collections.abc import Callable, Iterable, Iterator
from typing import IO

from ..errors import BeloteError, InputError, RecordError
from ..files import load_json
from ..types.profile import RuleProfile
from ..board import Board
from . import cfn, game_json, pbn
from .rows import format_by_suffix
from . import contrai

__all__ = ["GAME_FORMATS", "dumps", "game_format", "iter_games", "sniff_json", "write"]

GAME_FORMATS = {".pbn": "pbn", ".cfn": "cfn", ".jsonl": "json", ".ndjson": "json",
                ".json": "json"}
"""Game file formats by file-name suffix."""


def game_format(path: str | os.PathLike[str]) -> str:
    """The format of a game file from its suffix: ``pbn``, ``cfn`` or ``json``."""
    return format_by_suffix(path, GAME_FORMATS, "game file type")


_NAMED_FORMAT = re.compile(r'"format"\s*:\s*"(contrai-record|belote-game)/')
_SNIFFED = {"contrai-record": "contrai", "belote-game": "belote-game"}


def sniff_json(first_line: str) -> str:
    """Which JSON lines a file holds, from its first non-empty line.

    ``belote-game`` (the project's record), ``contrai`` (a
    ``contrai-record`` game), else ``rows`` (a deal file in rows).

    >>> sniff_json('{"event": "header", "format": "contrai-record/1"}')
    'contrai'
    >>> sniff_json('{"deal": "N:..."}')
    'rows'
    """
    try:
        obj = load_json(first_line)
    except InputError:  # beyond a limit, or not JSON: the format it names, if any
        named = _NAMED_FORMAT.search(first_line)
        return "rows" if named is None else _SNIFFED[named[1]]
    if not isinstance(obj, dict):
        return "rows"
    fmt = obj.get("format")
    if isinstance(fmt, str) and fmt.startswith("contrai-record/"):
        return "contrai"
    if isinstance(fmt, str) and fmt.startswith("belote-game/"):
        return "belote-game"
    return "rows"


def _json_games(lines: Iterable[str], file: str | None) -> Iterator[Board | RecordError]:
    """The boards of JSON lines: ``belote-game/1`` records or one ``contrai-record/1`` game."""

    numbered = ((n, line) for n, line in enumerate(lines, 1) if line.strip())
    first = next(numbered, None)
    if first is None:
        return
    kind = sniff_json(first[1])
    if kind == "contrai":
        yield from contrai.iter_rounds(itertools.chain([first], numbered), file)
        return
    if kind != "belote-game":
        yield RecordError(f"not a game record: the first line names neither format "
                             f"{game_json.FORMAT} nor contrai-record/1 (a deal file in rows "
                             "is read by 'belote batch')", file=file, line=first[0])
        return
    for n, line in itertools.chain([first], numbered):
        try:
            yield game_json.parse_record(line, file=file, line=n)
        except RecordError as e:
            yield e


def iter_games(fp_or_path: IO[bytes] | str | os.PathLike[str], *, format: str | None = None,
               profile: str | RuleProfile | None = None, name: str | None = None
               ) -> Iterator[Board | RecordError]:
    """The boards of a game file one at a time, each a :class:`Board` or its error.

    ``format`` (``pbn``, ``cfn``, ``json``) defaults to the file's suffix;
    a binary stream needs it unless its ``name`` has a known suffix.
    ``profile`` sets the rule profile of PBN boards without a Mode tag (CFN and JSON
    boards keep the rules they state; the commands apply ``--mode`` when
    they solve). A bad board does not stop the reading: its error is
    yielded in its place, and a fault that ends the reading is yielded last.
    """
    stream = hasattr(fp_or_path, "read")
    file = name if name is not None else (getattr(fp_or_path, "name", None) if stream
                                          else os.fspath(fp_or_path))  # type: ignore[arg-type]
    if format is None:
        if file is None:
            raise BeloteError("a stream without a name needs its format (pbn, cfn or json)")
        format = game_format(file)
    if format == "pbn":
        yield from pbn.iter_load(fp_or_path, profile=profile, name=file)  # type: ignore[arg-type]
        return
    if format not in ("cfn", "json"):
        raise BeloteError(f"unknown game format {format!r} (expected pbn, cfn or json)")
    if format == "cfn":
        yield from cfn.iter_load(fp_or_path, name=file)  # type: ignore[arg-type]
        return
    if not stream:
        with open(fp_or_path, "rb") as fp:  # type: ignore[arg-type]
            yield from iter_games(fp, format=format, name=file)
        return
    try:
        yield from _json_games(pbn.decoded_lines(fp_or_path, file), file)  # type: ignore[arg-type]
    except RecordError as e:
        yield e


def write(boards: Iterable[Board], format: str) -> tuple[str, list[str]]:
    """``boards`` as the text of a ``pbn``, ``cfn`` or ``json`` (lines) file, and what it leaves out.

    Each board is first fitted to the format (``pbn.fit_pbn``, ``cfn.fit_cfn``,
    ``game_json.fit_record``): what the format cannot hold, or would not read back
    as written, is left out and named, never written raw. CFN's bookkeeping
    tags that disagree with their board are left out for every format
    (:func:`belote.formats.cfn.checked_tags`), and so is what the reader did
    not keep (PBN comments and note references). The text is then read back
    and compared with the fitted boards: a difference raises
    :class:`~belote.errors.RecordError` (and nothing is written), so
    what is written is what its reader reads. The losses are one sentence
    per kind, naming the boards.

    >>> from belote import Deal
    >>> board = Board(Deal.random(1), board="7", dealer=0, tags=[("Event", "club")])
    >>> write([board], "cfn")[1]
    ['CFN numbers its games 1, 2...: the board name left out (board 7)', 'CFN has no tags: Event left out (board 7)']
    >>> write([board], "json")[1]
    []
    """
    if format not in _WRITERS:
        raise BeloteError(f"unknown game format {format!r} (expected pbn, cfn or json)")
    fit, dump, read = _WRITERS[format]
    fitted: list[Board] = []
    lost: dict[str, list[str]] = {}
    for n, board in enumerate(boards, 1):
        label = str(n) if board.board is None else board.board
        _, stale = cfn.checked_tags(board)
        if stale:
            own = cfn.checked_tags(board)[0]
            board = board.replace(tags=tuple((k, v) for k, v in board.tags
                                             if k not in cfn.OWN_TAGS or own.get(k) == v))
        try:
            fitted_board, losses = fit(board, n)
        except RecordError as e:
            if stale:  # the tag the board could not be written without
                e.message += f" ({'; '.join(stale)})"
                e.args = (str(e),)
            raise
        for loss in [*stale, *losses, *(f"{what} left out" for what in board.source.dropped)]:
            lost.setdefault(loss, []).append(label)
        fitted.append(fitted_board)
    text = dump(fitted)
    with warnings.catch_warnings():  # the reader's warnings were given when IN was read
        warnings.simplefilter("ignore")
        back = read(text)
    for n, (want, got) in enumerate(zip(fitted, back, strict=True), 1):
        if _record_key(want) != _record_key(got):
            fields = [name for name, a, b in zip(_KEY_FIELDS, _record_key(want), _record_key(got))
                      if a != b]
            raise want.error(f"board {want.board or n} would not read back from {format} as "
                             f"written ({', '.join(fields)} differ): not written")
    return text, [f"{loss} (board {_few(where)})" for loss, where in lost.items()]


_KEY_FIELDS = ("deal", "board", "dealer", "stated_profile", "auction", "contract", "declarer",
               "play_leader", "cards", "tags", "sections")


def _record_key(board: Board) -> tuple[object, ...]:
    """The fields of ``board`` a reader gives back (tags and sections in any order)."""
    return tuple(sorted(getattr(board, name)) if name in ("tags", "sections")
                 else getattr(board, name) for name in _KEY_FIELDS)


def _few(items: list[str]) -> str:
    """The first few items, then how many more."""
    more = f" and {len(items) - 3} more" if len(items) > 3 else ""
    return ", ".join(items[:3]) + more


def _json_text(boards: Iterable[Board]) -> str:
    return "".join(game_json.dumps_record(b) + "\n" for b in boards)


def _json_read(text: str) -> list[Board]:
    return [game_json.parse_record(line) for line in text.split("\n") if line.strip()]


_WRITERS: dict[str, tuple[Callable[[Board, int], tuple[Board, list[str]]],
                          Callable[[Iterable[Board]], str], Callable[[str], list[Board]]]] = {
    "pbn": (lambda board, n: pbn.fit_pbn(board), pbn.dumps, pbn.loads),
    "cfn": (cfn.fit_cfn, cfn.dumps, cfn.loads),
    "json": (lambda board, n: game_json.fit_record(board), _json_text, _json_read),
}
"""Each format's fitting, writing and reading."""


def dumps(boards: Iterable[Board], format: str) -> str:
    """``boards`` as the text of a ``pbn``, ``cfn`` or ``json`` (lines) file (:func:`write`,
    losses dropped)."""
    return write(boards, format)[0]
