"""Databases of double-dummy results: the batch pipeline (:mod:`.batch`) and the reports on its output (:mod:`.report`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_TABLE: dict[str, tuple[str, ...]] = {
    ".batch": ("DEFAULT_SHARD_SIZE", "BatchOptions", "BatchSummary", "check_paths", "count_records",
               "iter_records", "read_metadata", "solve_record"),
    ".charts": ("CHARTS", "MIN_GROUP", "Charts", "missing_matplotlib_message", "write_charts"),
    ".html": ("COLUMN_NOTES", "FEW_DEALS", "LONG_TABLE", "TABLE_MEANS", "TABLE_TITLES",
              "columns_note", "render_page", "table_title"),
    ".report": ("CALIBRATION_THRESHOLDS", "FEATURES", "LEAD_NEEDS", "LEAD_NOT_BY_LEADER", "REPORTS",
                "belote_table", "bid_success_table", "capot_table", "check_batch_output",
                "check_values", "features", "lead_value", "left_out", "mode_comparison",
                "own_leader", "points_table", "sd_calibration", "sd_summary"),
    ".schema": ("BATCH_COLUMNS", "BATCH_SCHEMA", "REPORT_COLUMNS", "polars_schema"),
}
"""The public names of this package, by home module (see :mod:`belote._lazy`)."""

if TYPE_CHECKING:
    from .batch import (DEFAULT_SHARD_SIZE as DEFAULT_SHARD_SIZE, BatchOptions as BatchOptions,
                        BatchSummary as BatchSummary, check_paths as check_paths,
                        count_records as count_records, iter_records as iter_records,
                        read_metadata as read_metadata, solve_record as solve_record)
    from .charts import (CHARTS as CHARTS, MIN_GROUP as MIN_GROUP, Charts as Charts,
                         missing_matplotlib_message as missing_matplotlib_message,
                         write_charts as write_charts)
    from .html import (COLUMN_NOTES as COLUMN_NOTES, FEW_DEALS as FEW_DEALS,
                       LONG_TABLE as LONG_TABLE, TABLE_MEANS as TABLE_MEANS,
                       TABLE_TITLES as TABLE_TITLES, columns_note as columns_note,
                       render_page as render_page, table_title as table_title)
    from .report import (CALIBRATION_THRESHOLDS as CALIBRATION_THRESHOLDS, FEATURES as FEATURES,
                         LEAD_NEEDS as LEAD_NEEDS, LEAD_NOT_BY_LEADER as LEAD_NOT_BY_LEADER,
                         REPORTS as REPORTS, belote_table as belote_table,
                         bid_success_table as bid_success_table, capot_table as capot_table,
                         check_batch_output as check_batch_output, check_values as check_values,
                         features as features, lead_value as lead_value, left_out as left_out,
                         mode_comparison as mode_comparison, own_leader as own_leader,
                         points_table as points_table, sd_calibration as sd_calibration,
                         sd_summary as sd_summary)
    from .schema import (BATCH_COLUMNS as BATCH_COLUMNS, BATCH_SCHEMA as BATCH_SCHEMA,
                         REPORT_COLUMNS as REPORT_COLUMNS, polars_schema as polars_schema)

if not TYPE_CHECKING:  # a checker reads the imports above, and flags other names
    __all__, __getattr__, __dir__ = attach(__name__, _TABLE)
