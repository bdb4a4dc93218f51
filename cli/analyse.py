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

from typing import Any

import click

from .common import input_file_type

from .options import board_option, json_option, mode_option

SEATS = "NESW"
SIDES = ("NS", "EW")


@click.command(short_help="What each card of the play records cost, double-dummy.")
@click.argument("file", type=input_file_type())
@board_option
@mode_option
@json_option
def analyse(file, boards, mode, as_json):
    """What each recorded card of the boards of a PBN FILE cost, double-dummy.

    \b
    Every board must have a play record (complete or stopped anywhere).
    For each card in playing order: the whole-deal value of both sides after
    it (tricks already taken count; the line "start" is the value before
    the first card). A card that lowered its side's value shows the loss
    (the points given away) and the best cards instead, interchangeable
    cards together. Then the points given away and the number of losing
    cards per seat and per side, and the double-dummy outcome of the
    contract: made or failed at the start, and each card that changed it.

    \b
    Examples:
      belote analyse datasets/examples/played.pbn
      belote analyse datasets/examples/played.pbn --board 2 --json
    """
    import gc

    from belote.analysis.play_record import board_play_analysis, recorded_cards
    from belote.dd import SearchContext, warm_up
    from belote.errors import BeloteError

    from .format import json_line
    from .common import DataError, read_boards

    try:
        selected = read_boards(file, mode, boards)
        for board in selected:
            recorded_cards(board, mode)
    except BeloteError as e:
        raise DataError(str(e)) from None
    warm_up()
    gc.freeze()  # numba's start-up objects, out of the collector's way (as belote solve does)
    context = SearchContext()
    separator = ""
    for board in selected:
        result = board_play_analysis(board, mode, context=context).to_dict()
        click.echo(json_line(result) if as_json else separator + human(result))
        separator = "\n"


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
        lines.append(_row(label, card["seat"], card["card"], card["after"], card["loss"],
                          card["best"]))
    lines += _summary(result["summary"])
    lines += _outcome(result, cards)
    return "\n".join(lines)


def _title(result: dict[str, Any]) -> str:
    """``Board 3 (classic), contract C by W``."""
    name = "Record" if result["board"] is None else f"Board {result['board']}"
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
