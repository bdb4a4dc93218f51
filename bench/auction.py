"""Speed of a question under an auction against the same question without one.

Run ``python -m bench.auction [--samples N] [--repeat K]``: times, in this
process with the kernels warm and serially (one core), the defence question
"N:P E:80H, South to speak" and the bid question "N:80D E:P, South to
speak" on ``N`` samples (default 1,000), each twice: under the built-in
``club`` profile (the auction's constraints: holdings sets and card counts
in the sampler) and under an empty profile (the same calls saying nothing:
the hidden hands uniform). The two run in turns, ``K`` times each (default
5), so that load from other jobs hits both alike; prints the median,
fastest and slowest wall seconds of each and the ratio of the medians. Then
the sampler alone: building it (counting) and drawing the samples, with and
without the auction.
"""

from __future__ import annotations

import argparse
import statistics
import time

from belote.advice import auction_advice
from belote.auction import DEFAULT, parse_conventions, read_auction
from belote.dd import warm_up
from belote.sampling import Constraints, DealSampler
from belote import Auction

HAND = "S:JS 9S AS TS 7D 8D KC AC"
QUESTIONS = {"defence": "N:P E:80H", "bid": "N:80D E:P"}
EMPTY = parse_conventions('name = "none"\n', "empty profile")
"""A profile without rules: every call says nothing (uniform hidden hands)."""


def _timed(func) -> float:
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


def _line(name: str, times: list[float]) -> str:
    return (f"{name:<28} median {statistics.median(times):7.3f} s, fastest {min(times):.3f},"
            f" slowest {max(times):.3f} ({len(times)} runs)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    warm_up()
    seen = Constraints().with_text(hand=[HAND])
    for name, text in QUESTIONS.items():
        auction = Auction.parse(text)
        times: dict[str, list[float]] = {"club": [], "none": []}
        for _ in range(args.repeat):
            for label, profile in (("club", DEFAULT), ("none", EMPTY)):
                times[label].append(_timed(lambda profile=profile, auction=auction: auction_advice(
                    seen, 2, auction, profile, samples=args.samples, seed=1)))
        ratio = statistics.median(times["club"]) / statistics.median(times["none"])
        print(f"{name} question, {text}, {args.samples} samples, serial:")
        print("  " + _line("under the club profile", times["club"]))
        print("  " + _line("without constraints", times["none"]))
        print(f"  ratio of the medians: {ratio:.3f}")
        for label, profile in (("club", DEFAULT), ("none", EMPTY)):
            constraints = read_auction(auction, profile, seen, 2).constraints
            build = [_timed(lambda c=constraints: DealSampler(c)) for _ in range(args.repeat)]
            sampler = DealSampler(constraints)
            draw = [_timed(lambda s=sampler, k=k: s.draw_masks(100 + k, 0, args.samples))
                    for k in range(args.repeat)]
            print(f"  sampler ({label}): {sampler.count()} layouts; build median "
                  f"{1000 * statistics.median(build):.1f} ms, draw {args.samples} median "
                  f"{1000 * statistics.median(draw):.1f} ms")


if __name__ == "__main__":
    main()
