"""colver's CFN game notation, read and written as :class:`~belote.board.Board`.

CFN is the one-line notation of the open Belote engine colver (``Env.to_cfn`` /
``Env.from_cfn`` in colver 0.11.1; its web pages add an auction section).
Three sections, or four with the auction, separated by spaces::

    <dealer>:<N>/<E>/<S>/<W> [<auction>] <tricks> <contract>

* The letter before ``:`` is the **dealer**; the dealer's left leads the
  first trick. The hands are always N, E, S, W, each ``spades.hearts.
  diamonds.clubs`` with ranks ``ATKQJ987``, ``-`` for an empty hand. They
  hold the cards **still held**: the dealt hands are these plus the cards of
  the tricks (a finished game is ``N:-/-/-/-``).
* The auction (four sections only) is ``-``-joined calls from the dealer's
  left: ``p`` pass, ``90h`` a bid, ``Cs`` capot in spades, ``x`` coinche,
  ``xx`` surcoinche; ``-`` alone is an empty auction.
* The tricks are cards written rank then lowercase suit (``Ah``, ``Tc``), each
  trick's cards in play order from its leader, ``/`` between tricks; the last
  trick may be partial; ``-`` when no card is played.
* The contract names the taking **side**, not the seat: ``100hNS``,
  ``110cNSx`` (coinched), ``80sEWxx`` (surcoinched), ``250sEW`` (capot), ``0``
  for a passed-out deal, ``bid:...`` while the auction is under way.

CFN games are coinche games (colver's rules are the ``coinche`` profile).
The three-section form does not say which seat took the contract: the board
then has no declarer, its contract keeps the side in the tag ``TakerSide``,
and whatever needs the seat says so. The auction of the four-section form
gives the declarer.

>>> [board] = loads("S:-/-/-/- 8d9dJdTd/7d7hKdQd/7sQhJs9s/Ad7c8hKh/8s9hAsKs/8cJcTcTh/QsJhQcTs/9cKcAcAh 100hEWx")
>>> board.contract.to_pbn(), seat_name(board.dealer), board.declarer, dict(board.tags)
('100HX', 'S', None, {'TakerSide': 'EW'})
>>> dumps_game(board) == "S:-/-/-/- 8d9dJdTd/7d7hKdQd/7sQhJs9s/Ad7c8hKh/8s9hAsKs/8cJcTcTh/QsJhQcTs/9cKcAcAh 100hEWx"
True
>>> loads("N:AT.-/-/-/- - 0", file="g.cfn")
Traceback (most recent call last):
...
belote.errors.RecordError: g.cfn: board 1: line 1: hand 'AT.-' of N: expected 4 suits separated by '.' (spades.hearts.diamonds.clubs), or '-'
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable, Iterator
from typing import IO

from ..errors import MAX_DIGITS, BeloteError, RecordError
from ..rules.play import trick_winner_index
from ..types.profile import COINCHE
from ..types.auction import Auction
from ..board import Board, BoardSource
from ..types.cards import Card, CardSet, card_rank, card_suit, make_card
from ..types.contract import Contract, check_contract
from ..types.deal import (
    Deal,
    Seat,
    next_seat,
    parse_seat,
    seat_name,
    side_name,
    side_of,
)
from .pbn import decoded_lines

__all__ = ["AUCTION_TAG", "BIDDING_TAG", "OWN_TAGS", "TAKER_SIDE_TAG", "bidding_text",
           "check_first_leader", "checked_tags", "dumps", "dumps_game", "fit_cfn", "iter_lines",
           "iter_load", "load", "loads", "parse_game"]

TAKER_SIDE_TAG = "TakerSide"
"""The tag that keeps a CFN contract's side when the declarer's seat is unknown."""

AUCTION_TAG = "CFNAuction"
"""The tag that keeps a CFN auction section written otherwise than the project's rules write it
(passes after a coinche)."""

BIDDING_TAG = "CFNBidding"
"""The tag that keeps the contract section of a game read during its auction (``bid:...``)."""

OWN_TAGS = (TAKER_SIDE_TAG, AUCTION_TAG, BIDDING_TAG)
"""The tags that hold what CFN says and a board has no field for (written back into CFN)."""

CFN_RANKS = "ATKQJ987"
"""Ranks as CFN writes them, in the order it writes a suit's cards."""

