"""``belote report``: tables (and charts) of a ``belote batch`` output; the
aggregations are :mod:`belote.database.report`'s."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import click

from belote import BeloteError
from belote.errors import escaped

from .common import DataError, check_input_kind, notice


@click.command()
@click.argument("path", metavar="OUT.parquet",
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--by", "by", multiple=True, metavar="COLUMN",
              help="Group the tables by this column instead (repeat for several): any column "
                   "of the file, or trump_length, trump_total, jack, nine, ace, own_belote, "
                   "pattern.")
@click.option("--csv", "csv_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Write each table as DIR/NAME.csv instead of printing it.")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object per table, one per line: {\"table\": ..., \"rows\": [...]}.")
@click.option("--plot", "plot_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Also write PNG charts into DIR (needs the 'plot' extra).")
@click.option("--html", "html_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write one self-contained HTML page with the tables and charts.")
def report(path, by, csv_dir, as_json, plot_dir, html_file):
    """Tables of a `belote batch` output.

    Bids, points, honours, patterns, lead, capot, belote and modes: each
    table with its sample size n, the deals its rows come from and a 95%
    interval clustered by deal. Guide: docs/databases.md (belote report).
    """
    import polars as pl

    from belote.database import REPORTS, left_out, table_title, write_charts
    from belote import report_tables

    from belote.files import atomic_output

    if (plot_dir or html_file):
        from belote.database import missing_matplotlib_message

        message = missing_matplotlib_message()
        if message:
            raise click.UsageError(message)
    by = list(dict.fromkeys(by)) or None  # a column given twice counts once
    check_report_paths(path, csv_dir, plot_dir, html_file)
    check_input_kind(path, ("the Parquet tables `belote batch` writes", ("parquet",)),
                     expected="parquet")
    try:
        frame = pl.read_parquet(path)
        tables = report_tables(frame, by)
    except (BeloteError, pl.exceptions.PolarsError, OSError) as e:
        raise DataError(f"{path}: {e}") from None
    except pl.exceptions.PanicException:  # not an Exception: what polars raises on some damage
        raise DataError(f"{path}: cannot read Parquet (polars failed on it: is it damaged?)") from None
    missing = left_out(tables, by)
    if csv_dir is not None or as_json:
        for name, reason in missing.items():
            notice(f"{name} table left out: {reason}")
    if csv_dir is not None:
        csv_dir.mkdir(parents=True, exist_ok=True)
        for name, table in tables.items():
            with atomic_output(csv_dir / f"{name}.csv") as tmp:
                table.write_csv(tmp)
        notice(f"{len(tables)} tables in {csv_dir}")
    elif as_json:
        for name, table in tables.items():
            click.echo(json.dumps({"table": name, "rows": table.to_dicts()}, default=str))
    else:
        with pl.Config(tbl_rows=-1, tbl_cols=-1, tbl_width_chars=250, float_precision=3,
                       tbl_hide_column_data_types=True, tbl_hide_dataframe_shape=True,
                       tbl_formatting="ASCII_MARKDOWN"):
            for i, name in enumerate(n for n in REPORTS if n in tables or n in missing):
                click.echo(("\n" if i else "") + f"## {escaped(table_title(name, by))} ({name})")
                click.echo(missing[name] if name in missing else str(_printable(tables[name])))
    if plot_dir is None and html_file is None:
        return


    with tempfile.TemporaryDirectory(prefix="belote-charts-") as scratch:
        drawn = write_charts(frame, plot_dir or scratch)
        for name, reason in drawn.skipped.items():
            notice(f"{name} not drawn: {reason}")
        if plot_dir is not None:
            notice(f"{len(drawn.written)} chart{'s' * (len(drawn.written) != 1)} in {plot_dir}")
        if html_file is not None:
            from belote.database import render_page

            deals = frame["record"].n_unique()
            note = (f"{path.name}: {deals} deals, {frame.height} rows, modes "
                    f"{', '.join(sorted(map(str, frame['mode'].unique().to_list())))}.")
            page = render_page(tables, drawn.written, note=note, by=by, left_out=missing,
                               skipped=drawn.skipped, title="Belote double-dummy report")
            with atomic_output(html_file) as tmp:
                tmp.write_text(page, encoding="utf-8")
            notice(f"report page {html_file}")


def _printable(table):
    """``table`` with its text cells (String, Categorical, Enum) and column names escaped
    (:func:`belote.errors.escaped`): a board name holding a newline cannot forge a row, nor
    an escape sequence reach the terminal."""
    import polars as pl

    text = [c for c, t in table.schema.items()
            if isinstance(t, (pl.String, pl.Categorical, pl.Enum))]
    return table.with_columns(
        pl.col(c).cast(pl.String).map_elements(escaped, return_dtype=pl.String) for c in text
    ).rename({c: escaped(c) for c in table.columns})


def check_report_paths(path: Path, csv_dir: Path | None, plot_dir: Path | None,
                       html_file: Path | None) -> None:
    """The input and every output checked before any work (:mod:`belote.files`): a usage
    error, exit 2, for an output in a missing directory or one that would overwrite the input."""
    from belote.database import CHARTS, REPORTS
    from belote.files import check_output, check_regular_input

    try:
        check_regular_input(path, "report reads a Parquet file, which needs a regular file")
        for option, folder, names in (("--csv", csv_dir, [f"{n}.csv" for n in REPORTS]),
                                      ("--plot", plot_dir, CHARTS)):
            if folder is not None:
                check_output(folder, [path], directory=True)
                for name in names if folder.is_dir() else ():
                    check_output(folder / name, [path], role=f"{option} output")
        if html_file is not None:
            check_output(html_file, [path], role="--html output")
    except BeloteError as e:
        raise DataError(str(e)) from None
