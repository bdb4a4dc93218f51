"""The decision-level judge: a player's cards (or calls) against a judge with more layouts (issue 37).

Positions come from the deals of the duplicate match (``colver.Env.deal(dealer=i % 4,
seed=i)`` bid by four colver ``improved_v2`` agents, :func:`bench.sd_match.auction`;
passed-out deals skipped). For a card, deal ``i`` is played from the opening lead by the
single-dummy player at a small schedule (:data:`PREFIX`, reading the auction, seed ``i``)
until a stage of the deal (the second to the sixth trick, :data:`STAGES`, one by ``i``,
0-3 cards into its trick); for a call, the point is a place in the deal's colver auction
(:data:`CALL_POINTS`).

At each point every *variant* (a pluggable decider, :data:`CARD_VARIANTS` /
:data:`CALL_VARIANTS`, or ``--variant NAME=module:function``) chooses with ``--seeds``
seeds, and the *judge* values every legal choice once with ``--factor`` times the
layouts (another seed): for a card, :func:`belote.advice.playout.decide` at the default
schedule's layouts times the factor (reading the auction and the belote heard: the
facts are true); for a call, :func:`belote.advice.auction.auction_advice` with the factor
times the samples. A choice's regret is the judge's value of its best choice minus that
of the choice made: for a card the side's goal share and expected trick points (as
``bench/sd_schedule.py``), for a call the expected net score. The summary gives each
variant's mean regret with its 95% t interval over *points* (a point's seeds are not
independent: their mean is one value), the share of decisions that differ from the
judge's best, CPU ms a decision, and the paired difference of each variant from the
first on the same points (and on the points where the variants saw different layouts).

One JSON line per point (``--out``, resumed: points already there are skipped);
``--shard K/N`` takes the deals ``K mod N``; ``--summary`` prints the table::

    nice -n 5 python -m bench.judge --points 200 --shard 0/2 --out bench/out/judge_0.jsonl
    nice -n 5 python -m bench.judge --points 200 --shard 1/2 --out bench/out/judge_1.jsonl
    python -m bench.judge --summary bench/out/judge_0.jsonl bench/out/judge_1.jsonl
    python -m bench.judge --kind call --points 40 --out bench/out/judge_calls.jsonl

A decider is ``f(point, seed) -> str`` (a card's or a call's name); ``point`` is a
:class:`CardPoint` or a :class:`CallPoint`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

os.environ.setdefault("RAYON_NUM_THREADS", "1")

import numpy as np
from belote import COINCHE, Auction, Contract, Deal, Position
from belote.advice import DEFAULT_SCHEDULE, Schedule, auction_advice, decide, seat_view
from belote.sampling import BLOCK, Constraints, mean, visible_constraints
from belote.auction import DEFAULT as CONVENTIONS
from belote.dd import equivalence_classes, layout_values, warm_up
from belote.rules import min_points_to_make
from belote.types import card_name, side_of

from .sd_match import auction, our_auction

STAGES = (28, 24, 20, 16, 12)
"""Cards still to play at the start of each stage's trick (the second to the sixth)."""
PREFIX = Schedule.line(10, 6)
"""The schedule that plays the cards before a point (cheap; the point's decision is not)."""
CALL_SAMPLES = 64
"""Samples of the default call decider (:func:`advised_call`)."""
JUDGE_SEED = 10**6
"""The judge's seed is this plus the point's deal seed."""


@dataclass(frozen=True)
class CardPoint:
    """A card to choose: the position (the whole deal inside; a decider must read only what
    the player to move sees), the contract, the auction's log factors (``evidence``) and
    the deal's seed (the judge's is :data:`JUDGE_SEED` plus it)."""

    position: Position
    contract: Contract
    evidence: np.ndarray | None
    seed: int


@dataclass(frozen=True)
class CallPoint:
    """A call to choose: the deal, the auction so far (its next call is the seat's) and the
    seat on turn (a decider reads only its hand and the auction)."""

    deal: Deal
    auction: Auction
    seat: int


Decider = Callable[[Any, int], str]


def reading(point: CardPoint, seed: int) -> str:
    """The card player as shipped: reads the auction and the belote heard."""
    return card_name(decide(point.position, point.contract, seed=seed,
                            evidence=point.evidence).card)


def blind(point: CardPoint, seed: int) -> str:
    """The card player without the belote announcements (``Schedule(belote=False)``)."""
    return card_name(decide(point.position, point.contract, seed=seed, evidence=point.evidence,
                            schedule=replace(DEFAULT_SCHEDULE, belote=False)).card)


