"""Duplicate match of whole deals, bidding and play: our player against colver (issue 37).

Deal ``i`` is ``colver.Env.deal(dealer=i % 4, seed=i)``, played at two tables
from the deal on (:mod:`bench.duplicate`): at table A our
:class:`belote.Player` holds N-S (one player a seat, each seeing only its seat's
view) and colver's bot E-W (``improved_v2`` bidder, IS-DD at 20 uniform worlds:
:data:`bench.duplicate.COLVER_SPEC`); at table B the seats are swapped. The
auction and the play follow our coinche rules (a colver seat's extra chance to
surcoinche, which our rules do not give, is a pass); a deal passed out at a
table scores 0 there. Scored by our coinche rules (belote counted). CPU is
``time.process_time`` around each engine's decisions (colver's ``observe``
counted as colver's), one process, one thread (``RAYON_NUM_THREADS=1``)::

    nice -n 5 python -m bench.full_match --seeds 9000000 --deals 600 --shard 0/2 --out f0.jsonl
    nice -n 5 python -m bench.full_match --seeds 9000000 --deals 600 --shard 1/2 --out f1.jsonl
    python -m bench.full_match --summary f0.jsonl f1.jsonl

``--deals`` counts seeds: a deal passed out at both tables is written (its
seed is done) and left out of the summary, which says how many.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

os.environ.setdefault("RAYON_NUM_THREADS", "1")

import colver
from belote import COINCHE, Auction, CardSet, Deal, Player, Position, score_deal
from belote.dd import warm_up
from belote.player import CALIBRATION, CANDIDATES, COMPETE, COMPETE_TOP, OPENING, Game
from belote.types import Call, Card, Seat, side_of

from .duplicate import COLVER_SPEC, Row, check_resume, command_line, one_setting, read_rows
from .duplicate import run_rows
from .duplicate import summary as duplicate_summary
from .peer import FROM_COLVER, TO_COLVER

Action = Call | Card

CALL_OF: tuple[Call, ...] = tuple(Call.parse(colver.Env.action_name(i, 0)) for i in range(43))
"""Our call for each of colver's bidding actions."""
COLVER_CALL: dict[Call, int] = {call: i for i, call in enumerate(CALL_OF)}
"""colver's bidding action for each of our calls."""


def dealt(seed: int) -> tuple[Deal, Seat]:
    """Deal ``seed`` and its dealer, as colver deals it."""
    dealer = seed % 4
    env = colver.Env.deal(dealer=dealer, seed=seed)
    return Deal([CardSet([FROM_COLVER[i] for i in h]) for h in env.get_initial_hands()]), dealer


@dataclass
class TableState:
    """One table of one deal: the deal, the calls so far, the play once the auction is over
    (``None`` before), the board number seeding our engine's draws, and colver's mirror of the
    game (``None`` once no colver agent has anything left to decide)."""

    deal: Deal
    dealer: Seat
    seed: int
    board: int
    auction: Auction
    position: Position | None = None
    mirror: Mirror | None = None
    cards: list[Card] = field(default_factory=list)

    def apply(self, action: Action) -> None:
        """Make ``action`` public: colver's agents observe it, the game goes on."""
        if self.mirror is not None:
            self.mirror.step(action, self)
        if self.position is None:
            assert isinstance(action, Call)
            self.auction = self.auction.with_call(action)
            contract = self.auction.contract if self.auction.complete else None
            if contract is not None and not self.auction.passed_out:
                self.position = Position(self.deal, contract.trump, (self.dealer + 1) % 4,
                                         COINCHE)
        else:
            assert isinstance(action, int)
            self.position.play(action)
            self.cards.append(action)


