"""``belote deal``: write random deals, uniform or under constraints, for batch solving.

Module-level imports stay light (no numba, no polars): the sampler and the
table writer are imported inside the command.
"""

from __future__ import annotations

from pathlib import Path

import click

from belote import BeloteError
from belote.errors import printable
from belote.types import PROFILES, parse_seat

from .options import SUIT, LibraryType, constraint_error, constraint_options
from .common import checked_output, display_path

PROGRESS_FROM = 20_000
"""Counts from which a progress bar is shown on stderr."""

RANDOM = -1


def _dealer(text: str) -> int:
    return RANDOM if text.strip().lower() == "random" else parse_seat(text)


DEALER = LibraryType("dealer", _dealer, "[N|E|S|W|random]")
"""A seat, or ``random`` (drawn per board from the seed)."""


@click.command()
@click.option("--count", "-n", type=click.IntRange(min=1), default=1, show_default=True,
              help="Number of deals (boards 1..N).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Random stream: the same seed and options give the same file.")
@click.option("--hand", "hands", multiple=True, metavar="SEAT:CARDS",
              help='A whole hand, e.g. "S:JH 9H AH TH 7S 8S KD AC" (repeatable).')
@constraint_options("see --trump")
@click.option("--trump", type=SUIT, default=None,
              help="Suit whose cards count trump points in --points (default: none, every "
                   "suit counts plain points).")
@click.option("--mode", type=click.Choice(sorted(PROFILES), case_sensitive=False),
              default="coinche", show_default=True, help="Card points of --points.")
@click.option("--dealer", type=DEALER, default=None,
              help="Dealer of every board, or 'random' (default: N, E, S, W in turn from "
                   "board 1).")
@click.option("--output", "-o", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="File to write: .pbn, .parquet, .csv, .ndjson (or .jsonl).")
def deal(count, seed, hands, known, shape, points, trump, mode, dealer, output):
    """Write random deals to a file.

    COUNT deals to a PBN, Parquet, CSV or NDJSON file, uniform over every
    deal meeting the constraints; deal i depends only on the seed and i. Guide: docs/databases.md (belote deal).

    \b
    Examples:
      belote deal --count 1000 --seed 7 -o deals.parquet
      belote deal -n 100 --hand "S:JH 9H AH TH 7S 8S KD AC" --shape "N:H=0" -o s.pbn
    """
    from belote.formats import rows
    from belote.sampling import RANDOM_DEALER, Constraints, DealSampler, deal_rows

    from .running import progress_bar, stoppable

    if output.suffix.lower() not in rows.FORMATS:
        raise click.BadParameter(
            f"{output}: unknown format {output.suffix or '(no extension)'!r} "
            f"(expected {', '.join(rows.FORMATS)})", param_hint="'--output'")
    checked_output(output)
    try:
        constraints = Constraints(profile=PROFILES[mode.lower()], trump=trump).with_text(
            hand=hands, known=known, shape=shape, points=points)
        sampler = DealSampler(constraints)
    except BeloteError as e:
        raise constraint_error(e) from None

    with stoppable(), progress_bar(count, "deal", min_items=PROGRESS_FROM) as progress:
        def chunks():
            for chunk in deal_rows(sampler, seed, count,
                                   RANDOM_DEALER if dealer == RANDOM else dealer):
                yield chunk
                progress.update(len(chunk[0]))

        try:
            rows.write_deals(output, chunks())
        except OSError as e:  # a system error (a full disk): the group reports it, status 1
            message = e.strerror or str(e)
            raise OSError(e.errno, message, None if str(output) in message else str(output)
                          ) from None
    click.echo(f"{count} deal{'s' if count > 1 else ''} written to {printable(display_path(output))} "
               f"(seed {seed}, {sampler.count()} possible)", err=True)