CFN_SUITS = "shdc"
"""Suits in CFN order, lowercase as tricks and contracts write them."""

_RANK_OF = {"A": 7, "T": 3, "K": 6, "Q": 5, "J": 4, "9": 2, "8": 1, "7": 0}
"""CFN rank letter to our rank (``RANK_NAMES`` = ``789TJQKA``)."""

_CALLS = {"p": "P", "x": "X", "xx": "XX"}
"""CFN auction tokens that are not bids."""

_BID_TOKEN = re.compile(r"(?:(?P<bid>\d+)|(?P<capot>C))(?P<suit>[shdc])")

_CONTRACT = re.compile(r"(?P<bid>\d+)(?P<suit>[shdc])(?P<side>NS|EW)(?P<doubles>x{0,2})")
_BIDDING = re.compile(r"bid:(?:0/p[0-3]|(?P<bid>\d+)(?P<suit>[shdc])(?P<bidder>[NESW])/p[0-3]"
                      r"/c[0-2])/(?P<to_move>[NESW])")


def _card_text(card: Card) -> str:
    """A card as CFN's tricks write it: rank then lowercase suit (``Th``)."""
    return CFN_RANKS[_RANK_ORDER.index(card_rank(card))] + CFN_SUITS[card_suit(card)]


_RANK_ORDER = tuple(_RANK_OF[letter] for letter in CFN_RANKS)
"""Our ranks in CFN's writing order."""


def _hand_text(hand: CardSet) -> str:
    """A hand as CFN writes it: ``spades.hearts.diamonds.clubs``, ``-`` when empty."""
    if not hand:
        return "-"
    suits = []
    for suit in range(4):
        held = {card_rank(c) for c in hand if card_suit(c) == suit}
        suits.append("".join(CFN_RANKS[i] for i, r in enumerate(_RANK_ORDER) if r in held))
    return ".".join(suits)


