"""Databases of double-dummy results: the batch pipeline (:mod:`.batch`) and the reports on its output (:mod:`.report`)."""

from .batch import (DEFAULT_SHARD_SIZE, BatchOptions, BatchSummary, check_paths, count_records,
                    iter_records, read_metadata, solve_record)
from .charts import CHARTS, MIN_GROUP, Charts, missing_matplotlib_message, write_charts
from .html import (COLUMN_NOTES, FEW_DEALS, LONG_TABLE, TABLE_MEANS, TABLE_TITLES, columns_note,
                   render_page, table_title)
from .report import (FEATURES, LEAD_NEEDS, LEAD_NOT_BY_LEADER, REPORTS, belote_table,
                     bid_success_table, capot_table, check_batch_output, check_values, features,
                     lead_value, left_out, mode_comparison, points_table, sd_calibration,
                     sd_summary)
from .schema import BATCH_COLUMNS, BATCH_SCHEMA, REPORT_COLUMNS, schema

__all__ = ["BATCH_COLUMNS", "BATCH_SCHEMA", "BatchOptions", "BatchSummary", "CHARTS",
           "COLUMN_NOTES", "Charts", "DEFAULT_SHARD_SIZE", "FEATURES", "FEW_DEALS", "LEAD_NEEDS",
           "LEAD_NOT_BY_LEADER", "LONG_TABLE", "MIN_GROUP", "REPORTS", "REPORT_COLUMNS",
           "TABLE_MEANS", "TABLE_TITLES", "belote_table", "bid_success_table", "capot_table",
           "check_batch_output", "check_paths", "check_values", "columns_note", "count_records",
           "features", "iter_records", "lead_value", "left_out", "missing_matplotlib_message",
           "mode_comparison", "points_table", "read_metadata", "render_page", "schema",
           "sd_calibration", "sd_summary", "solve_record", "table_title", "write_charts"]
