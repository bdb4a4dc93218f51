"""``belote bid``: should I bid this? Monte-Carlo double-dummy estimates from one hand.

Module-level imports stay light (no numpy): the advisor is imported inside
the command; the renderers read the typed rows of its
:class:`~belote.advice.answer.BidAdvice`.
"""

from __future__ import annotations

import json
from dataclasses import replace

import click
from typing import TYPE_CHECKING

from belote.advice import PLAYED_SAMPLES, TABLE_SAMPLES
from belote import BeloteError, BidQuestion
from belote.types import PROFILES, SUIT_NAMES

from .auction import render

if TYPE_CHECKING:
    from belote import BidAdvice, Contract
    from belote.advice import BidRow, Choice, ContractEstimate, PlayDifference
    from belote.sampling import Estimate
from .options import SCHEDULE_DEFAULT, SEAT, constraint_error, constraint_options
from .common import solver_run

MAX_SAMPLES = 10_000_000
"""The largest --samples: with --precision, at most 18 looks (100, 200, ... 10,000,000)."""

PARALLEL_FROM = 64
"""Without --jobs, fewer samples than this are solved in this process."""

DD_NOTE = ("Double-dummy: both sides play as if every card were visible. In colver's "
           "study of 62,000 deals (Avo-k/colver, docs/bid/reward_studies), where "
           "double-dummy play reached 100 points, strong bots reached it about 78% of "
           "the time (87% at 80, 63% at 120): read P(make) as an upper bound.")


def _precision_line(precision: float, rows: tuple[BidRow, ...]) -> str:
    """Whether each trump reached +/-P, and after how many samples (the stopping test's rounding)."""
    per_trump: dict[int, list[ContractEstimate]] = {}
    for row in rows:
        assert row.double_dummy is not None, "precision is for double-dummy play"
        per_trump.setdefault(row.double_dummy.contract.trump, []).append(row.double_dummy)
    parts = []
    for trump, group in per_trump.items():
        widest = max(e.p_make.half_width for e in group)
        reached = "reached" if widest <= precision else f"not reached (widest +/-{widest:.3f})"
        parts.append(f"{SUIT_NAMES[trump]} {group[0].samples} samples, {reached}")
    looks = rows[0].p_make.method.removeprefix("wilson, ") if rows[0].p_make else ""
    return f"precision +/-{precision:g} (each interval 95%, {looks}): " + "; ".join(parts)


def _pct(e: Estimate) -> str:
    return f"{100 * e.value:5.1f}% [{100 * e.low:.1f}, {100 * e.high:.1f}]"


def _num(e: Estimate) -> str:
    return f"{e.value:.1f} [{e.low:.1f}, {e.high:.1f}]"


def _contract_text(e: ContractEstimate) -> str:
    lines = [f"P(make)   {_pct(e.p_make)}",
             f"P(capot)  {_pct(e.p_capot)}"]
    if e.p_litige is not None:
        lines.append(f"P(litige) {_pct(e.p_litige)}")
    if e.mean_points is not None and e.deciles is not None:
        lines.append(f"points    mean {_num(e.mean_points)}, deciles "
                     + " ".join(str(d) for d in e.deciles))
    lines += [f"net {'x' + str(m):<5} {_num(s)}" for m, s in e.expected_score.items()]
    return "\n".join(lines)


SD_NOTE = ("Single-dummy: every seat sees only its own hand and the cards played; at each "
           "card it samples the layouts it cannot tell apart (each equally likely), values "
           "every card on each double-dummy and plays the best on average (PIMC). A model, "
           "not a human: strategy fusion, no signalling, the auction not used as evidence.")


def _pts(e: Estimate) -> str:
    return f"{100 * e.value:+5.1f} points [{100 * e.low:+.1f}, {100 * e.high:+.1f}]"


def _difference_text(contract: str, diff: PlayDifference) -> str:
    """Double-dummy minus single-dummy for one row, paired over the same samples."""
    scores = ", ".join(f"x{m} {_num(e)}" for m, e in diff.expected_score.items())
    return f"{contract:<7} P(make) {_pts(diff.p_make)}; net {scores}"


