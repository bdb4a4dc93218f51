"""Duplicate match: our single-dummy player against colver's IS-DD agent (issue 21).

Each deal (``colver.Env.deal(dealer, seed)`` for seed ``i``, dealer ``i % 4``)
is bid by four colver agents (their default bidder, ``improved_v2``); a deal
all four pass is skipped. The contract is then played twice from the same
auction: at table A our player (:func:`belote.advice.playout.decide`,
default schedule) holds N-S and colver's IS-DD agent
(``[play] method="isdd" determinizations=20``, ``[worlds] source="uniform"``)
E-W; at table B the seats are swapped. The per-deal difference is the
average over the two seats of (our deal score - colver's deal score in that
seat), scored by our coinche rules (``score_deal``, belote counted). CPU is
``time.process_time`` around each engine's decisions (colver: ``action``
and ``observe``; ours: ``decide``), both in this one process, one thread
(``RAYON_NUM_THREADS=1``).

With ``--evidence`` our player reads the auction (colver's actions as our
:class:`~belote.types.auction.Auction`) through the default schedule's call
weights (:mod:`belote.auction.beliefs`); without it, every layout consistent
with the play is equally likely, as for colver's ``source="uniform"`` agent.

Results go to a JSON-lines file, one line per deal, so a run can be stopped
and resumed (``--out``); ``--shard K/N`` plays only the seeds ``K mod N`` (N
processes, one file each, the deals shared out); ``--summary`` prints the
table of one or more files::

    nice -n 5 python -m bench.sd_match --deals 300 --evidence --shard 0/2 --out bench/out/m0.jsonl
    nice -n 5 python -m bench.sd_match --deals 300 --evidence --shard 1/2 --out bench/out/m1.jsonl
    python -m bench.sd_match --summary bench/out/m0.jsonl bench/out/m1.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable
from typing import Any

os.environ.setdefault("RAYON_NUM_THREADS", "1")

import colver
import numpy as np
from belote import COINCHE, Auction, CardSet, Contract, Deal, Position, score_deal
from belote.advice import DEFAULT_SCHEDULE, decide
from belote.dd import warm_up
from belote.sampling import mean
from belote.types import side_of

from .peer import FROM_COLVER, TO_COLVER

ISDD = '[play]\nmethod = "isdd"\ndeterminizations = 20\n[worlds]\nsource = "uniform"\n'
"""colver's IS-DD agent as the issue asks for it."""


def auction(seed: int) -> tuple[Deal, int, list[int], Contract] | None:
    """Deal ``seed`` bid by four colver agents: deal, dealer, bid actions, contract (None: passed out)."""
    dealer = seed % 4
    env = colver.Env.deal(dealer=dealer, seed=seed)
    hands = env.get_initial_hands()
    agents = [colver.Agent(ISDD, s, seed) for s in range(4)]
    for a in agents:
        a.init_deal(env)
    actions = []
    while env.phase() == 0 and not env.is_terminal():
        act = agents[env.current_player()].action(env)
        for a in agents:
            a.observe(env, act)
        env.step(act)
        actions.append(act)
    if env.phase() != 1:
        return None
    c = env.get_contract()
    declarer = next(seat for seat, act in reversed(env.get_bid_history())
                    if seat % 2 == c["team"] and _is_bid(act))
    bid = c["value"]
    capot = bid > 160
    contract = Contract(trump=c["trump"], declarer=declarer,
                        bid=COINCHE.capot_bid if capot else bid,
                        multiplier=(1, 2, 4)[c["coinche"]], capot=capot)
    deal = Deal([CardSet([FROM_COLVER[i] for i in h]) for h in hands])
    return deal, dealer, actions, contract


def our_auction(dealer: int, actions: list[int]) -> Auction:
    """colver's bid actions as our auction (the calls after it is complete, if any, dropped)."""
    auction = Auction(dealer, [], COINCHE)
    for act in actions:
        if auction.complete:
            break
        auction = auction.with_call(colver.Env.action_name(act, 0))
    return auction


def _is_bid(action: int) -> bool:
    name = colver.Env.action_name(action, 0)
    return name[:1].isdigit() or name.startswith("Capot")


