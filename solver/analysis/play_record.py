"""What each card of a play record cost: double-dummy values before and after it.

For every recorded card, in playing order, :func:`play_analysis` gives the
whole-deal double-dummy value of the position for both sides just before
the card and just after it (points of completed tricks count, as in
:mod:`belote.dd`). The player's side loses the difference, zero when
the card was one of the best; the best cards are listed in their classes of
interchangeable cards. :class:`PlayAnalysis` adds the totals given away per
seat and per side and, for a contract with a declarer, the double-dummy
verdict after every card, hence the cards that turned a made contract into
a failed one or the reverse.

The cost is one :func:`~belote.position_analysis` per card, all
sharing one :class:`~belote.dd.SearchContext`: the call made before
a card values every legal card, so it gives the value after the card
played, which is also the value before the next one.

>>> from belote import COINCHE, HEARTS, NORTH, Deal, Position
>>> ending = Deal.from_pbn("N:.A.7. .Q..8 .J.T. 8...A")
>>> start = Position(ending, HEARTS, NORTH, COINCHE, points=(80, 17), tricks_won=(3, 3))
>>> cards = play_analysis(start, "7D QH TD 8S 8C JH AC AH".split())
>>> cards[0]
CardAnalysis(trick=7, seat='N', card='7D', before=SidePair(ns=145, ew=17), after=SidePair(ns=121, ew=41), best=(('AH',),))
>>> [(seat_name(c.seat), card_name(c.card), c.loss) for c in cards if c.loss]
[('N', '7D', 24), ('W', '8S', 11)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..dd import PositionAnalysis, SearchContext
from ..dd.solve import position_analysis
from ..dd.verdict import ContractVerdict, verdict_from_points
from ..errors import BeloteError, IllegalPlayError
from ..board import Board
from ..rules.play import Position
from ..types.profile import RuleProfile, get_profile
from ..types.cards import Card, as_card, card_name
from ..types.contract import Contract
from ..types.deal import (EW, NS, SEATS, SIDES, Seat, Side, SidePair, as_seat, seat_name,
                          side_name)

__all__ = ["CardAnalysis", "OutcomeChange", "PlayAnalysis", "play_analysis", "board_play_analysis",
           "outcome", "recorded_cards"]


@dataclass(frozen=True)
class CardAnalysis:
    """One played card and the double-dummy values around it.

    ``trick`` is the trick number (1 to 8), ``seat`` the player; ``before``
    and ``after`` are the whole-deal values of both sides just before and
    just after ``card``. ``best`` holds the legal cards that keep the
    player's side at its value, in classes of interchangeable cards
    (strongest first); ``card`` is among them exactly when ``loss`` is 0.
    Cards and the seat may be given by name; they are stored as ints.

    >>> c = CardAnalysis(2, "E", "7C", (72, 90), (82, 80), (("AC",), ("KD", "QD")))
    >>> c.side, c.loss, c.best_names()
    (1, 10, ['AC', 'KD QD'])
    >>> eval(repr(c)) == c
    True
    """

    trick: int
    seat: Seat
    card: Card
    before: SidePair
    after: SidePair
    best: tuple[tuple[Card, ...], ...]

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "seat", as_seat(self.seat))
        set_(self, "card", as_card(self.card))
        set_(self, "before", SidePair(*self.before))
        set_(self, "after", SidePair(*self.after))
        set_(self, "best", tuple(tuple(as_card(c) for c in cls) for cls in self.best))
        if not 1 <= self.trick <= 8 or self.seat not in SEATS:
            raise BeloteError(f"trick {self.trick}, seat {self.seat}: expected 1..8 and 0..3")
        if self.loss < 0:
            raise BeloteError(f"{card_name(self.card)} raises {side_name(self.side)}'s value "
                              f"from {self.before[self.side]} to {self.after[self.side]}: "
                              "a card cannot gain over the double-dummy value")

    @property
    def side(self) -> Side:
        """The side of the player."""
        return self.seat & 1

    @property
    def loss(self) -> int:
        """The points the card gave away for the player's side (0 if it kept the value)."""
        return self.before[self.side] - self.after[self.side]

    def best_names(self) -> list[str]:
        """The classes of :attr:`best`, each as card names joined by spaces."""
        return [" ".join(card_name(c) for c in cls) for cls in self.best]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``trick, seat, card, before, after, loss, best``.

        >>> CardAnalysis(1, "N", "JS", (100, 62), (100, 62), (("JS",),)).to_dict()
        {'trick': 1, 'seat': 'N', 'card': 'JS', 'before': {'NS': 100, 'EW': 62}, 'after': {'NS': 100, 'EW': 62}, 'loss': 0, 'best': [['JS']]}
        """
        return {
            "trick": self.trick,
            "seat": seat_name(self.seat),
            "card": card_name(self.card),
            "before": self.before.to_dict(),
            "after": self.after.to_dict(),
            "loss": self.loss,
            "best": [[card_name(c) for c in cls] for cls in self.best],
        }

    def __repr__(self) -> str:
        best = tuple(tuple(card_name(c) for c in cls) for cls in self.best)
        return (f"CardAnalysis(trick={self.trick}, seat={seat_name(self.seat)!r}, "
                f"card={card_name(self.card)!r}, before={self.before!r}, "
                f"after={self.after!r}, best={best!r})")


def outcome(verdict: ContractVerdict) -> str:
    """``"made"``, ``"litige"`` (equal totals in classic) or ``"failed"``."""
    return "litige" if verdict.litige else "made" if verdict.made else "failed"


@dataclass(frozen=True)
class OutcomeChange:
    """A card after which the contract's double-dummy outcome is no longer the same.

    ``index`` is the card's place in :attr:`PlayAnalysis.cards`; ``before``
    and ``after`` are :func:`outcome` names.
    """

    index: int
    card: CardAnalysis
    before: str
    after: str

    def to_dict(self) -> dict[str, Any]:
        """``{"trick", "seat", "card", "before", "after"}``."""
        return {"trick": self.card.trick, "seat": seat_name(self.card.seat),
                "card": card_name(self.card.card), "before": self.before, "after": self.after}


@dataclass(frozen=True)
class PlayAnalysis:
    """The analysis of a board's play record, card by card.

    ``board`` and ``file`` say where the record comes from (either may be
    ``None``), ``mode`` is the rule profile's name, ``contract`` the board's
    contract (``None`` if it has none), ``belote`` the side holding trump
    K+Q, and ``cards`` the :class:`CardAnalysis` of every recorded card in
    playing order.

    >>> from belote import COINCHE, Deal, Position, parse_contract
    >>> ending = Deal.from_pbn("N:.A.7. .Q..8 .J.T. 8...A")
    >>> start = Position(ending, 1, 0, COINCHE, points=(80, 17), tricks_won=(3, 3))
    >>> play = PlayAnalysis(None, None, "coinche", parse_contract("130H", COINCHE, 0), None,
    ...                     play_analysis(start, "7D QH TD 8S 8C JH AC AH".split()))
    >>> play.side_given_away(), play.seat_errors()
    (SidePair(ns=24, ew=11), (1, 0, 0, 1))
    >>> [(ch.index, ch.before, ch.after) for ch in play.changes()]
    [(0, 'made', 'failed'), (3, 'failed', 'made')]
    >>> eval(repr(play)) == play
    True
    """

    board: str | None
    file: str | None
    mode: str
    contract: Contract | None
    belote: Side | None
    cards: tuple[CardAnalysis, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))

    @property
    def profile(self) -> RuleProfile:
        """The rule profile named by :attr:`mode`."""
        return get_profile(self.mode)

    @property
    def judged(self) -> bool:
        """Whether the contract can be judged (there is one, with a declarer)."""
        return self.contract is not None and self.contract.declarer is not None

    def errors(self) -> tuple[CardAnalysis, ...]:
        """The cards that lost points for their side."""
        return tuple(c for c in self.cards if c.loss > 0)

    def seat_given_away(self) -> tuple[int, int, int, int]:
        """The points each seat (N E S W) gave away, in total."""
        lost = [0] * 4
        for c in self.cards:
            lost[c.seat] += c.loss
        return (lost[0], lost[1], lost[2], lost[3])

    def seat_errors(self) -> tuple[int, int, int, int]:
        """The number of cards of each seat (N E S W) that lost points."""
        count = [0] * 4
        for c in self.errors():
            count[c.seat] += 1
        return (count[0], count[1], count[2], count[3])

    def side_given_away(self) -> SidePair:
        """The points each side gave away, in total."""
        lost = self.seat_given_away()
        return SidePair(lost[0] + lost[2], lost[1] + lost[3])

    def side_errors(self) -> SidePair:
        """The number of cards of each side that lost points."""
        count = self.seat_errors()
        return SidePair(count[0] + count[2], count[1] + count[3])

    def verdicts(self) -> list[ContractVerdict]:
        """The contract's double-dummy verdict before the first card and after each card.

        ``len(cards) + 1`` verdicts, judged as
        :func:`~belote.dd.verdict.judge_contract` does from the taker's
        value, the defence taking every trick when its value is the capot's;
        empty when the contract cannot be judged (:attr:`judged`).
        """
        if not self.judged or not self.cards:
            return []
        contract = self.contract
        assert contract is not None and contract.side is not None
        taker, profile = contract.side, self.profile
        values = [self.cards[0].before, *(c.after for c in self.cards)]
        return [verdict_from_points(profile, contract, v[taker], self.belote,
                                    defence_capot=v[1 - taker] == profile.capot_trick_points)
                for v in values]

    def changes(self) -> list[OutcomeChange]:
        """The cards after which the contract's outcome changed (see :meth:`verdicts`)."""
        names = [outcome(v) for v in self.verdicts()]
        return [OutcomeChange(i, self.cards[i], names[i], names[i + 1])
                for i in range(len(names) - 1) if names[i] != names[i + 1]]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``board, file, mode, contract, declarer, belote, cards, summary,
        outcome`` (``outcome`` is ``None`` when the contract cannot be judged)."""
        lost, count = self.seat_given_away(), self.seat_errors()
        side_lost, side_count = self.side_given_away(), self.side_errors()
        contract = self.contract
        verdicts = self.verdicts()
        result: dict[str, Any] | None = None
        if verdicts:
            result = {"side": side_name(verdicts[0].side), "needed": verdicts[0].needed,
                      "start": outcome(verdicts[0]), "end": outcome(verdicts[-1]),
                      "changes": [ch.to_dict() for ch in self.changes()]}
        return {
            "board": self.board,
            "file": self.file,
            "mode": self.mode,
            "contract": None if contract is None else contract.to_pbn(),
            "declarer": (None if contract is None or contract.declarer is None
                         else seat_name(contract.declarer)),
            "belote": None if self.belote is None else side_name(self.belote),
            "cards": [c.to_dict() for c in self.cards],
            "summary": {
                "seats": {seat_name(s): {"given_away": lost[s], "errors": count[s]}
                          for s in SEATS},
                "sides": {side_name(s): {"given_away": side_lost[s], "errors": side_count[s]}
                          for s in SIDES},
            },
            "outcome": result,
        }


def _best_classes(analysis: PositionAnalysis) -> tuple[tuple[Card, ...], ...]:
    """The classes of interchangeable cards that keep the mover's side at its value."""
    best = set(analysis.best_cards())
    classes: list[tuple[Card, ...]] = []
    for cv in analysis.cards:
        if cv.card in best and cv.equivalents not in classes:
            classes.append(cv.equivalents)
    return tuple(classes)


