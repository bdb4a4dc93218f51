"""``belote analyse``: what each card of a play record cost, double-dummy.

The command reads the boards, checks every play record before solving
anything, then prints one :class:`~belote.analysis.play_record.PlayAnalysis`
per board: a JSON line (its ``to_dict``) or a compact table. The solver
(and numba) is imported inside the command only.

>>> print(_row("1", "W", "AH", {"NS": 72, "EW": 90}, 0, []))
      1  W     AH       72   90
>>> print(_row("", "N", "8H", {"NS": 60, "EW": 102}, 12, [["9H"], ["KH", "QH"]]))
         N     8H       60  102    -12  best 9H, KH QH
"""

from __future__ import annotations

import gc
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from belote import BeloteError
from belote.errors import escaped

from .common import input_file_type, DataError, checked_output, display_path, notice, read_boards
from .options import board_option, cfn_option, json_option, mode_option, uniform_option

SEATS = "NESW"
SIDES = ("NS", "EW")
SUMMARY_FROM = 11
"""From this many boards on, ``analyse`` prints one line per board unless ``--detail``."""


@click.command()
@click.argument("file", required=False, type=input_file_type())
@cfn_option
@board_option
@mode_option
@json_option
@click.option("--html", "html_out", type=click.Path(dir_okay=False, path_type=Path),
              default=None, metavar="OUT.html",
              help="Also write a replay page of the boards: one self-contained HTML file "
                   "(hands, auction, card-by-card replay with each card's cost, value chart).")
@click.option("--summary/--detail", "summary", default=None,
              help=f"One line per board (points given away per seat and side, errors, "
                   f"the double-dummy outcome) or the card-by-card tables; default: the tables "
                   f"for up to {SUMMARY_FROM - 1} boards, lines from {SUMMARY_FROM}. Totals end "
                   f"the output of several boards (with --json, a last line {{\"totals\": ...}} "
                   f"with --summary only).")
@click.option("--title", default=None, metavar="TEXT",
              help="The replay page's title (default: the input file's name; needs --html).")
@click.option("--sd", "--single-dummy", "single_dummy", is_flag=True,
              help="Also grade each card single-dummy: over the layouts its player could not "
                   "tell apart, its side's expected points and chance of reaching its goal "
                   "against the best card's (seeded by --seed); a card that lost on average "
                   "is an \"error\", one best on average that lost double-dummy "
                   "\"unlucky\"; per-seat totals of both.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Seed of the layouts drawn for --sd.")
@uniform_option
def analyse(file, cfn_games, boards, mode, as_json, html_out, summary, title, single_dummy,
            seed, uniform):
    """What each recorded card cost, double-dummy.

    For each card of the play records in FILE: both sides' whole-deal value
    after it and, for a card that lowered its side's value, the points given
    away and the best cards instead; then the losses per seat and side and
    each card that changed the contract's outcome. From 11 boards on (or
    --summary), one line per board; several boards end with their totals.
    --html OUT.html also writes a replay page. Guides: docs/analysis.md
    (belote analyse), docs/game-records.md (the replay page).

    \b
    Examples:
      belote analyse datasets/examples/played.pbn
      belote analyse datasets/examples/played.pbn --board 2 --json
      belote analyse games.cfn --html games.html
    """
    from belote import board_play_analysis
    from belote.analysis import recorded_cards
    from belote.dd import SearchContext, warm_up

    from .format import json_line

    if title is not None and html_out is None:
        raise click.UsageError("--title is the replay page's title: it needs --html OUT.html")
    if html_out is not None:
        html_out = checked_output(html_out, () if file is None else (file,), "--html")
    try:
        selected = []
        for board in read_boards(file, mode, boards, cfn_games):
            selected.append(board.under(mode))
            if not board.passed_out:
                recorded_cards(selected[-1])
    except BeloteError as e:
        raise DataError(str(e)) from None
    warm_up()
    gc.freeze()  # numba's start-up objects, out of the collector's way (as belote solve does)
    context = SearchContext()
    separator = ""
    analyses = []
    lines = summary if summary is not None else len(selected) >= SUMMARY_FROM
    width = max([5] + [len(_name(b.board)) for b in selected])
    if lines and not as_json:
        click.echo(summary_header(width))
    if single_dummy:
        from belote.advice import DEFAULT_SCHEDULE
        from belote.analysis import grade_record, seat_totals

        schedule = replace(DEFAULT_SCHEDULE, beliefs=None) if uniform else DEFAULT_SCHEDULE
    for place, board in enumerate(selected):
        analysis = None
        if board.passed_out:
            result = {"board": board.board, "file": board.file,
                      "mode": board.profile.name, "passed_out": True}
            text = f"{_title(result)}: passed out (four passes), no play to analyse"
        else:
            analysis = board_play_analysis(board, context=context)
            result = analysis.to_dict()
            if single_dummy:
                grades = grade_record(board, schedule=schedule, seed=seed, place=place,
                                      context=context)
                for card, grade in zip(result["cards"], grades):
                    card["sd"] = {**grade.to_dict(), "label": grade.label(card["loss"])}
                totals = seat_totals(grades, [c.seat for c in analysis.cards],
                                     [c.loss for c in analysis.cards])
                result["summary"]["single_dummy"] = {SEATS[s]: t for s, t in totals.items()}
            text = human(result)
        analyses.append((analysis, result))
        if as_json:
            click.echo(json_line(result))
        elif lines:
            click.echo(summary_line(result, width))
        else:
            click.echo(separator + text)
        separator = "\n"
    if len(selected) > 1 and not (as_json and not summary):
        from belote.analysis import play_totals_of

        added = play_totals_of(a for a, _ in analyses).to_dict()
        click.echo(json_line({"totals": added}) if as_json else "\n" + totals_text(added))
    if html_out is not None:
        from belote.analysis import replay_page
        from belote.files import atomic_output

        if title is None:
            title = ("--cfn games" if file is None else "standard input" if str(file) == "-"
                     else display_path(file.name))
        page = replay_page(selected, [a for a, _ in analyses], title=title,
                           grades=[r.get("cards") if single_dummy else None
                                   for _, r in analyses], context=context)
        with atomic_output(html_out) as tmp:
            tmp.write_text(page, encoding="utf-8")
        notice(f"replay page of {len(selected)} board{'s' * (len(selected) != 1)} written "
               f"to {display_path(html_out)}")


