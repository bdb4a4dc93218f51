"""The CPU cost of ``belote review``: per deal and per decision, one seat and four.

``python -m bench.review [--games N] [--four M]`` plays a session of N deals
with colver's bots (seeded, passed-out deals among them, as
``tests/colver_games.py`` does), then reviews it in this process, serially,
with the default schedule and call samples: every deal for seat S alone, then
the first M deals for all four seats. Each deal's CPU time
(``time.process_time`` around :func:`belote.analysis.review.review_board`,
the kernels loaded before) is one value; the report gives the mean a deal with
its 95% t interval, the median, the largest, and the CPU a decision (all
decisions, and the non-forced ones). Target (issue 35): under 10 s of CPU a
deal for one seat.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

from belote.analysis.review import review_board  # noqa: E402
from belote.dd import warm_up  # noqa: E402
from belote.formats import cfn  # noqa: E402
from belote.sampling.stats import mean  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from colver_games import session  # noqa: E402


def timed(boards: list, seats: str) -> tuple[list[float], int, int]:
    """CPU seconds a deal, and the decisions (all, not forced) reviewed for ``seats``."""
    seconds, decisions, free = [], 0, 0
    for place, board in enumerate(boards):
        start = time.process_time()
        deal = review_board(board, seats, place=place)
        seconds.append(time.process_time() - start)
        decisions += len(deal.decisions)
        free += sum(not d.forced for d in deal.decisions)
    return seconds, decisions, free


def report(label: str, seconds: list[float], decisions: int, free: int) -> str:
    """One line: CPU a deal (mean [95% interval], median, max) and a decision."""
    total = sum(seconds)
    e = mean(seconds) if len(seconds) > 1 else None
    interval = "" if e is None else f" [{e.low:.2f}, {e.high:.2f}]"
    return (f"{label}: {len(seconds)} deals, CPU a deal {total / len(seconds):.2f} s{interval} "
            f"(median {statistics.median(seconds):.2f}, max {max(seconds):.2f}); "
            f"{decisions} decisions ({free} not forced): {total / max(decisions, 1):.3f} s "
            f"a decision, {total / max(free, 1):.3f} s a free one")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--four", type=int, default=5)
    args = parser.parse_args()
    boards = [cfn.loads(line)[0] for line in session(args.games, seed=35)]
    warm_up()
    review_board(boards[0], "S")  # the first call's imports and caches, untimed
    print(report("one seat (S)", *timed(boards, "S")))
    print(report("four seats", *timed(boards[:args.four], "NESW")))


if __name__ == "__main__":
    main()
