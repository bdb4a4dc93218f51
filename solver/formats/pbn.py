"""Reading and writing Belote boards in PBN 2.1 (Portable Bridge Notation).

A PBN file is a list of boards separated by blank lines; each board is a list
of tags ``[Name "value"]``, some followed by a section of data lines. The tags
read here are ``Board``, ``Dealer``, ``Deal``, ``Mode`` (our own: ``classic``
or ``coinche``), ``Declarer``, ``Contract`` and ``Play``, whose section holds
the play record: one line per trick, one card per seat in columns starting at
the ``Play`` seat, ``-`` for a card not played yet, ``*`` to end the section.
Every other tag (and its section) is kept as read and written back.

Reading checks everything it can (cards, seats, contract, card counts, the
legality of every recorded card) and reports the first problem as a
:class:`~belote.errors.PBNDecodeError` naming file, board and line.

>>> text = '''
... [Board "1"]
... [Dealer "N"]
... [Deal "N:AKQJ.AKQJ.. .T987.T987. T987...AKQJ ..AKQJ.T987"]
... [Declarer "E"]
... [Contract "100H"]
... [Play "E"]
... H7 S7 C7 HA
... - - - HJ
... *
... '''
>>> [board] = loads(text)
>>> board.contract.to_pbn(), board.trump, seat_name(board.declarer)
('100H', 1, 'E')
>>> pos = board.position()
>>> seat_name(pos.to_move), pos.points, pos.tricks_won
('E', SidePair(ns=11, ew=0), SidePair(ns=1, ew=0))
>>> loads(text.replace("C7 HA", "C7 SA"), file="x.pbn")
Traceback (most recent call last):
...
belote.errors.PBNDecodeError: x.pbn: board 1: line 8: trick 1: N may not play AS here (legal: JH QH KH AH)
"""

from __future__ import annotations

import dataclasses
import io
import os
import re
import warnings
from collections.abc import Callable, Iterable, Iterator
from typing import IO

from ..board import Board, BoardSource, opening_leader
from ..errors import (BeloteError, CardError, ContractError, ConversionWarning, PBNDecodeError,
                      PBNWarning, RecordError)
from ..types.auction import Auction
from ..types.cards import ALL_CARDS, RANK_NAMES, SUIT_NAMES, Card, CardSet, card_name, parse_card
from ..types.contract import Contract, parse_contract, reread_contract
from ..types.deal import NORTH, Deal, Seat, next_seat, parse_seat, seat_name
from ..types.profile import RuleProfile, get_profile
from ..files import atomic_output
from .lines import MAX_LINE_BYTES

__all__ = ["play_rows", "DEFAULT_MODE", "KNOWN_TAGS", "TURNED_TAG", "fit_pbn", "load", "loads", "iter_load",
           "dump", "dumps"]

DEFAULT_MODE = "coinche"
"""The mode of a board that has no ``Mode`` tag (unless ``mode=`` says otherwise)."""

KNOWN_TAGS = ("Board", "Dealer", "Deal", "Mode", "Auction", "Declarer", "Contract", "Play")
"""The tags read into :class:`Board` fields, in the order they are written."""

UNKNOWN_VALUES = ("", "?")
"""Tag values meaning "not known": the field is then ``None``."""

TRICKS = 8
CARDS_EACH = 8

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_ESCAPE = re.compile(r"\\(.)")
_HEADER = re.compile(r"%\s*(PBN|EXPORT)\b")
"""A PBN header line (``% PBN 2.1``, ``% EXPORT``): a ``%`` line that is no comment."""