def human(result: dict[str, Any]) -> str:
    """A board's analysis (the dict of ``PlayAnalysis.to_dict``) as a compact table."""
    cards = result["cards"]
    lines = [_title(result),
             "  trick  seat  card     NS   EW   loss",
             _row("start", "", "", cards[0]["before"], 0, [])]
    trick = None
    for card in cards:
        label = "" if card["trick"] == trick else str(card["trick"])
        trick = card["trick"]
        row = _row(label, card["seat"], card["card"], card["after"], card["loss"], card["best"])
        sd = card.get("sd")
        if sd is not None and (sd["shortfall"] > 0 or sd.get("label")):
            row += f"   sd -{sd['shortfall']:.1f}"
            if sd["goal"] is not None and sd["best_goal"] - sd["goal"] > 0:
                row += f" goal -{100 * (sd['best_goal'] - sd['goal']):.0f}%"
            row += f", best {' '.join(sd['best'])}"
            if sd.get("label"):
                row += f" ({sd['label']})"
        lines.append(row)
    lines += _summary(result["summary"])
    if "single_dummy" in result["summary"]:
        totals = [result["summary"]["single_dummy"][s] for s in SEATS]
        sides = [{k: totals[i][k] + totals[i + 2][k] for k in totals[0]} for i in (0, 1)]
        lines += ["  " + "sd cost".ljust(10) + "".join(f"{t['cost']:>5.0f}" for t in totals + sides),
                  "  " + "sd errors".ljust(10) + "".join(f"{t['errors']:>5}" for t in totals + sides),
                  "  " + "unlucky".ljust(10) + "".join(f"{t['unlucky']:>5}" for t in totals + sides)]
    lines += _outcome(result, cards)
    return "\n".join(lines)


def _name(board: str | None) -> str:
    """A board's name as printed: ``Record`` without one, control characters escaped."""
    return "Record" if board is None else escaped(board)


def summary_header(width: int) -> str:
    """The legend and the column heads of the one-line-per-board output."""
    return ("Per board: the points given away by each seat and side (double dummy), the "
            "errors (cards\nthat gave points away), the contract's double-dummy outcome "
            "before the first card -> after\nthe last one.\n"
            + _summary_row("board", "contract", [*SEATS, *SIDES], "errors", "double dummy",
                           width))


def _summary_row(board: str, contract: str, cells: list[str], errors: str, outcome: str,
                 width: int) -> str:
    """One aligned row of the summary lines."""
    return (f"  {board:<{width}}  {contract:<12}" + "".join(f"{c:>5}" for c in cells)
            + f"  {errors:>6}  {outcome}").rstrip()


