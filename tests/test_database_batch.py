"""``belote batch`` and its pipeline: values, errors, resume after SIGKILL, state checks, Dask."""

from __future__ import annotations

import csv
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote import CLASSIC, Deal, Run, run_batch
from belote.cli.main import cli
from belote.database import BatchOptions, read_metadata
from belote.errors import BatchStateError
from belote.types import seat_name

from conftest import dask_scheduler

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "datasets" / "examples"


def solve_json(path: Path, *args: str) -> list[dict]:
    """What ``belote solve --json`` prints for the boards of ``path``."""
    result = CliRunner().invoke(cli, ["solve", str(path), "--json", "--jobs", "1", *args])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def table_of(frame, board: str) -> dict[tuple[str, str, str], int]:
    import polars as pl
    rows = frame.filter(pl.col("board") == board)
    return {(r["trump"], r["leader"], r["side"]): r["points"] for r in rows.iter_rows(named=True)}


@pytest.mark.parametrize("name,args", [("deals.pbn", ()), ("classic.pbn", ("--all-leaders",))])
def test_batch_values_equal_solve_json(tmp_path, name, args):
    import polars as pl
    out = tmp_path / "out.parquet"
    result = CliRunner().invoke(cli, ["batch", str(EXAMPLES / name), "-o", str(out),
                                      "--jobs", "1", *args])
    assert result.exit_code == 0, result.output
    frame = pl.read_parquet(out)
    expected = solve_json(EXAMPLES / name, *args)
    assert frame["board"].unique(maintain_order=True).to_list() == [b["board"] for b in expected]
    for board in expected:
        rows = frame.filter(pl.col("board") == board["board"])
        assert table_of(frame, board["board"]) == {
            (v["trump"], v["leader"], v["side"]): v["points"] for v in board["table"]}
        assert dict(zip(rows["trump"], rows["belote"])) == board["belote"]
        assert set(rows["deal"]) == {board["deal"]} and set(rows["mode"]) == {board["mode"]}
        contract = board["contract"]
        first = rows.row(0, named=True)
        if contract is None:
            assert first["contract"] is None and first["dd_points"] is None
        else:
            assert (first["contract"], first["declarer"], first["dd_points"], first["dd_needed"],
                    first["dd_made"], first["dd_score_ns"], first["dd_score_ew"]) == (
                contract["contract"], contract["declarer"], contract["points"],
                contract["needed"], contract["made"], contract["score"]["NS"],
                contract["score"]["EW"])
        played = board.get("played")
        if played is None:
            assert first["played_points_ns"] is None
        else:
            taker = played["trick_points"][contract["side"]]
            assert (first["played_points"], first["played_points_ns"], first["played_points_ew"],
                    first["played_made"], first["played_score_ns"], first["played_score_ew"]) == (
                taker, played["trick_points"]["NS"], played["trick_points"]["EW"],
                played["made"], played["score"]["NS"], played["score"]["EW"])
    # classic.pbn's board 3 is a complete play record: its actual result is there
    if name == "classic.pbn":
        assert frame.filter(pl.col("played_points").is_not_null())["board"].unique().to_list() == ["3"]


def test_output_dtypes_and_metadata(tmp_path):
    import polars as pl
    out = tmp_path / "out.parquet"
    run_batch(EXAMPLES / "classic.pbn", out, BatchOptions(trumps=(0,), profiles=("classic",)),
              run=Run("serial"), command="belote batch x")
    frame = pl.read_parquet(out)
    assert frame.schema["trump"] == pl.Enum(["S", "H", "D", "C"])
    assert frame.schema["side"] == pl.Enum(["NS", "EW"])
    assert frame.schema["leader"] == pl.Enum(["N", "E", "S", "W"])
    assert frame.schema["points"] == pl.Int16 and frame.schema["record"] == pl.Int32
    assert frame.height == 3 * 2 and set(frame["mode"]) == {"classic"}
    meta = read_metadata(out)
    assert json.loads(meta["belote.profiles"])["classic"]["last_trick_bonus"] == CLASSIC.last_trick_bonus
    assert json.loads(meta["belote.batch"])["options"]["trumps"] == ["S"]
    assert meta["belote.command"] == "belote batch x" and meta["belote.version"]