def _estimates(rows: tuple[BidRow, ...], play: str) -> list[ContractEstimate]:
    """Each row's estimate under ``play`` (``double-dummy`` or ``single-dummy``)."""
    out = [row.double_dummy if play == "double-dummy" else row.single_dummy for row in rows]
    assert all(out), f"every row was judged under {play} play"
    return [e for e in out if e is not None]


def _differences(rows: tuple[BidRow, ...]) -> list[PlayDifference]:
    """Each row's double-dummy minus single-dummy."""
    return [row.difference for row in rows if row.difference is not None]


def _played_body(advice: BidAdvice) -> str:
    """The single-dummy answer (``--play single-dummy``) or both with their differences."""
    rows, one, classic = advice.rows, advice.kind == "contract", advice.kind == "classic"

    def render(play: str, choice: Choice | None) -> str:
        estimates = _estimates(rows, play)
        if one:
            return f"{rows[0].call}\n" + _contract_text(estimates[0])
        assert choice is not None, "a table has its recommendation"
        return (_classic_text(estimates, choice) if classic
                else _table_text(_cells(estimates), choice))

    sd_text = "single-dummy play:\n" + render("single-dummy", advice.single_dummy_choice)
    if advice.play == "single-dummy":
        return sd_text
    lines = ["double-dummy play:", render("double-dummy", advice.choice), sd_text,
             "double-dummy minus single-dummy (paired over the same samples):"]
    if one or classic:
        lines += [_difference_text(row.call, diff)
                  for row, diff in zip(rows, _differences(rows), strict=True)]
    else:
        lines.append(_table_text([_cell(d.contract, d.p_make.n, d.p_make.value,
                                        d.expected_score[1].value)
                                  for d in _differences(rows)], None))
    return "\n".join(lines)


Cell = tuple[str, str, int, float, float]
"""A cell of the coinche table: the bid level, the trump, samples, P(make), net at x1."""


def _cell(contract: Contract, samples: int, p_make: float, net: float) -> Cell:
    level = "Capot" if contract.capot else str(contract.bid)
    return level, SUIT_NAMES[contract.trump], samples, p_make, net


def _cells(estimates: list[ContractEstimate]) -> list[Cell]:
    return [_cell(e.contract, e.samples, e.p_make.value, e.expected_score[1].value)
            for e in estimates]


def _table_text(cells: list[Cell], choice: Choice | None) -> str:
    """The coinche table; without a ``choice``: a table of differences (signed, no
    recommendation line)."""
    signed = choice is None
    trumps = list(dict.fromkeys(c[1] for c in cells))
    levels = list(dict.fromkeys(c[0] for c in cells))
    cell = {(c[0], c[1]): c for c in cells}
    lines = ["bid    " + "".join(f"{t:>16}" for t in trumps)]
    sizes = [cell[levels[0], t][2] for t in trumps]
    if len(set(sizes)) > 1:
        lines.append("samples" + "".join(f"{n:>16}" for n in sizes))
    for level in levels:
        lines.append(f"{level:<7}" + "".join(
            f"{100 * cell[level, t][3]:{'+6.0f' if signed else '6.1f'}}% "
            f"{cell[level, t][4]:+8.1f}"
            for t in trumps))
    if choice is None:
        lines.append("(each cell: P(make) and expected net score at x1, double-dummy minus "
                     "single-dummy; intervals in --json)")
        return "\n".join(lines)
    d = choice.difference
    assert d is not None, "a table has a runner-up"
    lines.append("(each cell: P(make), expected net score at x1)")
    lines.append(f"recommended: {choice.recommended} (highest expected net score at x1; "
                 f"passing counts 0); runner-up {choice.runner_up}: "
                 f"difference {_num(d)} over {d.n} paired samples")
    return "\n".join(lines)


