"""The row schema of a board analysis is spelled once (belote.database.schema) and never drifts."""

from pathlib import Path


from belote import Run, run_batch
from belote.database import BATCH_COLUMNS, BATCH_SCHEMA, REPORT_COLUMNS, BatchOptions, polars_schema

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"


def expected():
    """The columns and dtypes of a batch output, written out: a change here is a format change."""
    import polars as pl

    seat, side = pl.Enum(["N", "E", "S", "W"]), pl.Enum(["NS", "EW"])
    return [
        ("record", pl.Int32), ("board", pl.String), ("deal", pl.String), ("dealer", seat),
        ("leader", seat), ("mode", pl.Enum(["classic", "coinche"])),
        ("trump", pl.Enum(["S", "H", "D", "C"])), ("side", side), ("points", pl.Int16),
        ("belote", side), ("contract", pl.String), ("declarer", seat), ("contract_side", side),
        ("dd_points", pl.Int16), ("dd_needed", pl.Int16), ("dd_made", pl.Boolean),
        ("dd_litige", pl.Boolean), ("dd_score_ns", pl.Int16), ("dd_score_ew", pl.Int16),
        ("played_points", pl.Int16), ("played_points_ns", pl.Int16),
        ("played_points_ew", pl.Int16), ("played_made", pl.Boolean),
        ("played_litige", pl.Boolean), ("played_score_ns", pl.Int16),
        ("played_score_ew", pl.Int16), ("sd_points", pl.Int16),
    ]


def test_schema_is_the_expected_list():
    import polars as pl

    assert polars_schema() == pl.Schema(expected())
    assert list(polars_schema().items()) == expected()
    assert BATCH_COLUMNS == tuple(name for name, _ in expected())
    assert tuple(name for name, _ in BATCH_SCHEMA) == BATCH_COLUMNS
    assert all(text for _, text in BATCH_SCHEMA)


def test_written_parquet_has_the_expected_columns_and_dtypes(tmp_path):
    import polars as pl

    out = tmp_path / "out.parquet"
    run_batch(EXAMPLES / "classic.pbn", out, BatchOptions(trumps=(0,), profiles=("classic",)),
              run=Run("serial"))
    assert list(pl.read_parquet_schema(out).items()) == expected()
    assert list(pl.read_parquet(out).schema.items()) == expected()


def test_report_reads_columns_of_the_schema():
    assert REPORT_COLUMNS == ("record", "deal", "dealer", "leader", "mode", "trump", "side",
                              "points", "belote")
    assert set(REPORT_COLUMNS) <= set(BATCH_COLUMNS)