def table(deal: Deal, dealer: int, actions: list[int], contract: Contract, ours: int,
          seed: int, board: int, evidence: bool = False) -> dict[str, Any]:
    """One table: our player holds side ``ours``, colver's IS-DD agent the other; with
    ``evidence`` ours weighs its layouts by the auction."""
    weights = DEFAULT_SCHEDULE.evidence(our_auction(dealer, actions)) if evidence else None
    env = colver.Env.deal_with_hands(dealer, [[TO_COLVER[c] for c in h] for h in deal.hands])
    theirs = [colver.Agent(ISDD, s, seed) for s in range(4) if side_of(s) != ours]
    for a in theirs:
        a.init_deal(env)
    for act in actions:
        for a in theirs:
            a.observe(env, act)
        env.step(act)
    pos = Position(deal, contract.trump, (dealer + 1) % 4, COINCHE)
    cpu = {"ours": 0.0, "colver": 0.0}
    times: dict[str, list[float]] = {"ours": [], "colver": []}
    while not env.is_terminal():
        seat = env.current_player()
        start = time.process_time()
        if side_of(seat) == ours:
            card = decide(pos, contract, schedule=DEFAULT_SCHEDULE, seed=seed, board=board,
                          evidence=weights).card
            act = TO_COLVER[card]
            who = "ours"
        else:
            act = next(a for a in theirs if a.seat == seat).action(env)
            card = FROM_COLVER[act]
            who = "colver"
        times[who].append(time.process_time() - start)
        start = time.process_time()
        for a in theirs:
            a.observe(env, act)
        cpu["colver"] += time.process_time() - start
        env.step(act)
        pos.play(card)
    cpu["ours"] += sum(times["ours"])
    cpu["colver"] += sum(times["colver"])
    score = score_deal(COINCHE, contract, pos.points, pos.belote_side())
    return {"points": list(pos.points), "scores": list(score.scores), "made": score.made,
            "colver_rewards": list(env.rewards()), "cpu": cpu,
            "ms": {k: [round(1000 * t, 2) for t in v] for k, v in times.items()}}


def play_bid_deals(deals: int, out: Path,
                   play: Callable[[int, Deal, int, list[int], Contract], dict[str, Any]],
                   every: int = 1, shard: tuple[int, int] = (0, 1)) -> None:
    """Run ``play(seed, deal, dealer, actions, contract)`` on ``deals`` bid deals (seeds from 0
    on, passed-out deals skipped), one JSON line each appended to ``out``; the seeds already
    in ``out`` are skipped, so a stopped run resumes. A progress line every ``every`` deals.
    ``shard`` ``(k, n)``: only the seeds ``k mod n``, and this shard's part of ``deals``."""
    k, n = shard
    done = ({json.loads(line)["seed"] for line in out.read_text().splitlines()}
            if out.exists() else set())
    warm_up()
    count = len(done)
    deals = deals // n + (k < deals % n)
    seed = k
    with out.open("a") as fp:
        while count < deals:
            bid = None if seed in done else auction(seed)
            if bid is not None:
                fp.write(json.dumps({"seed": seed, **play(seed, *bid)}) + "\n")
                fp.flush()
                count += 1
                if count % every == 0:
                    print(f"{count}/{deals} seed {seed} {bid[3].to_pbn()}", file=sys.stderr)
            seed += n


@dataclass(frozen=True)
class _MatchRow:
    """Both tables of one deal, seats swapped (a picklable ``play`` for :func:`play_bid_deals`)."""

    evidence: bool

    def __call__(self, seed: int, deal: Deal, dealer: int, actions: list[int],
                 contract: Contract) -> dict[str, Any]:
        return {"deal": deal.to_pbn(), "dealer": dealer, "contract": contract.to_pbn(),
                "declarer": contract.declarer, "evidence": self.evidence,
                "schedule": DEFAULT_SCHEDULE.to_dict(),
                "A": table(deal, dealer, actions, contract, 0, seed, 2 * seed, self.evidence),
                "B": table(deal, dealer, actions, contract, 1, seed, 2 * seed + 1,
                           self.evidence)}


def run(deals: int, out: Path, evidence: bool = False, shard: tuple[int, int] = (0, 1)) -> None:
    """Play ``deals`` bid deals (seeds from 0 on), appending to ``out`` (resumed if present,
    when its rows were played with the same schedule)."""
    if out.exists():
        _one_schedule(read_rows([out]) + [{"schedule": DEFAULT_SCHEDULE.to_dict()}])
    play_bid_deals(deals, out, _MatchRow(evidence), shard=shard)


def read_rows(paths: list[Path]) -> list[dict[str, Any]]:
    """The rows of one or more results files, by seed."""
    rows = [json.loads(line) for path in paths for line in path.read_text().splitlines()]
    return sorted(rows, key=lambda r: r["seed"])


def ratio_interval(ours: np.ndarray, theirs: np.ndarray, resamples: int = 4000,
                   seed: int = 0) -> tuple[float, float]:
    """95% percentile-bootstrap interval of ``ours.sum() / theirs.sum()``, the deals resampled
    (the two tables of a deal stay together; seeded, so the summary is reproducible).

    >>> low, high = ratio_interval(np.array([1.0, 2.0, 3.0]), np.array([2.0, 4.0, 6.0]))
    >>> round(low, 6), round(high, 6)
    (0.5, 0.5)
    """
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, len(ours), size=(resamples, len(ours)))
    ratios = ours[picks].sum(axis=1) / theirs[picks].sum(axis=1)
    low, high = np.percentile(ratios, [2.5, 97.5])
    return float(low), float(high)