class _Game:
    """One CFN line being read: where it is, and its located errors."""

    def __init__(self, text: str, file: str | None, board: str | None, line: int | None):
        self.text, self.file, self.board, self.line = text, file, board, line

    def error(self, message: str) -> RecordError:
        return RecordError(message, file=self.file, board=self.board, line=self.line)

    def hand(self, seat: Seat, text: str) -> CardSet:
        if text == "-":
            return CardSet()
        suits = text.split(".")
        if len(suits) != 4:
            raise self.error(f"hand {text!r} of {seat_name(seat)}: expected 4 suits separated "
                             "by '.' (spades.hearts.diamonds.clubs), or '-'")
        cards = []
        for suit, ranks in enumerate(suits):
            for letter in ranks:
                if letter not in _RANK_OF:
                    raise self.error(f"hand {text!r} of {seat_name(seat)}: unknown rank "
                                     f"{letter!r} (CFN ranks are {CFN_RANKS})")
                cards.append(make_card(suit, _RANK_OF[letter]))
        if len(set(cards)) != len(cards):
            raise self.error(f"hand {text!r} of {seat_name(seat)}: a card is written twice")
        return CardSet(cards)

    def card(self, text: str) -> Card:
        if len(text) != 2 or text[0] not in _RANK_OF or text[1] not in CFN_SUITS:
            raise self.error(f"card {text!r} in the tricks: expected a rank of {CFN_RANKS} then "
                             f"a lowercase suit of {CFN_SUITS} (like 'Th')")
        return make_card(CFN_SUITS.index(text[1]), _RANK_OF[text[0]])

    def tricks(self, text: str) -> list[list[Card]]:
        if text == "-":
            return []
        tricks = []
        for part in text.split("/"):
            if not part or len(part) % 2 or len(part) > 8:
                raise self.error(f"trick {part!r}: expected 1 to 4 cards of 2 characters "
                                 "each (like 'Ah7hTh9h'), tricks separated by '/'")
            tricks.append([self.card(part[i:i + 2]) for i in range(0, len(part), 2)])
        if any(len(t) != 4 for t in tricks[:-1]):
            short = next(i for i, t in enumerate(tricks[:-1]) if len(t) != 4)
            raise self.error(f"trick {short + 1} has {len(tricks[short])} cards: only the last "
                             "trick may be partial")
        if len(tricks) > 8:
            raise self.error(f"{len(tricks)} tricks: a deal has 8")
        return tricks

    def auction(self, dealer: Seat, text: str) -> tuple[Auction, str | None]:
        """The auction section read as an :class:`Auction`, and the text to keep if needed.

        colver lets the bidding go round after a coinche (passes, and a
        surcoinche by the contract side); the project's rules (RULES.md) have
        the contract side answer once. The section is read by
        :meth:`Auction.read`, the leniency every record format shares, and the
        section as written is returned to be kept (tag ``CFNAuction``) when
        it differs from what the writer gives, so that writing gives it back.
        """
        tokens = [] if text == "-" else text.split("-")
        calls = []
        for i, token in enumerate(tokens):
            call = _CALLS.get(token)
            if call is None:
                m = _BID_TOKEN.fullmatch(token)
                if m is None:
                    raise self.error(f"auction call {i + 1} {token!r}: expected p, a bid like "
                                     "90h, a capot like Cs, x or xx")
                call = (f"Capot{m['suit'].upper()}" if m["capot"]
                        else f"{m['bid']}{m['suit'].upper()}")
            calls.append(call)
        try:
            auction = Auction.read(dealer, calls, COINCHE)
        except BeloteError as e:
            raise self.error(f"auction {text!r}: {e}") from None
        return auction, (None if _auction_text(auction) == text else text)

    def contract(self, text: str) -> tuple[Contract | None, str | None, bool]:
        """``(contract, its side's name or the bidding state, passed out)`` of the contract section."""
        if text == "0":
            return None, None, True
        if _BIDDING.fullmatch(text):
            return None, text, False
        m = _CONTRACT.fullmatch(text)
        if m is None:
            raise self.error(f"contract {text!r}: expected a bid, a lowercase suit and the "
                             "side (like '100hNS', '110cEWx', '250sNSxx'), '0' for a "
                             "passed-out deal or 'bid:...' during the auction")
        if len(m["bid"].lstrip("0")) > 4 or len(m["bid"]) > MAX_DIGITS:
            raise self.error(f"contract {text!r}: too many digits in the bid")
        bid = int(m["bid"])
        try:
            contract = Contract(CFN_SUITS.index(m["suit"]), None, bid,
                                1 << len(m["doubles"]), bid == COINCHE.capot_bid)
            check_contract(contract, COINCHE)
        except BeloteError as e:
            raise self.error(f"contract {text!r}: {e}") from None
        return contract, m["side"], False


