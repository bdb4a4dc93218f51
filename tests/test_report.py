"""``belote report``: intervals, aggregations checked against plain Python, the CLI outputs."""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote.cli.main import cli
from belote.database import report
from belote import Contract, Deal, get_profile
from belote.rules import contract_made
from belote.sampling import (ClusterSums, clustered_proportion, mean, proportion, t_quantile,
                             wilson_bounds, z_value)
from belote.types import SEAT_NAMES
from conftest import needs_chromium, phone_width

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


def cluster_variance(values, clusters):
    """(clusters, cluster sizes, sandwich variance of the mean, its variance for independent rows)."""
    n, m = len(values), sum(values) / len(values)
    groups: dict = {}
    for v, c in zip(values, clusters):
        groups.setdefault(c, []).append(v)
    g = len(groups)
    between = g / (g - 1) * sum((sum(vs) - m * len(vs)) ** 2 for vs in groups.values()) / n ** 2
    rows = sum((v - m) ** 2 for v in values) / (n * (n - 1))
    return g, [len(vs) for vs in groups.values()], between, rows


def clustered_t(values, clusters):
    """The mean and its 95% t interval clustered by ``clusters``, in plain Python."""
    m = sum(values) / len(values)
    g, _, between, rows = cluster_variance(values, clusters)
    half = t_quantile(0.975, g - 1) * math.sqrt(max(between, rows))
    return m, m - half, m + half


def clustered_wilson(successes, clusters):
    """Korn and Graubard's 95% interval (Wilson's at the effective size) of clustered 0/1 values.

    The design effect is bounded by the cluster sizes when fewer than 5 clusters hold
    the rarer outcome.
    """
    n, p = len(successes), sum(successes) / len(successes)
    g, sizes, between, rows = cluster_variance(successes, clusters)
    groups: dict = {}
    for v, c in zip(successes, clusters):
        groups.setdefault(c, []).append(v)
    rare = min(sum(1 for vs in groups.values() if any(vs)),
               sum(1 for vs in groups.values() if not all(vs)))
    effect = between / rows if rare >= 5 else sum(k * k for k in sizes) / n
    effective = n / max(effect, 1.0)
    if 2 <= g < n:
        effective *= (z_value(0.95) / t_quantile(0.975, g - 1)) ** 2
    low, high = wilson_bounds(p * effective, effective, z_value(0.95))
    return float(low), float(high)


def own_leader_rows(frame):
    left = {s: SEAT_NAMES[(i + 1) % 4] for i, s in enumerate(SEAT_NAMES)}
    return [r for r in frame.iter_rows(named=True) if r["leader"] == left[r["dealer"]]]