def advised_call(point: CallPoint, seed: int) -> str:
    """The call :func:`~belote.advice.auction.auction_advice` recommends with
    :data:`CALL_SAMPLES` samples (the seat's hand and the auction read by the default
    conventions)."""
    return _call_advice(point, CALL_SAMPLES, seed).recommended


CARD_VARIANTS: dict[str, Decider] = {"blind": blind, "reading": reading}
CALL_VARIANTS: dict[str, Decider] = {"advice": advised_call}


def _call_advice(point: CallPoint, samples: int, seed: int) -> Any:
    seen = Constraints().with_hand(point.seat, point.deal.hands[point.seat])
    return auction_advice(seen, point.seat, point.auction, CONVENTIONS, samples=samples,
                          seed=seed)


def judge_card(point: CardPoint, factor: int, seed: int) -> dict[str, Any]:
    """Every legal card's value over ``factor`` times the default layouts: the classes of
    interchangeable cards in the judge's order (best first), goal shares and points."""
    judge = Schedule(tuple(min(BLOCK, factor * n) for n in DEFAULT_SCHEDULE.layouts),
                     factor * DEFAULT_SCHEDULE.exact)
    d = decide(point.position, point.contract, schedule=judge, seed=seed,
               evidence=point.evidence)
    real = on_the_real_deal(point)
    truth = [next(real[c] for c in cls if c in real) for cls in d.classes]
    return {"layouts": d.layouts, "exact": d.exact,
            "classes": [[card_name(c) for c in cls] for cls in d.classes],
            "goal": list(d.goal) if d.goal is not None else [0.0] * len(d.classes),
            "points": list(d.points),
            "truth_goal": [g for g, _ in truth], "truth_points": [p for _, p in truth]}


def on_the_real_deal(point: CardPoint) -> dict[int, tuple[float, float]]:
    """Each class of interchangeable cards (by its first card) on the real deal, double-dummy:
    whether the side then reaches its goal (1 or 0) and its trick points."""
    pos, contract = point.position, point.contract
    classes, values = layout_values(pos, np.array([pos.hands], dtype=np.int64))
    side, taker = side_of(pos.to_move), contract.side
    need = min_points_to_make(pos.profile, contract, pos.belote_side())
    return {cls[0]: (float((values[0, j, taker] >= need) == (side == taker)),
                     float(values[0, j, side])) for j, cls in enumerate(classes)}


def judge_call(point: CallPoint, factor: int, seed: int) -> dict[str, Any]:
    """Every legal call's expected net score with ``factor`` times :data:`CALL_SAMPLES`."""
    advice = _call_advice(point, factor * CALL_SAMPLES, seed)
    options = sorted(advice.options, key=lambda o: -o.expected.value)
    return {"layouts": advice.samples, "exact": advice.exact,
            "classes": [[o.name] for o in options], "goal": [0.0] * len(options),
            "points": [o.expected.value for o in options]}


def card_point(seed: int) -> tuple[CardPoint, bool] | None:
    """Deal ``seed``'s card point (module docstring) and whether the belote heard changes
    what its player sees; ``None``: passed out, or a forced card."""
    bid = auction(seed)
    if bid is None:
        return None
    deal, dealer, actions, contract = bid
    evidence = DEFAULT_SCHEDULE.evidence(our_auction(dealer, actions))
    pos = Position(deal, contract.trump, (dealer + 1) % 4, COINCHE)
    rng = random.Random(seed)
    left = STAGES[seed % len(STAGES)] - rng.randrange(4)
    while pos.cards_left > left:
        pos.play(decide(pos, contract, schedule=PREFIX, seed=seed, evidence=evidence).card)
    if len(equivalence_classes(pos)) == 1:
        return None
    affected = seat_view(pos) != visible_constraints(pos, pos.to_move)
    return CardPoint(pos, contract, evidence, seed), affected


CALL_POINTS = 3
"""A call point is the ``seed % CALL_POINTS``-th call of the deal's auction (or its last)."""


def call_point(seed: int) -> CallPoint | None:
    """Deal ``seed``'s call point (module docstring); ``None``: passed out."""
    bid = auction(seed)
    if bid is None:
        return None
    deal, dealer, actions, _ = bid
    full = our_auction(dealer, actions)
    at = min(seed % CALL_POINTS, len(full.calls) - 1)
    so_far = Auction(dealer, list(full.calls[:at]), COINCHE)
    seat = so_far.turn
    return None if seat is None else CallPoint(deal, so_far, seat)


