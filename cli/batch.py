"""``belote batch``: solve every board of a large file into a Parquet table.

The pipeline is :func:`belote.database.batch.run_batch`; this module
parses the options, shows the progress bar, runs it on local processes or a
Dask cluster and turns its outcome into an exit status (see
:data:`EXIT_BAD_RECORDS`).

>>> EXIT_BAD_RECORDS
3
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import click

from belote import BeloteError, Run
from belote.errors import escaped
from belote.types import PROFILES

from .options import SEAT, all_leaders_option, jobs_option, scheduler_option, trump_option
from .common import DataError, check_input_kind

EXIT_BAD_RECORDS = 3
"""Exit status of a run that finished but found bad records (listed in ``OUT.errors.jsonl``)."""


class InputFile(click.Path):
    """An existing file, never ``-``: the batch reads its input twice (count, then solve)
    and resumes by the input's identity, which standard input has not."""

    def convert(self, value, param, ctx):
        if str(value) == "-":
            self.fail("batch needs a file, not standard input ('-'): it reads the input "
                      "again to resume; save it to a file first", param, ctx)
        return super().convert(value, param, ctx)


@click.command()
@click.argument("input_path", metavar="INPUT",
                type=InputFile(exists=True, dir_okay=False, path_type=Path))
@click.option("--output", "-o", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The Parquet file to write (OUT); OUT.parts/ holds the work in progress "
                   "and OUT.errors.jsonl lists the bad records.")
@click.option("--mode", "modes", multiple=True,
              type=click.Choice(sorted(PROFILES), case_sensitive=False),
              help="Rules to apply, overriding each board's Mode (repeat to solve every board "
                   "under several; default: the board's Mode, else coinche).")
@trump_option
@click.option("--leader", type=SEAT, default=None,
              help="Leader of the first trick (default: the Play seat, else the dealer's left).")
@all_leaders_option
@jobs_option
@scheduler_option
@click.option("--shard-size", type=click.IntRange(min=1), default=None,
              help="Records per shard written as the run goes (default 100).")
@click.option("--force", is_flag=True,
              help="Start again even if OUT or its shards come from another input or options.")
@click.option("--play", type=click.Choice(["double-dummy", "single-dummy"]),
              default="double-dummy", show_default=True,
              help="single-dummy: also play each deal out with every seat seeing only its own "
                   "hand (sd_points column; about 1 s of CPU per leader and trump).")
def batch(input_path, output, modes, trumps, leader, all_leaders, jobs, scheduler, shard_size,
          force, play):
    """Solve every board of INPUT into a Parquet table.

    INPUT is a PBN file or a table of deals (.parquet, .csv, .ndjson/.jsonl);
    OUT gets one row per board x mode x leader x trump x side. The work is
    saved as it goes: run the same command again to resume after a crash or
    Ctrl-C. Bad boards are listed in OUT.errors.jsonl (exit status 3).
    Guide: docs/databases.md (belote batch).

    \b
    Examples:
      belote batch deals.csv -o deals.parquet --mode classic --mode coinche --all-leaders
      belote batch games.pbn -o games.parquet --jobs 2
    """
    from belote import run_batch
    from belote.database import DEFAULT_SHARD_SIZE, BatchOptions, check_paths, count_records

    from .running import dask_client, progress_bar, stoppable

    if leader is not None and all_leaders:
        raise click.UsageError("--leader and --all-leaders exclude each other")
    size = shard_size or DEFAULT_SHARD_SIZE
    if output.suffix.lower() != ".parquet":
        raise click.BadParameter(f"{output}: OUT is written as Parquet: name it *.parquet",
                                 param_hint="'-o'")
    if input_path.suffix.lower() in (".parquet", ".pq"):
        check_input_kind(input_path, ("a Parquet table under this name (it chooses the "
                                      "format by the suffix: rename the file)", ("parquet",)))
    else:
        check_input_kind(input_path, ("PBN, CFN and JSON game records and deal rows (CSV, "
                                      "NDJSON, and Parquet named *.parquet)",
                                      ("pbn", "cfn", "json", "csv", "text")))
    try:
        check_paths(input_path, output)
        options = BatchOptions(profiles=tuple(m.lower() for m in modes) or (None,),
                               trumps=tuple(trumps), leader=leader, all_leaders=all_leaders,
                               shard_size=size, play=play)
        total = count_records(input_path)
    except (BeloteError, OSError) as e:
        raise DataError(str(e)) from None
    if total == 0:
        raise DataError(f"{input_path}: no records to solve")
    parts = output.with_name(output.name + ".parts")
    done = len(list(parts.glob("part-*.parquet"))) * size if parts.is_dir() else 0
    remaining = None if total is None else max(total - done, 0)
    executor, client = "process", None
    if scheduler is not None:
        client = dask_client(scheduler, jobs)
        executor, jobs = client.get_executor(), sum(client.nthreads().values())
    command = shlex.join(["belote", *sys.argv[1:]])
    try:
        with stoppable(), progress_bar(remaining, "board", min_items=1) as progress:
            summary = run_batch(input_path, output, options,
                                run=Run(executor, jobs, progress.update, _notice),
                                force=force, command=command)
    except BeloteError as e:
        raise DataError(str(e)) from None
    finally:
        if client is not None:
            client.close()
    if summary.finished_before:
        listed = summary.errors.read_text().count("\n") if summary.errors.exists() else 0
        bad = f" ({listed} bad records listed in {summary.errors})" if listed else ""
        _notice(f"{output}: already finished with this input and these options; nothing to "
                f"do{bad}")
        if listed:
            sys.exit(EXIT_BAD_RECORDS)  # the same status as the run that made it
        return
    good = summary.records - summary.bad
    resumed = f", {summary.resumed} done before" if summary.resumed else ""
    bad = (f", {summary.bad} bad (listed in {summary.errors})" if summary.bad else "")
    _notice(f"{summary.records} records{resumed}: {good} solved{bad}; {summary.rows} rows "
            f"in {output} ({summary.seconds:.1f} s)")
    if summary.bad:
        sys.exit(EXIT_BAD_RECORDS)


def _notice(message: str) -> None:
    click.echo(f"belote: {escaped(message)}", err=True)
