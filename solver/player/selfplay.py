"""Whole deals played by the player at all four seats: the auction, then the cards.

:func:`random_games` deals seeded random games; :func:`board_games` makes
games of the deals of records (PBN, CFN, game JSON); :func:`selfplay` plays
each with a :class:`~belote.player.player.Player` at every seat (each seat
sees only its own view) and yields a :class:`PlayedGame` per deal, in order,
whatever runs them.

A classic game is dealt from a pack, and its hands depend on who takes (the
taker gets the turned card and two more), so a record's hands cannot be
kept: :func:`board_games` re-deals a classic record's 32 cards, shuffled by
the seed and the board's place.

>>> from belote import Player
>>> [played] = play_games(random_games(1, seed=2), Player(arbitrate=False))
>>> played.to_dict()["auction"], played.game.result.scores
(['90H', 'P', 'P', 'P'], SidePair(ns=30, ew=230))
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..board import Board
from ..dd import warm_up
from ..parallel.runner import SERIAL, Run, parallel_map
from ..types.cards import card_name
from ..types.deal import seat_name, side_name
from ..types.profile import RuleProfile, get_profile
from .game import AUCTION, DONE, Game
from .player import Explanation, Player

__all__ = ["PlayedGame", "board_games", "play_game", "random_games", "play_games"]

_SEED_STRIDE = 1_000_003
"""Deal ``i`` of seed ``s`` is shuffled by ``s * _SEED_STRIDE + i`` (distinct for i < stride)."""


def random_games(count: int, seed: int = 0, profile: RuleProfile | str = "coinche"
                 ) -> list[Game]:
    """``count`` games from seeded packs: deal ``i`` dealt by seat ``i % 4``, numbered ``i``.

    >>> [g.dealer for g in random_games(3, seed=1)]
    [0, 1, 2]
    """
    if type(count) is not int or count < 0:
        raise ValueError(f"count={count!r}: expected an int >= 0")
    if type(seed) is not int or seed < 0:
        raise ValueError(f"seed={seed!r}: expected an int >= 0")
    return [Game.random(seed * _SEED_STRIDE + i, i % 4, profile, number=i)
            for i in range(count)]


def board_games(boards: Sequence[Board], places: Sequence[int] | None = None, *,
                profile: RuleProfile | str | None = None, seed: int = 0) -> list[Game]:
    """Games of the deals of ``boards`` (their auction and play are not kept: the player
    makes its own), numbered by ``places`` (default 0, 1...), under ``profile`` (default:
    each board's own rules), dealt by the board's dealer (else seat ``place % 4``). A
    classic game re-deals the board's cards (module docstring)."""
    out = []
    for i, board in enumerate(boards):
        place = i if places is None else places[i]
        rules = board.profile if profile is None else get_profile(profile)
        dealer = place % 4 if board.dealer is None else board.dealer
        if rules.auction == "numeric":
            out.append(Game.new(board.deal, dealer, rules, number=place))
        else:
            pack = [c for hand in board.deal.hands for c in hand]  # type: ignore[union-attr]
            random.Random(seed * _SEED_STRIDE + place).shuffle(pack)
            out.append(Game.new(pack, dealer, rules, number=place))
    return out


def play_game(game: Game, player: Player, *, explain: bool = False
              ) -> tuple[Game, tuple[Explanation, ...]]:
    """``game`` played to its end, each call and card by ``player`` from the seat's view, and
    with ``explain`` the record of each call (:meth:`Player.explain`, which also asks the
    next seed)."""
    explained = []
    while game.phase != DONE:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        if explain and game.phase == AUCTION:
            record = player.explain(view)
            explained.append(record)
            game = game.apply(record.action)
        else:
            game = game.apply(player.act(view))
    return game, tuple(explained)


@dataclass(frozen=True)
class PlayedGame:
    """One deal played to its end (``game``), the CPU seconds its decisions took, and the
    record of each call when asked (``calls``)."""

    game: Game
    cpu: float
    calls: tuple[Explanation, ...] = ()

    def board(self) -> Board:
        """The deal's record (:meth:`Game.board`)."""
        return self.game.board()

    def to_dict(self) -> dict[str, Any]:
        """The deal as JSON values: auction, contract, cards, points and score."""
        game = self.game
        contract = game.contract
        out: dict[str, Any] = {
            "deal": game.number + 1, "mode": game.profile.name,
            "dealer": seat_name(game.dealer),
            "turned": None if game.turned is None else card_name(game.turned),
            "auction": [c.text for c in game.auction.calls],
            "passed_out": game.passed_out,
            "contract": None if contract is None else contract.to_pbn(),
            "declarer": None if contract is None or contract.declarer is None
            else seat_name(contract.declarer),
            "cards": [card_name(c) for c in game.cards],
            "trick_points": None, "belote": None, "made": None, "score": None,
            "cpu_seconds": round(self.cpu, 3)}
        if self.calls:
            out["calls_explained"] = [e.to_dict() for e in self.calls]
        result = game.result
        if result is not None:
            points = game.position.points
            belote = game.position.belote_side()
            out.update({"trick_points": {"NS": points.ns, "EW": points.ew},
                        "belote": None if belote is None else side_name(belote),
                        "made": result.made,
                        "score": {"NS": result.ns, "EW": result.ew}})
        return out


@dataclass(frozen=True)
class _Job:
    """Plays one game (a picklable work item)."""

    player: Player
    explain: bool

    def __call__(self, game: Game) -> PlayedGame:
        start = time.process_time()
        played, calls = play_game(game, self.player, explain=self.explain)
        return PlayedGame(played, time.process_time() - start, calls)


def play_games(games: Iterable[Game], player: Player | None = None, *, explain: bool = False,
             run: Run = SERIAL) -> Iterator[PlayedGame]:
    """Each game played to its end by ``player`` (default ``Player()``) at all four seats,
    in order, as each is done (with ``explain``, the record of each call too); ``run`` says
    how (one item a game), the games the same whatever runs them."""
    return parallel_map(_Job(player or Player(), explain), list(games), run,
                        initializer=warm_up)

