"""The row schema of a board analysis: the columns of a ``belote batch`` output, once.

:func:`~belote.database.batch.run_batch` writes its rows with :func:`polars_schema`;
:mod:`~belote.database.report` reads :data:`REPORT_COLUMNS` of them. The
polars types are built on demand, so importing this module does not import
polars.

>>> BATCH_COLUMNS[:4]
('record', 'board', 'deal', 'dealer')
>>> set(REPORT_COLUMNS) <= set(BATCH_COLUMNS)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..types.cards import SUIT_NAMES
from ..types.deal import SEAT_NAMES, SIDE_NAMES
from ..types.profile import PROFILES

if TYPE_CHECKING:
    import polars as pl
    from polars._typing import PolarsDataType

__all__ = ["BATCH_COLUMNS", "BATCH_SCHEMA", "REPORT_COLUMNS", "polars_schema"]

BATCH_SCHEMA: tuple[tuple[str, str], ...] = (
    ("record", "record number in the input, from 0 (boards good or bad)"),
    ("board", "Board tag / column"),
    ("deal", "the deal, PBN notation from the dealer (N when unknown)"),
    ("dealer", "seat"),
    ("leader", "leader of the first trick for this row's value"),
    ("mode", "rule profile"),
    ("trump", "S H D C"),
    ("side", "NS or EW: whose value this row holds"),
    ("points", "side's double-dummy trick points (belote excluded; 252 = capot)"),
    ("belote", "side holding trump K+Q, null if split"),
    ("contract", "Contract tag"),
    ("declarer", "seat"),
    ("contract_side", "declarer's side"),
    ("dd_points", "contract side's double-dummy points, with the board's own leader"),
    ("dd_needed", "trick points the contract side needs to make it"),
    ("dd_made", "contract made double-dummy"),
    ("dd_litige", "classic: equal totals double-dummy"),
    ("dd_score_ns", "double-dummy deal score of NS"),
    ("dd_score_ew", "double-dummy deal score of EW"),
    ("played_points", "contract side's trick points in the recorded play"),
    ("played_points_ns", "NS trick points in the recorded play"),
    ("played_points_ew", "EW trick points in the recorded play"),
    ("played_made", "contract made in the recorded play"),
    ("played_litige", "classic: equal totals in the recorded play"),
    ("played_score_ns", "recorded play's deal score of NS"),
    ("played_score_ew", "recorded play's deal score of EW"),
    ("sd_points", "side's trick points when all four seats play the deal out single-dummy "
                  "with this leader and trump (--play single-dummy; null otherwise)"),
)
"""The output's columns, in order, with what they hold."""

BATCH_COLUMNS: tuple[str, ...] = tuple(name for name, _ in BATCH_SCHEMA)
"""The output's column names, in order."""

REPORT_COLUMNS = ("record", "deal", "dealer", "leader", "mode", "trump", "side", "points", "belote")
"""The columns of a ``belote batch`` output that the report reads."""


def polars_schema() -> pl.Schema:
    """The polars schema of the output (seats, sides, suits and modes as ``pl.Enum``).

    >>> polars_schema()["trump"], polars_schema()["points"]
    (Enum(categories=['S', 'H', 'D', 'C']), Int16)
    """
    import polars as pl

    seat, side = pl.Enum(list(SEAT_NAMES)), pl.Enum(list(SIDE_NAMES))
    small = pl.Int16
    types: dict[str, PolarsDataType] = {
        "record": pl.Int32, "board": pl.String, "deal": pl.String, "dealer": seat,
        "leader": seat, "mode": pl.Enum(sorted(PROFILES)), "trump": pl.Enum(list(SUIT_NAMES)),
        "side": side, "points": small, "belote": side, "contract": pl.String,
        "declarer": seat, "contract_side": side, "dd_points": small, "dd_needed": small,
        "dd_made": pl.Boolean, "dd_litige": pl.Boolean, "dd_score_ns": small,
        "dd_score_ew": small, "played_points": small, "played_points_ns": small,
        "played_points_ew": small, "played_made": pl.Boolean, "played_litige": pl.Boolean,
        "played_score_ns": small, "played_score_ew": small, "sd_points": small}
    return pl.Schema([(name, types[name]) for name in BATCH_COLUMNS])