def _classic_text(estimates: list[ContractEstimate], choice: Choice) -> str:
    lines = []
    for i, e in enumerate(estimates):
        where = "take the turned suit (round 1)" if i == 0 else "name it (round 2)"
        lines.append(f"{e.contract.to_pbn()}: {where}")
        lines.append("  " + _contract_text(e).replace("\n", "\n  "))
    d = choice.difference
    assert d is not None, "the classic suits have a runner-up"
    lines.append(f"recommended: {choice.recommended} (highest expected net score; passing "
                 f"counts 0); runner-up {choice.runner_up}: difference {_num(d)} over "
                 f"{d.n} paired samples")
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
@click.option("--conventions", "conventions_path", default=None, metavar="NAME|FILE",
              help="With --auction: the convention profile, built-in ('club', the default, "
                   "or 'light') or a TOML file.")
@click.option("--opponents", "opponents_path", default=None, metavar="NAME|FILE",
              help="With --auction: read the opponents' calls under this profile ('light': "
                   "they open nearly every hand); default: as --conventions.")
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
def bid(hand, seat, dealer, mode, contract_text, auction_text, conventions_path,
        opponents_path, turned, known,
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
    from belote import advise_bid, plan_bid

    from .running import PROGRESS_MIN_ITEMS, progress_bar, stoppable

    question = BidQuestion(hand=hand, seat=seat, dealer=dealer, mode=mode,
                           contract=contract_text, auction=auction_text,
                           conventions=conventions_path, opponents=opponents_path,
                           turned=turned, known=known,
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
    with stoppable(), progress_bar(job.work, "deal", min_items=min_items) as progress:
        try:
            advice = advise_bid(job, run=replace(run, progress=progress.update))
        except BeloteError as e:
            if job.auction is None:
                raise
            raise click.UsageError(str(e)) from None
        progress.echo(json.dumps(advice.to_dict()) if as_json else _answer_text(advice))


def _answer_text(advice: BidAdvice) -> str:
    """The human text of any answer: an auction's question, single-dummy play, double-dummy."""
    if advice.job.auction is not None:
        return render(advice) + "\n" + (SD_NOTE if advice.job.played else DD_NOTE)
    return _played_text(advice) if advice.job.played else _text(advice)


def _head(advice: BidAdvice, what: str) -> str:
    """The first line: the mode, the seats and what was sampled."""
    name = "NESW"
    return (f"{'classic' if advice.job.classic else 'coinche'}: you {name[advice.seat]}, "
            f"dealer {name[advice.dealer]}, first lead {name[advice.leader]}; {what}")


def _text(advice: BidAdvice) -> str:
    """The human text of a double-dummy answer without an auction."""
    job, rows = advice.job, advice.rows
    layouts = job.layouts
    exact = advice.exact  # every layout solved once
    plural = "s" * (layouts != 1)
    what = (f"all {layouts} layout{plural}, exact" if exact
            else f"{advice.samples} samples of {layouts} layout{plural} (seed {advice.seed})")
    estimates = _estimates(rows, "double-dummy")
    if advice.kind == "contract":
        body = f"{rows[0].call} by {'NESW'[advice.seat]}\n" + _contract_text(estimates[0])
    else:
        assert advice.choice is not None, "a table has its recommendation"
        body = (_classic_text(estimates, advice.choice) if advice.kind == "classic"
                else _table_text(_cells(estimates), advice.choice))
    precision = job.question.precision
    if precision is not None:
        body += "\n" + _precision_line(precision, rows)
    return _head(advice, what) + "\n" + body + "\n" + DD_NOTE


def _played_text(advice: BidAdvice) -> str:
    """The human text of ``--play single-dummy`` and ``--play both``."""
    job = advice.job
    what = (f"{job.samples} samples of {job.layouts} layouts (seed {advice.seed}), "
            f"single-dummy with {job.schedule.layouts[0]} layouts a "
            f"decision at the first trick")
    note = SD_NOTE if advice.play == "single-dummy" else DD_NOTE + "\n" + SD_NOTE
    return _head(advice, what) + "\n" + _played_body(advice) + "\n" + note
