"""Time the analysis of complete 32-card play records: one context against fresh ones.

Each record is analysed two ways, and both must give the same values:

* ``shared``: :func:`belote.analysis.play_record.play_analysis`, one
  :class:`~belote.dd.SearchContext` for the whole record (made inside
  the timed call) and one ``position_analysis`` per card;
* ``fresh``: each of the 32 positions solved from scratch, one
  ``position_analysis`` with a new ``SearchContext`` per card (the values
  before and after each card read from it the same way).

The records are board 3 of ``datasets/examples/classic.pbn``, boards 1 and 2
of ``datasets/examples/played.pbn`` and ``--deals`` seeded random deals
(trump, leader and mode drawn too) played out by a simple policy: each
player plays a random legal card. Run from the repository root::

    python -m bench.analyse              # 20 random deals, 3 rounds
    python -m bench.analyse --deals 50 --rounds 5

The kernels are loaded and one record analysed before timing. Per record and
method the best of ``--rounds`` wall times counts (the least disturbed);
the report gives mean and median over the records, CPU time, search nodes,
and the ratio shared / fresh.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

from belote import CLASSIC, COINCHE, EW, NS, Deal, Position, pbn, position_analysis  # noqa: E402
from belote.analysis import play_analysis, recorded_cards  # noqa: E402
from belote.dd import SearchContext, warm_up  # noqa: E402

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"

Record = tuple[str, Position, list[int]]


def example_records() -> list[Record]:
    """The complete play records of the example files."""
    out = []
    for name, numbers in (("classic.pbn", ("3",)), ("played.pbn", ("1", "2"))):
        for board in pbn.load(EXAMPLES / name):
            if board.board in numbers:
                start, cards = recorded_cards(board)
                out.append((f"{name} board {board.board}", start, cards))
    return out


def random_records(count: int) -> list[Record]:
    """``count`` seeded random deals, each played out with random legal cards."""
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        profile = (CLASSIC, COINCHE)[seed % 2]
        start = Position(Deal.random(rng), rng.randrange(4), rng.randrange(4), profile)
        pos = start.copy()
        cards = []
        while not pos.is_over:
            cards.append(rng.choice(list(pos.legal_cards())))
            pos.play(cards[-1])
        out.append((f"random {seed} ({profile.name})", start, cards))
    return out


def shared(start: Position, cards: list[int]) -> tuple[list[tuple], int]:
    """Values of every card with one context; and the nodes searched."""
    context = SearchContext()
    result = play_analysis(start, cards, context=context)
    return [(c.before, c.after) for c in result], context.nodes


def fresh(start: Position, cards: list[int]) -> tuple[list[tuple], int]:
    """Values of every card, each position solved with a new context; and the nodes."""
    pos = start.copy()
    values, nodes = [], 0
    for card in cards:
        context = SearchContext()
        analysis = position_analysis(pos, context=context)
        nodes += context.nodes
        after = next(cv for cv in analysis.cards if cv.card == card)
        values.append(((analysis.value[NS], analysis.value[EW]), (after.ns, after.ew)))
        pos.play(card)
    return values, nodes


def best_time(run: Callable[[], tuple[list[tuple], int]], rounds: int
              ) -> tuple[float, float, list[tuple], int]:
    """Best wall and CPU seconds of ``rounds`` calls, with the values and nodes."""
    wall = cpu = float("inf")
    for _ in range(rounds):
        c0, t0 = time.process_time(), time.perf_counter()
        values, nodes = run()
        t1, c1 = time.perf_counter(), time.process_time()
        wall, cpu = min(wall, t1 - t0), min(cpu, c1 - c0)
    return wall, cpu, values, nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20, help="random records (default 20)")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds per record")
    args = parser.parse_args()
    warm_up()
    records = example_records() + random_records(args.deals)
    shared(*records[0][1:])
    fresh(*records[0][1:])
    rows = []
    print(f"{'record':<26}{'shared ms':>11}{'fresh ms':>10}{'ratio':>7}"
          f"{'nodes shared':>14}{'nodes fresh':>13}")
    for name, start, cards in records:
        s_wall, s_cpu, s_values, s_nodes = best_time(lambda: shared(start, cards), args.rounds)
        f_wall, f_cpu, f_values, f_nodes = best_time(lambda: fresh(start, cards), args.rounds)
        if s_values != f_values:
            raise SystemExit(f"{name}: the two methods disagree")
        rows.append((s_wall, f_wall, s_cpu, f_cpu, s_nodes, f_nodes))
        print(f"{name:<26}{s_wall * 1e3:>11.1f}{f_wall * 1e3:>10.1f}{s_wall / f_wall:>7.2f}"
              f"{s_nodes:>14}{f_nodes:>13}")
    cols = list(zip(*rows))
    mean = [statistics.mean(c) for c in cols]
    median = [statistics.median(c) for c in cols]
    print()
    print(f"{len(rows)} records of 32 cards, best of {args.rounds} rounds each")
    print(f"wall ms per record: shared mean {mean[0] * 1e3:.1f} median {median[0] * 1e3:.1f}; "
          f"fresh mean {mean[1] * 1e3:.1f} median {median[1] * 1e3:.1f}; "
          f"shared/fresh {mean[0] / mean[1]:.2f} (mean), {median[0] / median[1]:.2f} (median)")
    print(f"CPU ms per record: shared mean {mean[2] * 1e3:.1f}; fresh mean {mean[3] * 1e3:.1f}")
    print(f"nodes per record: shared mean {mean[4]:.0f}; fresh mean {mean[5]:.0f}")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{os.cpu_count()} cores, load average {load} at the end")


if __name__ == "__main__":
    main()