def _one_schedule(rows: list[dict[str, Any]]) -> None:
    """Refuse rows played with different schedules of our player (rows written before the
    schedule was recorded count as one unknown schedule)."""
    schedules = {json.dumps(r.get("schedule")) for r in rows}
    if len(schedules) > 1:
        raise SystemExit(f"rows of different schedules: {', '.join(sorted(schedules))}")


def summary(paths: list[Path]) -> str:
    """The markdown summary of one or more results files (of one schedule)."""
    rows = read_rows(paths)
    _one_schedule(rows)
    diff, made_ours, made_colver, cpu_o, cpu_c = [], 0, 0, [], []
    ms_o: list[float] = []
    ms_c: list[float] = []
    tp = []
    as_taker, as_defence = [], []
    for r in rows:
        a, b = r["A"], r["B"]  # A: ours N-S; B: ours E-W
        north_south = a["scores"][0] - b["scores"][0]
        east_west = b["scores"][1] - a["scores"][1]
        diff.append((north_south + east_west) / 2)
        taking, defending = (north_south, east_west) if r["declarer"] % 2 == 0 else (east_west, north_south)
        as_taker.append(taking)
        as_defence.append(defending)
        tp.append(((a["points"][0] - b["points"][0]) + (b["points"][1] - a["points"][1])) / 2)
        taker = r["declarer"] % 2
        made_ours += (a if taker == 0 else b)["made"]
        made_colver += (b if taker == 0 else a)["made"]
        cpu_o.append(a["cpu"]["ours"] + b["cpu"]["ours"])
        cpu_c.append(a["cpu"]["colver"] + b["cpu"]["colver"])
        ms_o += a["ms"]["ours"] + b["ms"]["ours"]
        ms_c += a["ms"]["colver"] + b["ms"]["colver"]
    n = len(rows)
    d, t = mean(np.array(diff)), mean(np.array(tp))
    dt, dd = mean(np.array(as_taker)), mean(np.array(as_defence))
    co, cc = np.array(cpu_o), np.array(cpu_c)
    ratio = co.sum() / cc.sum()
    low, high = ratio_interval(co, cc)
    return "\n".join([
        f"deals: {n} (each played at two tables, seats swapped)",
        f"deal score, ours - colver per deal and seat: {d.value:+.1f} [{d.low:+.1f}, {d.high:+.1f}] (95% t)",
        f"trick points, ours - colver per deal and seat: {t.value:+.1f} [{t.low:+.1f}, {t.high:+.1f}]",
        f"deal score as taker, ours - colver: {dt.value:+.1f} [{dt.low:+.1f}, {dt.high:+.1f}]",
        f"deal score as defence, ours - colver: {dd.value:+.1f} [{dd.low:+.1f}, {dd.high:+.1f}]",
        f"contracts made as taker: ours {made_ours}/{n}, colver {made_colver}/{n}",
        f"CPU per deal (both tables, its own decisions): ours {co.mean():.2f} s, colver {cc.mean():.2f} s, "
        f"ratio {ratio:.2f} [{low:.2f}, {high:.2f}] (95% bootstrap over deals)",
        f"our CPU per deal p50/p90/p99: {np.percentile(co, 50):.2f}/{np.percentile(co, 90):.2f}/"
        f"{np.percentile(co, 99):.2f} s",
        f"ms a decision p50/p90: ours {np.percentile(ms_o, 50):.0f}/{np.percentile(ms_o, 90):.0f}, "
        f"colver {np.percentile(ms_c, 50):.0f}/{np.percentile(ms_c, 90):.0f}",
    ])


def command_line(doc: str, default_deals: int, default_out: str,
                 run_deals: Any, summarise: Any, match: bool = False) -> None:
    """The command line of a resumable single-dummy bench: ``--deals``, ``--out``, ``--shard``,
    ``--summary`` (and ``--evidence`` for the ``match``)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--deals", type=int, default=default_deals)
    parser.add_argument("--out", type=Path, default=Path(default_out))
    parser.add_argument("--shard", default="0/1", help="K/N: only the seeds K mod N")
    parser.add_argument("--summary", type=Path, nargs="+", default=None)
    if match:
        parser.add_argument("--evidence", action="store_true",
                            help="our player weighs its layouts by the auction")
    args = parser.parse_args()
    if args.summary is not None:
        print(summarise(args.summary))
        return
    k, n = (int(x) for x in args.shard.split("/"))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    extra = {"evidence": args.evidence} if match else {}
    run_deals(args.deals, args.out, shard=(k, n), **extra)
    print(summarise([args.out]))


def main() -> None:
    command_line(__doc__, 300, "bench/out/sd_match.jsonl", run, summary, match=True)


if __name__ == "__main__":
    main()
