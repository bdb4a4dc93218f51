"""``belote review``: a session's calls and cards judged double and single dummy, with totals.

The command reads the boards, calls :func:`~belote.analysis.review.iter_review`
(one work item a board, on ``--jobs`` processes or the Dask cluster of
``--scheduler``; ``--state`` its folder of saved work) and renders the
:class:`~belote.analysis.review.SessionReview`: a line a deal, the totals,
the costliest decisions and the score sheet; or its ``to_dict`` (``--json``);
``--parquet`` also writes one row per decision. The solver (and numba) is
imported inside the command only.

>>> _interval({"value": 12.34, "low": -1.0, "high": 25.7, "deals": 9})
'12.3 [-1.0, 25.7]'
>>> _interval(None)
'-'
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from belote import BeloteError, Run
from belote.types import SEATS

from .common import (input_file_type, DataError, checked_output, notice, read_places, start_solver,
                     display_path)
from .options import (SEAT, SIDE, board_option, cfn_option, jobs_option, mode_option,
                      scheduler_option, uniform_option)


@click.command()
@click.argument("file", required=False, type=input_file_type())
@cfn_option
@click.option("--seat", "seat_list", type=SEAT, multiple=True,
              help="Review this seat's decisions (repeat for several; default: all four).")
@click.option("--side", type=SIDE, default=None,
              help="Review this side's two seats (instead of --seat).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Random stream of the single-dummy layouts (the same review whatever "
                   "--jobs).")
@click.option("--call-samples", type=click.IntRange(min=2, max=5000), default=None,
              show_default="100",
              help="Layouts each call is valued on, single dummy.")
@uniform_option
@jobs_option
@scheduler_option
@click.option("--state", "state_dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, metavar="DIR",
              help="Save each deal's review in the folder DIR as it is done: the same command "
                   "run again resumes where it stopped (Ctrl-C, a crash) with the same result.")
@board_option
@mode_option
@click.option("--json", "as_json", is_flag=True,
              help="Print the whole review as one JSON object (deals, decisions, totals).")
@click.option("--parquet", "parquet_out", type=click.Path(dir_okay=False, path_type=Path),
              default=None, metavar="OUT.parquet",
              help="Also write one row per decision to this Parquet file.")
@click.option("--quiz", "quiz_out", type=click.Path(dir_okay=False, path_type=Path),
              default=None, metavar="OUT.json",
              help="Also write quizzes: the reviewed positions whose best card beats the "
                   "second by 20 deal-score points or more single dummy, is also best double "
                   "dummy and stays best under a second seed (a JSON list).")
@click.option("--html", "html_out", type=click.Path(dir_okay=False, path_type=Path),
              default=None, metavar="OUT.html",
              help="Also write the session page (totals, a chart by phase, the deals, every "
                   "decision, the quizzes with hidden answers) and, beside it, "
                   "OUT-replay.html, the replay page its links open.")
@click.option("--engine", is_flag=True,
              help="Also replay each deal from the same contract with the single-dummy engine "
                   "at all four seats, and compare its score with the recorded one.")
def review(file, cfn_games, seat_list, side, seed, call_samples, uniform, jobs, scheduler,
           state_dir, boards, mode, as_json, parquet_out, quiz_out, html_out, engine):
    """Judge every call and card of a session, twice.

    \b
    FILE is any record `belote analyse` reads. Every call and card of the
    reviewed seats (default: all four) is a decision with two costs on the
    deal score: double dummy (every card seen; a card's loss is `belote
    analyse`'s) and single dummy (from what the seat saw then, over layouts
    of the unseen cards, with a 95% interval). Verdicts: error (both costs
    above the margin), unlucky (double dummy only), lucky (single dummy
    only), fine. Then totals by seat, side, phase and level, the five
    costliest decisions and the score sheet. --engine replays each deal with
    the engine at all four seats; --quiz writes the positions whose answer
    does not hang on luck. --state DIR saves the work as it goes (run the
    same command again to resume); --scheduler runs it on a Dask cluster.
    The guide: docs/review.md.

    \b
    Examples:
      belote review datasets/examples/colver.cfn --seat S
      belote review games.pbn --side NS --json
      belote review season.cfn --parquet decisions.parquet --quiz quiz.json --jobs 2
      belote review season.cfn --state season.work --scheduler tcp://HOST:8786
    """
    from belote.advice import DEFAULT_SCHEDULE
    from belote.analysis import CALL_SAMPLES, MARGIN, SessionReview, iter_review

    from .format import json_line
    from .running import dask_client, progress_bar, stoppable

    if seat_list and side is not None:
        raise click.UsageError("give --seat or --side, not both")
    seats = (tuple(sorted(set(seat_list))) if seat_list
             else (side, side + 2) if side is not None else tuple(SEATS))
    if parquet_out is not None:
        if parquet_out.suffix.lower() != ".parquet":
            raise click.BadParameter(f"{parquet_out}: name it *.parquet",
                                     param_hint="'--parquet'")
        checked_output(parquet_out, () if file is None else (file,), "--parquet")
    if quiz_out is not None:
        checked_output(quiz_out, () if file is None else (file,), "--quiz")
    if html_out is not None:
        checked_output(html_out, () if file is None else (file,), "--html")
        checked_output(_replay_path(html_out), () if file is None else (file,), "--html")
    schedule = replace(DEFAULT_SCHEDULE, beliefs=None) if uniform else DEFAULT_SCHEDULE
    samples = CALL_SAMPLES if call_samples is None else call_samples
    every, places = read_places(file, mode, boards, cfn_games)
    selected = [every[i] for i in places]
    if mode is not None:
        try:
            selected = [b.under(mode) for b in selected]
        except ValueError as e:
            raise DataError(str(e)) from None
    client = None if scheduler is None else dask_client(scheduler, jobs)
    try:
        run = (Run("process", jobs, notice=notice).sized(len(selected)) if client is None
               else Run(client.get_executor(), sum(client.nthreads().values()), notice=notice))
        if run.serial:
            start_solver()
        source = file if file is not None and str(file) != "-" else None
        with stoppable(), progress_bar(len(selected), "deal", min_items=2) as progress:
            try:
                reviewed = iter_review(selected, seats, seed=seed, schedule=schedule,
                                       call_samples=samples, places=places, engine=engine,
                                       run=replace(run, progress=progress.update),
                                       state=state_dir, source=source)
            except BeloteError as e:
                raise DataError(str(e)) from None
            deals = tuple(reviewed)
        session = SessionReview(deals, seats, MARGIN, seed, schedule, samples)
        _write(session, selected, places, run, file, parquet_out, quiz_out, html_out)
    finally:
        if client is not None:
            client.close()
    click.echo(json_line(session.to_dict()) if as_json else human(session, file))


def _write(session: Any, selected: list[Any], places: list[int], run: Any, file: Path | None,
           parquet_out: Path | None, quiz_out: Path | None, html_out: Path | None) -> None:
    """The notices of skipped deals, then the files asked for."""
    for deal in session.deals:
        if deal.skipped is not None:
            notice(f"board {deal.board or deal.place + 1}: skipped ({deal.skipped})")
    if parquet_out is not None:
        _write_parquet(session, parquet_out)
    quizzes = None
    if quiz_out is not None or html_out is not None:
        from belote.analysis import session_quiz

        quizzes = session_quiz(selected, session, places=places, run=run)
    if quiz_out is not None:
        _write_quiz(quizzes, quiz_out)
    if html_out is not None:
        _write_html(selected, session, quizzes, file, html_out)


def _write_parquet(session: Any, path: Path) -> None:
    """One row per decision, written atomically."""
    import polars as pl

    from belote.files import atomic_output

    rows = session.rows()
    frame = pl.DataFrame(rows, infer_schema_length=None) if rows else pl.DataFrame()
    with atomic_output(path) as tmp:
        frame.write_parquet(tmp)


def _replay_path(path: Path) -> Path:
    """Where the replay page of ``--html OUT.html`` goes: ``OUT-replay.html`` beside it."""
    return path.with_name(f"{path.stem}-replay{path.suffix or '.html'}")


def _write_html(boards: list[Any], session: Any, quizzes: Any, file: Path | None,
                path: Path) -> None:
    """The session page and its replay page, each written atomically."""
    from belote import board_play_analysis
    from belote.analysis import replay_page, session_page
    from belote.files import atomic_output

    name = "--cfn games" if file is None else display_path(file)
    analyses = [None if b.passed_out or not b.cards else board_play_analysis(b)
                for b in boards]
    replay = _replay_path(path)
    with atomic_output(replay) as tmp:
        tmp.write_text(replay_page(boards, analyses, title=name), encoding="utf-8")
    page = session_page(session.to_dict(), title=name, replay=replay.name,
                        quizzes=[q.to_dict() for q in quizzes])
    with atomic_output(path) as tmp:
        tmp.write_text(page, encoding="utf-8")
    notice(f"session page written to {display_path(path)} (replays in "
           f"{display_path(replay)})")


def _write_quiz(quizzes: Any, path: Path) -> None:
    """The session's quizzes as a JSON list, written atomically."""
    from belote.files import atomic_output

    with atomic_output(path) as tmp:
        tmp.write_text(json.dumps([q.to_dict() for q in quizzes], indent=1) + "\n",
                       encoding="utf-8")
    notice(f"{len(quizzes)} quiz{'zes' * (len(quizzes) != 1)} written to {display_path(path)}")


def _interval(e: dict[str, Any] | None) -> str:
    """A deal's mean with its interval, or ``-`` (fewer than 2 deals)."""
    if e is None:
        return "-"
    return f"{e['value']:.1f} [{e['low']:.1f}, {e['high']:.1f}]"


def _engine(deals: list[dict[str, Any]], engine: dict[str, Any]) -> list[str]:
    """The engine's replays beside the recorded scores, and the gain a deal per side."""
    lines = ["The engine in every seat (single dummy, all four seats replayed: the other "
             "three seats change too)",
             "  board  recorded NS    EW   engine NS    EW"]
    for deal in deals:
        if "engine" in deal:
            r, e = deal["score"], deal["engine"]
            lines.append(f"  {deal['board'] or '-':>5}  {r['NS']:11d} {r['EW']:5d}  "
                         f"{e['NS']:10d} {e['EW']:5d}")
    r, e = engine["recorded"], engine["engine"]
    lines.append(f"  total  {r['NS']:11d} {r['EW']:5d}  {e['NS']:10d} {e['EW']:5d}")
    for side in ("NS", "EW"):
        lines.append(f"  {side}: the engine's net gain a deal "
                     f"{_interval(engine[f'{side}_gain_per_deal'])} over {engine['deals']} "
                     f"deal{'s' * (engine['deals'] != 1)}")
    return lines


def _decision(d: dict[str, Any]) -> str:
    """One decision in a line: board, seat, what was played and the best, the costs."""
    low, high = d["sd_interval"]
    what = "call" if d["kind"] == "call" else "card"
    return (f"board {d['board'] or '-'} {d['seat']} {what} {d['index']} {d['played']} "
            f"(best {d['best']}, double dummy {d['dd_best']}): single dummy "
            f"{d['sd_score_cost']:.1f} [{low:.1f}, {high:.1f}], double dummy "
            f"{d['dd_score_cost']:.0f}, {d['verdict']}")


def human(session: Any, file: Path | None) -> str:
    """The review as text: deals, totals, costliest decisions, score sheet."""
    data = session.to_dict()
    totals = data["totals"]
    name = "--cfn games" if file is None else display_path(file)
    deals = totals["deals"]
    lines = [f"Review of {name}: seats {' '.join(data['seats'])}, {deals} deal{'s' * (deals != 1)}, "
             f"margin {totals['margin']:g} deal-score points",
             "  board  contract   NS    EW  decisions  error unlucky lucky   dd lost   "
             "sd lost"]
    for deal in data["deals"]:
        decisions = deal["decisions"]
        count = {v: sum(d["verdict"] == v for d in decisions) for v in ("error", "unlucky",
                                                                         "lucky")}
        contract = ("passed out" if deal["passed_out"] else
                    f"{deal['contract'] or '-'} {deal['declarer'] or ''}".strip())
        score = deal["score"]
        shown = ("    -     -" if score is None else f"{score['NS']:5d} {score['EW']:5d}")
        if "skipped" in deal:
            lines.append(f"  {deal['board'] or '-':>5}  skipped: {deal['skipped']}")
            continue
        lines.append(f"  {deal['board'] or '-':>5}  {contract:<9} {shown}  {len(decisions):9d}  "
                     f"{count['error']:5d} {count['unlucky']:7d} {count['lucky']:5d}  "
                     f"{sum(d['dd_score_cost'] for d in decisions):8.0f}  "
                     f"{sum(d['sd_score_cost'] for d in decisions):8.1f}")
    lines.append("")
    lines.append("Points lost (deal score; a deal: mean [95% interval] over the deals)")
    for title, key in (("seat", "by_seat"), ("side", "by_side"), ("phase", "by_phase"),
                       ("level", "by_level")):
        lines.append(f"  {'by ' + title:<15} decisions  error unlucky lucky   dd lost   "
                     "sd lost  sd a deal")
        for group, row in totals[key].items():
            lines.append(f"    {group:<13} {row['decisions']:9d}  {row['error']:5d} "
                         f"{row['unlucky']:7d} {row['lucky']:5d}  {row['dd_score_cost']:8.0f}  "
                         f"{row['sd_score_cost']:8.1f}  "
                         f"{_interval(row['sd_score_cost_per_deal'])}")
    lines.append("")
    lines.append("Costliest decisions (single dummy)")
    costly = [d for d in data["costliest"] if d["sd_score_cost"] > 0]
    lines += [f"  {_decision(d)}" for d in costly] or ["  none"]
    if "engine" in totals:
        lines.append("")
        lines += _engine(data["deals"], totals["engine"])
    lines.append("")
    score = totals["score"]
    lines.append(f"Score sheet: NS {score['NS']}, EW {score['EW']} over {score['deals']} "
                 f"scored deal{'s' * (score['deals'] != 1)}")
    return "\n".join(lines)