def play_analysis(position: Position, cards: Iterable[Card | str], *,
                 context: SearchContext | None = None) -> tuple[CardAnalysis, ...]:
    """Analyse ``cards``, played in this order from ``position`` (left unchanged).

    One :func:`~belote.position_analysis` per card, with one search
    context for all (a new one unless ``context`` is given). Raises
    :class:`~belote.errors.IllegalPlayError` for a card that may not
    be played; the cards before it are not reported.

    >>> from belote import COINCHE, Deal, Position
    >>> start = Position(Deal.from_pbn("N:A... 7... K... 8..."), 0, 0, COINCHE,
    ...                  points=(85, 52), tricks_won=(5, 2))
    >>> [c.after for c in play_analysis(start, ["AS", "7S", "KS", "8S"])][-1]
    SidePair(ns=110, ew=52)
    """
    pos = position.copy()
    context = context or SearchContext()
    out: list[CardAnalysis] = []
    for card in cards:
        card = as_card(card)
        if pos.is_over:
            raise IllegalPlayError(f"{card_name(card)}: the deal is already over")
        analysis = position_analysis(pos, context=context)
        played = [cv for cv in analysis.cards if cv.card == card]
        if not played:
            pos.play(card)  # raises the IllegalPlayError that says why
        trick, seat = sum(pos.tricks_won) + 1, pos.to_move
        before = SidePair(analysis.value[NS], analysis.value[EW])
        after = SidePair(played[0].ns, played[0].ew)
        out.append(CardAnalysis(trick, seat, card, before, after, _best_classes(analysis)))
        pos.play(card)
    return tuple(out)