def trump_length(deal_text, trump, side):
    deal = Deal.from_pbn(deal_text)
    return max(sum(1 for c in deal.hands[s] if c // 8 == trump) for s in (side, side + 2))


def test_bid_success_table_matches_the_scoring_rules(frame):
    table = report.bid_success_table(frame, ["trump_length"])
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


def test_bid_and_capot_intervals_are_clustered_by_deal(frame):
    import polars as pl
    rows = [r for r in own_leader_rows(frame) if r["mode"] == "coinche"]
    profile = get_profile("coinche")
    table = report.bid_success_table(frame.filter(pl.col("mode") == "coinche"), ["mode"])
    for line in table.iter_rows(named=True):
        made = []
        for r in rows:
            trump, side = "SHDC".index(r["trump"]), ("NS", "EW").index(r["side"])
            belote = None if r["belote"] is None else ("NS", "EW").index(r["belote"])
            points = (r["points"], 162 - r["points"] if r["points"] < 252 else 0)
            made.append(contract_made(profile, Contract(trump=trump, declarer=side,
                                                        bid=line["bid"]),
                                      points if side == 0 else points[::-1], belote))
        low, high = clustered_wilson(made, [r["record"] for r in rows])
        assert (line["n"], line["made"]) == (len(rows), sum(made))
        assert (round(line["p_low"], 9), round(line["p_high"], 9)) == (round(low, 9), round(high, 9))
    capot = report.capot_table(frame, ["mode"]).filter(pl.col("mode") == "coinche").row(0, named=True)
    low, high = clustered_wilson([r["points"] == 252 for r in rows], [r["record"] for r in rows])
    assert (round(capot["p_low"], 9), round(capot["p_high"], 9)) == (round(low, 9), round(high, 9))


def test_clustered_wilson_covers_where_independent_rows_do_not():
    # 1,000 simulated databases of 100 deals x 4 rows sharing the deal's chance of success
    # (beta spread around 0.5): the clustered interval keeps its 95%, the naive one does not.
    import numpy as np
    rng = np.random.default_rng(7)
    clusters = np.repeat(np.arange(100), 4)
    covered = naive = 0
    for _ in range(1000):
        chance = rng.beta(1.0, 1.0, size=100)
        values = (rng.random(400) < np.repeat(chance, 4)).astype(int).tolist()
        e = clustered_proportion(ClusterSums.of(values, clusters.tolist()))
        covered += e.low <= 0.5 <= e.high
        p = proportion(sum(values), 400)
        naive += p.low <= 0.5 <= p.high
    assert covered >= 935 and naive <= 850, (covered, naive)


def test_clustered_wilson_covers_with_few_deals():
    # The README example's size: 12 deals x 8 rows. Without the t degrees of freedom of
    # Korn and Graubard, Wilson at the effective size fell short of 95% here.
    import numpy as np
    rng = np.random.default_rng(11)
    clusters = np.repeat(np.arange(12), 8).tolist()
    covered = 0
    for _ in range(2000):
        chance = rng.beta(1.0, 1.0, size=12)
        values = (rng.random(96) < np.repeat(chance, 8)).astype(int).tolist()
        e = clustered_proportion(ClusterSums.of(values, clusters))
        covered += e.low <= 0.5 <= e.high
    assert covered >= 1890, covered  # 94.5%


def test_points_by_side_use_the_clustered_variance(frame):
    # One side's four trumps in a deal go together: the design effect exceeds 1 here.
    table = report.points_table(frame, ["side"])
    rows = own_leader_rows(frame)
    wider = 0
    for line in table.iter_rows(named=True):
        group = [r for r in rows if (r["mode"], r["side"]) == (line["mode"], line["side"])]
        values, records = [r["points"] for r in group], [r["record"] for r in group]
        _, _, between, independent = cluster_variance(values, records)
        wider += between > independent
        expected = clustered_t(values, records)
        assert (line["n"], line["n_deals"]) == (len(values), len(set(records)))
        assert [round(line[k], 9) for k in ("mean", "low", "high")] == [round(x, 9) for x in expected]
    assert wider == 4


def test_lead_modes_and_belote_intervals(frame):
    import polars as pl
    lead = report.lead_value(frame).filter(pl.col("mode") == "coinche").row(0, named=True)
    gains, records = [], []
    for (record, trump, side), group in (frame.filter(pl.col("mode") == "coinche")
                                         .group_by(["record", "trump", "side"])):
        leading = ["NESW".index(lead) % 2 == ("NS", "EW").index(side) for lead in group["leader"]]
        own = [p for p, mine in zip(group["points"], leading) if mine]
        other = [p for p, mine in zip(group["points"], leading) if not mine]
        gains.append(sum(own) / len(own) - sum(other) / len(other))
        records.append(record)
    expected = clustered_t(gains, records)
    assert [round(lead[k], 9) for k in ("mean", "low", "high")] == [round(x, 9) for x in expected]
    modes = report.mode_comparison(frame).row(0, named=True)
    coinche = {(r["record"], r["leader"], r["trump"], r["side"]): r["points"]
               for r in frame.filter(pl.col("mode") == "coinche").iter_rows(named=True)}
    pairs = [(r["record"], coinche[(r["record"], r["leader"], r["trump"], r["side"])] - r["points"])
             for r in report.features(frame).filter((pl.col("mode") == "classic") & pl.col("jack"))
             .iter_rows(named=True)]
    diffs, records = [d for _, d in pairs], [rec for rec, _ in pairs]
    assert (modes["n"], modes["n_deals"]) == (len(pairs), len(set(records)))
    expected = clustered_t(diffs, records)
    assert [round(modes[k], 9) for k in ("mean", "low", "high")] == [round(x, 9) for x in expected]
    low, high = clustered_wilson([d != 0 for d in diffs], records)
    assert (round(modes["p_differ_low"], 9), round(modes["p_differ_high"], 9)) == (
        round(low, 9), round(high, 9))
    belote = report.belote_table(frame).row(0, named=True)
    per_trump = frame.unique(subset=["record", "trump"])
    low, high = clustered_wilson(per_trump["belote"].is_not_null().to_list(),
                                 per_trump["record"].to_list())
    assert (round(belote["p_low"], 9), round(belote["p_high"], 9)) == (round(low, 9), round(high, 9))


def test_groups_with_a_null_key_are_kept(frame):
    for table in (report.lead_value, report.mode_comparison):
        by_belote = table(frame, ["belote"])
        assert by_belote["belote"].null_count() > 0
        assert by_belote["n"].sum() == table(frame)["n"].sum()


def test_one_deal_and_one_mode_files(frame, tmp_path):
    import polars as pl
    one = frame.filter(pl.col("record") == frame["record"][0])
    points = report.points_table(one, ["mode"])
    assert points["n_deals"].to_list() == [1, 1] and points["low"].null_count() == 2
    one.write_parquet(tmp_path / "one.parquet")
    result = CliRunner().invoke(cli, ["report", str(tmp_path / "one.parquet"), "--plot",
                                      str(tmp_path / "png")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "png" / "lead.png").exists() and "1 chart in" in result.stderr
    frame.filter(pl.col("mode") == "classic").write_parquet(tmp_path / "classic.parquet")
    result = CliRunner().invoke(cli, ["report", str(tmp_path / "classic.parquet"), "--json"])
    assert result.exit_code == 0, result.output
    honours = next(json.loads(line) for line in result.stdout.splitlines()
                   if json.loads(line)["table"] == "honours")
    assert all(row["p_100"] is None for row in honours["rows"])


def test_points_and_lead_tables(frame):
    import polars as pl
    points = report.points_table(frame, ["mode"]).sort("mode")
    rows = own_leader_rows(frame)
    for mode in ("classic", "coinche"):
        values = [r["points"] for r in rows if r["mode"] == mode]
        records = [r["record"] for r in rows if r["mode"] == mode]
        line = points.filter(pl.col("mode") == mode).row(0, named=True)
        assert (line["n"], line["n_deals"]) == (len(values), len(set(records)))
        expected = clustered_t(values, records)
        assert [round(line[k], 9) for k in ("mean", "low", "high")] == [round(x, 9) for x in expected]
        iid = mean(values)
        assert line["low"] < iid.low and line["high"] > iid.high  # eight rows a deal
    lead = report.lead_value(frame).filter(pl.col("mode") == "coinche").row(0, named=True)
    gains = []
    for (record, trump, side), group in (frame.filter(pl.col("mode") == "coinche")
                                         .group_by(["record", "trump", "side"])):
        own = [p for p, lead in zip(group["points"], group["leader"]) if "NESW".index(lead) % 2 == ("NS", "EW").index(side)]
        other = [p for p, lead in zip(group["points"], group["leader"]) if "NESW".index(lead) % 2 != ("NS", "EW").index(side)]
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
    assert [t["table"] for t in tables] == [  # no sd_points: no single-dummy tables
        name for name in report.REPORTS if name not in ("calibration", "single_dummy")]
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


# --- bugs found by a tester ---------------------------------------------------------------

FEATURE_NAMES = ("trump_length", "trump_total", "jack", "nine", "ace", "own_belote", "pattern")


def row_features(r):
    """The taking side's features of one batch row, in plain Python (module docstring's words)."""
    deal = Deal.from_pbn(r["deal"])
    trump, side = "SHDC".index(r["trump"]), ("NS", "EW").index(r["side"])
    hands = [sorted(deal.hands[side]), sorted(deal.hands[side + 2])]
    counts = [sum(c // 8 == trump for c in h) for h in hands]
    taker = hands[0] if counts[0] >= counts[1] else hands[1]
    ranks = {c % 8 for h in hands for c in h if c // 8 == trump}
    return {"trump_length": max(counts), "trump_total": sum(counts),
            "jack": 4 in ranks, "nine": 5 in ranks, "ace": 7 in ranks,
            "own_belote": r["belote"] == r["side"],
            "pattern": "-".join(map(str, sorted((sum(c // 8 == s for c in taker)
                                                 for s in range(4)), reverse=True)))}


@pytest.fixture(scope="module")
def small(frame, tmp_path_factory):
    """Own-leader coinche rows of four deals with four different dealers (32 rows)."""
    import polars as pl
    records = [frame.filter(pl.col("dealer") == d)["record"].min() for d in "NESW"]
    rows = own_leader_rows(frame.filter(pl.col("record").is_in(records)
                                        & (pl.col("mode") == "coinche")))
    path = tmp_path_factory.mktemp("small") / "small.parquet"
    pl.DataFrame(rows, schema=frame.schema).write_parquet(path)
    return path


def test_report_on_a_deal_file_names_the_missing_columns(tmp_path):
    deals = tmp_path / "f.parquet"
    assert CliRunner().invoke(cli, ["deal", "-n", "3", "-o", str(deals)]).exit_code == 0
    result = CliRunner().invoke(cli, ["report", str(deals)])
    assert result.exit_code == 2
    assert result.stderr == (f"Error: {deals}: not a `belote batch` output (missing columns: "
                             "record, leader, mode, trump, side, points, belote)\n")


@pytest.mark.parametrize("extra", [[], ["--plot", "png", "--html", "page.html"], ["--json"]])
def test_report_on_an_empty_batch_output(frame, tmp_path, extra):
    empty = tmp_path / "o.parquet"
    frame.head(0).write_parquet(empty)
    args = [str(tmp_path / a) if a in ("png", "page.html") else a for a in extra]
    result = CliRunner().invoke(cli, ["report", str(empty), *args])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"Error: {empty}: no solved boards to report\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o.parquet"]


def test_by_an_unknown_column_lists_what_by_accepts():
    result = CliRunner().invoke(cli, ["report", str(EXAMPLE), "--by", "nosuchcol"])
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: {EXAMPLE}: no column nosuchcol for --by (use trump_length, trump_total, jack, "
        "nine, ace, own_belote, pattern, or any column of the file)\n")
    near = CliRunner().invoke(cli, ["report", str(EXAMPLE), "--by", "trump_lenght"])
    assert near.exit_code == 2 and near.stderr.endswith(
        "or any column of the file; did you mean trump_length?)\n")


@pytest.mark.parametrize("feature", FEATURE_NAMES)
def test_by_each_documented_feature(frame, feature):
    result = CliRunner().invoke(cli, ["report", str(EXAMPLE), "--json", "--by", feature])
    assert result.exit_code == 0, result.output
    tables = {t["table"]: t["rows"] for t in map(json.loads, result.stdout.splitlines())}
    expected: dict[tuple, int] = {}
    for r in own_leader_rows(frame):
        key = (r["mode"], row_features(r)[feature])
        expected[key] = expected.get(key, 0) + 1
    assert {(r["mode"], r[feature]): r["n"] for r in tables["points"]} == expected
    assert {(r["mode"], r[feature]): r["n"] for r in tables["bids"] if r["bid"] in (None, 80)} \
        == expected
    assert all(feature in rows[0] for rows in tables.values())


def test_by_each_column_of_a_batch_output(frame):
    import polars as pl
    for column in frame.columns:
        tables = report.report_tables(frame, [column])
        assert column in tables["points"].columns
        totals = tables["points"].group_by("mode").agg(pl.col("n").sum()).sort("mode")
        assert totals["n"].to_list() == [96, 96], column


def test_titles_name_the_grouping():
    for by, words in ((None, "trump length"), ("pattern", "pattern"), ("side", "side")):
        args = ["--by", by] if by else []
        result = CliRunner().invoke(cli, ["report", str(EXAMPLE), *args])
        assert result.exit_code == 0, result.output
        titles = [line for line in result.stdout.splitlines() if line.startswith("## ")]
        assert titles[0] == f"## P(make) of each bid, by {words} (bids)"
        assert f"## Double-dummy points of the taking side, by {words} (points)" in titles
        assert f"## Capot (all eight tricks) frequency, by {words} (capot)" in titles
        assert all("trump length" not in t for t in titles) or by is None


def test_small_data_charts_are_skipped_with_a_notice(small, tmp_path):
    png = tmp_path / "png"
    result = CliRunner().invoke(cli, ["report", str(small), "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        "belote: pmake.png not drawn: no trump length has 20 hands or more",
        "belote: points.png not drawn: no trump length has 20 hands or more",
        "belote: lead.png not drawn: needs a batch run with --all-leaders (no hand was solved "
        "with all four leaders)",
        f"belote: 0 charts in {png}"]
    assert list(png.iterdir()) == []
    page = tmp_path / "page.html"
    result = CliRunner().invoke(cli, ["report", str(small), "--html", str(page)])
    assert result.exit_code == 0 and "warning" not in result.stderr
    text = page.read_text()
    assert "data:image/png" not in text
    assert "<p class='note'>Chart points.png not drawn: no trump length has 20 hands or more.</p>" \
        in text
    assert ("<h2>Value of the opening lead</h2><p class='note'>needs a batch run with "
            "--all-leaders (no hand was solved with all four leaders)</p>") in text


def test_lead_without_all_leaders_is_a_note(small):
    result = CliRunner().invoke(cli, ["report", str(small)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    at = lines.index("## Value of the opening lead (lead)")
    assert lines[at + 1] == ("needs a batch run with --all-leaders (no hand was solved with "
                             "all four leaders)")
    assert lines[at + 2] == ""
    json_run = CliRunner().invoke(cli, ["report", str(small), "--json"])
    assert "lead" not in [json.loads(line)["table"] for line in json_run.stdout.splitlines()]
    assert json_run.stderr == ("belote: lead table left out: needs a batch run with "
                               "--all-leaders (no hand was solved with all four leaders)\n")
    by_leader = CliRunner().invoke(cli, ["report", str(EXAMPLE), "--by", "leader", "--json"])
    assert by_leader.stderr == ("belote: lead table left out: the lead's value compares "
                                "leaders: it cannot be grouped by leader\n")


def test_modes_by_mode_is_a_note(frame):
    """Classic against coinche cannot be grouped by mode: a note, not a one-mode table."""
    assert "modes" not in report.report_tables(frame, ["mode"])
    assert "modes" in report.report_tables(frame)
    result = CliRunner().invoke(cli, ["report", str(EXAMPLE), "--by", "mode"])
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith(
        "## Classic against coinche on the same deals, by mode (modes)\n"
        "classic against coinche compares the modes: it cannot be grouped by mode\n")


# --- the report page for a club analyst (issue 32) -------------------------------------------


@pytest.fixture(scope="module")
def report_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    page = tmp_path_factory.mktemp("page") / "report.html"
    result = CliRunner().invoke(cli, ["report", str(EXAMPLE), "--html", str(page)])
    assert result.exit_code == 0, result.output
    return page


def test_the_page_reads_as_words_and_percentages(report_page: Path) -> None:
    text = re.sub(r"src='data:image/png;base64,[^']*'", "", report_page.read_text())
    assert "<meta name='viewport' content='width=device-width, initial-scale=1'>" in text
    cells = re.findall(r"<td>([^<]*)</td>", text)
    assert not {"True", "False", "None", "null", ""} & set(cells)
    assert {"yes", "no", "take", "-"} <= set(cells)
    assert any(re.fullmatch(r"\d{1,3}\.\d%", c) for c in cells)
    assert not any(re.fullmatch(r"0\.\d{3}", c) for c in cells if c != "0.057")  # modes' mean
    assert text.count("<div class='scroll") == text.count("<table>")


def test_each_table_says_what_its_columns_mean(report_page: Path) -> None:
    text = report_page.read_text()
    tables = text.split("<h2>")[1:]
    assert len(tables) == 8
    for table in tables:
        if "<table>" in table:
            note = re.search(r"<p class='cols'>(.*?)</p>", table).group(1)
            heads = re.findall(r"<th>([^<]*)</th>", table)
            for column in ("n", "n_deals", "pattern", "bid", "trump_length"):
                assert (column not in heads) or f"{column}: " in note, (column, note)


def test_few_deals_are_flagged(report_page: Path) -> None:
    from belote.database import FEW_DEALS

    text = report_page.read_text()
    rows = re.findall(r"<tr class='few'>(.*?)</tr>", text)
    assert rows and all("few deals" in r for r in rows)
    assert f"few deals: fewer than {FEW_DEALS} deals" in text  # the threshold is said


def test_long_tables_are_cut_into_sections() -> None:
    import polars as pl

    from belote.database import LONG_TABLE, render_page

    rows = [{"mode": "coinche", "trump_length": t, "bid": b, "n": 100, "n_deals": 50,
             "made": 10, "p": 0.1, "p_low": 0.05, "p_high": 0.2}
            for t in range(9) for b in range(80, 170, 10)]
    page = render_page({"bids": pl.DataFrame(rows)}, [], title="t")
    assert len(rows) == 81 > LONG_TABLE
    assert page.count("<details") == 9 and page.count("<details open>") == 1
    assert "<summary>mode coinche, trump length 0 (9 rows, n = 900)</summary>" in page


@needs_chromium
def test_the_page_fits_a_phone(report_page: Path) -> None:
    width, viewport = phone_width(report_page)
    assert 360 <= viewport <= 390 and width <= viewport  # less a scroll bar


def test_section_labels_escape_the_file_s_column_names() -> None:
    """A column name from the user's file is text in the collapsed sections' labels (issue 33)."""
    import polars as pl

    from belote.database import render_page

    name = "<img src=x onerror=alert(1)>"
    rows = [{name: f"<b>{k}", "bid": b, "n": 10} for k in range(3) for b in range(80, 170, 10)]
    page = render_page({"bids": pl.DataFrame(rows)}, [], title="t")
    assert page.count("<details") == 3 and "<img src=x" not in page and "<b>" not in page
    assert "<summary>&lt;img src=x onerror=alert(1)&gt; &lt;b&gt;0 (9 rows, n = 90)</summary>" in page


@pytest.mark.parametrize("kind", ["categorical", "enum"])
def test_category_and_enum_cells_are_escaped_in_the_tables(frame, tmp_path, kind) -> None:
    """A Categorical or Enum cell is text like a String one: escaped (issue 33)."""
    import polars as pl

    values = ["a\x1b[2Jb", "c\nd"]
    dtype = pl.Categorical() if kind == "categorical" else pl.Enum(values)
    club = pl.Series("club", [values[i % 2] for i in range(frame.height)]).cast(dtype)
    src = tmp_path / "club.parquet"
    frame.with_columns(club).write_parquet(src)
    result = CliRunner().invoke(cli, ["report", str(src), "--by", "club"])
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.stdout and "\\x1b[2J" in result.stdout
