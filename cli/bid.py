"""``belote bid``: should I bid this? Monte-Carlo double-dummy estimates from one hand.

Module-level imports stay light (no numba): the advisor is imported inside
the command.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import click
from belote.advice import PLAYED_SAMPLES, TABLE_SAMPLES
from belote import BeloteError
from belote.types import PROFILES

from .auction import render
from .options import SCHEDULE_DEFAULT, SEAT, constraint_error, constraint_options

MAX_SAMPLES = 10_000_000
"""The largest --samples: with --precision, at most 18 looks (100, 200, ... 10,000,000)."""

PARALLEL_FROM = 64
"""Without --jobs, fewer samples than this are solved in this process."""

DD_NOTE = ("Double-dummy: both sides play as if every card were visible. In colver's "
           "study of 62,000 deals (Avo-k/colver, docs/bid/reward_studies), where "
           "double-dummy play reached 100 points, strong bots reached it about 78% of "
           "the time (87% at 80, 63% at 120): read P(make) as an upper bound.")


def _precision_line(precision: float, rows: list[dict]) -> str:
    """Whether each trump reached +/-P, and after how many samples (the stopping test's rounding)."""
    per_trump: dict[str, list[dict]] = {}
    for row in rows:
        per_trump.setdefault(row["contract"][-1], []).append(row)
    parts = []
    for trump, group in per_trump.items():
        widest = max(round((r["ci95"][1] - r["ci95"][0]) / 2, 12) for r in group)
        reached = "reached" if widest <= precision else f"not reached (widest +/-{widest:.3f})"
        parts.append(f"{trump} {group[0]['samples']} samples, {reached}")
    looks = rows[0]["p_make_estimate"]["method"].removeprefix("wilson, ")
    return f"precision +/-{precision:g} (each interval 95%, {looks}): " + "; ".join(parts)


def _pct(e: dict) -> str:
    return f"{100 * e['value']:5.1f}% [{100 * e['low']:.1f}, {100 * e['high']:.1f}]"


def _num(e: dict) -> str:
    return f"{e['value']:.1f} [{e['low']:.1f}, {e['high']:.1f}]"


def _contract_text(row: dict) -> str:
    lines = [f"P(make)   {_pct(row['p_make_estimate'])}",
             f"P(capot)  {_pct(row['p_capot'])}"]
    if "p_litige" in row:
        lines.append(f"P(litige) {_pct(row['p_litige'])}")
    if row["mean_points"] is not None:
        lines.append(f"points    mean {_num(row['mean_points'])}, deciles "
                     + " ".join(str(d) for d in row["deciles"]))
    lines += [f"net {m:<5} {_num(e)}" for m, e in row["expected_score"].items()]
    return "\n".join(lines)


SD_NOTE = ("Single-dummy: every seat sees only its own hand and the cards played; at each "
           "card it samples the layouts it cannot tell apart (each equally likely), values "
           "every card on each double-dummy and plays the best on average (PIMC). A model, "
           "not a human: strategy fusion, no signalling, the auction not used as evidence.")


def _pts(e: dict) -> str:
    return f"{100 * e['value']:+5.1f} points [{100 * e['low']:+.1f}, {100 * e['high']:+.1f}]"


def _difference_text(contract: str, diff: dict) -> str:
    """Double-dummy minus single-dummy for one row, paired over the same samples."""
    scores = ", ".join(f"{m} {_num(e)}" for m, e in diff["expected_score"].items())
    return f"{contract:<7} P(make) {_pts(diff['p_make'])}; net {scores}"


def _played_body(out: dict, play: str, one: bool, classic: bool) -> str:
    """The single-dummy answer (``play`` "single-dummy") or both with their differences."""
    def render(block: dict) -> str:
        if one:
            return f"{block['contract']}\n" + _contract_text(block)
        return _classic_text(block) if classic else _table_text(block)

    if one:
        sd = out["single_dummy"]
        rows = [(out["contract"], out["difference"])]
    else:
        sd = {**out["single_dummy"], "rows": [r["single_dummy"] for r in out["rows"]]}
        rows = [(r["contract"], r["difference"]) for r in out["rows"]]
    sd_text = "single-dummy play:\n" + render(sd)
    if play == "single-dummy":
        return sd_text
    lines = ["double-dummy play:", render(out), sd_text,
             "double-dummy minus single-dummy (paired over the same samples):"]
    if one or classic:
        lines += [_difference_text(contract, diff) for contract, diff in rows]
    else:
        lines.append(_table_text({"rows": [{"contract": c, "samples": d["p_make"]["n"],
                                            "p_make": d["p_make"]["value"],
                                            "expected_score": d["expected_score"]}
                                           for c, d in rows]}, signed=True))
    return "\n".join(lines)


def _table_text(advice: dict, signed: bool = False) -> str:
    """The coinche table; ``signed``: a table of differences (no recommendation line)."""
    rows = advice["rows"]
    trumps = list(dict.fromkeys(r["contract"][-1] for r in rows))
    levels = list(dict.fromkeys(r["contract"][:-1] for r in rows))
    cell = {(r["contract"][:-1], r["contract"][-1]): r for r in rows}
    lines = ["bid    " + "".join(f"{t:>16}" for t in trumps)]
    sizes = [cell[levels[0], t]["samples"] for t in trumps]
    if len(set(sizes)) > 1:
        lines.append("samples" + "".join(f"{n:>16}" for n in sizes))
    for level in levels:
        lines.append(f"{level:<7}" + "".join(
            f"{100 * cell[level, t]['p_make']:{'+6.0f' if signed else '6.1f'}}% "
            f"{cell[level, t]['expected_score']['x1']['value']:+8.1f}"
            for t in trumps))
    if signed:
        lines.append("(each cell: P(make) and expected net score at x1, double-dummy minus "
                     "single-dummy; intervals in --json)")
        return "\n".join(lines)
    d = advice["difference"]
    lines.append("(each cell: P(make), expected net score at x1)")
    lines.append(f"recommended: {advice['recommended']} (highest expected net score at x1; "
                 f"passing counts 0); runner-up {advice['runner_up']}: "
                 f"difference {_num(d)} over {d['n']} paired samples")
    return "\n".join(lines)


def _classic_text(advice: dict) -> str:
    lines = []
    for i, row in enumerate(advice["rows"]):
        where = "take the turned suit (round 1)" if i == 0 else "name it (round 2)"
        lines.append(f"{row['contract']}: {where}")
        lines.append("  " + _contract_text(row).replace("\n", "\n  "))
    d = advice["difference"]
    lines.append(f"recommended: {advice['recommended']} (highest expected net score; passing "
                 f"counts 0); runner-up {advice['runner_up']}: difference {_num(d)} over "
                 f"{d['n']} paired samples")
    return "\n".join(lines)


@click.command()
@click.option("--hand", required=True, metavar="CARDS",
              help='Your cards, any spelling: "JH 9H AH TH KS AS AD 7C" (classic: 5 cards).')
@click.option("--seat", required=True, type=SEAT, help="Your seat: you are the declarer.")
@click.option("--dealer", default=None, type=SEAT,
              help="The dealer; the seat on the dealer's left leads the first trick "
                   "(required unless --auction names the seats).")
@click.option("--mode", type=click.Choice(sorted(PROFILES), case_sensitive=False),
              default="coinche", show_default=True, help="Rules.")
@click.option("--contract", "contract_text", metavar="CONTRACT", default=None,
              help="Coinche: judge only this contract (100H, CapotS); without it, every "
                   "contract of your side is tabled.")
@click.option("--auction", "auction_text", metavar="CALLS", default=None,
              help='The calls so far, from the dealer\'s left: "N:P E:80H S:P"; '
                   "advice for you, on turn (bid, defend, surcoinche; classic: take). "
                   "docs/auction.md.")
@click.option("--conventions", "conventions_path", default=None, metavar="FILE",
              type=click.Path(dir_okay=False, path_type=Path),
              help="With --auction: a TOML convention profile (default: the built-in 'club').")
@click.option("--turned", metavar="CARD", default=None,
              help="Classic: the turned card (you take it if you bid).")
@constraint_options("trump points of the --contract or turned suit, else plain points")
@click.option("--samples", "-n", type=click.IntRange(min=2, max=MAX_SAMPLES),
              default=None, show_default=f"{TABLE_SAMPLES}; {PLAYED_SAMPLES} with single-dummy play",
              help="Deals sampled and solved (with --precision, the most).")
@click.option("--play", type=click.Choice(["double-dummy", "single-dummy", "both"]),
              default="double-dummy", show_default=True,
              help="How each sampled deal is played: every card visible, or every seat "
                   "seeing only its own hand (single-dummy), or both on the same samples "
                   "with their paired difference.")
@click.option("--worlds", type=click.IntRange(min=1), default=None,
              show_default=SCHEDULE_DEFAULT,
              help="Single-dummy play: layouts a decision values at the first trick (given, "
                   "a quarter of them at the last).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Random stream: the same seed gives the same output, whatever --jobs.")
@click.option("--precision", type=click.FloatRange(min=0, max=0.5, min_open=True,
                                                   max_open=True),
              default=None, metavar="P",
              help="Stop early once every P(make) interval is within +/-P (e.g. 0.03).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              show_default="all cores from 64 samples on",
              help="Worker processes.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bid(hand, seat, dealer, mode, contract_text, auction_text, conventions_path, turned, known,
        shape, points, samples, play, worlds, seed, precision, jobs, as_json):
    """Should I bid? Judge contracts over sampled deals.

    \b
    Deals the unseen cards at random (within --known, --shape, --points),
    plays each deal double-dummy (or --play single-dummy) and scores it:
    P(make), P(capot) and your side's expected net score, each with its 95%
    interval. --contract judges one contract; without it, every contract of
    your side and the recommended bid. Classic: --turned CARD. --auction:
    the advice for your turn (bid, coinche, surcoinche). Double-dummy play
    sees every card: read P(make) as an upper bound.
    Guides: docs/bid.md, docs/auction.md, docs/single-dummy.md.

    \b
    Examples:
      belote bid --hand "JH 9H AH TH KS AS AD 7C" --seat S --dealer W --contract 100H
      belote bid --hand "JH 9H AH TH KS AS AD 7C" --seat S --dealer W --precision 0.05
      belote bid --mode classic --hand "JH 9H AS KS 7C" --turned AH --seat S --dealer W
      belote bid --hand "JS 9S AS TS 7D 8D KC AC" --seat S --auction "N:P E:80H"
      belote bid --hand "JH 9H AH TH KS AS AD 7C" --seat S --dealer W --contract 100H --play both
    """
    from belote import BidQuestion, advise_bid, plan_bid

    from .common import solver_run
    from .running import PROGRESS_MIN_ITEMS, progress_bar, stoppable

    question = BidQuestion(hand=hand, seat=seat, dealer=dealer, mode=mode,
                           contract=contract_text, auction=auction_text,
                           conventions=conventions_path, turned=turned, known=known,
                           shape=shape, points=points, samples=samples, play=play,
                           worlds=worlds, seed=seed, precision=precision)
    try:
        job = plan_bid(question)
    except BeloteError as e:
        raise constraint_error(e) from None
    samples = job.samples
    if job.auction is not None:
        pool_from, min_items = (1 if job.played else PARALLEL_FROM), PROGRESS_MIN_ITEMS
    elif job.played:
        pool_from, min_items = 1, 2
    else:
        pool_from, min_items = PARALLEL_FROM, PROGRESS_MIN_ITEMS
    run = solver_run(jobs, samples, pool_from=pool_from)
    with stoppable(), progress_bar(samples, "deal", min_items=min_items) as progress:
        try:
            answer = advise_bid(job, run=replace(run, progress=progress.update))
        except BeloteError as e:
            if job.auction is None:
                raise
            raise click.UsageError(str(e)) from None
        progress.echo(json.dumps(answer.to_dict()) if as_json else _answer_text(answer))


def _answer_text(answer) -> str:
    """The human text of any answer: an auction's question, single-dummy play, double-dummy."""
    if answer.job.auction is not None:
        return render(answer) + "\n" + (SD_NOTE if answer.job.played else DD_NOTE)
    return _played_text(answer) if answer.job.played else _text(answer)


def _head(answer, what: str) -> str:
    """The first line: the mode, the seats and what was sampled."""
    name = "NESW"
    return (f"{'classic' if answer.job.classic else 'coinche'}: you {name[answer.seat]}, dealer "
            f"{name[answer.dealer]}, first lead {name[answer.leader]}; {what}")


def _text(answer) -> str:
    """The human text of a double-dummy answer without an auction."""
    job = answer.job
    out = answer.result.to_dict()
    rows = [out] if job.contract is not None else out["rows"]
    layouts = answer.layouts
    exact = rows[0]["p_make_estimate"]["method"] == "exact"  # every layout solved once
    plural = "s" * (layouts != 1)
    what = (f"all {layouts} layout{plural}, exact" if exact
            else f"{out['samples']} samples of {layouts} layout{plural} (seed {answer.seed})")
    if job.contract is not None:
        body = f"{out['contract']} by {'NESW'[answer.seat]}\n" + _contract_text(out)
    elif job.classic:
        body = _classic_text(out)
    else:
        body = _table_text(out)
    precision = job.question.precision
    if precision is not None:
        body += "\n" + _precision_line(precision, rows)
    return _head(answer, what) + "\n" + body + "\n" + DD_NOTE


def _played_text(answer) -> str:
    """The human text of ``--play single-dummy`` and ``--play both``."""
    job = answer.job
    what = (f"{job.samples} samples of {answer.layouts} layouts (seed {answer.seed}), "
            f"single-dummy with {job.schedule.layouts[0]} layouts a "
            f"decision at the first trick")
    body = _played_body(answer.result.to_dict(), answer.play, job.contract is not None,
                        job.classic)
    note = SD_NOTE if answer.play == "single-dummy" else DD_NOTE + "\n" + SD_NOTE
    return _head(answer, what) + "\n" + body + "\n" + note
