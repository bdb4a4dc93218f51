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

Since the play is a function of the auction, another setting of the bidder is measured paired
with an earlier run on the same seeds, and at a fraction of its cost: with ``--versus
EARLIER.jsonl`` each table whose auction is the earlier run's keeps its earlier row
(``"replayed": true``), only the tables bid differently are played, and each row records the
earlier figure of its deal (``"earlier"``), so the summary adds the paired difference::

    python -m bench.bid_ladder --seeds 9100000 --deals 440 --versus l0.jsonl l1.jsonl --out new.jsonl

The earlier run must have been played by the same card player (``--versus`` refuses rows of
another schedule).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from belote.advice import DEFAULT_SCHEDULE, decide
from belote.dd import warm_up
from belote.sampling import paired_difference
from belote.types import Card, Seat, side_of

from .duplicate import (Row, check_resume, command_line, deal_difference, one_setting, read_rows,
                        run_rows, shown)
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
    text = duplicate_summary(rows)
    paired = [r for r in rows if "earlier" in r]
    if len(paired) > 1:
        replayed = sum(r[t].get("replayed", False) for r in paired for t in "AB")
        difference = paired_difference([deal_difference(r) for r in paired],
                                        [r["earlier"] for r in paired])
        text += (f"\nversus the earlier run, on the same {len(paired)} deals: "
                 f"{shown(difference)} a deal (paired t); {replayed} of {2 * len(paired)} "
                 "tables bid as before")
    return text


def run(deals: int, out: Path, start: int = 0, shard: tuple[int, int] = (0, 1),
        versus: list[Path] | None = None) -> None:
    """Bid and play the seeds ``start ..`` (this shard's part of ``deals``) into ``out``;
    ``versus``: the files of an earlier run (module docstring)."""
    setting = {**player_setting(), "play": DEFAULT_SCHEDULE.to_dict()}
    check_resume(out, "player", setting)
    earlier = {r["seed"]: r for r in read_rows(versus)} if versus else {}
    plays = {json.dumps(r.get("player", {}).get("play"), sort_keys=True)
             for r in earlier.values()}
    if plays - {json.dumps(setting["play"], sort_keys=True)}:
        raise SystemExit(f"--versus: rows played by another card player ({', '.join(sorted(plays))}"
                         f"); this run's is {json.dumps(setting['play'], sort_keys=True)}")
    warm_up()

    def row(seed: int) -> Row:
        before = earlier.get(seed)
        played = duplicate_row(seed, LadderSeats(), colver_seats, same_draws=True,
                               earlier=before)
        kept = {} if before is None else {"earlier": deal_difference(before)}
        return {"player": setting, **played, **kept}

    run_rows(out, deals, row, start=start, shard=shard, label=label)


def main() -> None:
    command_line(__doc__, 440, "bench/out/bid_ladder.jsonl", run, summary,
                 files={"versus": "an earlier run of the same seeds: replay the tables bid "
                                  "as before, and compare paired"})


if __name__ == "__main__":
    main()
