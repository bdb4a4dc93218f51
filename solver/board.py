"""The game record of one board, apart from any file syntax: the one record every reader builds.

A :class:`Board` holds the deal as dealt (eight cards each), the dealer, the
rule profile, the contract (a :class:`~belote.types.contract.Contract`
with its declarer), the cards played in playing order, and any other tags of
the file it came from. It is immutable and checked when built: the deal is
complete, the contract fits the profile, and every played card was legal
(the play is replayed once, from the cards in playing order or from rows in
seat columns, as PBN writes them). Readers (PBN, CFN, JSON, the rows of a
database) build it; writers turn it back into their syntax
(:func:`belote.formats.pbn.dumps` writes the play in PBN's seat columns).

Where the board was read (``file``, ``line``, the line of each tag and of
each trick of the play) is kept in ``source`` for error messages; it takes no
part in equality. A board has one rule profile, given when it is built
(:meth:`Board.under` gives the same board under other rules). A board replays its play (a
:class:`~belote.rules.play.Position`), so this module stands above the rules,
beside the file formats.

>>> from belote import Deal
>>> board = Board(Deal.from_pbn("N:AKQJ.AKQJ.. .T987.T987. T987...AKQJ ..AKQJ.T987"),
...               board="1", dealer=0, profile="coinche", contract="100H", declarer=1,
...               cards="H7 S7 C7 HA HJ")
>>> board.position().to_move, board.position().points
(1, SidePair(ns=11, ew=0))
>>> classic = board.under("classic")
>>> classic.profile.name, classic.contract.to_pbn(), classic.position().points
('classic', 'H', SidePair(ns=11, ew=0))
>>> eval(repr(board)) == board
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import BeloteError, ContractError, DealError, IllegalPlayError, RecordError
from .rules.play import Position
from .types.auction import Auction
from .types.cards import Card, as_card, card_name
from .types.contract import Contract, check_contract, parse_contract, reread_contract
from .types.deal import Deal, Seat, as_seat, next_seat, seat_name
from .types.profile import COINCHE, RuleProfile, get_profile

__all__ = ["BoardSource", "opening_leader"]


@dataclass(frozen=True)
class BoardSource:
    """Where a board was read: for error messages only.

    ``line`` is the board's first line; ``tag_lines`` the line of each tag;
    ``trick_lines`` the line of each trick of the play record, in playing
    order (a PBN play row); ``tag_order`` every tag name in the order read
    (writers keep it); ``error_class`` the class of the errors located here (a
    :class:`~belote.errors.RecordError`; PBN's reader gives
    :class:`~belote.errors.PBNDecodeError`).
    """

    file: str | None = None
    line: int | None = None
    tag_lines: Mapping[str, int] = field(default_factory=dict)
    trick_lines: tuple[int, ...] = ()
    tag_order: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    error_class: type[RecordError] = RecordError

    def error(self, message: str, board: str | None = None, tag: str | None = None,
              trick: int | None = None) -> RecordError:
        """The error (an :attr:`error_class`) of board ``board`` at the line of trick ``trick``
        (0 for the first), else of ``tag``, else the board's first line: the one located error
        of a board's record, whatever its format.

        >>> str(BoardSource("a.pbn", 3, {"Deal": 5}, (9, 10)).error("bad", "1", "Deal", trick=1))
        'a.pbn: board 1: line 10: bad'
        """
        line = None
        if trick is not None and trick < len(self.trick_lines):
            line = self.trick_lines[trick]
        elif tag is not None:
            line = self.tag_lines.get(tag)
        return self.error_class(message, file=self.file, board=board, line=line or self.line)


def opening_leader(play_leader: Seat | None, dealer: Seat | None,
                   source: BoardSource | None = None, board: str | None = None) -> Seat:
    """The leader of the first trick: ``play_leader`` when the record names one, else the
    dealer's left.

    Neither known raises :class:`~belote.errors.RecordError` at the ``Deal`` tag of
    ``source`` (of board ``board``).

    >>> opening_leader(None, 3), opening_leader(2, 3)
    (0, 2)
    """
    if play_leader is not None:
        return play_leader
    if dealer is None:
        raise (source or BoardSource()).error(
            "no Play or Dealer tag: the leader of the first trick is unknown", board, "Deal")
    return next_seat(dealer)


@dataclass(frozen=True, init=False)
class Board:
    """One board: deal, dealer, rule profile, auction, contract, play in playing order, other tags.

    ``stated_profile`` is the rule profile the board states (given as
    ``profile=``; ``None``: not stated, played as coinche): the board's one
    :attr:`profile`, which :meth:`under` changes;
    ``auction`` the :class:`~belote.types.auction.Auction`
    when the record has one: a complete auction gives the contract and the
    declarer (a contract given too must agree with it, else
    :class:`~belote.errors.ContractError` names both), and an auction of
    passes only makes the board a passed-out deal (:attr:`passed_out`), which
    has no contract and no play. ``play_leader`` the seat that led the first recorded
    trick when the record says so (else the dealer's left leads); ``cards`` the play
    in playing order (given as ``cards=``, or as ``play=`` rows in seat columns,
    as :func:`belote.formats.pbn.play_rows` gives them); ``tags`` the other tags (``Event``, ``Auction``...) as ``(name, value)``
    pairs and ``sections`` their data lines, kept for writers.
    """

    deal: Deal
    board: str | None
    dealer: Seat | None
    stated_profile: RuleProfile | None
    auction: Auction | None
    contract: Contract | None
    declarer: Seat | None
    play_leader: Seat | None
    cards: tuple[Card, ...]
    tags: tuple[tuple[str, str], ...]
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    source: BoardSource = field(compare=False)

    def __init__(self, deal: Deal, *, board: str | None = None, dealer: Seat | str | None = None,
                 profile: RuleProfile | str | None = None, auction: Auction | None = None,
                 contract: Contract | str | None = None,
                 declarer: Seat | str | None = None, play_leader: Seat | str | None = None,
                 cards: Iterable[Card | str] | str = (),
                 play: Iterable[Sequence[Card | str | None]] = (),
                 tags: Iterable[tuple[str, str]] = (),
                 sections: Iterable[tuple[str, Iterable[str]]] = (),
                 source: BoardSource | None = None) -> None:
        """Check and store the record; strings are parsed (a profile name, a contract, cards,
        seat letters ``N E S W`` for ``dealer``, ``declarer`` and ``play_leader``).

        The play is ``cards`` in playing order, or ``play``: rows of four
        cards in seat columns from the first leader, ``None`` (or ``"-"``)
        for a card not played yet, as :func:`belote.formats.pbn.play_rows` gives
        them. Raises
        :class:`~belote.errors.BeloteError` (a subclass) for an incomplete
        deal, a contract the rules do not allow, or a card that is not held,
        not legal or out of turn (the message names the trick; located at
        the trick's line when ``source`` has one).
        """
        dealer, declarer, play_leader = (None if seat is None else as_seat(seat, name)
                                         for name, seat in (("dealer", dealer),
                                                            ("declarer", declarer),
                                                            ("play_leader", play_leader)))
        stated = None if profile is None else get_profile(profile)
        if isinstance(contract, str):
            contract = parse_contract(contract, stated or COINCHE, declarer)
        elif contract is not None:
            check_contract(contract, stated or COINCHE)
            if declarer is None:
                declarer = contract.declarer
            elif contract.declarer != declarer:
                raise ContractError(f"the contract's declarer {contract.declarer} is not the "
                                    f"board's {declarer}")
        if auction is not None:
            dealer, contract, declarer = _from_auction(auction, dealer, contract, declarer)
        if isinstance(cards, str):
            cards = cards.split()
        played = tuple(as_card(c) for c in cards)
        rows = [[None if c is None or c == "-" else as_card(c) for c in row] for row in play]
        while rows and all(c is None for c in rows[-1]):
            rows.pop()  # rows of '-' only at the end add no card: the record has stopped
        if played and rows:
            raise BeloteError("a play record is given as cards or as rows, not both")
        if any(len(row) != 4 for row in rows):
            raise DealError("a play row has one column per seat: "
                            f"{', '.join(str(len(row)) for row in rows)} columns given")
        deal.validate(cards_each=8)
        if auction is not None:
            _check_turned(deal, auction)
        source = source or BoardSource()
        if played or rows:
            if contract is None:
                raise ContractError("a play record needs a contract (for the trump suit)"
                                    if auction is None or not auction.passed_out else
                                    "a passed-out deal (four passes) has no play record")
            if play_leader is None:
                if dealer is None:
                    raise DealError("a play record needs its leader or the dealer")
                play_leader = next_seat(dealer)  # stated, as a PBN Play tag states it
            end = _replay(deal, contract.trump, play_leader, stated or COINCHE,
                          rows or _tricks(played), bool(rows), _play_error(source, board))
            played = tuple(c for trick in end.tricks for c in trick.cards) + tuple(end.trick)
            object.__setattr__(self, "_end", end)
        stored: object
        for name, stored in (("deal", deal), ("board", board), ("dealer", dealer),
                            ("stated_profile", stated), ("auction", auction),
                            ("contract", contract), ("declarer", declarer),
                            ("play_leader", play_leader), ("cards", played),
                            ("tags", tuple((n, v) for n, v in tags)),
                            ("sections", tuple((n, tuple(lines)) for n, lines in sections)),
                            ("source", source)):
            object.__setattr__(self, name, stored)

    @property
    def profile(self) -> RuleProfile:
        """The rule profile the board is played under: the stated one, else coinche."""
        return self.stated_profile or COINCHE

    def under(self, profile: str | RuleProfile | None) -> "Board":
        """This board under the rules of ``profile`` (itself when they are its own, or for
        ``None``).

        The contract is read again as :func:`~belote.types.contract.reread_contract`
        says (under classic, a contract with a bid stands for its trump taken by
        its declarer) and the play is checked once under the new rules. A
        contract they do not allow raises the board's located error at its
        ``Contract`` tag, a card they forbid the error at its trick
        (:meth:`error`).

        >>> board = Board(Deal.from_pbn("N:AKQJ.AKQJ.. .T987.T987. T987...AKQJ ..AKQJ.T987"),
        ...               dealer=0, contract="100HX", declarer="E", cards="H7 S7")
        >>> board.under("coinche") is board, board.under("classic").contract.to_pbn()
        (True, 'H')
        """
        rules = self.profile if profile is None else get_profile(profile)
        if rules == self.profile:
            return self
        contract = self.contract
        if contract is not None:
            try:
                contract = reread_contract(contract, rules)
            except ContractError as e:
                raise self.error(f"Contract tag: {e}", "Contract") from None
        other = object.__new__(Board)
        other.__dict__.update({name: value for name, value in self.__dict__.items()
                               if name != "_end"})
        object.__setattr__(other, "stated_profile", rules)
        object.__setattr__(other, "contract", contract)
        if self.cards:
            assert contract is not None, "a play record has a contract"
            object.__setattr__(other, "_end", _replay(
                self.deal, contract.trump, self.first_leader(), rules, _tricks(self.cards),
                False, _play_error(self.source, self.board)))
        return other

    @property
    def profile_name(self) -> str | None:
        """The name of the stated profile (``None`` when not stated)."""
        return None if self.stated_profile is None else self.stated_profile.name

    @property
    def passed_out(self) -> bool:
        """Whether the deal was passed out: its auction is four passes (no contract, no play)."""
        return self.auction is not None and self.auction.passed_out

    @property
    def file(self) -> str | None:
        """The file the board was read from."""
        return self.source.file

    @property
    def line(self) -> int:
        """The board's first line in its file (0 when not read from a file)."""
        return self.source.line or 0

    @property
    def trump(self) -> int | None:
        """The trump suit of the contract, ``None`` without one."""
        return None if self.contract is None else self.contract.trump

    def error(self, message: str, tag: str | None = None, trick: int | None = None
              ) -> RecordError:
        """The error of this board located at ``trick``'s line (0 for the first), ``tag``'s,
        else the board's (:meth:`BoardSource.error`): the one helper every check of a board
        raises."""
        return self.source.error(message, self.board, tag, trick)

    def first_leader(self) -> Seat:
        """The leader of the first trick: the play record's, else the dealer's left
        (:func:`opening_leader`)."""
        return opening_leader(self.play_leader, self.dealer, self.source, self.board)

    def position(self) -> Position:
        """The position after the recorded play (a copy: the caller may play on).

        The play is replayed once, when the board is built (or put
        :meth:`under` other rules); without a play record the position is the
        start of play. Without a contract (no trump) raises the board's error
        at its ``Deal`` tag.
        """
        end: Position | None = self.__dict__.get("_end")
        if end is None:
            if self.contract is None:
                raise self.error("no Contract tag: the trump suit is unknown", "Deal")
            end = Position(self.deal, self.contract.trump, self.first_leader(), self.profile)
            object.__setattr__(self, "_end", end)
        return end.copy()

    def replace(self, **changes: Any) -> "Board":
        """A copy with some fields changed (checked again)."""
        fields = {name: getattr(self, name) for name in (
            "board", "dealer", "stated_profile", "auction", "contract", "declarer", "play_leader",
            "cards", "tags",
            "sections", "source")}
        fields["profile"] = fields.pop("stated_profile")
        if "play" in changes:
            del fields["cards"]
        fields.update(changes)
        return Board(fields.pop("deal", self.deal), **fields)

    def __repr__(self) -> str:
        parts = [repr(self.deal)]
        if self.board is not None:
            parts.append(f"board={self.board!r}")
        if self.dealer is not None:
            parts.append(f"dealer={seat_name(self.dealer)!r}")
        if self.stated_profile is not None:
            parts.append(f"profile={self.stated_profile.name!r}")
        if self.auction is not None:
            parts.append(f"auction={self.auction!r}")
        if self.contract is not None:
            parts.append(f"contract={self.contract.to_pbn()!r}")
        for name in ("declarer", "play_leader"):
            if getattr(self, name) is not None:
                parts.append(f"{name}={seat_name(getattr(self, name))!r}")
        if self.cards:
            parts.append(f"cards={' '.join(card_name(c) for c in self.cards)!r}")
        if self.tags:
            parts.append(f"tags={self.tags!r}")
        if self.sections:
            parts.append(f"sections={self.sections!r}")
        return f"Board({', '.join(parts)})"


def _tricks(cards: Sequence[Card]) -> list[Sequence[Card | None]]:
    """Cards in playing order cut into tricks of four (the last may be shorter)."""
    return [cards[i:i + 4] for i in range(0, len(cards), 4)]


def _play_error(source: BoardSource, board: str | None) -> Callable[[str, int], BeloteError]:
    """The error of a faulty card in trick ``t``: located when the board was read from a file,
    else an :class:`~belote.errors.IllegalPlayError`."""
    def error(message: str, t: int) -> BeloteError:
        if source.file is None and not source.trick_lines:
            return IllegalPlayError(message)
        return source.error(message, board, trick=t)
    return error


def _replay(deal: Deal, trump: int, leader: Seat, profile: RuleProfile,
            tricks: Sequence[Sequence[Card | None]], columns: bool,
            error: Callable[[str, int], BeloteError]) -> Position:
    """The position after ``tricks`` played from the start of ``deal``: each card checked once.

    A trick holds its cards in playing order, or, with ``columns``, in seat
    columns from ``leader`` (the layout of :func:`belote.formats.pbn.play_rows`), each trick
    played from its leader, ``None`` for a card not played. A card that is
    not held or not legal, played before an earlier seat's (``None``) of its
    trick, or a trick after an unfinished one raises ``error(message, trick)``.
    """
    pos = Position(deal, trump, leader, profile)
    missing: Seat | None = None
    for t, row in enumerate(tricks):
        if missing is not None:
            raise error(f"trick {t + 1} follows trick {t}, which is unfinished", t)
        lead = pos.leader
        for k in range(4):
            seat = next_seat(lead, k)
            at = (seat - leader) % 4 if columns else k
            card = row[at] if at < len(row) else None
            if card is None:
                missing = seat if missing is None else missing
            elif missing is not None:
                raise error(f"trick {t + 1}: {seat_name(seat)} plays {card_name(card)} before "
                            f"{seat_name(missing)} has played", t)
            else:
                try:
                    pos.play(card)
                except IllegalPlayError as e:
                    raise error(f"trick {t + 1}: {e}", t) from None
    return pos


def _check_turned(deal: Deal, auction: Auction) -> None:
    """A classic record's deal must give the turned card to the seat that took it (the taker
    picks it up, whichever suit it took): raises :class:`~belote.errors.ContractError` naming
    where the deal puts it."""
    contract = auction.contract if auction.complete else None
    if auction.turned is None or contract is None or contract.declarer is None:
        return
    holder = deal.holder(auction.turned)
    if holder is not None and holder != contract.declarer:
        raise ContractError(f"{seat_name(contract.declarer)} took the turned card "
                            f"{card_name(auction.turned)}, but the deal gives it to "
                            f"{seat_name(holder)}")


def _from_auction(auction: Auction, dealer: Seat | None, contract: Contract | None,
                  declarer: Seat | None) -> tuple[Seat, Contract | None, Seat | None]:
    """The dealer, contract and declarer of a board with ``auction`` (checked against it).

    A contract or declarer given with a complete auction must be the
    auction's; one given with an auction not finished is an error too.
    """
    if dealer is not None and dealer != auction.dealer:
        raise ContractError(f"the auction is dealt by {seat_name(auction.dealer)}, the board "
                            f"by {seat_name(dealer)}")
    if not auction.complete:
        if contract is not None:
            raise ContractError(f"the auction is not finished ({seat_name(auction.turn or 0)} to "
                                f"call), yet the contract is {contract.to_pbn()}")
        return auction.dealer, None, declarer
    derived = auction.contract
    if derived is None:
        if contract is not None:
            raise ContractError(f"the contract {contract.to_pbn()} contradicts the auction, "
                                "which is passed out (four passes)")
        return auction.dealer, None, declarer
    assert derived.declarer is not None
    by = seat_name(derived.declarer)
    if contract is None:
        contract = derived if declarer is None else Contract(
            derived.trump, declarer, derived.bid, derived.multiplier, derived.capot)
    same = (contract.trump, contract.bid, contract.multiplier, contract.capot) == (
        derived.trump, derived.bid, derived.multiplier, derived.capot)
    if derived.bid is None or contract.bid is None:  # classic: a take is the trump only
        same = contract.trump == derived.trump
    taker = declarer if declarer is not None else contract.declarer
    if not same or taker not in (None, derived.declarer):
        given = contract.to_pbn() + ("" if taker is None else f" by {seat_name(taker)}")
        raise ContractError(f"the contract {given} contradicts the auction, which gives "
                            f"{derived.to_pbn()} by {by}")
    return auction.dealer, Contract(contract.trump, derived.declarer, contract.bid,
                                    contract.multiplier, contract.capot), derived.declarer
