"""ContrAI's game records (``contrai-record/1``), read as boards: one board per round.

A ContrAI record (valmathieu/ContrAI, ``docs/data/index.md``) is one JSON
lines file per game of coinche, one event a line: ``header`` (whose
``format`` must be ``contrai-record/1``: another major version is refused),
``game_started``, then per round ``round_dealt`` (dealer and the four hands),
``bid`` (in auction order), ``card_played``, ``belote`` and
``round_scored``, and ``game_ended``. Seats are ``N W S E``, cards rank then
suit (``10S``, ``JH``). As in ContrAI, the contract, the declarer and a
passed-out round are derived from the bids (an
:class:`~belote.types.auction.Auction`), never read from ``round_scored``.

ContrAI turns anticlockwise, N W S E; this project clockwise, N E S W. Its
seats are read mirrored, its ``W`` as ``E`` and its ``E`` as ``W``, so that
the order of play and the sides (N-S, E-W) are kept. After a double,
ContrAI's other seats speak in turn (passes, a redouble); under this
project's rules the contract side answers once, so those calls become one
answer: ``XX`` if any, else ``P``.

Each round becomes a :class:`~belote.board.Board` numbered by the
round, under the ``coinche`` rules. Contracts this project does not play (no
trump ``NT``, all trump ``AT``, a ``solo_slam``, bids above 160) are errors
naming the line. Other events are read for their shape only.

>>> lines = ['{"event": "header", "format": "contrai-record/2"}']
>>> next(iter_rounds(enumerate(lines, 1), "g.jsonl"))
RecordError('g.jsonl: line 1: format contrai-record/2: this version reads contrai-record/1 only')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ..errors import AuctionError, BeloteError, InputError, RecordError
from ..files import load_json
from ..types.profile import COINCHE
from ..types.auction import Auction
from ..board import Board, BoardSource
from ..rules.play import Position
from ..types.cards import CardSet, card_name, parse_card
from ..types.deal import Deal, next_seat

__all__ = ["FORMAT", "iter_rounds"]

FORMAT = "contrai-record/1"
"""The only ``format`` read."""

EVENTS = ("header", "game_started", "round_dealt", "bid", "card_played", "belote",
          "round_scored", "game_ended")
"""The eight events of the format."""


class _Round:
    """The events of one round gathered so far."""

    def __init__(self, number: int, line: int, event: dict[str, Any], file: str | None) -> None:
        self.number, self.line, self.file = number, line, file
        error = self.error
        self.dealer = _seat(event.get("dealer"), "dealer", error)
        hands = event.get("hands")
        if not isinstance(hands, dict) or sorted(hands) != ["E", "N", "S", "W"]:
            raise error("round_dealt: hands must name the four seats N E S W")
        cards: list[CardSet | None] = [None] * 4
        for seat_text, names in hands.items():
            if not isinstance(names, list):
                raise error(f"round_dealt: hand {seat_text} is not a list of cards")
            cards[_SEATS[seat_text]] = CardSet(_card(c, error) for c in names)
        self.deal = Deal(cards)
        self.calls: list[tuple[int, dict[str, Any], int]] = []
        self.cards: list[str] = []
        self.seats: list[int] = []
        self.card_lines: list[int] = []
        self.leader: int | None = None

    def error(self, message: str, line: int | None = None) -> RecordError:
        """An error located in this round (at ``line``, else its first line)."""
        return RecordError(message, file=self.file, board=str(self.number),
                              line=line or self.line)

    def board(self, file: str | None) -> Board:
        """The board of the round: the auction from the bids, which gives the contract."""
        calls = []
        for i, (seat, bid, line) in enumerate(self.calls):
            if seat != next_seat(self.dealer, i + 1):
                raise self.error(f"bid {i + 1} by {_THEIR_NAME[seat]}: it is "
                                 f"{_THEIR_NAME[next_seat(self.dealer, i + 1)]}'s turn", line)
            kind = bid.get("kind")
            if kind == "contract":
                calls.append(_contract_text(bid, self.error, line))
            elif isinstance(kind, str) and kind in _KINDS:
                calls.append(_KINDS[kind])
            else:
                raise self.error(f"unknown bid kind {kind!r}", line)
        try:  # the bidding goes round after a double: one answer in RULES.md
            auction = Auction.read(self.dealer, calls, COINCHE)
        except AuctionError as e:
            at = e.call if e.call is not None and e.call < len(self.calls) else 0
            raise self.error(f"the bids (seats read mirrored, ContrAI's W as E): {e}",
                             self.calls[at][2] if self.calls else self.line
                             ) from None
        except BeloteError as e:
            raise self.error(f"the bids (seats read mirrored, ContrAI's W as E): {e}",
                             self.calls[0][2] if self.calls else self.line
                             ) from None
        board = Board(self.deal, board=str(self.number), dealer=self.dealer, profile=COINCHE,
                      auction=auction, play_leader=self.leader, cards=self.cards,
                      source=BoardSource(file=file, line=self.line))
        self.check_positions(board)
        return board

    def check_positions(self, board: Board) -> None:
        """Each ``card_played`` event's position is the seat whose turn it was (the play
        replayed from the first card's position, the trick winners leading)."""
        if not board.cards:
            return
        assert board.contract is not None
        pos = Position(board.deal, board.contract.trump, board.first_leader(), COINCHE)
        for i, (card, seat, line) in enumerate(zip(board.cards, self.seats, self.card_lines)):
            if seat != pos.to_move:
                raise self.error(f"card_played {i + 1} ({card_name(card)}) by "
                                 f"{_THEIR_NAME[seat]}: it is {_THEIR_NAME[pos.to_move]}'s "
                                 "turn to play", line)
            pos.play(card)