def parse_game(text: str, *, file: str | None = None, board: str | None = None,
               line: int | None = None) -> Board:
    """The :class:`Board` of one CFN game (three or four sections).

    ``file``, ``board`` and ``line`` locate errors
    (:class:`~belote.errors.RecordError`) and are kept in the board.
    """
    game = _Game(text, file, board, line)
    sections = text.split()
    if len(sections) not in (3, 4):
        raise game.error(f"{len(sections)} sections: a CFN game has 3 (hands, tricks, "
                         "contract) or 4 (hands, auction, tricks, contract), separated by "
                         "spaces")
    head = sections[0]
    if len(head) < 2 or head[1] != ":" or head[0] not in "NESW":
        raise game.error(f"hands {head[:12]!r}: expected the dealer (N E S W), ':' and four "
                         "hands separated by '/'")
    dealer = parse_seat(head[0])
    hand_texts = head[2:].split("/")
    if len(hand_texts) != 4:
        raise game.error(f"{len(hand_texts)} hands: CFN writes 4 (N/E/S/W) separated by '/'")
    held = [game.hand(seat, t) for seat, t in enumerate(hand_texts)]
    contract, side, passed_out = game.contract(sections[-1])
    tricks = game.tricks(sections[-2])
    tags: list[tuple[str, str]] = []
    auction = None
    if len(sections) == 4:
        auction, raw = game.auction(dealer, sections[1])
        if raw is not None:
            tags.append((AUCTION_TAG, raw))
    elif passed_out:
        auction = Auction(dealer, ["P"] * 4)
    if side is not None and auction is None:
        tags.append((TAKER_SIDE_TAG, side) if contract else (BIDDING_TAG, side))
    if auction is not None and side is not None and contract is None:
        if auction.complete:
            raise game.error(f"the auction {sections[1]!r} is finished, yet the contract "
                             f"section says {sections[-1]!r}")
        if side != bidding_text(auction):
            raise game.error(f"the contract section {sections[-1]!r} contradicts the auction "
                             f"{sections[1]!r}, which gives {bidding_text(auction)!r}")
    if auction is not None:
        if auction.complete and (auction.passed_out != passed_out or (
                auction.contract is not None and side is not None and contract is not None
                and side != side_name(side_of(auction.contract.declarer)))):  # type: ignore[arg-type]
            got = "a passed-out deal" if auction.passed_out else (
                f"{auction.contract.to_pbn()} by "  # type: ignore[union-attr]
                f"{seat_name(auction.declarer)}")  # type: ignore[arg-type]
            raise game.error(f"the contract {sections[-1]!r} contradicts the auction "
                             f"{sections[1]!r}, which gives {got}")
        if not auction.complete and (contract is not None or passed_out):
            raise game.error(f"the auction {sections[1]!r} is not finished, yet the contract "
                             f"section says {sections[-1]!r}")
    if tricks and contract is None:
        raise game.error("the tricks need a contract (for the trump suit); the contract "
                         f"section says {sections[-1]!r}")
    played = [CardSet() for _ in range(4)]
    order: list[Card] = []
    leader = next_seat(dealer)
    for trick in tricks:
        for i, card in enumerate(trick):
            played[next_seat(leader, i)] |= CardSet([card])
            order.append(card)
        if len(trick) == 4:
            assert contract is not None
            leader = next_seat(leader, trick_winner_index(trick, contract.trump, COINCHE))
    hands = []
    for seat in range(4):
        both = held[seat] & played[seat]
        if both:
            raise game.error(f"{seat_name(seat)} plays {both} and still holds it")
        hands.append(held[seat] | played[seat])
    counts = [len(h) for h in hands]
    if counts != [8] * 4:
        who = ", ".join(f"{seat_name(s)} {c}" for s, c in enumerate(counts) if c != 8)
        raise game.error(f"the hands and the tricks give {who} cards, expected 8 each")
    try:
        deal = Deal(hands)
        deal.validate(cards_each=8)
        return Board(deal, board=board, dealer=dealer, profile=COINCHE, auction=auction,
                     contract=contract, cards=order, tags=tags,
                     source=BoardSource(file=file, line=line))
    except RecordError:
        raise
    except BeloteError as e:
        raise game.error(str(e)) from None