def recorded_cards(board: Board) -> tuple[Position, list[Card]]:
    """The start of play of ``board`` (under its rules) and its recorded cards in playing order.

    The board holds them already checked, in playing order. Raises the
    board's :class:`~belote.errors.RecordError` when the trump is unknown
    (no contract) or when nothing is recorded.

    >>> from belote.formats.pbn import loads
    >>> [board] = loads('''[Deal "N:AKQJ.AKQJ.. .T987.T987. T987...AKQJ ..AKQJ.T987"]
    ... [Declarer "E"]
    ... [Contract "100H"]
    ... [Play "E"]
    ... H7 S7 C7 HA
    ... - - - HJ
    ... *''')
    >>> start, cards = recorded_cards(board)
    >>> seat_name(start.to_move), [card_name(c) for c in cards]
    ('E', ['7H', '7S', '7C', 'AH', 'JH'])
    """
    contract = board.contract
    if contract is None:
        raise board.error("no Contract tag: the trump suit is unknown", "Deal")
    if not board.cards:
        raise board.error("no play record to analyse (the Play section records no card)"
                          if board.play_leader is not None
                          else "no play record to analyse (no Play section)", "Play")
    return (Position(board.deal, contract.trump, board.first_leader(), board.profile),
            list(board.cards))


def board_play_analysis(board: Board, *, context: SearchContext | None = None) -> PlayAnalysis:
    """Analyse the play record of ``board`` under its rules (another profile's:
    ``board_play_analysis(board.under(profile))``).

    Raises the board's :class:`~belote.errors.RecordError` as
    :func:`recorded_cards` does.
    """
    start, cards = recorded_cards(board)
    return PlayAnalysis(board.board, board.file, board.profile.name, board.contract,
                        start.belote_side(), play_analysis(start, cards, context=context))
