"""The full-game player: it sees one seat's view and answers a call or a card.

Cards are chosen by the single-dummy player
(:func:`belote.advice.playout.decide`), reading the auction as it does; calls
by :mod:`.bidder`. The player never sees the game, only a
:class:`~belote.player.game.SeatView`: to ask the card player, which works
on a :class:`~belote.rules.play.Position`, it builds a *stand-in* position
(:func:`stand_in`): its own hand, the cards played, and the unseen cards
dealt to the other seats in one way consistent with everything the view
shows (the suits each seat did not follow, the trumps it did not use...).
The card player reads only what the seat sees from it, so the choice does
not depend on that deal (the re-deal test of ``tests/test_player.py``).

>>> from belote.player import Game
>>> game = Game.random(5, "N", "coinche")
>>> player = Player(seed=1)
>>> while game.phase != "done":
...     game = game.apply(player.act(game.view(game.to_move)))
>>> game.contract.to_pbn(), game.result.scores
('90CXX', SidePair(ns=0, ew=1000))
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from ..advice.playout import DEFAULT_SCHEDULE, Decision, Schedule, decide
from ..sampling.announcements import Heard, heard_from_play, with_belote
from ..auction.conventions import DEFAULT, Conventions
from ..dd import SearchContext, default_context
from ..rules.play import Position
from ..sampling.constraints import Constraints
from ..sampling.sampler import DealSampler
from ..sampling.turned import taken_card, with_taken
from ..types.auction import Call
from ..types.cards import Card, CardSet, card_name
from ..types.deal import SEATS, Deal, Seat, next_seat, seat_name
from .bidder import CallDecision, prior_call, simulated_call
from .game import AUCTION, PLAY, SeatView

__all__ = ["Explanation", "Player", "heard_by", "seen_by", "stand_in"]


def stand_in(view: SeatView) -> Position:
    """A position with the view's own hand and play, the unseen cards dealt consistently with
    what the view shows (the first layout of stream 0 of :func:`seen_by`'s sampler, which the
    card player then samples its layouts from when its schedule reads the belote, the default:
    :meth:`~belote.sampling.DealSampler.of` builds it once for both)."""
    contract = view.contract
    if contract is None or view.phase != PLAY:
        raise ValueError("a stand-in position needs the play to have begun")
    layout = DealSampler.of(seen_by(view)).draw_masks(0, 0, 1)[0]
    start = [int(layout[s]) for s in SEATS]
    for seat, card in view.played:
        start[seat] |= 1 << card
    first = view.tricks[0][0] if view.tricks else next_seat(view.dealer)
    pos = Position(Deal([CardSet(h) for h in start]), contract.trump, first, view.profile)
    for _, card in view.played:
        pos.play(card)
    return pos


def heard_by(view: SeatView) -> tuple[Heard, ...]:
    """The belote announcements the seat of ``view`` heard, from the cards played."""
    if view.contract is None:
        raise ValueError("the belote is heard only once a contract is played")
    return heard_from_play(view.played, [a.seat for a in view.announcements
                                         if a.word == "belote"], view.contract.trump)


def seen_by(view: SeatView) -> Constraints:
    """What the seat of ``view`` knows of the unseen cards during the play: its hand, the play,
    the classic turned card in the taker's hand and the belote heard; the same constraints as
    :func:`~belote.advice.playout.seat_view` of the :func:`stand_in` position (with the belote
    read, as the card player's default schedule does)."""
    contract = view.contract
    if contract is None or view.phase != PLAY:
        raise ValueError("the seat's view of the unseen cards needs the play to have begun")
    seen = Constraints.from_play(view.seat, view.hand, view.hand_sizes, view.tricks,
                                 contract.trump, view.profile)
    return with_belote(with_taken(seen, taken_card(view.auction)), contract.trump,
                       heard_by(view))


@dataclass(frozen=True)
class Explanation:
    """Why a seat made its call or played its card (:meth:`Player.explain`).

    ``action`` is what it does; ``call`` the bidder's record (candidates with their
    estimates, the layouts) or ``card`` the card player's (:class:`Decision`: the cards
    ranked, their goal share and expected points, the layouts valued); ``second`` what the
    same player with the next seed would do, and ``agrees`` whether it is the same.
    """

    seat: Seat
    action: Call | Card
    call: CallDecision | None
    card: Decision | None
    second: Call | Card
    agrees: bool

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        out: dict[str, Any] = {"seat": seat_name(self.seat), "action": _text(self.action),
                               "second_seed": _text(self.second),
                               "second_seed_agrees": self.agrees}
        if self.call is not None:
            out["call"] = self.call.to_dict()
        if self.card is not None:
            d = self.card
            out["card"] = {
                "layouts": d.layouts, "exact": d.exact, "forced": d.forced,
                "candidates": [{"cards": [card_name(c) for c in cls],
                                "goal": None if d.goal is None else round(d.goal[i], 4),
                                "expected_points": round(d.points[i], 2)
                                if d.points else None}
                               for i, cls in enumerate(d.classes)]}
        return out

    def lines(self) -> list[str]:
        """The record in words, one line a candidate."""
        head = f"{seat_name(self.seat)}: {_text(self.action)}"
        out = []
        if self.call is not None:
            c = self.call
            if not c.simulated:
                out.append(f"{head} (the club prior's call; no close rival, nothing simulated)")
            else:
                read = "read from the auction" if c.reading else "uniform (the calls did not fit)"
                out.append(f"{head} (prior {c.prior.text}; {c.layouts} layouts, {read}; "
                           f"another call needs > {c.margin:g} points over the prior's)")
                for cand in c.candidates:
                    e = cand.expected
                    line = (f"  {cand.call.text:>6}  net {e.value:+7.1f} "
                            f"[{e.low:+.1f}, {e.high:+.1f}]  contract played "
                            f"{cand.played.value:.0%}")
                    if cand.versus_prior is not None:
                        v = cand.versus_prior
                        line += f"  vs prior {v.value:+.1f} [{v.low:+.1f}, {v.high:+.1f}]"
                    if e.n != c.layouts:
                        line += f"  (the first {e.n} layouts)"
                    out.append(line)
        if self.card is not None:
            d = self.card
            if d.forced:
                out.append(f"{head} (forced)")
            else:
                kind = "every layout" if d.exact else "layouts"
                out.append(f"{head} ({d.layouts} {kind})")
                for i, cls in enumerate(d.classes):
                    goal = "" if d.goal is None else f"goal {d.goal[i]:.0%}  "
                    out.append(f"  {' '.join(card_name(c) for c in cls):>8}  {goal}"
                               f"points {d.points[i]:.1f}")
        out.append(f"second seed: {_text(self.second)} "
                   f"({'agrees' if self.agrees else 'differs'})")
        return out


def _text(action: Call | Card) -> str:
    return action.text if isinstance(action, Call) else card_name(action)


@dataclass(frozen=True)
class Player:
    """A player for any seat: ``act(view)`` answers the call or card the seat makes.

    ``conventions`` are the calls' meanings (the bidder's prior and what the
    others' calls are read to say); ``opponents`` what the other side's calls are read to
    say when they bid otherwise (``None``: as ``conventions``; :data:`~belote.auction.LIGHT`
    for a side that opens nearly every hand); ``schedule`` the card player's layouts a
    decision; ``seed`` the random stream (a decision depends only on the view,
    the seed and the view's deal number). With ``arbitrate`` (default) the
    bidder weighs the prior's call against its close rivals by simulation over
    ``layouts`` deals, keeping the prior's call unless a rival is better by more
    than ``margin`` points (:func:`~belote.player.bidder.simulated_call`), on ``extra_layouts``
    more layouts for the prior's call and its best rival when coinche is weighed and the
    first layouts leave the call undecided; without, it makes the prior's call.
    """

    conventions: Conventions = DEFAULT
    schedule: Schedule = DEFAULT_SCHEDULE
    seed: int = 0
    arbitrate: bool = True
    layouts: int = 16
    margin: float = 10.0
    opponents: Conventions | None = None
    extra_layouts: int = 16
    context: SearchContext | None = field(default=None, compare=False)

    def act(self, view: SeatView) -> Call | Card:
        """The call (auction) or card (play) of the seat of ``view``, whose turn it is."""
        if view.to_move != view.seat:
            raise ValueError("it is not this seat's turn")
        if view.phase == AUCTION:
            return self.call(view)
        return self.card(view).card

    def call(self, view: SeatView) -> Call:
        """The seat's call (:mod:`.bidder`)."""
        return self.bid(view).call

    def bid(self, view: SeatView) -> CallDecision:
        """The seat's call with the bidder's record."""
        if view.to_move != view.seat or view.phase != AUCTION:
            raise ValueError("it is not this seat's turn to call")
        if not self.arbitrate:
            prior = prior_call(view, self.conventions)
            return CallDecision(view.seat, prior, prior, (), 0, False, self.margin)
        return simulated_call(view, conventions=self.conventions, layouts=self.layouts,
                              extra_layouts=self.extra_layouts, margin=self.margin, seed=self.seed,
                              context=self.context, opponents=self.opponents)

    def card(self, view: SeatView) -> Decision:
        """The seat's card, as the single-dummy player's :class:`Decision`: it reads the
        auction, the belote heard and, in classic, the turned card in the taker's hand. A
        seat with one legal card plays it forced, as :func:`decide` would, without building
        a stand-in position for it."""
        contract = view.contract
        if view.to_move != view.seat or contract is None or view.phase != PLAY:
            raise ValueError("it is not this seat's turn to play")
        legal = view.legal()
        if len(legal) == 1:
            card = legal[0]
            assert isinstance(card, int)
            return Decision(view.seat, card, 0, False, True, ((card,),), None, ())
        evidence: np.ndarray | None = self.schedule.evidence(view.auction)
        return decide(stand_in(view), contract, schedule=self.schedule, seed=self.seed,
                      board=view.number, context=self.context or default_context(),
                      evidence=evidence, heard=heard_by(view), taken=taken_card(view.auction))

    def explain(self, view: SeatView) -> Explanation:
        """The decision record of the seat's call or card, and whether the next seed agrees.

        The next seed's decision is made at the same time, on a thread started for it, with a
        search context of its own (the player's settings,
        :meth:`~belote.dd.SearchContext.fresh`): the search releases Python's lock, so on two
        cores an explained call takes about 1.3 times the call alone, not twice
        (``bench/RESULTS.md``)."""
        other = replace(self, seed=self.seed + 1,
                        context=(self.context or default_context()).fresh())
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="belote-second-seed") as pool:
            if view.phase == AUCTION:
                later = pool.submit(other.call, view)
                call = self.bid(view)
                second: Call | Card = later.result()
                return Explanation(view.seat, call.call, call, None, second,
                                   second == call.call)
            later_card = pool.submit(lambda: other.card(view).card)
            card = self.card(view)
            second = later_card.result()
            return Explanation(view.seat, card.card, None, card, second, second == card.card)