def iter_lines(lines: Iterable[str], file: str | None = None
               ) -> Iterator[Board | RecordError]:
    """The boards (or errors) of CFN ``lines``: one game a line; blank and ``#`` lines skipped."""
    count = 0
    for n, raw in enumerate(lines, 1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        count += 1
        try:
            yield parse_game(text, file=file, board=str(count), line=n)
        except RecordError as e:
            yield e


def loads(text: str, *, file: str | None = None) -> list[Board]:
    """Every game of CFN ``text``; the first bad one raises :class:`RecordError`.

    Boards are numbered from 1 in file order (their ``board``).
    """
    boards = []
    for item in iter_lines(io.StringIO(text, newline=None), file):
        if isinstance(item, RecordError):
            raise item
        boards.append(item)
    return boards


def iter_load(fp_or_path: IO[str] | IO[bytes] | str | os.PathLike[str], *,
              name: str | None = None) -> Iterator[Board | RecordError]:
    """The games of a CFN file one at a time, each a :class:`Board` or its error.

    A bad line does not stop the reading. Bytes that are not UTF-8 end it
    with an error naming the line.
    """
    if not hasattr(fp_or_path, "read"):
        with open(fp_or_path, "rb") as fp:
            yield from iter_load(fp, name=name if name is not None
                                 else os.fspath(fp_or_path))  # type: ignore[arg-type]
        return
    file = name if name is not None else getattr(fp_or_path, "name", None)
    lines = (fp_or_path if isinstance(fp_or_path, io.TextIOBase)
             else decoded_lines(fp_or_path, file))  # type: ignore[arg-type]
    try:
        yield from iter_lines(lines, file)  # type: ignore[arg-type]
    except RecordError as e:
        yield e


def load(fp_or_path: IO[str] | str | os.PathLike[str]) -> list[Board]:
    """Every game of a CFN file (open file or path); the first bad one raises."""
    boards = []
    for item in iter_load(fp_or_path):
        if isinstance(item, RecordError):
            raise item
        boards.append(item)
    return boards


def checked_tags(board: Board) -> tuple[dict[str, str], list[str]]:
    """The CFN bookkeeping tags of ``board`` that agree with it, and a sentence for each one that does not.

    The tags (:data:`OWN_TAGS`) only say how CFN wrote what the board
    holds; they are never trusted over the board. ``CFNAuction`` is kept
    when it reads as the board's auction, ``TakerSide`` when it names a
    side (``NS``, ``EW``) of a board with a contract and agrees with its
    declarer, ``CFNBidding`` when it is a ``bid:`` state of a board without
    a contract (the state its auction gives, if it has one). Any other is
    stale or garbage: it is left out, and the sentence says so.
    """
    tags = dict(board.tags)
    kept: dict[str, str] = {}
    for name in OWN_TAGS:
        value = tags.get(name)
        if value is None:
            continue
        if _agrees(board, name, value):
            kept[name] = value
    dropped = [f"the {name} tag {value!r} disagrees with the board (stale or not CFN): left out"
               for name, value in board.tags if name in OWN_TAGS and kept.get(name) != value]
    return kept, dropped


def _agrees(board: Board, name: str, value: str) -> bool:
    """Does the CFN bookkeeping tag ``name`` = ``value`` agree with ``board``?"""
    contract, auction = board.contract, board.auction
    if name == AUCTION_TAG:
        if auction is None or auction.profile is not COINCHE or not value.strip():
            return False
        try:
            read, _ = _Game(value, None, None, None).auction(auction.dealer, value)
        except BeloteError:
            return False
        return read == auction
    if name == TAKER_SIDE_TAG:
        return (value in ("NS", "EW") and contract is not None
                and (board.declarer is None or value == side_name(side_of(board.declarer))))
    return (contract is None and not board.passed_out and _BIDDING.fullmatch(value) is not None
            and (auction is None or value == bidding_text(auction)))


def _own_tags(board: Board) -> dict[str, str]:
    """The CFN bookkeeping tags of ``board`` that agree with it (:func:`checked_tags`)."""
    return checked_tags(board)[0]


def _taker_side(board: Board) -> str | None:
    """The name of the contract's side: from the declarer, else the ``TakerSide`` tag."""
    if board.declarer is not None:
        return side_name(side_of(board.declarer))
    return _own_tags(board).get(TAKER_SIDE_TAG)


def _auction_text(auction: Auction) -> str:
    """The auction section as colver writes it (after a coinche, the other seats pass or surcoinche)."""
    tokens = []
    for call in auction.calls:
        if call.kind == "bid":
            value = "C" if call.capot else str(call.bid)
            tokens.append(value + CFN_SUITS[call.trump])  # type: ignore[index]
        else:
            tokens.append({"P": "p", "X": "x", "XX": "xx"}[call.text])
    if auction.complete and tokens[-2:] == ["x", "p"]:
        tokens.extend(["p", "p"])
    return "-".join(tokens) or "-"


def _auction_section(board: Board) -> str | None:
    """The auction section to write, ``None`` for the three-section form (no auction).

    The ``CFNAuction`` tag when it reads as the board's auction (colver's
    own way of writing it), else the auction as colver writes it; a
    passed-out deal is ``p-p-p-p``.
    """
    auction = board.auction
    if auction is None:
        return None
    kept = _own_tags(board).get(AUCTION_TAG)
    if kept is not None:
        return kept
    return _auction_text(auction)


def bidding_text(auction: Auction) -> str:
    """The contract section of a game whose ``auction`` is under way (``bid:90hS/p0/c0/W``).

    ``bid:`` then the highest bid, its bidder, the passes since, the coinche
    level (0, 1 coinched, 2 surcoinched) and the seat to call; ``bid:0/pN/SEAT``
    before any bid.
    """
    state = auction.state
    turn, done = seat_name(state.seat), state.contract
    if done is None:
        return f"bid:0/p{state.passes}/{turn}"
    level = done.multiplier.bit_length() - 1
    assert done.trump is not None and done.declarer is not None
    return (f"bid:{done.bid}{CFN_SUITS[done.trump]}{seat_name(done.declarer)}"
            f"/p{state.passes}/c{level}/{turn}")


def _contract_text(board: Board) -> str:
    """The contract section of ``board``."""
    contract = board.contract
    if board.passed_out:
        return "0"
    if contract is None:
        if board.auction is not None:
            return bidding_text(board.auction)
        return _own_tags(board).get(BIDDING_TAG) or \
            f"bid:0/p0/{seat_name(next_seat(board.dealer or 0))}"
    if contract.bid is None:
        raise board.error(f"CFN holds coinche games: the {board.profile_name} contract "
                          f"{contract.to_pbn()} has no bid", "Contract")
    side = _taker_side(board)
    if side is None:
        raise board.error("CFN names the taking side: the board has no Declarer", "Contract")
    doubles = "x" * (contract.multiplier.bit_length() - 1)
    return f"{contract.bid}{CFN_SUITS[contract.trump]}{side}{doubles}"


def check_first_leader(board: Board) -> None:
    """Raise :class:`~belote.errors.RecordError` unless the first trick of ``board``, played
    or still to play, is led by the dealer's left: the only first lead CFN holds (a board
    without a dealer is :func:`fit_cfn`'s to refuse)."""
    if board.dealer is None:
        return
    left = next_seat(board.dealer)
    if board.first_leader() != left:
        raise board.error(f"CFN's first trick is led by the dealer's left "
                          f"({seat_name(left)}), not by {seat_name(board.first_leader())}",
                          "Play")


def fit_cfn(board: Board, number: int) -> tuple[Board, list[str]]:
    """``board`` as CFN holds it, written as game ``number``, and a sentence for each thing left out.

    CFN holds the dealer, the deal, the auction (or, without one, the
    contract and its side), the play from the dealer's left and the
    bookkeeping tags that agree with the board (:func:`checked_tags`).
    Left out, each named: the board name (games are numbered 1, 2...), the
    tags and sections, the declarer of a board without an auction (the
    side is kept), a first leader stated without any card played. Raises
    :class:`~belote.errors.RecordError` for a board CFN cannot hold at
    all: no dealer, classic rules, a first trick not led by the dealer's
    left, a contract without its side.
    """
    if board.dealer is None:
        raise board.error("CFN starts with the dealer: the board has no Dealer", "Dealer")
    classic = board.profile.auction != "numeric" or (
        board.auction is not None and board.auction.profile.auction != "numeric")
    contract = board.contract
    if classic or (contract is not None and contract.bid is None):
        what = (f"the {board.profile_name} contract {contract.to_pbn()} has no bid"
                if contract is not None else f"board {board.board} is {board.profile.name}")
        raise board.error(f"CFN holds coinche games: {what}", "Contract")
    left = next_seat(board.dealer)
    losses: list[str] = []
    if board.cards:
        check_first_leader(board)
    if not board.cards and board.play_leader is not None:
        losses.append("CFN states who leads only through the cards played: the first leader "
                      "stated without a card played left out")
    if board.board != str(number):
        losses.append("CFN numbers its games 1, 2...: the board name left out")
    for name, _ in board.tags:
        if name not in OWN_TAGS:
            losses.append(f"CFN has no tags: {name} left out")
    for name, lines in board.sections:
        if lines:
            losses.append(f"CFN has no tag sections: the {name} lines left out")
    own = _own_tags(board)
    tags: list[tuple[str, str]] = []
    declarer = board.declarer
    auction = board.auction
    if auction is not None:
        if own.get(AUCTION_TAG, _auction_text(auction)) != _auction_text(auction):
            tags.append((AUCTION_TAG, own[AUCTION_TAG]))
        if not auction.complete and declarer is not None:
            losses.append("CFN names no declarer while the auction is under way: the "
                          "declarer left out")
            declarer = None
    elif contract is not None:
        side = _taker_side(board)
        if side is None:
            raise board.error("CFN names the taking side: the board has no Declarer", "Contract")
        tags.append((TAKER_SIDE_TAG, side))
        if declarer is not None:
            losses.append("CFN without an auction names the taking side, not the seat: the "
                          "declarer left out (give the auction to keep it)")
        declarer = None
        contract = Contract(contract.trump, None, contract.bid, contract.multiplier,
                            contract.capot)
    else:
        tags.append((BIDDING_TAG, _contract_text(board)))
        if declarer is not None:
            losses.append("CFN names no declarer without a contract: the declarer left out")
        declarer = None
    fitted = Board(board.deal, board=str(number), dealer=board.dealer, profile=COINCHE,
                   auction=auction, contract=contract if auction is None else None,
                   declarer=declarer, play_leader=left if board.cards else None,
                   cards=board.cards, tags=tags, source=board.source)
    return fitted, losses


def dumps_game(board: Board) -> str:
    """The CFN line of ``board`` (no newline).

    Raises :class:`RecordError` for what CFN cannot hold: no dealer, a
    contract without a bid, a contract without its side.
    """
    if board.dealer is None:
        raise board.error("CFN starts with the dealer: the board has no Dealer", "Dealer")
    if board.play_leader is not None and board.play_leader != next_seat(board.dealer):
        raise board.error(f"CFN's first trick is led by the dealer's left "
                          f"({seat_name(next_seat(board.dealer))}), not by "
                          f"{seat_name(board.play_leader)}", "Play")
    contract = _contract_text(board)
    if board.cards:
        current = board.position().current_deal()
        hands = [CardSet() if h is None else h for h in current.hands]
    else:
        hands = [CardSet() if h is None else h for h in board.deal.hands]
    cards = list(board.cards)
    tricks = "/".join("".join(_card_text(c) for c in cards[i:i + 4])
                      for i in range(0, len(cards), 4)) or "-"
    head = seat_name(board.dealer) + ":" + "/".join(_hand_text(h) for h in hands)
    auction = _auction_section(board)
    middle = "" if auction is None else f" {auction}"
    return f"{head}{middle} {tricks} {contract}"


def dumps(boards: Iterable[Board]) -> str:
    """The CFN text of ``boards``: one game a line."""
    return "".join(dumps_game(b) + "\n" for b in boards)