@dataclass
class Mirror:
    """colver's game kept in step with ours, and the colver agents that observe it.

    ``cpu`` is the CPU colver's agents spent observing. Our auction ends where colver's may
    not (colver lets both seats of the contract side surcoinche after a coinche, ours only
    the coincher's left): colver's remaining calls are then passes, observed by its agents.
    """

    env: colver.Env
    agents: dict[Seat, colver.Agent]
    cpu: float = 0.0

    @classmethod
    def of(cls, deal: Deal, dealer: Seat, seats: list[Seat], seed: int) -> Mirror:
        hands = [h for h in deal.hands if h is not None]
        assert len(hands) == 4, "a whole deal"
        env = colver.Env.deal_with_hands(dealer, [[TO_COLVER[c] for c in h] for h in hands])
        agents = {s: colver.Agent(COLVER_SPEC, s, seed) for s in seats}
        for agent in agents.values():
            agent.init_deal(env)
        return cls(env, agents)

    def step(self, action: Action, table: TableState) -> None:
        """Play ``action`` in colver's game (``table`` before it is applied to ours)."""
        self._step(COLVER_CALL[action] if isinstance(action, Call) else TO_COLVER[action])
        if table.position is None:
            after = table.auction.with_call(action)  # type: ignore[arg-type]
            while after.complete and self.env.phase() == 0:
                self._step(COLVER_CALL[Call.parse("P")])
            if after.complete and not after.passed_out:
                self._check(after)

    def _check(self, auction: Auction) -> None:
        """Refuse a contract colver's game does not hold as ours does."""
        contract, declarer, theirs = auction.contract, auction.declarer, self.env.get_contract()
        assert contract is not None and declarer is not None
        value = theirs.get("value", 0)
        if (theirs.get("trump") != contract.trump or theirs.get("team") != side_of(declarer)
                or (1, 2, 4)[theirs.get("coinche", -1)] != contract.multiplier
                or (value <= 160 if contract.capot else value != contract.bid)):
            raise RuntimeError(f"colver holds {theirs} after {auction.text()}")

    def _step(self, act: int) -> None:
        start = time.process_time()
        for agent in self.agents.values():
            agent.observe(self.env, act)
        self.cpu += time.process_time() - start
        self.env.step(act)


class Engine(Protocol):
    """Who decides at a seat: ``name`` books the CPU (``ours``, ``colver``, ``play``)."""

    name: str

    def act(self, seat: Seat, table: TableState) -> Action: ...

    def observe(self, action: Action, table: TableState) -> None: ...


@dataclass
class ColverBot:
    """colver's agent at its seats (through the table's mirror)."""

    name: str = "colver"

    def act(self, seat: Seat, table: TableState) -> Action:
        assert table.mirror is not None
        act: int = table.mirror.agents[seat].action(table.mirror.env)
        return CALL_OF[act] if table.position is None else FROM_COLVER[act]

    def observe(self, action: Action, table: TableState) -> None:
        """colver's agents observe through the mirror."""


@dataclass
class OurPlayer:
    """Our :class:`belote.Player` at its seats: each decision sees only the seat's view of the
    table's game (:class:`belote.player.game.Game`, numbered by the table's board)."""

    player: Player
    game: Game
    name: str = "ours"

    @classmethod
    def at(cls, table: TableState, player: Player) -> OurPlayer:
        return cls(player, Game.new(table.deal, table.dealer, COINCHE, number=table.board))

    def act(self, seat: Seat, table: TableState) -> Action:
        return self.player.act(self.game.view(seat))

    def observe(self, action: Action, table: TableState) -> None:
        self.game = self.game.apply(action)


PLAYER = Player(seed=0)
"""Our player in the matches (its defaults; the draws of a decision follow the board)."""


def player_setting() -> dict[str, Any]:
    """What the rows record of our player: a file's rows must share it."""
    return {"conventions": PLAYER.conventions.name, "schedule": PLAYER.schedule.to_dict(),
            "arbitrate": PLAYER.arbitrate, "layouts": PLAYER.layouts, "extra_layouts": PLAYER.extra_layouts,
            "margin": PLAYER.margin,
            "opening": OPENING, "compete": COMPETE,
            "compete_top": COMPETE_TOP, "candidates": CANDIDATES,
            "taker_edge": CALIBRATION.taker_edge}


def player_seats(ours: int, table: TableState) -> Seated:
    """Our player at side ``ours``, colver's bot at the other, for the auction and the play."""
    mine, theirs = OurPlayer.at(table, PLAYER), ColverBot()
    seats: dict[Seat, Engine] = {s: mine if side_of(s) == ours else theirs for s in range(4)}
    return Seated(seats, seats)


@dataclass
class Seated:
    """The engine at each seat, for the auction and for the play."""

    bidding: dict[Seat, Engine]
    playing: dict[Seat, Engine]
    engines: list[Engine] = field(init=False)

    def __post_init__(self) -> None:
        self.engines = list({id(e): e for e in [*self.bidding.values(),
                                                *self.playing.values()]}.values())


def play_table(table: TableState, seated: Seated, earlier: Row | None = None) -> Row:
    """Play ``table`` to the end with the ``seated`` engines: the table's row
    (:mod:`bench.duplicate`). With ``earlier`` (this table's row in an earlier run whose play
    is a function of the auction, :mod:`bench.bid_ladder`) the auction is made, and if it is
    the earlier one the earlier row is the result (``"replayed": true``, its CPU but this
    run's bidding), else the deal is played."""
    cpu: dict[str, float] = {"ours": 0.0, "colver": 0.0}
    ms: dict[str, list[float]] = {"ours": [], "colver": []}
    if earlier is not None:
        _act(table, seated, cpu, ms, auction_only=True)
        if table.auction.text() == earlier["auction"]:
            return {**earlier, "cpu": {**earlier["cpu"], "ours": cpu["ours"]},
                    "ms": {**earlier["ms"], "ours": ms["ours"]}, "replayed": True}
    _act(table, seated, cpu, ms)
    if table.mirror is not None:
        cpu["colver"] += table.mirror.cpu
    result = _scored(table)
    for engine in seated.engines:
        if not isinstance(engine, OurPlayer):
            continue
        ours = engine.game.result
        if ours is not None and list(ours.scores) != result["scores"]:
            raise RuntimeError(f"our game scores {engine.game.result} after {table.auction.text()}"
                               f" {table.cards}: the table {result}")
    return {"auction": table.auction.text(), "cpu": cpu, "ms": ms, **result}