def _read_auction(tags: dict[str, str], sections: dict[str, list[str]], own: RuleProfile,
                  error: Callable[[str, str], RecordError]
                  ) -> tuple[Auction | None, list[str]]:
    """The ``Auction`` tag and section read as an :class:`Auction` (``None`` without one),
    and what the section holds that the auction does not keep: the note references
    (``=1=``), the calls after a coinche read as one answer (:meth:`Auction.left_out`).

    The tag names the seat of the first call (the dealer's left); the
    section holds the calls in order (``Pass``, ``80H``, ``CapotS``,
    ``X``, ``XX``; ``AP`` for the passes that end it), read by
    :meth:`Auction.read` (the leniency every record format shares). Under
    the board's own Mode ``own`` (``--mode`` applies to play, not to the
    auction); a classic auction needs the turned card in a ``Turned`` tag.
    """
    if "Auction" not in tags:
        return None, []
    first_text = _known(tags["Auction"])
    if first_text is None:
        raise error("Auction tag: the seat of the first call is unknown", "Auction")
    try:
        first = parse_seat(first_text)
        dealer = next_seat(first, 3)
        turned = _known(tags.get("Turned", ""))
        if own.auction != "numeric" and turned is None:
            raise BeloteError(f"a {own.name} auction needs the turned card: add a tag "
                              'such as [Turned "AH"]')
        calls: list[str] = []
        notes: list[str] = []
        for token in " ".join(sections.get("Auction", ())).split():
            if token.upper() == "AP":
                while not Auction.read(dealer, calls, own, turned).complete:
                    calls.append("P")
            elif re.fullmatch(r"=\d+=", token):
                notes.append(f"the note reference {token} after call {len(calls)}")
            elif token != "*":
                calls.append(token)
        auction = Auction.read(dealer, calls, own, turned)
        left_out = auction.left_out(calls)
        return auction, notes if left_out is None else [*notes, left_out]
    except BeloteError as e:
        raise error(f"Auction: {e}", "Auction") from None


def _read_contract(text: str | None, declarer: Seat | None, profile: RuleProfile,
                   own: RuleProfile, error: Callable[[str, str], RecordError]
                   ) -> Contract | None:
    """The Contract tag ``text`` parsed under ``profile``, ``None`` if absent.

    Under rules that override the board's own mode ``own``, a contract the
    override cannot read is read under the board's own rules and then as
    :func:`~belote.types.contract.reread_contract` says (under classic,
    ``100HX`` stands for its trump taken by its declarer).
    """
    if text is None:
        return None
    try:
        return parse_contract(text, profile, declarer)
    except BeloteError as e:
        if own != profile:
            try:
                return reread_contract(parse_contract(text, own, declarer), profile)
            except BeloteError:
                pass
        raise error(f"Contract tag: {e}", "Contract") from None


def _full_deal(deal: Deal, rows: list[list[Card | None]], leader: Callable[[], Seat],
               error: Callable[[str, str | int], RecordError]) -> Deal:
    """The deal at the start of play, 8 cards each, from the Deal tag ``deal`` and the play.

    Hands of 8 cards are the deal itself (each recorded card must then come
    from its player's hand, which the board's replay checks); shorter hands
    are the cards still held, and the recorded cards are added back. A
    single ``-`` hand is inferred from the other cards. ``leader`` gives
    the first trick's leader, the seat of the play's first column.
    """
    if len(rows) > TRICKS:
        raise error(f"too many tricks: a deal has {TRICKS}", TRICKS)
    unknown = [s for s, h in enumerate(deal.hands) if h is None]
    if len(unknown) > 1:
        names = " ".join(seat_name(s) for s in unknown)
        raise error(f"{len(unknown)} hands are unknown ({names}); at most one can be "
                    "inferred", "Deal")
    held = [0 if h is None else h.mask for h in deal.hands]
    first = leader() if rows else NORTH
    recorded = [(t, next_seat(first, col), card) for t, row in enumerate(rows)
                for col, card in enumerate(row) if card is not None]
    played = [0] * 4
    seen: dict[Card, tuple[int, Seat]] = {}
    for t, seat, card in recorded:
        if card in seen:
            t0, seat0 = seen[card]
            raise error(f"duplicate card {card_name(card)} (played by "
                        f"{seat_name(seat0)} in trick {t0 + 1} and by "
                        f"{seat_name(seat)} in trick {t + 1})", t)
        seen[card] = t, seat
        played[seat] |= 1 << card
    rest = ALL_CARDS & ~_union(held)
    if all(len(h) == CARDS_EACH for h in deal.hands if h is not None):
        hands = [rest if s in unknown else h for s, h in enumerate(held)]
    else:
        for t, seat, card in recorded:
            holder = deal.holder(card)
            if holder is not None:
                raise error(f"duplicate card {card_name(card)} (played by "
                            f"{seat_name(seat)} in trick {t + 1}, still held by "
                            f"{seat_name(holder)})", t)
        rest &= ~_union(played)
        hands = [(rest if s in unknown else h) | p for s, (h, p) in enumerate(zip(held, played))]
    for seat, hand in enumerate(hands):
        count = hand.bit_count()
        if count != CARDS_EACH:
            who = seat_name(seat) + (" (inferred from the other hands)" if seat in unknown
                                     else "")
            if not rows:
                hint = ("; a hand may hold fewer only when the Play section records the rest"
                        if count < CARDS_EACH else "")
                message = f"{who} holds {count} cards, expected {CARDS_EACH}{hint}"
            else:
                n = played[seat].bit_count()
                message = (f"{who} has {count} cards ({count - n} held, {n} played), "
                           f"expected {CARDS_EACH}")
            raise error(message, "Deal")
    return Deal([CardSet(h) for h in hands])


