"""Deals per second of the exact sampler (``python -m bench.sampling``).

Times the set-up (counting) and the bulk draw of hand masks, and the draw of
:class:`Deal` objects, for an unconstrained deal, South's 8 cards known, and a
constrained case. Each figure is the best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import time

from belote.sampling import Constraints, DealSampler

SOUTH = "S:JH 9H AH TH 7S 8S KD AC"
CASES = {
    "unconstrained": Constraints(),
    "South's 8 cards known": Constraints().with_text(hand=[SOUTH]),
    "South known, N:H=0, E:S>=3, W:D<=2, E:C points>=10 (trump H)":
        Constraints(trump=1).with_text(hand=[SOUTH], shape=["N:H=0", "E:S>=3", "W:D<=2"],
                                       points=["E:C>=10"]),
}


def best(f, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=200_000, help="deals per bulk draw")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print("| case | deals consistent | set-up (s) | masks/s | Deal objects/s |")
    print("|---|---:|---:|---:|---:|")
    for name, c in CASES.items():
        setup = best(lambda: DealSampler(c), args.repeat)
        sampler = DealSampler(c)
        bulk = best(lambda: sampler.draw_masks(1, 0, args.n), args.repeat)
        objects = best(lambda: sampler.draw(1, 0, args.n // 10), args.repeat)
        print(f"| {name} | {sampler.count()} | {setup:.3f} | {args.n / bulk:,.0f} | "
              f"{args.n // 10 / objects:,.0f} |")


if __name__ == "__main__":
    main()