def test_bad_boards_are_listed_and_exit_3(tmp_path):
    import polars as pl
    out = tmp_path / "bad.parquet"
    result = CliRunner().invoke(cli, ["batch", str(EXAMPLES / "bad.pbn"), "-o", str(out),
                                      "--trump", "H", "--jobs", "1"])
    assert result.exit_code == 3, result.output
    assert "3 solved, 3 bad" in result.stderr
    errors = [json.loads(line) for line in
              (tmp_path / "bad.parquet.errors.jsonl").read_text().splitlines()]
    assert [(e["board"], e["line"]) for e in errors] == [("2", 12), ("4", 24), ("5", 28)]
    assert "duplicate card JS" in errors[0]["reason"]
    assert "bid 95" in errors[1]["reason"] and "unknown rank 'Z'" in errors[2]["reason"]
    frame = pl.read_parquet(out)
    assert frame["board"].unique(maintain_order=True).to_list() == ["1", "3", "6"]
    assert not (tmp_path / "bad.parquet.parts").exists()


def test_rerun_on_finished_output_does_nothing(tmp_path):
    out = tmp_path / "out.parquet"
    args = ["batch", str(EXAMPLES / "deals.pbn"), "-o", str(out), "--trump", "S", "--jobs", "1"]
    assert CliRunner().invoke(cli, args).exit_code == 0
    before = out.stat().st_mtime_ns, out.read_bytes()
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0 and "nothing to do" in result.stderr
    assert (out.stat().st_mtime_ns, out.read_bytes()) == before
    assert not (tmp_path / "out.parquet.errors.jsonl").exists()  # no bad record, no list


def test_rerun_on_finished_output_with_bad_records_keeps_status_3(tmp_path):
    out = tmp_path / "bad.parquet"
    args = ["batch", str(EXAMPLES / "bad.pbn"), "-o", str(out), "--trump", "H", "--jobs", "1"]
    assert CliRunner().invoke(cli, args).exit_code == 3
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 3
    assert result.stderr == (f"belote: {out}: already finished with this input and these "
                             f"options; nothing to do (3 bad records listed in {out}.errors.jsonl)\n")


def test_changed_options_or_input_are_refused(tmp_path):
    import polars as pl
    out = tmp_path / "out.parquet"
    args = ["batch", str(EXAMPLES / "deals.pbn"), "-o", str(out), "--trump", "S", "--jobs", "1"]
    assert CliRunner().invoke(cli, args).exit_code == 0
    result = CliRunner().invoke(cli, args[:-4] + ["--trump", "H", "--jobs", "1"])
    assert result.exit_code == 2 and "--force" in result.stderr
    assert "Traceback" not in result.output
    other = tmp_path / "other.pbn"
    other.write_text((EXAMPLES / "deals.pbn").read_text() + "\n")
    result = CliRunner().invoke(cli, ["batch", str(other), *args[2:]])
    assert result.exit_code == 2 and "another input" in result.stderr
    forced = CliRunner().invoke(cli, args[:-4] + ["--trump", "H", "--jobs", "1", "--force"])
    assert forced.exit_code == 0
    assert set(pl.read_parquet(out)["trump"]) == {"H"}


def test_unfinished_shards_of_other_options_are_refused(tmp_path):
    out = tmp_path / "out.parquet"
    parts = tmp_path / "out.parquet.parts"
    parts.mkdir()
    (parts / "manifest.json").write_text(json.dumps({"format": 1, "input": {}, "options": {}}))
    with pytest.raises(BatchStateError, match="unfinished run"):
        run_batch(EXAMPLES / "deals.pbn", out, run=Run("serial"))


def write_deals(path: Path, count: int, seed: int = 7) -> None:
    with open(path, "w", newline="") as fp:
        writer = csv.writer(fp)
        writer.writerow(["board", "dealer", "deal"])
        for n in range(1, count + 1):
            dealer = n % 4
            writer.writerow([n, seat_name(dealer),
                             Deal.random(random.Random(seed * 10_000 + n)).to_pbn(dealer)])


