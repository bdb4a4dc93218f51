"""``belote selfplay``: whole deals, auction and play, by the player at all four seats.

The command makes the games (seeded random deals, or the deals of a file),
plays them with :func:`~belote.player.play_games` and prints one
result per deal (a table, or a JSON line) and, in tables, a summary; ``-o``
also writes the games (CFN, game JSON lines or PBN, by its suffix).
``belote playout --bid`` renders its deals with :func:`play_and_print`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from belote import Run
from belote.errors import PlayoutError

from .common import (checked_output, input_file_type, notice, read_places, start_solver,
                     write_records)
from .options import (SCHEDULE_DEFAULT, board_option, cfn_option, json_option, mode_option,
                      uniform_option)

MAX_DEALS = 1_000_000
"""The most random deals one run plays (each takes seconds)."""


@click.command()
@click.argument("file", required=False, type=input_file_type())
@cfn_option
@click.option("--deals", "-n", type=click.IntRange(min=1, max=MAX_DEALS), default=None,
              show_default="10 without a FILE",
              help="Random deals to play (seeded by --seed; deal i is dealt by N E S W in "
                   "turn). Not with a FILE.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Random stream of the deals, the layouts and the simulations.")
@click.option("--worlds", type=click.IntRange(min=1), default=None,
              show_default=SCHEDULE_DEFAULT,
              help="Card play: layouts valued by a decision at the first trick.")
@click.option("--layouts", type=click.IntRange(min=2, max=512), default=16,
              show_default=True, help="Calls: layouts a simulated call is weighed on.")
@click.option("--extra-layouts", type=click.IntRange(min=0, max=512), default=16,
              show_default=True,
              help="Calls: layouts added for the prior's call and its best rival when coinche "
                   "is weighed and the first layouts leave the call undecided (0: none).")
@click.option("--prior-only", is_flag=True,
              help="Calls: the club prior alone, no simulation (much faster).")
@click.option("--explain", is_flag=True,
              help="Print how each call was decided: the candidates weighed, their expected "
                   "scores with 95% intervals, the layouts, whether the next seed agrees.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              show_default="all cores from 2 deals on",
              help="Worker processes; deals are spread over them, output stays in order.")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write the games (deal, auction, play) to this file, in the format "
                   "of its suffix: .cfn CFN (coinche), .jsonl .ndjson .json JSON lines, "
                   "else PBN.")
@uniform_option
@board_option
@mode_option
@json_option
def selfplay(file, cfn_games, deals, seed, worlds, layouts, extra_layouts, prior_only, explain,
             jobs, output, uniform, boards, mode, as_json):
    """Whole deals bid and played by the player at each seat.

    Each seat sees only its own cards, the calls, the cards played and the
    belote announcements. Calls: a prior from common club practice (the
    convention profile), with close calls weighed by simulating the rest of
    the auction; cards: the single-dummy player. A classic deal from a FILE
    is re-dealt (its hands depend on who takes). Guide: docs/player.md.

    \b
    Examples:
      belote selfplay --deals 4 --seed 1
      belote selfplay datasets/examples/deals.pbn --board 1 --json
      belote selfplay --deals 100 --mode classic -o games.jsonl
    """
    from belote import Player
    from belote.player import board_games, random_games

    if file is not None or cfn_games:
        if deals is not None:
            raise click.UsageError("--deals makes random deals: not with a FILE or --cfn")

        every, places = read_places(file, mode, boards, cfn_games)
        games = board_games([every[i] for i in places], places, profile=mode, seed=seed)
    else:
        if boards:
            raise click.UsageError("--board selects boards of a FILE")
        games = random_games(deals or 10, seed, mode or "coinche")
    player = Player(schedule=_schedule(worlds, uniform), seed=seed, arbitrate=not prior_only,
                    layouts=layouts, extra_layouts=extra_layouts)
    play_and_print(games, player, jobs, output, (file,) if file is not None else (), as_json,
                   explain)


def _schedule(worlds: int | None, uniform: bool) -> Any:
    """The card player's schedule of ``--worlds`` and ``--uniform``."""
    from belote.advice import Schedule

    try:
        schedule = Schedule.from_worlds(worlds)
    except PlayoutError as e:
        raise click.BadParameter(str(e), param_hint="'--worlds'") from None
    return replace(schedule, beliefs=None) if uniform else schedule


def play_and_print(games: list[Any], player: Any, jobs: int | None, output: Path | None,
                   inputs: tuple[Any, ...], as_json: bool, explain: bool = False) -> None:
    """Play ``games`` (:func:`~belote.player.play_games`), print each, then write them."""
    from belote.formats import games as games_format
    from belote.player import play_games

    from .format import json_line
    from .running import progress_bar, stoppable

    target = None
    if output is not None:
        checked_output(output, inputs)
        target = games_format.GAME_FORMATS.get(output.suffix.lower(), "pbn")
        if target == "cfn" and any(g.profile.auction != "numeric" for g in games):
            raise click.UsageError("CFN holds coinche games only: write classic games as "
                                   ".jsonl or .pbn")
    start_solver()
    played = []
    separator = ""
    with stoppable(), progress_bar(len(games), "deal", min_items=2) as progress:
        for result in play_games(games, player, explain=explain,
                               run=Run("process", jobs, progress=progress.update,
                                       notice=notice)):
            played.append(result)
            progress.echo(json_line(result.to_dict()) if as_json
                          else separator + human(result))
            separator = "\n"
    if not as_json:
        click.echo("\n" + summary(played))
    if output is not None:
        assert target is not None
        write_records([p.board() for p in played], output, target)


def human(result: Any) -> str:
    """One played deal: the auction, then the contract and how it went."""
    d = result.to_dict()
    turned = f", turned {d['turned']}" if d["turned"] else ""
    head = f"Deal {d['deal']} ({d['mode']}), dealer {d['dealer']}{turned}"
    calls = result.game.auction.text()
    if result.calls:
        head += "\n" + "\n".join("  " + line for e in result.calls for line in e.lines())
    if d["passed_out"]:
        return f"{head}\n  auction  {calls}\n  passed out (redeal)"
    points, score = d["trick_points"], d["score"]
    belote = f", belote {d['belote']}" if d["belote"] else ""
    return (f"{head}\n  auction  {calls}\n"
            f"  contract {d['contract']} by {d['declarer']}: trick points NS {points['NS']}, "
            f"EW {points['EW']}{belote}; {'made' if d['made'] else 'failed'}\n"
            f"  score    NS {score['NS']}, EW {score['EW']}")


def summary(played: list[Any]) -> str:
    """The deals played, those passed out, NS - EW a deal with its 95% interval, the CPU."""
    from belote.sampling import mean

    scored = [p.game.result for p in played if p.game.result is not None]
    out = (f"{len(played)} deal{'s' * (len(played) != 1)}, {len(played) - len(scored)} "
           "passed out")
    if len(scored) >= 2:
        e = mean([r.ns - r.ew for r in scored])
        out += f"; NS - EW a played deal {e.value:+.1f} [{e.low:+.1f}, {e.high:+.1f}]"
    cpu = sum(p.cpu for p in played) / max(len(played), 1)
    return out + f"; CPU a deal, all four seats ({cpu:.2f} s)"