def summary_line(result: dict[str, Any], width: int) -> str:
    """One board's analysis (``PlayAnalysis.to_dict``, or a passed-out board) on one line.

    >>> print(summary_line({"board": "7", "passed_out": True, "mode": "coinche"}, 5))
      7      passed out
    """
    name = _name(result["board"])
    if "cards" not in result:
        return _summary_row(name, "passed out", [], "", "", width)
    summary, outcome = result["summary"], result["outcome"]
    declarer = "" if result["declarer"] is None else f" by {result['declarer']}"
    contract = f"{result['contract'] or '-'}{declarer}"
    lost = [str(summary["seats"][s]["given_away"]) for s in SEATS]
    lost += [str(summary["sides"][s]["given_away"]) for s in SIDES]
    errors = str(sum(summary["sides"][s]["errors"] for s in SIDES))
    verdict = ("not judged" if outcome is None else
               f"{outcome['start']} -> {outcome['end']}")
    return _summary_row(name, contract, lost, errors, verdict, width)


def totals_text(totals: dict[str, Any]) -> str:
    """The totals of many boards (``PlayTotals.to_dict``) as a few lines."""
    passed = f", {totals['passed_out']} passed out" if totals["passed_out"] else ""
    who = [totals["seats"][s] for s in SEATS] + [totals["sides"][s] for s in SIDES]
    roles, contracts = totals["roles"], totals["contracts"]

    def counts(kind: str) -> str:
        return ", ".join(f"{n} {name}" for name, n in contracts[kind].items() if n) or "none"

    return "\n".join([
        f"Totals: {totals['boards']} board{'s' * (totals['boards'] != 1)} analysed "
        f"({totals['cards']:,} cards){passed}",
        "  " + " " * 10 + "".join(f"{w:>7}" for w in (*SEATS, *SIDES)),
        "  " + "given away" + "".join(f"{w['given_away']:>7,}" for w in who),
        "  " + "errors".ljust(10) + "".join(f"{w['errors']:>7,}" for w in who),
        f"  the taking side gave away {roles['taker']['given_away']:,} "
        f"({roles['taker']['errors']:,} errors), the defence "
        f"{roles['defence']['given_away']:,} ({roles['defence']['errors']:,} errors)",
        f"  contracts (double dummy, {contracts['judged']} with a declarer): at the start "
        f"{counts('start')}; at the end {counts('end')}; {contracts['changed']} changed",
    ])


def _title(result: dict[str, Any]) -> str:
    """``Board 3 (classic), contract C by W`` (``Board 3 (coinche)`` without a contract)."""
    name = "Record" if result["board"] is None else f"Board {_name(result['board'])}"
    if "contract" not in result:
        return f"{name} ({result['mode']})"
    declarer = "" if result["declarer"] is None else f" by {result['declarer']}"
    belote = "" if result["belote"] is None else f", belote {result['belote']}"
    return f"{name} ({result['mode']}), contract {result['contract']}{declarer}{belote}"


def _row(trick: str, seat: str, card: str, value: dict[str, int], loss: int,
         best: list[list[str]]) -> str:
    """One line of the card table: the value after the card, and its loss if any."""
    line = f"  {trick:>5}  {seat:<4}  {card:<4}  {value['NS']:>5}{value['EW']:>5}"
    if loss:
        line += f"{-loss:>7}  best " + ", ".join(" ".join(cls) for cls in best)
    return line.rstrip()


def _summary(summary: dict[str, Any]) -> list[str]:
    """Points given away and losing cards, per seat and per side."""
    who = [summary["seats"][s] for s in SEATS] + [summary["sides"][s] for s in SIDES]
    return ["  " + " " * 10 + "".join(f"{w:>5}" for w in (*SEATS, *SIDES)),
            "  " + "given away" + "".join(f"{w['given_away']:>5}" for w in who),
            "  " + "errors".ljust(10) + "".join(f"{w['errors']:>5}" for w in who)]


def _outcome(result: dict[str, Any], cards: list[dict[str, Any]]) -> list[str]:
    """The contract's double-dummy outcome at the start, each change, and at the end."""
    outcome = result["outcome"]
    if outcome is None:
        return [f"  contract {result['contract']}: no Declarer, not judged"]
    side = outcome["side"]
    start, end = cards[0]["before"][side], cards[-1]["after"][side]
    lines = [f"  outcome  {outcome['start']} at the start ({side} {start}, "
             f"needs {outcome['needed']})"]
    by_card = {(c["trick"], c["seat"], c["card"]): c for c in cards}
    for change in outcome["changes"]:
        card = by_card[change["trick"], change["seat"], change["card"]]
        lines.append(f"           trick {change['trick']} {change['seat']} {change['card']}: "
                     f"{change['before']} -> {change['after']} ({side} {card['after'][side]})")
    lines.append(f"           {outcome['end']} at the end of the record ({side} {end})")
    return lines
