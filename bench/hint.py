"""Time of ``belote hint``'s library call (``python -m bench.hint``).

For seeded random deals (coinche, contract 80 in a seeded trump by the
dealer, so the player on the dealer's left leads), times
:func:`belote.advice.hint.hint` at three points of the play, for the
player to move: the opening lead (no card played, the costliest: 24 unseen
cards, every layout a full deal), the second card of trick 1, and the lead
to trick 3. Each hint solves ``--samples`` layouts, once in this thread (CPU
time: what the hint costs, whatever else the machine runs) and once on
``--jobs`` threads (wall time, which a busy machine inflates); both runs
must give the same hint. The default sample count of ``belote hint`` is
chosen from the opening-lead row: its worst CPU time, shared by two cores,
stays within 5 s.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from belote import COINCHE, Deal, Position, hint, parse_contract
from belote.advice import DEFAULT_SAMPLES
from belote.dd import warm_up

POINTS = {"opening lead": 0, "trick 1, second card": 1, "trick 3, lead": 8}
"""Cards played (at random, legally) before the hint."""


def position(seed: int, played: int) -> tuple[Position, object]:
    """A seeded deal with ``played`` random legal cards, and its contract."""
    rng = random.Random(seed)
    trump, dealer = rng.randrange(4), rng.randrange(4)
    contract = parse_contract(f"80{'SHDC'[trump]}", COINCHE, dealer)
    pos = Position(Deal.random(seed), trump, (dealer + 1) % 4, COINCHE)
    for _ in range(played):
        pos.play(rng.choice(sorted(pos.legal_cards())))
    return pos, contract


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    warm_up()
    print(f"{args.samples} layouts per hint, {args.deals} deals, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f} at the start")
    print(f"| point of play | CPU s per hint (mean) | CPU s (worst) | CPU ms per layout | "
          f"wall s, {args.jobs} threads (mean) | wall s (worst) |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, played in POINTS.items():
        cpus, walls = [], []
        for seed in range(args.deals):
            pos, contract = position(seed, played)
            cpu = time.process_time()
            serial = hint(pos, pos.to_move, contract, samples=args.samples, seed=seed)
            cpus.append(time.process_time() - cpu)
            wall = time.perf_counter()
            threaded = hint(pos, pos.to_move, contract, samples=args.samples, seed=seed,
                            executor="thread", workers=args.jobs)
            walls.append(time.perf_counter() - wall)
            assert threaded == serial, "threads changed the hint"
        print(f"| {name} | {sum(cpus) / len(cpus):.2f} | {max(cpus):.2f} | "
              f"{1000 * sum(cpus) / len(cpus) / args.samples:.1f} | "
              f"{sum(walls) / len(walls):.2f} | {max(walls):.2f} |")


if __name__ == "__main__":
    main()
