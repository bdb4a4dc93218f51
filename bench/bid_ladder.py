"""Bidding only: our bidder against colver's ``improved_v2`` under identical play (issue 37).

Deal ``i`` is ``colver.Env.deal(dealer=i % 4, seed=i)``, bid at two tables
(:mod:`bench.duplicate`): at table A our :class:`belote.Player` bids for N-S
and colver's ``improved_v2`` bidder (its agent, :data:`bench.duplicate.COLVER_SPEC`)
for E-W; at table B the seats are swapped. Whatever contract is reached, all
four seats then play with the same card player, our single-dummy player
(:func:`belote.advice.playout.decide`, default schedule, reading the auction),
at the same seed at both tables (the same auction gets the same play), so the
difference is the bidding's. A deal passed out at a table scores 0
there; scored by our coinche rules (belote counted). ``cpu`` and ``ms`` book
the bidding (``ours``, ``colver``) and the card play (``play``) apart::

    nice -n 5 python -m bench.bid_ladder --seeds 9100000 --deals 440 --shard 0/2 --out l0.jsonl
    python -m bench.bid_ladder --summary l0.jsonl l1.jsonl
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from belote.advice import DEFAULT_SCHEDULE, decide
from belote.dd import warm_up
from belote.types import Card, Seat, side_of

from .duplicate import check_resume, command_line, one_setting, read_rows, run_rows
from .duplicate import summary as duplicate_summary
from .full_match import (PLAYER, Action, ColverBot, Engine, OurPlayer, Seated, TableState,
                         colver_seats, duplicate_row, label, player_setting)


@dataclass
class SingleDummy:
    """Our single-dummy card player (default schedule), reading the auction. Its cards are a
    function of the auction, the cards played and the draws (the table's seed and board), so
    ``memo`` keeps them for the second table of a deal whose auction was the same: the same
    cards, searched once."""

    memo: dict[tuple[str, tuple[Card, ...]], Card] = field(default_factory=dict)
    name: str = "play"

    def act(self, seat: Seat, table: TableState) -> Action:
        assert table.position is not None
        key = (f"{table.seed} {table.board} {table.auction.text()}", tuple(table.cards))
        if key not in self.memo:
            self.memo[key] = decide(table.position, table.auction.contract,
                                    schedule=DEFAULT_SCHEDULE, seed=table.seed,
                                    board=table.board,
                                    evidence=DEFAULT_SCHEDULE.evidence(table.auction)).card
        return self.memo[key]

    def observe(self, action: Action, table: TableState) -> None:
        """It reads the table afresh at each decision."""


@dataclass
class LadderSeats:
    """Our player's bidding at side ``ours``, colver's at the other; our single-dummy player
    at all four seats in the play, one for both tables of a deal (its memo)."""

    play: SingleDummy = field(default_factory=SingleDummy)

    def __call__(self, ours: int, table: TableState) -> Seated:
        mine, theirs = OurPlayer.at(table, PLAYER), ColverBot()
        bidding: dict[Seat, Engine] = {s: mine if side_of(s) == ours else theirs
                                       for s in range(4)}
        return Seated(bidding, {s: self.play for s in range(4)})


def summary(paths: list[Path]) -> str:
    """The summary of one or more results files (of one setting of our bidder)."""
    rows = read_rows(paths)
    one_setting(rows, "player")
    return duplicate_summary(rows)


def run(deals: int, out: Path, start: int = 0, shard: tuple[int, int] = (0, 1)) -> None:
    """Bid and play the seeds ``start ..`` (this shard's part of ``deals``) into ``out``."""
    setting = {**player_setting(), "play": DEFAULT_SCHEDULE.to_dict()}
    check_resume(out, "player", setting)
    warm_up()
    run_rows(out, deals, lambda seed: {"player": setting, **duplicate_row(
        seed, LadderSeats(), colver_seats, same_draws=True)}, start=start, shard=shard, label=label)


def main() -> None:
    command_line(__doc__, 440, "bench/out/bid_ladder.jsonl", run, summary)


if __name__ == "__main__":
    main()
