"""``belote report``: intervals, aggregations checked against plain Python, the CLI outputs."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote.cli.main import cli
from belote.solver.database import report
from belote.solver.rules.profiles import get_profile
from belote.solver.rules.scoring import contract_made
from belote.solver.sampling.stats import mean, proportion, t_quantile
from belote.solver.types.contract import Contract
from belote.solver.types.deal import SEAT_NAMES, Deal

EXAMPLE = Path(__file__).resolve().parent.parent / "datasets" / "examples" / "both-modes.parquet"


@pytest.fixture(scope="module")
def frame():
    import polars as pl
    return pl.read_parquet(EXAMPLE)


def test_wilson_interval_known_values():
    # Wilson 95% for 8/10 and 1/3 (textbook values)
    assert [round(x, 4) for x in (proportion(8, 10).low, proportion(8, 10).high)] == [0.4902, 0.9433]
    assert [round(x, 4) for x in (proportion(1, 3).low, proportion(1, 3).high)] == [0.0615, 0.7923]
    assert proportion(0, 5).low == 0.0 and proportion(5, 5).high == 1.0


def test_t_interval_known_values():
    assert round(t_quantile(0.975, 1), 3) == 12.706 and round(t_quantile(0.975, 10), 3) == 2.228
    e = mean([2.0, 4.0, 6.0])
    assert e.value == 4.0 and math.isclose(e.high - e.value, 4.303 * 2 / math.sqrt(3), rel_tol=1e-3)


def own_leader_rows(frame):
    left = {s: SEAT_NAMES[(i + 1) % 4] for i, s in enumerate(SEAT_NAMES)}
    return [r for r in frame.iter_rows(named=True) if r["leader"] == left[r["dealer"]]]


def trump_length(deal_text, trump, side):
    deal = Deal.from_pbn(deal_text)
    return max(sum(1 for c in deal.hands[s] if c // 8 == trump) for s in (side, side + 2))


def test_bid_table_matches_the_scoring_rules(frame):
    table = report.bid_table(frame, ["trump_length"])
    counts: dict[tuple, list[int]] = {}
    for r in own_leader_rows(frame):
        trump, side = "SHDC".index(r["trump"]), ("NS", "EW").index(r["side"])
        profile = get_profile(r["mode"])
        belote = None if r["belote"] is None else ("NS", "EW").index(r["belote"])
        points = (r["points"], 162 - r["points"] if r["points"] < 252 else 0)
        points = points if side == 0 else points[::-1]
        bids = [None] if r["mode"] == "classic" else list(range(80, 170, 10))
        for bid in bids:
            made = contract_made(profile, Contract(trump=trump, declarer=side, bid=bid),
                                 points, belote)
            key = (r["mode"], trump_length(r["deal"], trump, side), bid)
            counts.setdefault(key, [0, 0])
            counts[key][0] += 1
            counts[key][1] += made
    got = {(r["mode"], r["trump_length"], r["bid"]): [r["n"], r["made"]]
           for r in table.iter_rows(named=True)}
    assert got == counts


def test_points_and_lead_tables(frame):
    import polars as pl
    points = report.points_table(frame, ["mode"]).sort("mode")
    rows = own_leader_rows(frame)
    for mode in ("classic", "coinche"):
        values = [r["points"] for r in rows if r["mode"] == mode]
        line = points.filter(pl.col("mode") == mode).row(0, named=True)
        assert line["n"] == len(values)
        e = mean(values)
        expected = (e.value, e.low, e.high)
        assert [round(line[k], 9) for k in ("mean", "low", "high")] == [round(x, 9) for x in expected]
    lead = report.lead_value(frame).filter(pl.col("mode") == "coinche").row(0, named=True)
    gains = []
    for (record, trump, side), group in (frame.filter(pl.col("mode") == "coinche")
                                         .group_by(["record", "trump", "side"])):
        own = [p for p, l in zip(group["points"], group["leader"]) if "NESW".index(l) % 2 == ("NS", "EW").index(side)]
        other = [p for p, l in zip(group["points"], group["leader"]) if "NESW".index(l) % 2 != ("NS", "EW").index(side)]
        gains.append(sum(own) / 2 - sum(other) / 2)
    assert lead["n"] == len(gains) == 12 * 4 * 2
    assert math.isclose(lead["mean"], sum(gains) / len(gains))


def test_belote_capot_and_modes(frame):
    import polars as pl
    belote = report.belote_table(frame).row(0, named=True)
    pairs = frame.unique(subset=["record", "trump"])
    assert (belote["n"], belote["belotes"]) == (48, pairs["belote"].is_not_null().sum())
    capot = report.capot_table(frame, ["mode"])
    rows = own_leader_rows(frame)
    assert capot.filter(pl.col("mode") == "classic")["capots"].item() == sum(
        r["points"] == 252 for r in rows if r["mode"] == "classic")
    modes = report.mode_comparison(frame).row(0, named=True)
    def holds_jack(r):
        deal = Deal.from_pbn(r["deal"])
        side = ("NS", "EW").index(r["side"])
        jack = "SHDC".index(r["trump"]) * 8 + 4  # cards are suit * 8 + rank, J is rank 4
        return any(jack in deal.hands[s] for s in (side, side + 2))

    classic = {(r["record"], r["leader"], r["trump"], r["side"]): r["points"]
               for r in frame.filter(pl.col("mode") == "classic").iter_rows(named=True)
               if holds_jack(r)}
    differ = sum(classic[(r["record"], r["leader"], r["trump"], r["side"])] != r["points"]
                 for r in frame.filter(pl.col("mode") == "coinche").iter_rows(named=True)
                 if holds_jack(r))
    assert (modes["n"], modes["differ"]) == (len(classic), differ)


def test_report_cli_tables_json_csv(tmp_path):
    import polars as pl
    result = CliRunner().invoke(cli, ["report", str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    assert "## Value of the opening lead (lead)" in result.stdout
    result = CliRunner().invoke(cli, ["report", str(EXAMPLE), "--json"])
    tables = [json.loads(line) for line in result.stdout.splitlines()]
    assert [t["table"] for t in tables] == list(report.REPORTS)
    result = CliRunner().invoke(cli, ["report", str(EXAMPLE), "--csv", str(tmp_path / "csv"),
                                      "--by", "dealer"])
    assert result.exit_code == 0, result.output
    bids = pl.read_csv(tmp_path / "csv" / "bids.csv")
    assert set(bids["dealer"]) == {"N", "E", "S", "W"}
    bad = CliRunner().invoke(cli, ["report", str(EXAMPLE), "--by", "nothing"])
    assert bad.exit_code == 2 and "no column nothing" in bad.stderr


def test_report_plot_and_html(tmp_path):
    page = tmp_path / "report.html"
    result = CliRunner().invoke(cli, ["report", str(EXAMPLE), "--plot", str(tmp_path / "png"),
                                      "--html", str(page)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "png").iterdir()) == [
        "lead.png", "pmake.png", "points.png"]
    text = page.read_text()
    assert text.count("data:image/png;base64,") == 3 and "<table>" in text


def test_missing_matplotlib_is_one_line(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = CliRunner().invoke(cli, ["report", str(EXAMPLE), "--plot", str(tmp_path)])
    assert result.exit_code == 2
    assert "pip install 'belote[plot]'" in result.stderr and "Traceback" not in result.output
