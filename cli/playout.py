"""``belote playout``: play the boards of a PBN file to the end, single-dummy, at all four seats.

The command reads the boards, plays each out with
:func:`~belote.advice.playout.playouts` and prints one result per board
(a table, or a JSON line); ``-o`` also writes the played boards (PBN, CFN or
JSON lines, by its suffix).
The solver (and numba) is imported inside the command only.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from belote import BeloteError, Position, Run
from belote.errors import PlayoutError, escaped
from belote.types import card_name, seat_name, side_name

from .common import (DataError, checked_output, input_file_type, notice, read_places, start_solver,
                     write_records)
from .options import (SCHEDULE_DEFAULT, board_option, cfn_option, json_option, mode_option,
                      uniform_option)
from .selfplay import play_and_print


@click.command()
@click.argument("file", required=False, type=input_file_type())
@cfn_option
@click.option("--worlds", type=click.IntRange(min=1), default=None,
              show_default=SCHEDULE_DEFAULT,
              help="Layouts valued by a decision at the first trick (given, a quarter of "
                   "them at the last; every layout when there are no more).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Random stream of the layouts (the same play whatever --jobs).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              show_default="all cores from 2 boards on",
              help="Worker processes; boards are spread over them, output stays in order.")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write the played boards (with their play records) to this file, in "
                   "the format of its suffix: .cfn CFN, .jsonl .ndjson .json JSON lines, "
                   "else PBN.")
@click.option("--bid", is_flag=True,
              help="Bid too: the player makes the auction of each deal from the deal on "
                   "(the recorded auction and play are not kept), then plays it, as "
                   "`belote selfplay` does.")
@uniform_option
@board_option
@mode_option
@json_option
def playout(file, cfn_games, worlds, seed, jobs, output, uniform, bid, boards, mode, as_json):
    """Play boards to the end, every seat single-dummy.

    Each seat sees only its own hand, the cards played and the contract: it
    values every legal card on the layouts it cannot tell apart (weighed by
    the board's auction; --uniform: equally likely) and plays the one that
    most often reaches its side's goal. Cards already recorded are kept. A
    model, not a human. Guide: docs/single-dummy.md.

    With --bid the auction is the player's too (docs/player.md).

    \b
    Examples:
      belote playout datasets/examples/deals.pbn --board 1
      belote playout datasets/examples/deals.pbn --seed 3 -o played.pbn
      belote playout datasets/examples/deals.pbn --board 1 --bid
    """
    from belote.advice import Schedule, playouts

    from belote import cfn
    from belote.formats import games

    from .format import json_line
    from .running import progress_bar, stoppable

    if output is not None:
        checked_output(output, () if file is None else (file,))
        target = games.GAME_FORMATS.get(output.suffix.lower(), "pbn")  # other names: PBN
    try:
        schedule = Schedule.from_worlds(worlds)
    except PlayoutError as e:
        raise click.BadParameter(str(e), param_hint="'--worlds'") from None
    if uniform:
        schedule = replace(schedule, beliefs=None)
    every, places = read_places(file, mode, boards, cfn_games)
    if bid:
        from belote import Player
        from belote.player import board_games


        play_and_print(board_games([every[i] for i in places], places, profile=mode,
                                   seed=seed),
                       Player(schedule=schedule, seed=seed), jobs, output,
                       () if file is None else (file,), as_json)
        return
    try:
        selected = [_checked(every[i], mode) for i in places]
        if output is not None:
            games.write(selected, target)  # what the target cannot hold fails before the work
            if target == "cfn":  # and the lead of a first trick still to play
                for board in selected:
                    cfn.check_first_leader(board)
    except BeloteError as e:
        raise DataError(str(e)) from None
    start_solver()
    played = []
    separator = ""
    with stoppable(), progress_bar(len(selected), "board", min_items=2) as progress:
        for result in playouts(selected, schedule=schedule, seed=seed,
                               places=places,
                               run=Run("process", jobs, progress=progress.update, notice=notice)):
            played.append(result.board)
            progress.echo(json_line(result.to_dict()) if as_json
                          else separator + human(result))
            separator = "\n"
    if output is not None:
        write_records(played, output, target)


def _checked(board: Any, mode: str | None) -> Any:
    """``board`` with the rules of ``--mode``, refused (naming it) when it cannot be played out."""
    board = board.under(mode)
    contract = board.contract
    if contract is None or contract.declarer is None:
        raise board.error("no Contract with a Declarer: a playout needs the taker", "Contract")
    if board.play_leader is None and board.dealer is None:
        raise board.error("no Dealer or Play tag: the leader of the first trick is unknown",
                          "Deal")
    if len(board.cards) == 32:
        raise board.error("the play record is complete: nothing is left to play", "Play")
    return board


def human(result: Any) -> str:
    """The table of one played board: the tricks, then single- and double-dummy outcomes."""
    record = result.board
    d = result.to_dict()
    lines = [f"Board {escaped(record.board or '-')} ({d['mode']}), contract {d['contract']} by "
             f"{d['declarer']}, {d['leader']} leads"]
    pos = Position(record.deal, record.contract.trump, record.first_leader(), record.profile)
    for i, card in enumerate(record.cards):
        if i % 4 == 0:
            row = f"  trick {i // 4 + 1}"
        row += f"  {seat_name(pos.to_move)} {card_name(card):>2}"
        trick = pos.play(card)
        if trick is not None:
            lines.append(f"{row}   -> {seat_name(trick.winner)} {trick.points:3d}")
    taker = side_name(record.contract.side)
    dd = d["double_dummy"]

    def outcome(points: int, made: bool, score: dict[str, int]) -> str:
        return (f"{taker} takes {points:3d} (needs {d['needed']}): "
                f"{'made' if made else 'failed'}; score NS {score['NS']}, EW {score['EW']}")

    lines.append("  single-dummy  " + outcome(d["taker_points"], d["made"], d["score"]))
    lines.append("  double-dummy  " + outcome(dd["taker_points"], dd["made"], dd["score"]))
    return "\n".join(lines)