def _union(masks: Iterable[int]) -> int:
    """The union of card masks."""
    total = 0
    for m in masks:
        total |= m
    return total


def _logical_lines(lines: Iterable[str], file: str | None) -> Iterator[tuple[int, str | None]]:
    """The ``lines`` of a file without comments, numbered from 1 (a generator).

    A blank line gives ``(n, None)`` (it separates boards); lines emptied by
    comments are dropped. ``%`` lines (but the headers, :data:`_HEADER`),
    ``;`` to the end of a line and ``{...}`` (possibly over several lines)
    are comments, except inside a tag's quoted value. A line where a ``;``
    or ``{`` comment starts, or the first of a run of ``%`` lines, first
    gives ``(n, _COMMENT)`` (the record does not keep comments: see
    :func:`_games`).
    """
    brace: int | None = None
    percent = False  # the line before was a % comment
    for n, raw in enumerate(lines, 1):
        raw = raw.rstrip("\r\n")
        if brace is None:
            if raw.startswith("%"):
                header = _HEADER.match(raw) is not None
                if not (header or percent):
                    yield n, _COMMENT
                percent = not header
                continue
            percent = False
            if not raw.strip():
                yield n, None
                continue
        kept: list[str] = []
        in_string = False
        i = 0
        while i < len(raw):
            ch = raw[i]
            if brace is not None:
                if ch == "}":
                    brace = None
            elif in_string:
                kept.append(ch)
                if ch == "\\" and i + 1 < len(raw):
                    i += 1
                    kept.append(raw[i])
                elif ch == '"':
                    in_string = False
            elif ch == ";":
                yield n, _COMMENT
                break
            elif ch == "{":
                yield n, _COMMENT
                brace = n
            else:
                if ch == '"':
                    in_string = True
                kept.append(ch)
            i += 1
        content = "".join(kept).strip()
        if content:
            yield n, content
    if brace is not None:
        raise PBNDecodeError("comment '{' is never closed by '}'", file=file, line=brace)


_COMMENT = "{comment}"
"""What :func:`_logical_lines` gives, as this very object, for a line where a comment starts."""


def _games(lines: Iterable[tuple[int, str | None]]
           ) -> Iterator[tuple[list[tuple[int, str]], list[int]]]:
    """Split logical lines into boards at blank lines: each board's lines, and the lines of
    the comments in it or before it (after the board before); the last board also gets
    the comments after it. A board is given when the next one starts, or at the end."""
    game: list[tuple[int, str]] = []
    comments: list[int] = []
    done: tuple[list[tuple[int, str]], list[int]] | None = None  # the board before, held
    for n, content in lines:
        if content is _COMMENT:
            comments.append(n)
        elif content is None:
            if game:
                done, game, comments = (game, comments), [], []
        else:
            if done is not None:
                yield done
                done = None
            game.append((n, content))
    if game:
        yield game, comments
    elif done is not None:
        yield done[0], done[1] + comments


def _unescape(value: str) -> str:
    """A tag value as read (``\\"`` and ``\\\\`` are a quote and a backslash)."""
    return _ESCAPE.sub(r"\1", value)


