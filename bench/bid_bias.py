"""How far the bidder's simulation is from the cards played, call by call (issue 37).

The bidder (:func:`belote.player.bidder.simulated_call`) weighs a call by the expected net
score of its side over 16 layouts, the contract scored through the calibration. This bench
replays the tables of a bidding-ladder run (:mod:`bench.bid_ladder`, our card player at all
four seats): each simulated call of our side is made again from the seat's view, and the
net it was expected to bring is set beside the net the table got when the cards were
played. The calls are checked to be the row's (rows bid by another bidder are refused).
By kind of call (:func:`belote.auction.call_kind`), and whether the simulation kept the
prior's call or switched, the summary gives the mean expected net, the mean net played, and
their difference ("bias": positive when the simulation expected more than the cards gave),
with a 95% interval clustered by deal (the calls of a deal's two tables are not
independent). A kind that is over-expected against another is one the simulation chooses
too often::

    nice -n 5 python -m bench.bid_bias --rows l0.jsonl l1.jsonl --shard 0/2 --out b0.jsonl
    python -m bench.bid_bias --summary b0.jsonl b1.jsonl

The replay is deterministic (the decision depends on the view, the player's seed and the
deal number), so a stopped run resumes where it stopped.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from belote import COINCHE, Deal
from belote.auction import call_kind
from belote.dd import warm_up
from belote.player import Game
from belote.sampling import ClusterSums, clustered_mean

from .duplicate import read_rows, shown
from .full_match import PLAYER

TABLES = (("A", 0), ("B", 1))
"""The ladder's tables and the side our bidder sits at (N-S at A, E-W at B)."""


def replay(row: dict[str, Any]) -> list[dict[str, Any]]:
    """The simulated calls of our side in the two tables of one ladder row, each with what it
    was expected to bring and what its table got."""
    deal = Deal.from_pbn(row["deal"])
    out = []
    for table, ours in TABLES:
        played = row[table]
        game = Game.new(deal, row["dealer"], COINCHE, number=row["seed"])
        real = played["scores"][ours] - played["scores"][1 - ours]
        for index, text in enumerate(played["auction"].split(" ")):
            seat_text, call = text.split(":")
            seat = "NESW".index(seat_text)
            if seat % 2 == ours:
                view = game.view(seat)
                decision = PLAYER.bid(view)
                if decision.call.text != call:
                    raise SystemExit(f"seed {row['seed']} table {table} call {index + 1}: the "
                                     f"row says {call}, this bidder {decision.call.text}: rows "
                                     "of another bidder")
                if decision.simulated:
                    expected = next(c.expected.value for c in decision.candidates
                                    if c.call == decision.call)
                    kind = call_kind(view.auction, view.auction.state, decision.call)[0]
                    out.append({"seed": row["seed"], "table": table, "index": index,
                                "call": call, "prior": decision.prior.text, "kind": kind,
                                "expected": expected, "real": real})
            game = game.apply(call)
    return out


def run(rows: list[Path], out: Path, shard: tuple[int, int] = (0, 1)) -> None:
    """Replay this shard's deals of the ladder ``rows`` into ``out`` (resumes)."""
    done = {json.loads(line)["seed"] for line in out.read_text().splitlines()} \
        if out.exists() else set()
    k, n = shard
    warm_up()
    with out.open("a") as fp:
        for i, row in enumerate(read_rows(rows)):
            if i % n != k or row["seed"] in done:
                continue
            calls = replay(row)
            fp.write("".join(json.dumps(c) + "\n" for c in calls)
                     or json.dumps({"seed": row["seed"], "none": True}) + "\n")
            fp.flush()


def summary(paths: list[Path]) -> str:
    """The bias by kind of call (module docstring)."""
    calls = [c for c in read_rows(paths) if "none" not in c]
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for c in calls:
        groups[f"{c['kind']}, {'prior' if c['call'] == c['prior'] else 'switched'}"].append(c)
    deals = len({c["seed"] for c in calls})
    lines = [f"{len(calls)} simulated calls of our side, {deals} deals; bias = expected - "
             "played net of the caller's side (95% t, clustered by deal)",
             f"{'kind of call, simulation':<28} {'calls':>6} {'expected':>9} {'played':>9}  bias"]
    for name, group in sorted(groups.items(), key=lambda g: -len(g[1])):
        if len(group) < 5:
            continue
        seeds = [c["seed"] for c in group]
        bias = clustered_mean(ClusterSums.of([c["expected"] - c["real"] for c in group], seeds))
        expected = sum(c["expected"] for c in group) / len(group)
        real = sum(c["real"] for c in group) / len(group)
        lines.append(f"{name:<28} {len(group):>6} {expected:>+9.1f} {real:>+9.1f}  "
                     f"{shown(bias)}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=Path, nargs="+", help="the ladder run's files")
    parser.add_argument("--out", type=Path, default=Path("bench/out/bid_bias.jsonl"))
    parser.add_argument("--shard", default="0/1", metavar="K/N")
    parser.add_argument("--summary", type=Path, nargs="+", metavar="FILES")
    args = parser.parse_args()
    if args.summary:
        print(summary(args.summary))
        return
    if not args.rows:
        parser.error("give --rows FILES (a bidding-ladder run) or --summary FILES")
    k, n = (int(x) for x in args.shard.split("/"))
    if not 0 <= k < n:
        parser.error(f"--shard {args.shard}: expected K/N with 0 <= K < N")
    run(args.rows, args.out, (k, n))


if __name__ == "__main__":
    main()
