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
and resumed (``--out``); ``--seeds START`` deals from seed START on (a fresh
range); ``--shard K/N`` plays only the seeds ``START + K mod N`` (N processes,
one file each, the deals shared out); ``--summary`` prints the table of one or
more files (:mod:`bench.duplicate`)::

    nice -n 5 python -m bench.sd_match --deals 300 --evidence --shard 0/2 --out bench/out/m0.jsonl
    nice -n 5 python -m bench.sd_match --deals 300 --evidence --shard 1/2 --out bench/out/m1.jsonl
    python -m bench.sd_match --summary bench/out/m0.jsonl bench/out/m1.jsonl
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable
from typing import Any

os.environ.setdefault("RAYON_NUM_THREADS", "1")

import colver
from belote import COINCHE, Auction, CardSet, Contract, Deal, Position, score_deal
from belote.advice import DEFAULT_SCHEDULE, decide
from belote.dd import warm_up
from belote.types import side_of

from .duplicate import (COLVER_SPEC, check_resume, command_line, one_setting, read_rows,
                        run_rows)
from .duplicate import summary as duplicate_summary
from .peer import FROM_COLVER, TO_COLVER

ISDD = COLVER_SPEC
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
                   every: int = 1, shard: tuple[int, int] = (0, 1), start: int = 0) -> None:
    """Run ``play(seed, deal, dealer, actions, contract)`` on ``deals`` bid deals (seeds from
    ``start`` on, passed-out deals skipped), one JSON line each appended to ``out``
    (:func:`bench.duplicate.run_rows`: resumed, sharded by seed)."""
    warm_up()

    def row(seed: int) -> dict[str, Any] | None:
        bid = auction(seed)
        return None if bid is None else play(seed, *bid)

    run_rows(out, deals, row, start=start, shard=shard, every=every,
             label=lambda r: str(r.get("contract", "")))


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


def run(deals: int, out: Path, start: int = 0, shard: tuple[int, int] = (0, 1),
        evidence: bool = False) -> None:
    """Play ``deals`` bid deals (seeds from ``start`` on), appending to ``out`` (resumed if
    present, when its rows were played with the same schedule)."""
    check_resume(out, "schedule", DEFAULT_SCHEDULE.to_dict())
    play_bid_deals(deals, out, _MatchRow(evidence), shard=shard, start=start)


def summary(paths: list[Path]) -> str:
    """The summary of one or more results files (of one schedule):
    :func:`bench.duplicate.summary`."""
    rows = read_rows(paths)
    one_setting(rows, "schedule")
    return duplicate_summary(rows)


def main() -> None:
    command_line(__doc__, 300, "bench/out/sd_match.jsonl", run, summary,
                 {"evidence": "our player weighs its layouts by the auction"})


if __name__ == "__main__":
    main()