def _escape(value: str) -> str:
    """A tag value ready to be written between quotes."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def near_known_tag(name: str) -> str | None:
    """The known tag ``name`` nearly is (another case, or one letter off), else ``None``.

    >>> near_known_tag("mode"), near_known_tag("Contrat"), near_known_tag("Event")
    ('Mode', 'Contract', None)
    """
    if name in KNOWN_TAGS:
        return None
    low = name.lower()
    for known in KNOWN_TAGS:
        if _one_edit_apart(low, known.lower()):
            return known
    return None


def _one_edit_apart(a: str, b: str) -> bool:
    """Equal, or one insertion, deletion, substitution or swap of neighbours apart."""
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def _known(value: str) -> str | None:
    """``None`` for a tag value meaning unknown, else the value."""
    return None if value.strip() in UNKNOWN_VALUES else value.strip()


def _parse_game(game: list[tuple[int, str]], file: str | None,
                mode: str | None, comments: Iterable[int] = ()) -> Board:
    """Read one board from its logical lines; ``mode``, a profile name, overrides the tag."""
    number = None
    for _, content in game:
        m = _TAG.fullmatch(content)
        if m and m.group(1) == "Board":
            number = _known(_unescape(m.group(2)))

    def error(message: str, line: int) -> PBNDecodeError:
        return PBNDecodeError(message, file=file, board=number, line=line)

    tags: dict[str, str] = {}
    tag_lines: dict[str, int] = {}
    sections: dict[str, list[str]] = {}
    rows: list[list[Card | None]] = []
    row_lines: list[int] = []
    current: str | None = None
    play_open_at: int | None = None
    unclosed: int | None = None  # the last line of a Play section without '*'
    for n, content in game:
        if content.startswith("["):
            if play_open_at is not None:
                unclosed, play_open_at = play_open_at, None
            m = _TAG.fullmatch(content)
            if not m:
                raise error(f'malformed tag {content!r} (expected [Name "value"])', n)
            name = m.group(1)
            if name in tags:
                raise error(f"tag {name} appears twice (first on line {tag_lines[name]})", n)
            tags[name] = _unescape(m.group(2))
            tag_lines[name] = n
            current = name
            if name == "Play":
                play_open_at = n
        elif current is None:
            raise error(f"text before the first tag: {content!r}", n)
        elif current == "Play":
            if play_open_at is None:
                raise error(f"text after the '*' that ends the Play section: {content!r}", n)
            play_open_at = n
            tokens = content.split()
            if tokens[-1] == "*":
                tokens.pop()
                play_open_at = None
            if tokens:
                if len(tokens) != 4:
                    raise error(f"a play row needs 4 cards, one per seat ('-' for a card not "
                                f"played yet), not {len(tokens)}: {content!r}", n)
                try:
                    rows.append([None if tok == "-" else parse_card(tok) for tok in tokens])
                except CardError as e:
                    raise error(str(e), n) from None
                row_lines.append(n)
        elif current in KNOWN_TAGS and current != "Auction":
            raise error(f"unexpected text after the {current} tag: {content!r}", n)
        else:
            sections.setdefault(current, []).append(content)
    if play_open_at is not None:
        unclosed = play_open_at
    for name in tags:
        near = near_known_tag(name)
        if near is not None:
            why = ("tag names are case-sensitive" if name.lower() == near.lower()
                   else "misspelt?")
            warnings.warn(PBNWarning(str(error(
                f"tag {name!r} looks like {near!r} ({why}): it is kept as an unknown tag, "
                "not read", tag_lines[name]))), stacklevel=2)
    if "Deal" not in tags:
        raise error("no Deal tag", game[0][0])

    def seat_tag(name: str) -> Seat | None:
        value = _known(tags.get(name, ""))
        try:
            return None if value is None else parse_seat(value)
        except CardError as e:
            raise error(f"{name} tag: {e}", tag_lines[name]) from None

    tag_mode = _known(tags.get("Mode", ""))
    if tag_mode is not None:
        try:
            tag_mode = get_profile(tag_mode).name
        except BeloteError as e:
            raise error(f"Mode tag: {e}", tag_lines["Mode"]) from None
    try:
        deal = Deal.from_pbn(tags["Deal"])
    except BeloteError as e:
        raise error(str(e), tag_lines["Deal"]) from None
    dropped = [f"the comment on line {n}" for n in comments]
    source = BoardSource(file, game[0][0], tag_lines, tuple(row_lines), tuple(tags),
                         error_class=PBNDecodeError)

    def located(message: str, where: str | int) -> RecordError:
        """The error of this board at tag ``where`` or at play row ``where``."""
        if isinstance(where, int):
            return source.error(message, number, trick=where)
        return source.error(message, number, tag=where)

    dealer, declarer, play_leader = seat_tag("Dealer"), seat_tag("Declarer"), seat_tag("Play")
    own = get_profile(tag_mode or DEFAULT_MODE)
    auction, notes = _read_auction(tags, sections, own, located)
    contract_text = _known(tags.get("Contract", ""))
    if auction is not None and auction.complete and auction.contract is not None \
            and contract_text is None:
        contract_text = auction.contract.to_pbn()  # derived: no Contract tag
    contract = _read_contract(contract_text, declarer, get_profile(mode or tag_mode or DEFAULT_MODE),
                              own, located)
    if dropped or notes:
        source = dataclasses.replace(source, dropped=tuple(dropped) + tuple(
            f"{note} (line {tag_lines['Auction']})" for note in notes))
    kept = [n for n in tags if n not in KNOWN_TAGS and (n != "Turned" or auction is None)]
    deal = _full_deal(deal, rows, lambda: opening_leader(play_leader, dealer, source, number),
                      located)
    if rows and contract is None:
        raise located("the Play section needs a Contract tag (for the trump suit)", "Play")
    try:
        board = Board(deal, board=number, dealer=dealer, profile=mode or tag_mode,
                      auction=auction, contract=contract, declarer=declarer,
                      play_leader=play_leader, play=rows,
                      tags=tuple((n, tags[n]) for n in kept),
                      sections=tuple((n, tuple(lines)) for n, lines in sections.items()
                                     if n not in KNOWN_TAGS),
                      source=source)
    except ContractError as e:
        if auction is None:
            raise
        if rows:  # the play is read under the Contract tag: its fault is reported first
            Board(deal, board=number, dealer=dealer, profile=mode or tag_mode, contract=contract,
                  play_leader=opening_leader(play_leader, dealer), play=rows, source=source)
        raise located(str(e), "Contract" if "Contract" in tags else "Auction") from None
    every = ALL_CARDS.bit_count()
    if unclosed is not None and len(board.cards) < every:
        raise error(f"the play record stops after {len(board.cards)} of {every} cards "
                    "without the '*' that ends a record stopped early: is the file cut "
                    "short?", unclosed)
    return board


def loads(text: str, *, file: str | None = None, profile: str | RuleProfile | None = None
          ) -> list[Board]:
    """Read every board of the PBN ``text``.

    ``file`` names the source in error messages; ``profile`` (``classic`` or
    ``coinche``) overrides the boards' Mode tags. Raises
    :class:`PBNDecodeError` at the first problem.

    >>> loads('[Board "7"]\\n[Deal "N:- - - -"]', file="f.pbn")
    Traceback (most recent call last):
    ...
    belote.errors.PBNDecodeError: f.pbn: board 7: line 2: 4 hands are unknown (N E S W); at most one can be inferred
    """
    mode = None if profile is None else get_profile(profile).name
    return [_parse_game(game, file, mode, comments)
            for game, comments in _games(_logical_lines(io.StringIO(text, newline=None), file))]


def iter_load(fp_or_path: IO[str] | IO[bytes] | str | os.PathLike[str], *,
              profile: str | RuleProfile | None = None, name: str | None = None
              ) -> Iterator[Board | PBNDecodeError]:
    """Read the boards of a PBN file one at a time, each as a :class:`Board` or its error.

    The file is read line by line, so memory stays flat however large it
    is, and a bad board does not stop the reading: its
    :class:`PBNDecodeError` (with ``file``, ``board`` and ``line``) is
    yielded in its place. A line of bytes that are not UTF-8 makes its
    board one such error, and the reading goes on. A fault that ends the
    reading (a comment never closed, a line longer than
    :data:`~belote.formats.MAX_LINE_BYTES`) is yielded last. A binary stream is decoded as
    UTF-8; ``name`` names the source in errors (default: the path, or the
    stream's ``name``).

    >>> import io
    >>> text = '[Board "1"]\\n[Deal "N:- - - -"]\\n\\n[Board "2"]\\n[Deal "N:AKQJ.AKQJ.. .T987.T987. T987...AKQJ ..AKQJ.T987"]\\n'
    >>> [type(b).__name__ for b in iter_load(io.StringIO(text))]
    ['PBNDecodeError', 'Board']
    """
    mode = None if profile is None else get_profile(profile).name
    bad: dict[int, PBNDecodeError] = {}
    if hasattr(fp_or_path, "read"):
        file = name if name is not None else getattr(fp_or_path, "name", None)
        if isinstance(fp_or_path, io.TextIOBase):
            yield from _iter_boards(fp_or_path, file, mode, bad)  # type: ignore[arg-type]
        else:
            yield from _iter_boards(decoded_lines(fp_or_path, file, bad),  # type: ignore[arg-type]
                                    file, mode, bad)
        return
    file = name if name is not None else os.fspath(fp_or_path)
    with open(fp_or_path, "rb") as fp:
        yield from _iter_boards(decoded_lines(fp, file, bad), file, mode, bad)


_BOARD_TAG = re.compile(r'\[\s*Board\s+"([^"]*)"')


def _iter_boards(lines: Iterable[str], file: str | None, mode: str | None,
                 bad: dict[int, PBNDecodeError]) -> Iterator[Board | PBNDecodeError]:
    """The boards (or their errors) of the text ``lines``.

    ``bad`` fills up, as ``lines`` are read, with the lines that were not
    UTF-8: a board holding one is yielded as that line's error (with the
    board's number); one outside every board (in a comment, say) is an
    error of its own. Either way the reading goes on.
    """
    def undecoded(upto: int) -> Iterator[PBNDecodeError]:
        for n in sorted(k for k in bad if k < upto):
            yield bad.pop(n)

    try:
        for game, comments in _games(_logical_lines(lines, file)):
            first, last = game[0][0], game[-1][0]
            yield from undecoded(first)
            inside = sorted(k for k in bad if k <= last)
            if inside:
                error = bad[inside[0]]
                for n in inside:
                    del bad[n]
                tag = next((m.group(1) for _, text in game if (m := _BOARD_TAG.match(text))),
                           None)
                yield PBNDecodeError(error.message, file=file, board=tag, line=error.line)
                continue
            try:
                yield _parse_game(game, file, mode, comments)
            except PBNDecodeError as e:
                yield e
        yield from undecoded(1 << 62)
    except PBNDecodeError as e:
        yield from undecoded(1 << 62)
        yield e
    except UnicodeDecodeError as e:
        yield PBNDecodeError(f"not {e.encoding} text ({e.reason})", file=file)


def decoded_lines(fp: IO[bytes], file: str | None,
                  bad: dict[int, PBNDecodeError] | None = None) -> Iterator[str]:
    """The lines of a binary file as UTF-8 text, read as they come.

    A leading byte-order mark is skipped. Lines end at a newline, CR-LF or
    CR only (not at the other Unicode line breaks), like :func:`loads`.
    A line that is not UTF-8 raises :class:`PBNDecodeError`; given a dict
    ``bad``, it is recorded there instead (line number -> error), decoded
    with U+FFFD in place of its bad bytes, and the reading goes on.
    """
    n = offset = 0
    while raw := fp.readline(MAX_LINE_BYTES + 1):
        if len(raw) > MAX_LINE_BYTES:
            raise PBNDecodeError(f"line longer than {MAX_LINE_BYTES} bytes (is this a PBN file?)",
                                 file=file, line=n + 1)
        encoding = "utf-8-sig" if offset == 0 else "utf-8"
        try:
            line = raw.decode(encoding)
        except UnicodeDecodeError as e:
            start = offset + e.start + len(raw) - len(e.object)  # e.object lacks a BOM
            error = PBNDecodeError(f"not UTF-8 text ({e.reason} at byte {start})", file=file,
                                   line=n + 1)
            if bad is None:
                raise error from None
            bad[n + 1] = error
            line = raw.decode(encoding, errors="replace")
        offset += len(raw)
        for part in io.StringIO(line, newline=None):
            n += 1
            yield part


def load(fp_or_path: IO[str] | str | os.PathLike[str], *, profile: str | RuleProfile | None = None
         ) -> list[Board]:
    """Read every board of a PBN file, given as an open text or binary file, or a path.

    A path is read as UTF-8 (a leading byte-order mark is skipped). Bytes
    that do not decode raise :class:`PBNDecodeError` naming the file, the
    line and the byte offset in the file; for an open text file, whose
    decoding is its own, the file only.
    """
    if hasattr(fp_or_path, "read"):
        name = getattr(fp_or_path, "name", None)
        try:
            text = fp_or_path.read()
        except UnicodeDecodeError as e:
            encoding = getattr(fp_or_path, "encoding", None) or e.encoding
            raise PBNDecodeError(f"not {encoding} text ({e.reason})", file=name) from None
        if isinstance(text, bytes):  # a binary file: decoded as a path's bytes are
            text = _decode(text, name)
        return loads(text, file=name, profile=profile)
    file = os.fspath(fp_or_path)
    with open(fp_or_path, "rb") as fp:
        data = fp.read()
    return loads(_decode(data, file), file=file, profile=profile)


def _decode(data: bytes, file: str | None) -> str:
    """The text of a PBN file's bytes: UTF-8, after an optional byte-order mark.

    >>> _decode(b"\\xef\\xbb\\xbf[Board \\"1\\"]", "a.pbn")
    '[Board "1"]'
    >>> _decode(b'[Board "1"]\\n[Event "caf\\xe9"]\\n', "a.pbn")
    Traceback (most recent call last):
    ...
    belote.errors.PBNDecodeError: a.pbn: line 2: not UTF-8 text (invalid continuation byte at byte 23)
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        start = e.start + len(data) - len(e.object)  # e.object lacks the byte-order mark
        line = data.count(b"\n", 0, start) + 1
        raise PBNDecodeError(f"not UTF-8 text ({e.reason} at byte {start})", file=file,
                             line=line) from None


def play_rows(board: Board) -> list[list[Card | None]]:
    """The play record of ``board`` in PBN's layout: one row per trick, in seat columns from
    the first leader, ``None`` for a card not played yet (what ``Board(..., play=rows)`` takes).

    >>> board = Board(Deal.from_pbn("N:AKQJ.AKQJ.. .T987.T987. T987...AKQJ ..AKQJ.T987"),
    ...               dealer=0, contract="100H", declarer=1, cards="H7 S7 C7 HA HJ")
    >>> [[card_name(c) if c is not None else "-" for c in row] for row in play_rows(board)]
    [['7H', '7S', '7C', 'AH'], ['-', '-', '-', 'JH']]
    """
    if not board.cards:
        return []
    first, end = board.first_leader(), board.position()
    rows: list[list[Card | None]] = []
    for leader, cards in [(t.leader, t.cards) for t in end.tricks] + [(end.leader, end.trick)]:
        if cards:
            rows.append([None] * 4)
            for k, card in enumerate(cards):
                rows[-1][(leader + k - first) % 4] = card
    return rows


def _pbn_card(card: Card | None) -> str:
    """A card as the play section writes it: suit then rank (``HJ``), or ``-``."""
    return "-" if card is None else SUIT_NAMES[card >> 3] + RANK_NAMES[card & 7]


def _known_values(board: Board) -> dict[str, str | None]:
    """The values the fields of ``board`` give to the known tags."""
    contract = board.contract
    has_play = board.play_leader is not None or bool(board.cards)
    return {
        "Board": board.board,
        "Dealer": None if board.dealer is None else seat_name(board.dealer),
        "Deal": board.deal.to_pbn(NORTH if board.dealer is None else board.dealer),
        "Mode": board.profile_name,
        "Auction": None if board.auction is None else seat_name(board.auction.seat_of(0)),
        "Declarer": None if board.declarer is None else seat_name(board.declarer),
        "Contract": None if contract is None else contract.to_pbn(),
        "Play": seat_name(board.first_leader()) if has_play else None,
        TURNED_TAG: (None if board.auction is None or board.auction.turned is None
                     else card_name(board.auction.turned)),
    }


def _tag_order(board: Board, known: dict[str, str | None]) -> list[str]:
    """The tags to write, in the board's order; a known tag missing from
    ``board.tags`` goes after the known tags that precede it in ``KNOWN_TAGS``
    (``Turned`` right after ``Auction``)."""
    present = {name for name, _ in board.tags} | {k for k, v in known.items() if v is not None}
    order = [name for name in dict.fromkeys(list(board.source.tag_order)
                                            + [name for name, _ in board.tags])
             if name in present]
    for i, name in enumerate(KNOWN_TAGS):
        if known[name] is None or name in order:
            continue
        before = [order.index(k) for k in KNOWN_TAGS[:i] if k in order]
        after = [order.index(k) for k in KNOWN_TAGS[i + 1:] if k in order]
        order.insert(max(before) + 1 if before else min(after, default=len(order)), name)
    if known.get(TURNED_TAG) is not None and TURNED_TAG not in order:
        order.insert(order.index("Auction") + 1, TURNED_TAG)
    return order


TURNED_TAG = "Turned"
"""The tag of a classic auction's turned card (written from the auction, read into it)."""

_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
"""The tag names the reader reads (``[Name "value"]``)."""


def _one_line(value: str) -> bool:
    """Can ``value`` be a tag value (no line break, which would end the tag)?"""
    return "\n" not in value and "\r" not in value


def _section_line_fault(line: str) -> str | None:
    """Why a section line would not read back as itself, ``None`` when it would."""
    if not line.strip():
        return "a blank line ends the board"
    if line != line.strip() or not _one_line(line):
        return "spaces around it or a line break are not kept"
    if line[0] in "[%":
        return f"a line starting {line[0]!r} is read as a tag or a comment"
    if ";" in line or "{" in line:
        return "';' and '{' start comments"
    return None


def fit_pbn(board: Board) -> tuple[Board, list[str]]:
    """``board`` as PBN holds it, and a sentence for each thing left out (what :func:`dumps`
    would not read back as written).

    PBN holds every field of a board. Left out: a board name that is not one
    line or is blank or ``?`` (read as unknown) or has spaces around it; a
    tag whose name is not letters, digits and ``_``, is one of the tags the
    board's own fields write (``Board``, ``Deal``, ``Contract``... and
    ``Turned`` with a classic auction), or comes twice; a tag value with a
    line break; a section without its tag or under a known tag; a section
    line that is blank, has spaces around it, starts with ``[`` or ``%``,
    or holds ``;`` or ``{`` (comments).
    """
    losses: list[str] = []
    name = board.board
    if name is not None and (not _one_line(name) or name != name.strip()
                             or name.strip() in UNKNOWN_VALUES):
        losses.append(f"PBN's Board tag is one line, not blank or '?': the board name "
                      f"{name!r} left out")
        name = None
    own = set(KNOWN_TAGS) | ({TURNED_TAG} if board.auction is not None else set())
    tags: dict[str, str] = {}
    for tag, value in board.tags:
        why = ("is not letters, digits and '_'" if not _TAG_NAME.fullmatch(tag) else
               "is written from the board's own fields" if tag in own else
               "comes twice" if tag in tags else
               "has a line break in its value" if not _one_line(value) else None)
        if why is None:
            tags[tag] = value
        else:
            losses.append(f"PBN tag {tag!r} {why}: left out")
    sections: list[tuple[str, tuple[str, ...]]] = []
    for tag, lines in board.sections:
        if not lines:
            continue  # no line: nothing to keep
        if tag not in tags or tag in own:
            losses.append(f"PBN writes a section under its tag: the {tag!r} lines left out "
                          f"({'a known tag' if tag in own else 'no such tag'})")
            continue
        kept = []
        for line in lines:
            fault = _section_line_fault(line)
            if fault is None:
                kept.append(line)
            else:
                losses.append(f"PBN section {tag!r}: the line {line!r} left out ({fault})")
        if kept:
            sections.append((tag, tuple(kept)))
    if not losses and len(sections) == len(board.sections):
        return board, losses
    return board.replace(board=name, tags=tuple(tags.items()), sections=tuple(sections)), losses


def _dump_board(board: Board) -> str:
    """The PBN text of one board (as :func:`fit_pbn` leaves it: nothing is checked here)."""
    known = _known_values(board)
    tags, sections = dict(board.tags), dict(board.sections)
    lines = []
    for name in _tag_order(board, known):
        value = known[name] if name in KNOWN_TAGS or known.get(name) is not None else tags[name]
        if value is None:
            continue
        lines.append(f'[{name} "{_escape(value)}"]')
        if name == "Play":
            lines.extend(" ".join(_pbn_card(c) for c in row) for row in play_rows(board))
            lines.append("*")
        elif name == "Auction":
            calls = ["Pass" if c.text == "P" else c.text for c in board.auction.calls]  # type: ignore[union-attr]
            lines.extend(" ".join(calls[i:i + 4]) for i in range(0, len(calls), 4))
        else:
            lines.extend(sections.get(name, ()))
    return "\n".join(lines) + "\n"


def dumps(boards: Iterable[Board]) -> str:
    """The PBN 2.1 text of ``boards``, each as :func:`fit_pbn` leaves it: what PBN would not
    read back as written is left out, each loss a
    :class:`~belote.errors.ConversionWarning` (:func:`belote.formats.games.write` gives
    them as a list, and reads the text back to check it).

    >>> board = Board(Deal.random(5), board="1", dealer=3, contract="80S")
    >>> print(dumps([board]))  # doctest: +ELLIPSIS
    % PBN 2.1
    <BLANKLINE>
    [Board "1"]
    [Dealer "W"]
    [Deal "W:..."]
    [Contract "80S"]
    <BLANKLINE>
    >>> loads(dumps([board]))[0].deal == board.deal
    True
    """
    texts = []
    for board in boards:
        fitted, losses = fit_pbn(board)
        for loss in losses:
            warnings.warn(ConversionWarning(f"board {board.board}: {loss}"), stacklevel=2)
        texts.append(_dump_board(fitted))
    return "% PBN 2.1\n\n" + "\n".join(texts)


def dump(boards: Iterable[Board], fp_or_path: IO[str] | str | os.PathLike[str]) -> None:
    """Write ``boards`` as PBN to an open text file or a path.

    A path is written atomically (:func:`belote.files.atomic_output`): on a
    failure it keeps its old content.
    """

    text = dumps(boards)
    if hasattr(fp_or_path, "write"):
        fp_or_path.write(text)
        return
    with atomic_output(fp_or_path) as tmp:
        tmp.write_text(text, encoding="utf-8")
