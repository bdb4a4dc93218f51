"""``belote hint``: which card to play, from what the player to move can see.

The command reads the boards, checks that each play record stops before the
end with ``--seat`` to play, then gives one
:class:`~belote.advice.hint.Hint` per board: a JSON line or a table.
The solver (and numba) is imported inside the command only.

>>> print(_row({"card": "TC", "equivalents": ["TC", "9C"],
...             "expected_points": {"value": 72.44, "low": 70.1, "high": 74.8},
...             "p_make": {"value": 0.45, "low": 0.4, "high": 0.5}}))
  TC 9C           72.4   70.1-74.8       45.0%   40.0-50.0%
"""

from __future__ import annotations

from typing import Any

import click

from belote.errors import escaped

from .common import input_file_type

from .options import SEAT, board_option, cfn_option, json_option, mode_option
from belote import BeloteError, Run
from .common import DataError, notice, read_boards, start_solver
from belote.types import card_name


@click.command()
@click.argument("file", required=False, type=input_file_type())
@cfn_option
@click.option("--seat", type=SEAT, required=True,
              help="The player to advise; must be the one to play next.")
@click.option("--samples", type=click.IntRange(min=2), default=60, show_default=True,
              help="Layouts of the unseen cards to solve (all of them, exactly, when "
                   "there are no more).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Random stream of the layouts (the same output whatever --jobs).")
@click.option("--by", type=click.Choice(["points", "make"]), default="points",
              show_default=True,
              help="Rank by expected points of the seat's side, or by the chance of the "
                   "side's goal (the taker making, the defence defeating).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              show_default="all cores",
              help="Threads solving the layouts.")
@board_option
@mode_option
@json_option
def hint(file, cfn_games, seat, samples, seed, by, jobs, boards, mode, as_json):
    """Advise the next card from what the player sees.

    --seat must be the player to move in each board's play record. The unseen
    cards are dealt at random among the layouts that seat cannot tell apart
    and every legal card is valued on each: the cards ranked by expected
    points, with the chance the contract makes (95% intervals).

    Each layout is solved double-dummy: an optimistic model of what the
    players know. Guide: docs/analysis.md (belote hint).

    \b
    Examples:
      belote hint datasets/examples/positions.pbn --board 1 --seat S
      belote hint datasets/examples/positions.pbn --board 3 --seat E --json
    """
    from belote.advice import MAX_SAMPLES, hint_board, plan_hint

    from .format import json_line
    from .running import progress_bar, stoppable

    if samples > MAX_SAMPLES:
        raise click.BadParameter(f"{samples} is more than {MAX_SAMPLES:,} layouts (hours of "
                                 "work already, and each is kept in memory)",
                                 param_hint="'--samples'")
    try:
        selected = read_boards(file, mode, boards, cfn_games)
        jobs_list = [plan_hint(board, seat, mode) for board in selected]
    except BeloteError as e:
        raise DataError(str(e)) from None
    start_solver()
    separator = ""
    with stoppable():
        for job in jobs_list:
            with progress_bar(samples, "layout", min_items=50) as progress:
                try:
                    run = Run("thread", jobs, progress=progress.update, notice=notice)
                    result = hint_board(job, samples=samples, seed=seed, by=by,
                                        run=run).to_dict()
                except BeloteError as e:
                    raise DataError(str(e)) from None
                progress.echo(json_line(result) if as_json
                              else separator + human(result, job.position))
            separator = "\n"


def human(result: dict[str, Any], position) -> str:
    """A board's hint (the dict ``belote hint --json`` prints) as a table."""
    cards = result["cards"]
    judged = cards[0]["p_make"] is not None
    name = "Record" if result["board"] is None else f"Board {escaped(result['board'])}"
    declarer = "" if result["declarer"] is None else f" by {result['declarer']}"
    trick = len(position.tricks) + 1
    shown = " ".join(_name(c) for c in position.trick)
    lines = [f"{name} ({result['mode']}), contract {result['contract']}{declarer}: "
             f"{result['seat']} to play to trick {trick}"
             + (f" (after {shown})" if shown else " (to lead)")]
    if result["exact"]:
        lines.append(f"  exact: all {result['layouts']:,} layouts {result['seat']} cannot tell "
                     f"apart, each solved double-dummy")
    else:
        lines.append(f"  {result['samples']:,} of {result['layouts']:,} layouts "
                     f"{result['seat']} cannot tell apart (seed {result['seed']}), each solved "
                     f"double-dummy")
    head = f"  {'card':<12}{result['side'] + ' pts':>8}  {'95% interval':<13}"
    if judged:
        head += f"{'makes':>9}  95% interval"
    lines.append(head)
    lines += [_row(card) for card in cards]
    lines.append(_verdict(result))
    return "\n".join(lines)


def _name(card: int) -> str:

    return card_name(card)


def _row(card: dict[str, Any]) -> str:
    """One card: its equivalents, expected points and chance of making with intervals."""
    points = card["expected_points"]
    line = (f"  {' '.join(card['equivalents']):<12}{points['value']:>8.1f}  "
            f"{points['low']:>5.1f}-{points['high']:<7.1f}")
    make = card["p_make"]
    if make is not None:
        line += (f"{100 * make['value']:>8.1f}%  {100 * make['low']:>5.1f}-"
                 f"{100 * make['high']:.1f}%")
    return line.rstrip()


def _verdict(result: dict[str, Any]) -> str:
    """Whether the best card is clearly best, and by how much."""
    best, diff = result["best"], result["difference"]
    if diff is None:
        return f"  best {best}: the only choice"
    runner = result["cards"][1]["card"]
    if result["by"] == "points":
        size = f"{diff['value']:+.1f} points"
        interval = f"{diff['low']:+.1f} to {diff['high']:+.1f}"
    else:
        size = f"{100 * diff['value']:+.1f}% chance"
        interval = f"{100 * diff['low']:+.1f} to {100 * diff['high']:+.1f}%"
    if result["exact"]:
        judged = "best" if result["clearly_best"] else "level with the runner-up"
        return f"  best {best}: {judged}, {size} over {runner} (exact)"
    judged = "clearly best" if result["clearly_best"] else "not clearly best"
    return f"  best {best}: {judged}, {size} over {runner} (95% {interval})"