_SEATS = {"N": 0, "W": 1, "S": 2, "E": 3}
"""ContrAI's seats, in its (anticlockwise) turn order N W S E, to ours (N E S W clockwise):
its W, who follows N, is read as our E, and its E as our W."""

_THEIR_NAME = {seat: name for name, seat in _SEATS.items()}

_KINDS = {"pass": "P", "double": "X", "redouble": "XX"}


def _seat(value: Any, name: str, error: Any) -> int:
    if not isinstance(value, str) or value not in _SEATS:
        raise error(f"{name}: expected a seat N W S E, got {value!r}")
    return _SEATS[value]


def _card(value: Any, error: Any) -> int:
    if not isinstance(value, str):
        raise error(f"card {value!r}: expected a name like '10S' or 'JH'")
    return parse_card(value)


def _contract_text(bid: dict[str, Any], error: Any, line: int) -> str:
    """A contract bid as PBN notation (``100H``, ``CapotS``)."""
    value, suit = bid.get("value"), bid.get("suit")
    if suit in ("NT", "AT"):
        raise error(f"contract suit {suit}: no-trump and all-trump contracts are not played "
                    "by this project's rules", line)
    if suit not in ("S", "H", "D", "C"):
        raise error(f"contract suit {suit!r}: expected S H D C", line)
    if value == "slam":
        return f"Capot{suit}"
    if type(value) is not int or not COINCHE.bid_min <= value <= COINCHE.bid_max:
        raise error(f"contract value {value!r}: this project's coinche bids are "
                    f"{COINCHE.bid_min}..{COINCHE.bid_max} or slam (capot)", line)
    return f"{value}{suit}"


def iter_rounds(lines: Iterable[tuple[int, str]], file: str | None
                ) -> Iterator[Board | RecordError]:
    """The boards of a ``contrai-record/1`` game from its numbered lines, or their errors.

    A bad header ends the reading with its error; a bad round is one error
    (the rounds after it are read).
    """
    current: _Round | None = None
    bad_round: int | None = None
    first = True
    for n, text in lines:
        round_number: int | None = None
        error = _locator(file, n, None)

        try:
            event = load_json(text)
        except InputError as e:
            yield error(str(e))
            return
        if not isinstance(event, dict) or event.get("event") not in EVENTS:
            name = event.get("event") if isinstance(event, dict) else None
            yield error(f"unknown event {name!r} (expected one of {' '.join(EVENTS)})")
            return
        kind = event["event"]
        if first or kind == "header":
            if kind != "header" or event.get("format") != FORMAT:
                yield error(f"format {event.get('format')}: this version reads {FORMAT} only"
                            if kind == "header" else
                            f"the first line is not the header (event {kind!r}): a "
                            f"{FORMAT} file starts with its header event")
                return
            first = False
            continue
        raw_round = event.get("round")
        round_number = raw_round if type(raw_round) is int else None
        error = _locator(file, n, round_number)
        try:
            if kind == "round_dealt":
                if current is not None:
                    yield _finish(current, file)
                current, bad_round = None, None
                if round_number is None:
                    raise error("round_dealt: no round number")
                current = _Round(round_number, n, event, file)
            elif kind in ("bid", "card_played"):
                if bad_round is not None and bad_round == round_number:
                    continue
                if current is None or round_number != current.number:
                    raise error(f"{kind} of round {raw_round} outside that round (no "
                                "round_dealt before it)")
                seat = _seat(event.get("position"), "position", error)
                if kind == "bid":
                    bid = event.get("bid")
                    if not isinstance(bid, dict):
                        raise error("bid: expected an object with a kind")
                    current.calls.append((seat, bid, n))
                else:
                    if current.leader is None:
                        current.leader = seat
                    current.cards.append(event.get("card"))  # type: ignore[arg-type]
                    current.seats.append(seat)
                    current.card_lines.append(n)
        except RecordError as e:
            bad_round = round_number
            if current is not None and current.number == round_number:
                current = None
            yield e
        except BeloteError as e:
            bad_round = round_number
            current = None
            yield error(str(e))
    if current is not None:
        yield _finish(current, file)


def _locator(file: str | None, line: int, round_number: int | None) -> Any:
    """A maker of errors located at ``line`` (or the line given) of round ``round_number``."""
    def error(message: str, at: int | None = None) -> RecordError:
        board = None if round_number is None else str(round_number)
        return RecordError(message, file=file, board=board, line=at or line)
    return error


def _finish(current: _Round, file: str | None) -> Board | RecordError:
    """The board of a round read to its end, or its error (at the round's first line)."""
    try:
        return current.board(file)
    except RecordError as e:
        return e
    except BeloteError as e:
        return RecordError(str(e), file=file, board=str(current.number), line=current.line)