def _act(table: TableState, seated: Seated, cpu: dict[str, float], ms: dict[str, list[float]],
         auction_only: bool = False) -> None:
    """The seated engines act at ``table`` until the deal (or the auction) is over; each
    decision's CPU booked to its engine's name in ``cpu`` and ``ms``."""
    while True:
        if table.position is None:
            if table.auction.complete:
                break
            seat = table.auction.turn
            assert seat is not None
            engine = seated.bidding[seat]
        else:
            if table.position.is_over or auction_only:
                break
            seat = table.position.to_move
            engine = seated.playing[seat]
        if table.mirror is not None and table.position is not None and not any(
                isinstance(e, ColverBot) for e in seated.playing.values()):
            cpu["colver"] += table.mirror.cpu
            table.mirror = None  # nobody left to read colver's game
        start = time.process_time()
        action = engine.act(seat, table)
        spent = time.process_time() - start
        cpu[engine.name] = cpu.get(engine.name, 0.0) + spent
        ms.setdefault(engine.name, []).append(round(1000 * spent, 2))
        for e in seated.engines:
            e.observe(action, table)
        table.apply(action)


def _scored(table: TableState) -> Row:
    """The contract and score of a table played to the end."""
    auction = table.auction
    if table.position is None:
        return {"contract": None, "declarer": None, "scores": [0, 0], "points": [0, 0],
                "made": None}
    contract = auction.contract
    assert contract is not None
    pos = table.position
    score = score_deal(COINCHE, contract, pos.points, pos.belote_side())
    return {"contract": contract.to_pbn(), "declarer": auction.declarer,
            "scores": list(score.scores), "points": list(pos.points), "made": score.made}


def duplicate_row(seed: int, seats: Callable[[int, TableState], Seated],
                  mirrored: Callable[[int], list[Seat]], same_draws: bool = False,
                  earlier: Row | None = None) -> Row:
    """Deal ``seed`` at both tables: ``seats(ours, table)`` seats the engines when our
    side is ``ours`` (0 N-S at table A, 1 E-W at table B), ``mirrored(ours)`` the seats of
    colver's agents. Our engine's draws are those of board ``2 * seed + ours``, or of board
    ``seed`` at both tables if ``same_draws`` (the same auction then gets the same play).
    ``earlier``: this deal's row in an earlier run, whose tables are kept where the auction
    is the same (:func:`play_table`)."""
    deal, dealer = dealt(seed)
    row: Row = {"deal": deal.to_pbn(), "dealer": dealer}
    for name, ours in (("A", 0), ("B", 1)):
        board = seed if same_draws else 2 * seed + ours
        table = TableState(deal, dealer, seed, board, Auction(dealer, [], COINCHE))
        table.mirror = Mirror.of(deal, dealer, mirrored(ours), seed)
        row[name] = play_table(table, seats(ours, table),
                               None if earlier is None else earlier[name])
    return row


def colver_seats(ours: int) -> list[Seat]:
    """The seats of colver's side when ours is ``ours``."""
    return [s for s in range(4) if side_of(s) != ours]


def label(row: Row) -> str:
    """The progress line's contracts at both tables."""
    return f"A {row['A']['contract'] or 'passed'}, B {row['B']['contract'] or 'passed'}"


def summary(paths: list[Path]) -> str:
    """The summary of one or more results files (of one setting of our player)."""
    rows = read_rows(paths)
    one_setting(rows, "player")
    return duplicate_summary(rows)


def run(deals: int, out: Path, start: int = 0, shard: tuple[int, int] = (0, 1)) -> None:
    """Play the seeds ``start ..`` (this shard's part of ``deals`` of them) into ``out``."""
    setting = player_setting()
    check_resume(out, "player", setting)
    warm_up()
    run_rows(out, deals, lambda seed: {"player": setting, **duplicate_row(
        seed, player_seats, colver_seats)}, start=start, shard=shard, label=label)


def main() -> None:
    command_line(__doc__, 600, "bench/out/full_match.jsonl", run, summary)


if __name__ == "__main__":
    main()