def test_resume_after_sigkill(tmp_path):
    import polars as pl
    deals = tmp_path / "deals.csv"
    write_deals(deals, 24)
    out = tmp_path / "out.parquet"
    parts = tmp_path / "out.parquet.parts"
    command = [str(Path(sys.executable).parent / "belote"), "batch", str(deals), "-o", str(out),
               "--trump", "H", "--trump", "S", "--jobs", "1", "--shard-size", "2"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while not list(parts.glob("part-*.parquet")) and proc.poll() is None:
        assert time.monotonic() < deadline, "no shard written"
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    done = len(list(parts.glob("part-*.parquet")))
    assert 1 <= done < 12 and not out.exists()
    rerun = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert rerun.returncode == 0, rerun.stderr
    assert f"{done * 2} done before" in rerun.stderr
    frame = pl.read_parquet(out)
    assert frame.height == 24 * 2 * 2
    assert frame.group_by("record").len()["len"].to_list() == [4] * 24
    assert frame["record"].to_list() == sorted(frame["record"].to_list())
    reference = tmp_path / "ref.parquet"
    run_batch(deals, reference, BatchOptions(trumps=(0, 1)), run=Run("serial"))
    assert frame.equals(pl.read_parquet(reference))
    assert not parts.exists()


def test_rows_inputs_give_the_same_table_as_pbn(tmp_path):
    import polars as pl
    pbn_out = tmp_path / "pbn.parquet"
    run_batch(EXAMPLES / "deals.pbn", pbn_out, BatchOptions(trumps=(2,)), run=Run("serial"))
    expected = pl.read_parquet(pbn_out)
    boards = expected.select("board", "dealer", "deal", "contract", "declarer").unique(
        maintain_order=True)
    for suffix in ("csv", "ndjson", "parquet"):
        path = tmp_path / f"deals.{suffix}"
        frame = boards.with_columns(pl.col("dealer", "declarer").cast(pl.String))
        getattr(frame, {"csv": "write_csv", "ndjson": "write_ndjson",
                        "parquet": "write_parquet"}[suffix])(path)
        out = tmp_path / f"{suffix}.parquet"
        run_batch(path, out, BatchOptions(trumps=(2,)), run=Run("serial"))
        assert pl.read_parquet(out).equals(expected), suffix


def test_dask_cluster_gives_the_same_file(tmp_path):
    import polars as pl

    pytest.importorskip("dask.distributed")
    deals = tmp_path / "deals.csv"
    write_deals(deals, 12, seed=3)
    local = tmp_path / "local.parquet"
    run_batch(deals, local, BatchOptions(trumps=(1, 3), shard_size=4), run=Run("serial"))
    with dask_scheduler() as address:
        remote = tmp_path / "dask.parquet"
        done = subprocess.run([str(Path(sys.executable).parent / "belote"), "batch", str(deals),
                               "-o", str(remote), "--trump", "H", "--trump", "C",
                               "--shard-size", "4", "--scheduler", address],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert "12 records: 12 solved" in done.stderr
    assert pl.read_parquet(remote).equals(pl.read_parquet(local))


# --- bugs found by a tester -------------------------------------------------------------

@pytest.mark.parametrize("name,records", [("positions.pbn", 3), ("played.pbn", 4),
                                          ("endings.pbn", 2)])
def test_play_records_are_tabled_from_their_starting_deal(tmp_path, name, records):
    """Records stopped before the end are tabled from the deal as dealt, with the record's
    leader; records played to the end add their actual result."""
    import polars as pl

    from belote import dd_table
    from belote.formats.pbn import load

    out = tmp_path / "out.parquet"
    result = CliRunner().invoke(cli, ["batch", str(EXAMPLES / name), "-o", str(out),
                                      "--trump", "H", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert f"{records} records: {records} solved; {records * 2} rows" in result.stderr
    frame = pl.read_parquet(out)
    assert frame.height == records * 2
    boards = load(EXAMPLES / name)
    assert len(boards) == records
    complete = 0
    for board in boards:
        rows = frame.filter(pl.col("board") == board.board)
        leader = board.first_leader()
        table = dd_table(board.deal, leader, board.profile, trumps=(1,))
        assert rows["leader"].to_list() == [seat_name(leader)] * 2
        assert dict(zip(rows["side"], rows["points"])) == {"NS": table.values[1, 0],
                                                           "EW": table.values[1, 1]}
        assert rows["dd_points"].null_count() == 0  # every board here has a contract
        if board.cards and board.position().is_over:
            complete += 1
            ns, ew = board.position().points
            assert (rows["played_points_ns"].to_list(), rows["played_points_ew"].to_list()) == (
                [ns] * 2, [ew] * 2)
        else:
            assert rows["played_points_ns"].null_count() == 2
    assert complete == {"positions.pbn": 0, "played.pbn": 2, "endings.pbn": 0}[name]


def test_repeated_modes_and_trumps_count_once(tmp_path):
    import polars as pl
    deals = tmp_path / "deals.csv"
    write_deals(deals, 3)
    out = tmp_path / "out.parquet"
    base = ["batch", str(deals), "-o", str(out), "-j", "1"]
    result = CliRunner().invoke(cli, [*base, "--mode", "classic", "--mode", "CLASSIC",
                                      "--trump", "H", "--trump", "H"])
    assert result.exit_code == 0, result.output
    assert "3 records: 3 solved; 6 rows" in result.stderr
    assert pl.read_parquet(out).height == 3 * 2
    options = json.loads(read_metadata(out)["belote.batch"])["options"]
    assert (options["modes"], options["trumps"]) == (["classic"], ["H"])
    once = CliRunner().invoke(cli, [*base, "--mode", "classic", "--trump", "H"])
    assert once.exit_code == 0 and "nothing to do" in once.stderr
    assert BatchOptions(profiles=("coinche", "classic", "coinche")).profiles == ("coinche", "classic")


def write_deal_only(path: Path, count: int, extra: dict | None = None) -> None:
    """``count`` random deals in a rows file with a ``deal`` column (and ``extra`` columns)."""
    import polars as pl
    deals = [Deal.random(random.Random(500 + n)).to_pbn(0) for n in range(count)]
    frame = pl.DataFrame({"deal": deals, **{k: [v] * count for k, v in (extra or {}).items()}})
    {".csv": frame.write_csv, ".ndjson": frame.write_ndjson,
     ".parquet": frame.write_parquet}[path.suffix](path)


NO_DEALER = ("no dealer (no 'dealer' column or an empty value) and no --leader or "
             "--all-leaders given: the leader of the first trick is unknown; give a dealer, "
             "--leader SEAT or --all-leaders")


@pytest.mark.parametrize("suffix,first_line", [(".csv", 2), (".ndjson", 1), (".parquet", 1)])
def test_rows_without_dealer_say_so_in_rows_terms(tmp_path, suffix, first_line):
    import polars as pl
    deals = tmp_path / f"deals{suffix}"
    write_deal_only(deals, 2)
    out = tmp_path / "out.parquet"
    base = ["batch", str(deals), "-o", str(out), "--trump", "S", "-j", "1"]
    result = CliRunner().invoke(cli, base)
    assert result.exit_code == 3, result.output
    assert "2 records: 0 solved, 2 bad" in result.stderr
    assert pl.read_parquet(out).height == 0
    errors = [json.loads(line) for line in
              (tmp_path / "out.parquet.errors.jsonl").read_text().splitlines()]
    assert [(e["line"], e["reason"]) for e in errors] == [(first_line, NO_DEALER),
                                                          (first_line + 1, NO_DEALER)]
    assert errors[0]["error"] == f"{deals}: line {first_line}: {NO_DEALER}"
    led = CliRunner().invoke(cli, [*base, "--leader", "E", "--force"])
    assert led.exit_code == 0, led.output
    frame = pl.read_parquet(out)
    assert frame.height == 2 * 2 and set(frame["leader"]) == {"E"}
    assert frame["dealer"].null_count() == 4
    every = CliRunner().invoke(cli, [*base, "--all-leaders", "--force"])
    assert every.exit_code == 0, every.output
    assert pl.read_parquet(out).height == 2 * 4 * 2
    assert not (tmp_path / "out.parquet.errors.jsonl").exists()


def test_rows_without_dealer_but_a_contract_need_a_leader(tmp_path):
    deals = tmp_path / "deals.csv"
    write_deal_only(deals, 1, {"contract": "100H", "declarer": "N"})
    out = tmp_path / "out.parquet"
    base = ["batch", str(deals), "-o", str(out), "--trump", "H", "-j", "1"]
    result = CliRunner().invoke(cli, [*base, "--all-leaders"])
    assert result.exit_code == 3, result.output
    error = json.loads((tmp_path / "out.parquet.errors.jsonl").read_text())
    assert error["reason"] == ("no dealer (no 'dealer' column or an empty value): judging the "
                               "contract needs the leader of the first trick; give a dealer "
                               "or --leader SEAT")
    led = CliRunner().invoke(cli, [*base, "--leader", "W", "--force"])
    assert led.exit_code == 0, led.output


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_rows_file_without_deal_column_is_one_error(tmp_path, suffix):
    import polars as pl
    deals = tmp_path / f"hands{suffix}"
    frame = pl.DataFrame({"board": ["1"], "dealer": ["N"]})
    frame.write_csv(deals) if suffix == ".csv" else frame.write_parquet(deals)
    out = tmp_path / "out.parquet"
    result = CliRunner().invoke(cli, ["batch", str(deals), "-o", str(out), "-j", "1"])
    assert result.exit_code == 2, result.output
    assert result.stderr == f"Error: {deals}: line 1: no 'deal' or 'cfn' column (columns: board, dealer)\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [deals.name]


def test_standard_input_is_refused(tmp_path):
    out = tmp_path / "out.parquet"
    result = CliRunner().invoke(cli, ["batch", "-", "-o", str(out)], input="[Deal \"N:-\"]\n")
    assert result.exit_code == 2
    assert result.stderr == ("Error: Invalid value for 'INPUT': batch needs a file, not standard "
                             "input ('-'): it reads the input again to resume; save it to a "
                             "file first (see 'belote batch --help')\n")
    assert list(tmp_path.iterdir()) == []


def test_shard_size_does_not_change_a_finished_output(tmp_path):
    out = tmp_path / "out.parquet"
    args = ["batch", str(EXAMPLES / "deals.pbn"), "-o", str(out), "--trump", "S", "-j", "1"]
    assert CliRunner().invoke(cli, [*args, "--shard-size", "2"]).exit_code == 0
    before = out.read_bytes()
    result = CliRunner().invoke(cli, [*args, "--shard-size", "3"])
    assert result.exit_code == 0, result.output
    assert result.stderr == (f"belote: {out}: already finished with this input and these "
                             f"options; nothing to do\n")
    assert out.read_bytes() == before


def test_unfinished_run_resumes_only_with_its_shard_size(tmp_path):
    import polars as pl
    out = tmp_path / "out.parquet"
    parts = tmp_path / "out.parquet.parts"

    calls = []

    def stop(done: int) -> None:
        calls.append(done)
        if len(calls) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_batch(EXAMPLES / "deals.pbn", out, BatchOptions(trumps=(0,), shard_size=1),
                  run=Run("serial", progress=stop))
    written = len(list(parts.glob("part-*.parquet")))
    assert (parts / "manifest.json").exists() and 1 <= written < 4 and not out.exists()
    args = ["batch", str(EXAMPLES / "deals.pbn"), "-o", str(out), "--trump", "S", "-j", "1"]
    result = CliRunner().invoke(cli, [*args, "--shard-size", "2"])
    assert result.exit_code == 2
    assert result.stderr == (f"Error: {parts}: unfinished run cut into shards of 1 records, "
                             f"not 2: resume it with --shard-size 1, or --force to start "
                             f"again\n")
    resumed = CliRunner().invoke(cli, [*args, "--shard-size", "1"])
    assert resumed.exit_code == 0, resumed.output
    assert f"4 records, {written} done before: 4 solved; 8 rows" in resumed.stderr
    assert pl.read_parquet(out).height == 4 * 2 and not parts.exists()


@pytest.mark.parametrize("setup, args, message", [
    (lambda d: (d / "junk.parquet").write_bytes(bytes(range(256)) * 8), ["junk.parquet"],
     "junk.parquet: not a readable Parquet file"),
    (lambda d: (d / "empty.csv").write_text("deal\n"), ["empty.csv"],
     "empty.csv: no records to solve"),
    (lambda d: None, [str(EXAMPLES / "deals.pbn"), "--scheduler", "nonsense"],
     "--scheduler nonsense: cannot connect"),
])
def test_bad_inputs_are_one_line_and_exit_2(tmp_path, monkeypatch, setup, args, message):
    monkeypatch.chdir(tmp_path)
    setup(tmp_path)
    result = CliRunner().invoke(cli, ["batch", *args, "-o", "out.parquet"])
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and message in result.stderr


def test_output_path_is_checked_before_anything_is_written(tmp_path):
    pbn_file = str(EXAMPLES / "deals.pbn")
    missing = tmp_path / "nowhere" / "x.parquet"
    result = CliRunner().invoke(cli, ["batch", pbn_file, "-o", str(missing)])
    assert result.exit_code == 2 and f"no directory {missing.parent}" in result.stderr
    assert not missing.parent.exists()
    result = CliRunner().invoke(cli, ["batch", pbn_file, "-o", str(tmp_path / "out.txt")])
    assert result.exit_code == 2 and "name it *.parquet" in result.stderr


def test_both_modes_on_coinche_contracts(tmp_path):
    import polars as pl
    out = tmp_path / "o.parquet"
    result = CliRunner().invoke(cli, ["batch", str(EXAMPLES / "deals.pbn"), "-o", str(out),
                                      "--mode", "classic", "--mode", "coinche", "--trump", "H"])
    assert result.exit_code == 0, result.output
    rows = pl.read_parquet(out).unique(["record", "mode"]).sort("record", "mode")
    assert rows["contract"].to_list() == ["H", "100H", "S", "80SX", "D", "CapotD", "C", "110CXX"]
    assert rows["declarer"].to_list()[::2] == rows["declarer"].to_list()[1::2]


def test_a_row_with_extra_fields_keeps_its_board_number(tmp_path):
    from belote.formats.rows import iter_rows
    path = tmp_path / "extra.csv"
    path.write_text("board,dealer,deal\n"
                    "7,N,N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987,extra\n")
    [error] = list(iter_rows(path))
    assert str(error) == f"{path}: board 7: line 2: 4 fields, the header has 3"
