"""What an auction says about the hidden hands, under a convention profile.

Each call of the auction is classified (:func:`call_kind`: an opening, a
raise of partner, a pass over an opponent's contract...), the profile's
first matching rule (:mod:`.conventions`) gives what it says of the
caller's hand, and that becomes exact constraints on the caller's seat:
holdings sets per suit and card counts
(:meth:`~belote.sampling.constraints.Constraints.with_holdings`,
:meth:`~belote.sampling.constraints.Constraints.with_count`). The viewer's
own calls add nothing (their hand is known).

When no deal is left, the first call after which none is left is named
(:class:`AuctionImpossible`).

>>> from belote import Auction
>>> from belote.auction import DEFAULT
>>> from belote.sampling import Constraints
>>> seen = Constraints().with_text(hand=["S:JH 9H AH TH KS AS AD 7C"])
>>> read = read_auction(Auction.parse("N:P E:90S S:P W:100S N:P"), DEFAULT, seen, viewer=2)
>>> for line in read.lines():
...     print(line)
N:P  pass-first: every suit (as trump): not (length 4-8, all of J 9)
E:90S  opening: S: length 3-8, all of J 9
S:P  pass-opponent: your own call (your hand is known)
W:100S  raise: holds 1-5 of J 9 of S + side A
N:P  pass-opponent: S: not (all of J 9); every suit (as trump): not (length 5-8, all of J 9)
>>> read.layouts < DealSampler(seen).count()
True
>>> read_auction(Auction.parse("N:90H"), DEFAULT, seen, viewer=2)
Traceback (most recent call last):
...
belote.auction.inference.AuctionImpossible: call 1 (N:90H, opening) cannot be met: with S's hand and the calls before it, no deal gives N H: length 3-8, all of J 9 (S holds A J 10 9 of H)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ConstraintError
from ..sampling.constraints import Constraints
from ..sampling.sampler import DealSampler
from ..types.auction import BID, COINCHE_CALL, PASS, Auction, Call, CallState
from ..types.cards import SUIT_MASKS, SUIT_NAMES, SUITS, CardSet, Suit
from ..types.deal import Seat, partner, seat_name
from .conventions import Conventions, Rule

__all__ = [
    "AuctionImpossible",
    "AuctionReading",
    "Inference",
    "call_kind",
    "read_auction",
]


class AuctionImpossible(ConstraintError):
    """No deal fits the viewer's hand, the auction and the conventions; names the call."""

    def __init__(self, message: str, *, call: int) -> None:
        super().__init__(message)
        self.call = call


def call_kind(auction: Auction, state: CallState, call: Call
              ) -> tuple[str, Suit | None, int | None]:
    """The kind of ``call`` (a key of :data:`~.conventions.CALL_KINDS`), its suit and raise.

    The suit is the one the call's rule calls trump (the suit bid, or the
    contract's suit for a coinche or a pass over a contract); the raise is
    how far a raise goes above partner's bid.

    >>> a = Auction.parse("N:80H E:P S:100H W:X")
    >>> [call_kind(a, s, c) for s, c in a.history()]
    [('opening', 1, None), ('pass-opponent', 1, None), ('raise', 1, 20), ('coinche', 1, None)]
    """
    seat, contract = state.seat, state.contract
    if auction.profile.auction != "numeric":
        assert auction.turned is not None
        if call.kind == BID:
            return ("take-turned" if state.round == 1 else "take-second"), call.trump, None
        if state.round == 1:
            return "pass-turned", auction.turned >> 3, None
        return "pass-second", None, None
    if call.kind == BID:
        if contract is None:
            return "opening", call.trump, None
        if contract.declarer == seat:
            return "rebid", call.trump, None
        if contract.declarer == partner(seat):
            if call.trump == contract.trump:
                assert call.bid is not None and contract.bid is not None
                return "raise", call.trump, call.bid - contract.bid
            return "change", call.trump, None
        return "overcall", call.trump, None
    if contract is None:
        return "pass-first", None, None
    if call.kind == COINCHE_CALL:
        return "coinche", contract.trump, None
    if call.kind != PASS:
        return "surcoinche", contract.trump, None
    if contract.multiplier > 1:
        return "pass-coinched", contract.trump, None
    if contract.declarer == seat:
        return "pass-own", contract.trump, None
    if contract.declarer == partner(seat):
        return "pass-partner", contract.trump, None
    return "pass-opponent", contract.trump, None


