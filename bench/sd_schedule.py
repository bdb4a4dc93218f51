"""How many layouts a single-dummy decision needs: regret against a large reference (issue 21).

For positions at stages of the deal (``--stages``: the first trick, the second,
the third, the fifth, the seventh; by default the first, fifth and seventh), each a seeded random deal played with random legal cards with a
random contract (trump, taker, a bid of 80 to 100), the decision of
:func:`belote.advice.playout.decide` with ``W`` layouts (three seeds each)
is compared with its ranking on ``--reference`` layouts (another stream):
the regret is the reference's goal share and expected points of its best
card minus those of the card chosen with ``W``. Means over the positions
and seeds, with the share of decisions that differ from the reference's; the
95% t interval of the points regret is over positions (the three seeds of one
position are not independent, so each position's mean is one value). The
layouts of ``W`` are the first ``W`` of the seed's stream, so every ``W`` is
compared on the same draws::

    nice -n 5 python -m bench.sd_schedule --positions 30 --reference 400
    nice -n 5 python -m bench.sd_schedule --stages "trick 1" "trick 2" --worlds 30 40 45 50 60
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from belote import COINCHE, Deal, Position, parse_contract
from belote.advice import Schedule, decide
from belote.dd import warm_up
from belote.sampling import mean

STAGES = {"trick 1": 32, "trick 2": 28, "trick 3": 24, "trick 5": 16, "trick 7": 8}
"""Cards still to play at the start of each stage's positions (plus 0-3 of its trick)."""
WORLDS = (5, 10, 15, 30, 60)
SEEDS = 3
"""Seeds of each position's decision with ``W`` layouts."""


def position(seed: int, left: int):
    """A seeded random deal played at random until ``left`` (minus 0-3) cards remain."""
    rng = random.Random(seed)
    trump, declarer = rng.randrange(4), rng.randrange(4)
    contract = parse_contract(f"{rng.choice((80, 90, 100))}{'SHDC'[trump]}", COINCHE, declarer)
    pos = Position(Deal.random(rng), trump, (declarer + 1) % 4, COINCHE)
    left -= rng.randrange(4)
    while pos.cards_left > left:
        pos.play(rng.choice(sorted(pos.legal_cards())))
    return pos, contract


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--reference", type=int, default=400)
    parser.add_argument("--stages", nargs="+", choices=sorted(STAGES),
                        default=["trick 1", "trick 5", "trick 7"])
    parser.add_argument("--worlds", nargs="+", type=int, default=list(WORLDS))
    args = parser.parse_args()
    warm_up()
    print("| stage | W | decisions | mean regret, goal share | mean regret, points [95%] "
          "| differs from reference | ms a decision |")
    print("|---|---|---|---|---|---|---|")
    for stage in args.stages:
        left = STAGES[stage]
        cases = []
        seed = 0
        while len(cases) < args.positions:
            pos, contract = position(1000 * left + seed, left)
            seed += 1
            ref = decide(pos, contract, schedule=Schedule.line(args.reference, args.reference,
                                                                args.reference), seed=10**6)
            if not ref.forced and len(ref.classes) > 1:
                cases.append((pos, contract, ref))
        for w in args.worlds:
            goal, points, differ, ms, by_position = [], [], [], [], []
            for pos, contract, ref in cases:
                score = {cls[0]: (ref.goal[j] if ref.goal else 0.0, ref.points[j])
                         for j, cls in enumerate(ref.classes)}
                best = score[ref.card]
                for s in range(SEEDS):
                    start = time.process_time()
                    card = decide(pos, contract, schedule=Schedule.line(w, w, w), seed=s).card
                    ms.append(1000 * (time.process_time() - start))
                    head = next(cls[0] for cls in ref.classes if card in cls)
                    goal.append(best[0] - score[head][0])
                    points.append(best[1] - score[head][1])
                    differ.append(head != ref.card)
                by_position.append(np.mean(points[-SEEDS:]))
            regret = mean(by_position)
            print(f"| {stage} | {w} | {len(goal)} | {np.mean(goal):.4f} "
                  f"| {regret.value:.2f} [{regret.low:.2f}, {regret.high:.2f}] "
                  f"| {100 * np.mean(differ):.0f}% | {np.mean(ms):.0f} |", flush=True)


if __name__ == "__main__":
    main()