def judge_row(kind: str, seed: int, variants: dict[str, Decider], seeds: int, factor: int,
              heard_only: bool = False) -> dict[str, Any] | None:
    """One point judged: the judge's values and each variant's choices (with CPU ms)."""
    row: dict[str, Any] = {"seed": seed, "kind": kind, "factor": factor,
                           "variants_run": list(variants)}
    point: CardPoint | CallPoint
    if kind == "card":
        made = card_point(seed)
        if made is None:
            return None
        point, affected = made
        pos = point.position
        row.update(deal=Deal(pos.start_hands).to_pbn(), contract=point.contract.to_pbn(),
                   declarer=point.contract.declarer, cards_left=pos.cards_left,
                   cards=[card_name(c) for t in pos.tricks for c in t.cards]
                   + [card_name(c) for c in pos.trick], affected=affected)
        if heard_only and not affected:
            return row
        row["judge"] = judge_card(point, factor, JUDGE_SEED + seed)
    else:
        call = call_point(seed)
        if call is None:
            return None
        point = call
        row.update(deal=point.deal.to_pbn(), auction=[c.text for c in point.auction.calls],
                   seat=point.seat)
        row["judge"] = judge_call(point, factor, JUDGE_SEED + seed)
    row["choices"] = {}
    for name, decider in variants.items():
        picks = []
        for s in range(seeds):
            start = time.process_time()
            choice = decider(point, s)
            picks.append({"choice": choice, "ms": round(1000 * (time.process_time() - start), 2)})
        row["choices"][name] = picks
    return row


def run(kind: str, points: int, out: Path, variants: dict[str, Decider], seeds: int,
        factor: int, first: int = 0, shard: tuple[int, int] = (0, 1),
        heard_only: bool = False) -> None:
    """Judge ``points`` points (deal seeds from ``first`` on, this shard's part), appending
    to ``out``; the seeds already there are skipped."""
    k, n = shard
    rows = _read([out]) if out.exists() else []
    done = {r["seed"] for r in rows}
    count = sum("skipped" not in r for r in rows)
    target = points // n + (k < points % n)
    warm_up()
    seed = first + (k - first) % n
    with out.open("a") as fp:
        while count < target:
            if seed not in done:
                row = judge_row(kind, seed, variants, seeds, factor, heard_only)
                fp.write(json.dumps(row if row is not None else {"seed": seed, "skipped": True})
                         + "\n")
                fp.flush()
                if row is not None:
                    count += 1
                    print(f"{count}/{target} seed {seed}", file=sys.stderr)
            seed += n


def _read(paths: list[Path]) -> list[dict[str, Any]]:
    rows = [json.loads(line) for p in paths for line in p.read_text().splitlines() if line]
    return sorted(rows, key=lambda r: r["seed"])


def regrets(row: dict[str, Any], name: str) -> tuple[list[float], list[float], list[bool]]:
    """Goal-share and points regrets of variant ``name``'s choices at ``row``, and whether
    each differs from the judge's best."""
    judge = row["judge"]
    where = {c: j for j, cls in enumerate(judge["classes"]) for c in cls}
    goal, points, differ = [], [], []
    for pick in row["choices"][name]:
        j = where[pick["choice"]]
        goal.append(judge["goal"][0] - judge["goal"][j])
        points.append(judge["points"][0] - judge["points"][j])
        differ.append(j != 0)
    return goal, points, differ


def on_the_deal(row: dict[str, Any], name: str) -> tuple[float, float]:
    """The mean goal (0/1) and trick points on the real deal of variant ``name``'s choices at
    ``row`` (card points only)."""
    judge = row["judge"]
    where = {c: j for j, cls in enumerate(judge["classes"]) for c in cls}
    picks = [where[pick["choice"]] for pick in row["choices"][name]]
    return (float(np.mean([judge["truth_goal"][j] for j in picks])),
            float(np.mean([judge["truth_points"][j] for j in picks])))


def _interval(values: list[float]) -> str:
    if len(values) < 2:
        return "-"
    e = mean(values)
    return f"{e.value:+.3f} [{e.low:+.3f}, {e.high:+.3f}]"