@dataclass(frozen=True)
class Inference:
    """What one call says: its kind, the rule that applies (``None``: nothing) and whether used.

    ``used`` is False for the viewer's own calls (their hand is known).
    """

    index: int
    seat: Seat
    call: Call
    kind: str
    trump: Suit | None
    rule: Rule | None
    used: bool

    def text(self) -> str:
        """``E:90H  overcall: H: length 3-8, ...`` (what the sampler is told)."""
        head = f"{seat_name(self.seat)}:{self.call.text}  {self.kind}: "
        if not self.used:
            return head + "your own call (your hand is known)"
        if self.rule is None:
            return head + "no rule in the profile: says nothing"
        return head + self.rule.text(self.trump)


@dataclass(frozen=True)
class AuctionReading:
    """The constraints an auction produced, call by call, and the layouts left; the
    opponents' calls were read under ``opponents`` when it is set, else under ``conventions``."""

    constraints: Constraints
    inferences: tuple[Inference, ...]
    conventions: Conventions
    layouts: int
    opponents: Conventions | None = None

    def lines(self) -> list[str]:
        """One line per call: what it says of the caller's hand."""
        return [i.text() for i in self.inferences]


def _apply(constraints: Constraints, seat: Seat, trump: Suit | None, rule: Rule
           ) -> Constraints:
    """``constraints`` with what ``rule`` says of ``seat``'s hand (``trump``: the call's suit)."""
    profile = constraints.profile
    out = constraints
    if trump is not None and rule.trump is not None:
        out = out.with_holdings(seat, trump, rule.trump.holdings(True, profile))
    if trump is not None and rule.side is not None:
        plain = rule.side.holdings(False, profile)
        for suit in SUITS:
            if suit != trump:
                out = out.with_holdings(seat, suit, plain)
    if rule.every_suit is not None:
        as_trump = rule.every_suit.holdings(True, profile)
        for suit in SUITS:
            out = out.with_holdings(seat, suit, as_trump)
    if trump is not None:
        for count in rule.count:
            out = out.with_count(seat, count.cards(trump), count.low, count.high)
    return out


def read_auction(auction: Auction, conventions: Conventions, constraints: Constraints,
                 viewer: Seat, opponents: Conventions | None = None) -> AuctionReading:
    """The constraints of ``constraints`` (what ``viewer`` sees) and of the auction's calls,
    partner's read under ``conventions`` and the other side's under ``opponents`` (``None``:
    the same ``conventions``).

    Raises :class:`AuctionImpossible` naming the first call after which no
    deal fits, and :class:`ConstraintError` if none fits even before the
    auction.
    """
    inferences = []
    steps = [constraints]
    out = constraints
    for state, call in auction.history():
        kind, trump, raised = call_kind(auction, state, call)
        used = state.seat != viewer
        meanings = conventions if opponents is None or state.seat in (viewer, partner(viewer)) \
            else opponents
        rule = meanings.rule_for(kind, call.bid, raised) if used else None
        inferences.append(Inference(state.index, state.seat, call, kind, trump, rule, used))
        if rule is not None:
            try:
                out = _apply(out, state.seat, trump, rule)
            except ConstraintError:
                raise _impossible(inferences[-1], viewer, constraints) from None
        steps.append(out)
    try:
        layouts = DealSampler.of(out).count()
    except ConstraintError:
        layouts = 0
    if layouts == 0:
        DealSampler(constraints)  # raises if nothing fits before the auction
        for step, inference in zip(steps[1:], inferences):
            try:
                DealSampler(step)
            except ConstraintError:
                raise _impossible(inference, viewer, constraints) from None
    return AuctionReading(out, tuple(inferences), conventions, layouts, opponents)


def _impossible(inference: Inference, viewer: Seat, seen: Constraints) -> AuctionImpossible:
    """The error naming the call that no deal can meet, with what the viewer holds of its suit."""
    assert inference.rule is not None
    seat = seat_name(inference.seat)
    held = ""
    if inference.trump is not None:
        mine = seen.known[viewer].mask & SUIT_MASKS[inference.trump]
        if mine:
            ranks = " ".join(reversed([name[:-1].replace("T", "10")
                                       for name in CardSet(mine).names()]))
            held = f" ({seat_name(viewer)} holds {ranks} of {SUIT_NAMES[inference.trump]})"
    return AuctionImpossible(
        f"call {inference.index + 1} ({seat}:{inference.call.text}, {inference.kind}) cannot be "
        f"met: with {seat_name(viewer)}'s hand and the calls before it, no deal gives {seat} "
        f"{inference.rule.text(inference.trump)}{held}", call=inference.index)
