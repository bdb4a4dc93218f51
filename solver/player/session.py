"""A match at the table: deals played one after another to the target, one seat held by a person.

A :class:`MatchSession` deals (:class:`~belote.player.game.Game`), takes each
seat's call or card in turn, and scores the finished deals on a match sheet
(:func:`~belote.rules.match.match_sheet`) until a side wins. One seat is the
person's (:attr:`MatchSession.seat`); the other three are played by
:class:`~belote.player.player.Player`, each decision from that seat's view
only (:meth:`MatchSession.decider`). Nothing is taken back: a call or a card
once made is part of the deal. The dealer moves to the left after every deal,
a passed-out one included. What the person may see is :meth:`MatchSession.state`:
their seat's view, and once the deal is over the whole deal and why the other
seats made their calls (:meth:`~belote.player.player.Player.explain` of each,
kept hidden until then). The finished deals are
:class:`~belote.board.Board` records (:meth:`MatchSession.boards`) that the
checked writers of :mod:`belote.formats.games` write as game JSON, PBN or (coinche)
CFN, which ``belote review`` reads.

>>> session = new_match("coinche", seat="S", dealer="E", seed=3)
>>> session.to_move == session.seat, session.legal()[:3]
(True, ['P', '80S', '90S'])
>>> session.act("S", "100H")
>>> session.state()["auction"], session.bot_to_move
(['100H'], 3)
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Callable
from typing import Any

from ..advice.playout import Schedule
from ..board import Board
from ..errors import BeloteError
from ..rules.match import MatchSheet, match_sheet, played_deal
from ..rules.play import trick_winner_index
from ..types.auction import Call
from ..types.cards import Card, card_name, parse_card
from ..types.deal import Seat, as_seat, next_seat, partner, seat_name, side_name, side_of
from ..types.profile import RuleProfile, get_profile
from .game import Game, SeatView
from .player import Player

__all__ = ["DEFAULT_STRENGTH", "STRENGTHS", "MatchSession", "new_match", "warm_player"]

STRENGTHS: dict[str, dict[str, Any]] = {
    "normal": {}, "quick": {"schedule": Schedule.from_worlds(8), "arbitrate": False}}
"""The settings of the other seats' :class:`Player`, by name (the page offers them):
``normal`` the player's defaults, ``quick`` the bidder's prior calls without the simulation
that arbitrates close ones, and card play over 8 layouts at the first trick (2 at the last)
instead of 45: a fast game (and the tests')."""

DEFAULT_STRENGTH = "normal"


class MatchSession:
    """One match: the deals so far, the one in play, the person's seat and the sheet.

    Build it with :func:`new_match`. ``profile`` gives the rules and
    ``target`` the score to reach (the profile's ``match_target`` unless
    given); ``seed`` makes the deals and the other seats' decisions
    reproducible; ``players`` are the other seats' :class:`Player`; ``game``
    is the deal in play (the last one once the match is over), ``finished``
    the deals over; ``step`` counts the calls and cards made in the match.
    """

    def __init__(self, profile: RuleProfile, seat: Seat, dealer: Seat, seed: int,
                 target: int, strength: str, seed_chosen: bool = True) -> None:
        self.profile = profile
        self.seed_chosen = seed_chosen
        self.seat = seat
        self.first_dealer = dealer
        self.seed = seed
        self.target = target
        self.strength = strength
        self.players = {s: Player(seed=seed * 4 + s, **STRENGTHS[strength])
                        for s in range(4) if s != seat}
        self.finished: list[Game] = []
        self.game = self._deal(0)
        self.step = 0
        self.explained: list[dict[str, Any]] = []  # the deal in play's, shown once it is over

    @property
    def mode(self) -> str:
        return self.profile.name

    def _deal(self, index: int, held: int = 0) -> Game:
        """Deal ``index`` (from 0): its pack shuffled from the seed, its dealer by rotation,
        ``held`` the points a litige holds for it."""
        seed = random.Random(f"{self.seed}:{index}").randrange(2**63)
        return Game.random(seed, next_seat(self.first_dealer, index), self.profile,
                           number=index, held_in=held)

    @property
    def sheet(self) -> MatchSheet:
        """The match sheet of the finished deals (with this match's target)."""
        rules = dataclasses.replace(self.profile, match_target=self.target)
        return match_sheet(rules, [played_deal(b) for b in self.boards()])

    @property
    def over(self) -> bool:
        """Whether a side has won the match."""
        return self.game.phase == "done" and self.sheet.finished

    @property
    def to_move(self) -> Seat | None:
        """The seat to call or play now, ``None`` once the deal is over."""
        return None if self.game.phase == "done" else self.game.to_move

    @property
    def bot_to_move(self) -> Seat | None:
        """The seat to move now when it is not the person's."""
        seat = self.to_move
        return None if seat is None or seat == self.seat else seat

    def legal(self) -> list[str]:
        """The calls or cards the seat to move may make, as text."""
        return [_text(a) for a in self.game.legal()]

    def act(self, seat: Seat, action: str, explanation: dict[str, Any] | None = None) -> None:
        """``seat`` calls or plays ``action`` (its text: ``P``, ``90H``, ``X``, ``H``, ``AS``);
        ``explanation``: why, when the player's seat called (what :meth:`decider` returns),
        kept for the end of the deal.

        Raises :class:`~belote.errors.BeloteError` when it is not that seat's
        turn or the action is not legal now (saying which are).
        """
        seat = as_seat(seat)
        if self.game.phase == "done":
            raise BeloteError("the deal is over: deal the next one" if not self.over else
                              "the match is over")
        to_move = self.game.to_move
        if to_move != seat:
            raise BeloteError(f"it is {'nobody' if to_move is None else seat_name(to_move)}'s "
                              f"turn, not {seat_name(seat)}'s")
        legal = self.game.legal()
        found = next((a for a in legal if _text(a) == _normal(action, self.game.phase, self.profile)),
                     None)
        if found is None:
            what = "call" if self.game.phase == "auction" else "card"
            raise BeloteError(f"{action[:12]!r} is not a legal {what} now: "
                              f"{' '.join(_text(a) for a in legal)}")
        self.game = self.game.apply(found)
        self.step += 1
        if explanation is not None:
            self.explained.append(explanation)
        if self.game.phase == "done":
            self.finished.append(self.game)

    def decider(self) -> Callable[[Any], dict[str, Any]]:
        """The decision of the seat to move (not the person's), as a function to run anywhere
        (the server runs it in a child process): its :class:`Player` given that seat's view
        only. Returns ``{"action": text}``, and for a call ``"explanation"``: the record of
        :meth:`Player.explain <belote.player.player.Player.explain>` (the candidates weighed,
        their estimates and intervals, the layouts, whether the next seed agrees; the call is
        the one :meth:`Player.act <belote.player.player.Player.act>` makes), to pass to
        :meth:`act`."""
        seat = self.bot_to_move
        if seat is None:
            raise BeloteError("no other seat is to move")
        player, view = self.players[seat], self.game.view(seat)

        def decide(progress: Any = None) -> dict[str, Any]:
            if view.phase != "auction":
                return {"action": _text(player.act(view))}
            why = player.explain(view)
            return {"action": _text(why.action), "explanation": why.to_dict()}

        return decide

    def next_deal(self) -> None:
        """Deal the next deal (the last one is over and the match is not)."""
        if self.game.phase != "done":
            raise BeloteError("the deal is not over yet")
        if self.over:
            raise BeloteError("the match is over")
        self.game = self._deal(len(self.finished), self.sheet.held)
        self.explained = []

    def boards(self) -> list[Board]:
        """The finished deals as records, numbered from 1."""
        return [g.board() for g in self.finished]

    def state(self) -> dict[str, Any]:
        """What the person sees now, JSON-ready (``docs/serve.md``, *Play a match*): their
        seat's view of the deal in play (the other hands, and why the other seats called,
        only once it is over), the legal
        calls or cards when it is their turn, the match sheet; the seed, which deals the
        cards, only when they chose it or once the match is over."""
        game = self.game
        view = game.view(self.seat)
        done = game.phase == "done"
        sheet = self.sheet
        to_move = self.to_move
        out: dict[str, Any] = {
            "mode": self.mode, "target": self.target, "seat": seat_name(self.seat),
            "partner": seat_name(partner(self.seat)),
            "seed": self.seed if self.seed_chosen or (done and sheet.finished) else None,
            "strength": self.strength, "deal": len(self.finished) + (0 if done else 1),
            "step": self.step, "phase": game.phase,
            "to_move": None if to_move is None else seat_name(to_move),
            "your_turn": to_move == self.seat,
            "legal": self.legal() if to_move == self.seat else [],
        }
        out.update(_view_dict(view))
        out["result"] = sheet.deals[-1].to_dict() if done and sheet.deals else None
        out["hands"] = _hands(game) if done else None
        out["explanations"] = list(self.explained) if done else None
        out["sheet"] = sheet.to_dict()
        out["over"] = done and sheet.finished
        out["winner"] = None if sheet.winner is None else side_name(sheet.winner)
        return out


def new_match(mode: str = "coinche", seat: str = "S", dealer: str | None = None,
              seed: int | None = None, target: int | None = None,
              strength: str = DEFAULT_STRENGTH) -> MatchSession:
    """A new match: ``mode`` (``coinche``, ``classic``), the person's ``seat``, the first
    ``dealer`` (at random from the seed when not given), the ``seed`` (random when not
    given), the ``target`` (the rules' when not given), the other seats' ``strength``
    (a name of :data:`STRENGTHS`). Raises :class:`~belote.errors.BeloteError` for a bad
    choice."""
    profile = get_profile(mode)
    person = as_seat(seat, "seat")
    chosen = seed is not None
    if seed is None:
        seed = secrets.randbelow(2**31)
    if not 0 <= seed < 2**63:
        raise BeloteError(f"seed: {seed} is not between 0 and 2**63")
    first = as_seat(dealer, "dealer") if dealer is not None else random.Random(seed).randrange(4)
    goal = profile.match_target if target is None else target
    if not 1 <= goal <= 100_000:
        raise BeloteError(f"target: {goal} is not between 1 and 100000")
    if strength not in STRENGTHS:
        raise BeloteError(f"strength: {strength[:20]!r} is not one of {', '.join(STRENGTHS)}")
    return MatchSession(profile, person, first, seed, goal, strength, chosen)


def warm_player() -> None:
    """Have the player decide a call and a card here once, so that processes forked from this
    one (``belote serve``'s workers) start with its kernels and tables loaded (the first card
    decision of a process costs seconds, the next ones hundredths)."""
    game, player = Game.random(5, "N", "coinche"), Player(seed=1)  # a deal bid, then played
    while game.phase == "auction":
        game = game.apply(player.act(game.view(game.to_move)))  # type: ignore[arg-type]
    if game.phase == "play":
        player.act(game.view(game.to_move))  # type: ignore[arg-type]


def _text(action: Call | Card) -> str:
    """A call's or a card's text (``90H``, ``P``, ``AS``)."""
    return action.text if isinstance(action, Call) else card_name(action)


def _normal(text: str, phase: str, profile: RuleProfile) -> str:
    """``text`` as :func:`_text` writes it (``100♥`` is ``100H``, ``as`` is ``AS``), or as given."""
    try:
        if phase == "auction":
            return Call.parse(text, profile).text
        return card_name(parse_card(text))
    except BeloteError:
        return text


def _hands(game: Game) -> dict[str, list[str]]:
    """The deal as dealt (eight cards each), by seat."""
    deal = game.deal
    return {seat_name(s): [card_name(c) for c in deal.hands[s]] for s in range(4)}  # type: ignore[union-attr]


def _view_dict(view: SeatView) -> dict[str, Any]:
    """A seat's view as JSON: its hand, what each seat holds, the turned card, the calls,
    the contract, the tricks with their winners and points, the trick in progress, the
    points each side has taken and the belote announcements; nothing else."""
    profile, contract = view.profile, view.contract
    tricks: list[dict[str, Any]] = []
    trick: dict[str, Any] = {"leader": None, "cards": []}
    points, won = {"NS": 0, "EW": 0}, {"NS": 0, "EW": 0}
    for leader, cards in view.tricks:
        names = [card_name(c) for c in cards]
        if len(cards) < 4:
            trick = {"leader": seat_name(leader), "cards": names}
            continue
        assert contract is not None
        winner = next_seat(leader, trick_winner_index(cards, contract.trump, profile))
        worth = sum(profile.card_points(c, contract.trump) for c in cards)
        if len(tricks) == 7:
            worth += profile.last_trick_bonus
        side = side_name(side_of(winner))
        points[side] += worth
        won[side] += 1
        tricks.append({"leader": seat_name(leader), "cards": names, "winner": seat_name(winner),
                       "points": worth})
    for side, other in (("NS", "EW"), ("EW", "NS")):
        if won[side] == 8:  # capot
            points[side], points[other] = profile.capot_trick_points, 0
    if trick["leader"] is None and view.phase == "play":
        last = tricks[-1]["winner"] if tricks else None
        trick["leader"] = last if last is not None else seat_name(next_seat(view.dealer))
    return {
        "dealer": seat_name(view.dealer),
        "hand": [card_name(c) for c in view.hand],
        "held": {seat_name(s): n for s, n in enumerate(view.hand_sizes)},
        "turned": None if view.turned is None else card_name(view.turned),
        "auction": [c.text for c in view.auction.calls],
        "contract": None if contract is None else contract.to_pbn(),
        "declarer": None if contract is None else seat_name(contract.declarer),  # type: ignore[arg-type]
        "tricks": tricks, "trick": trick, "points": points, "played": view.cards_played,
        "announced": [{"seat": seat_name(a.seat), "card": card_name(a.card), "what": a.word}
                      for a in view.announcements],
    }