def summary(paths: list[Path]) -> str:
    """The markdown table of one or more results files."""
    rows = [r for r in _read(paths) if "skipped" not in r]
    judged = [r for r in rows if "judge" in r]
    if not judged:
        return "no judged points"
    kinds = {r["kind"] for r in judged}
    factors = {r["factor"] for r in judged}
    names = judged[0]["variants_run"]
    if len(kinds) > 1 or len(factors) > 1 or any(r["variants_run"] != names for r in judged):
        raise SystemExit("rows of different kinds, factors or variants: judge them apart")
    kind = kinds.pop()
    unit = "points" if kind == "card" else "net score"
    affected = sum(bool(r.get("affected")) for r in rows)
    views = (f"; where the belote heard changes the view: {affected} of {len(rows)}"
             if kind == "card" else "")
    lines = [f"points: {len(rows)} ({kind}s), judged {len(judged)}; the judge's layouts "
             f"x{factors.pop()}{views}", "",
             f"| variant | decisions | regret, goal share | regret, {unit} [95% t over points] "
             "| differs from the judge | ms a decision |",
             "|---|---|---|---|---|---|"]
    by_point: dict[str, list[float]] = {}
    goal_by_point: dict[str, list[float]] = {}
    for name in names:
        goal, differ, ms, per = [], [], [], []
        for r in judged:
            g, p, d = regrets(r, name)
            goal += g
            differ += d
            per.append(float(np.mean(p)))
            goal_by_point.setdefault(name, []).append(float(np.mean(g)))
            ms += [pick["ms"] for pick in r["choices"][name]]
        by_point[name] = per
        lines.append(f"| {name} | {len(goal)} | {np.mean(goal):.4f} | {_interval(per)} "
                     f"| {100 * np.mean(differ):.0f}% | {np.mean(ms):.0f} |")
    base = names[0]
    unjudged = len(rows) - len(judged)
    for name in names[1:]:
        diff = [a - b for a, b in zip(by_point[name], by_point[base], strict=True)]
        if unjudged:
            lines.append(f"\npaired regret, {name} - {base} ({unit}), all {len(rows)} points "
                         f"(the {unjudged} not judged count 0: the same view, the same "
                         f"layouts, the same card): {_interval(diff + [0.0] * unjudged)}")
        else:
            lines.append(f"\npaired regret, {name} - {base} ({unit}), all {len(diff)} points: "
                         f"{_interval(diff)}")
        subset = [d for d, r in zip(diff, judged, strict=True) if r.get("affected")]
        if kind == "card":
            lines.append(f"  on the {len(subset)} points where the belote heard changes the "
                         f"view: {_interval(subset)}")
            goals = [a - b for a, b in zip(goal_by_point[name], goal_by_point[base],
                                           strict=True)]
            lines.append(f"  in goal share, over the {len(goals)} judged points: "
                         f"{_interval(goals)}")
        real = [r for r in judged if "truth_points" in r["judge"]]
        if real:
            gains = [np.subtract(on_the_deal(r, name), on_the_deal(r, base)) for r in real]
            lines.append(f"  on the real deal, {name} - {base} over the {len(real)} judged "
                         f"points: goal {_interval([float(g[0]) for g in gains])}, points "
                         f"{_interval([float(g[1]) for g in gains])}")
    return "\n".join(lines)


def _load(spec: str) -> tuple[str, Decider]:
    name, _, target = spec.partition("=")
    module, _, attr = target.partition(":")
    if not (name and module and attr):
        raise SystemExit(f"--variant {spec!r}: expected NAME=module:function")
    return name, getattr(importlib.import_module(module), attr)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", choices=("card", "call"), default="card")
    parser.add_argument("--points", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first deal seed")
    parser.add_argument("--seeds", type=int, default=2, help="seeds of each variant a point")
    parser.add_argument("--factor", type=int, default=5, help="the judge's layouts: x this")
    parser.add_argument("--variant", action="append", default=[],
                        help="NAME=module:function (default: the built-in variants)")
    parser.add_argument("--heard-only", action="store_true",
                        help="judge only the card points where the belote heard changes the "
                             "view (the others are counted)")
    parser.add_argument("--out", type=Path, default=Path("bench/out/judge.jsonl"))
    parser.add_argument("--shard", default="0/1", help="K/N: only the deals K mod N")
    parser.add_argument("--summary", type=Path, nargs="+", default=None)
    args = parser.parse_args(argv)
    if args.summary is not None:
        print(summary(args.summary))
        return
    variants = dict(_load(v) for v in args.variant) or (
        CARD_VARIANTS if args.kind == "card" else CALL_VARIANTS)
    k, n = (int(x) for x in args.shard.split("/"))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    run(args.kind, args.points, args.out, variants, args.seeds, args.factor, args.first,
        (k, n), args.heard_only)
    print(summary([args.out]))


if __name__ == "__main__":
    main()
