"""Nothing lost, nothing silently dropped (issue 18): each case of the red-team report.

- One rule for every output (:mod:`belote.files`): never an input, checked
  before any work (exit 2), written to a temporary file and renamed, a
  failure or a kill leaving the old file untouched.
- Row readers that lose nothing: a bad byte, a broken quote, a broken JSON
  line is one bad record with its true line number, and the reading goes on
  (hypothesis throws random bytes, truncations and edits at them).
- Batch input identity over every byte; non-regular inputs refused.
- Bounded resources: ``deal`` streams, ``hint --samples`` is capped.
- Exit statuses 130 / 143 on every command; ``par`` streams with ``--jobs``;
  progress lines when stderr is not a terminal.
- Statistics in range: ``bid`` exact on few layouts, clipped intervals;
  ``report`` checks its input's values.

``--runslow`` adds the kill-during-write check and the 1 GB identity check.
"""

from __future__ import annotations

import functools
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import belote.auction.par as par_module
import polars as pl
import pytest
from belote import Board, RecordError, Run
from belote.cli import running
from belote.cli.common import Group
from belote.errors import OutputError
from belote.files import atomic_output, check_output, content_hash, temporary_name
from belote.database import iter_records
from belote.formats.rows import iter_rows, write_deals
from belote.sampling import Constraints, DealSampler, deal_rows
from click.testing import CliRunner
from conftest import run_cli as run
from conftest import sample_size
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"
BELOTE = Path(sys.executable).with_name("belote")


def deal_file(path: Path, count: int, seed: int = 5) -> Path:
    """``count`` random boards (``belote deal``'s rows) written to ``path`` (format by suffix)."""
    write_deals(path, deal_rows(DealSampler(Constraints()), seed, count))
    return path


def edit_line(path: Path, line: int, old: bytes, new: bytes) -> None:
    """Replace the first ``old`` of 1-based ``line`` of ``path`` by ``new``."""
    lines = path.read_bytes().split(b"\n")
    assert old in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    path.write_bytes(b"\n".join(lines))


# --- one rule for every output ------------------------------------------------------

def test_report_never_overwrites_its_input(tmp_path):
    data = tmp_path / "b.parquet"
    data.write_bytes((EXAMPLES / "both-modes.parquet").read_bytes())
    before = data.read_bytes()
    code, out, err = run("report", data, "--html", data)
    assert code == 2 and out == "" and "is also an input" in err
    assert data.read_bytes() == before


@pytest.mark.parametrize("force", [[], ["--force"]])
@pytest.mark.parametrize("how", ["same", "symlink", "hardlink"])
def test_batch_never_takes_its_input_as_output(tmp_path, force, how):
    data = deal_file(tmp_path / "d.parquet", 20)
    before = data.read_bytes()
    out = tmp_path / "out.parquet"
    if how == "symlink":
        out.symlink_to(data)
    elif how == "hardlink":
        os.link(data, out)
    else:
        out = data
    code, _, err = run("batch", data, "-o", out, "--trump", "H", *force)
    assert code == 2 and "is also an input" in err and "--force" not in err
    assert data.read_bytes() == before


@pytest.mark.parametrize("args", [
    ["deal", "-n", "2", "-o", "{missing}/x.csv"],
    ["batch", str(EXAMPLES / "deals.pbn"), "-o", "{missing}/x.parquet"],
    ["report", str(EXAMPLES / "both-modes.parquet"), "--html", "{missing}/r.html"],
    ["report", str(EXAMPLES / "both-modes.parquet"), "--csv", "{missing}/deeper/csv"],
    ["playout", str(EXAMPLES / "deals.pbn"), "--board", "1", "-o", "{missing}/p.pbn"],
    ["deal", "-n", "2", "-o", "{file}/x.csv"],
])
def test_a_missing_directory_is_a_usage_error_before_any_work(tmp_path, args):
    (tmp_path / "afile").write_text("x")
    args = [a.format(missing=tmp_path / "nosuch", file=tmp_path / "afile") for a in args]
    start = time.perf_counter()
    code, out, err = run(*args)
    assert code == 2 and out == "", err
    assert err.startswith("Error: ") and err.count("\n") == 1
    assert "directory" in err and "os error" not in err
    assert time.perf_counter() - start < 5


def test_atomic_output_keeps_the_old_file_on_failure(tmp_path):
    target = tmp_path / "out.csv"
    target.write_text("old\n")
    with pytest.raises(RuntimeError), atomic_output(target) as tmp:
        tmp.write_text("half a new fi")
        raise RuntimeError("disk gone")
    assert target.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]


def test_atomic_output_replaces_a_links_target_and_keeps_the_link(tmp_path):
    real = tmp_path / "real.csv"
    real.write_text("old\n")
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    with atomic_output(link) as tmp:
        tmp.write_text("new\n")
    assert link.is_symlink() and real.read_text() == "new\n"


def test_check_output_refuses_an_input_and_a_directory(tmp_path):
    data = tmp_path / "in.csv"
    data.write_text("x")
    with pytest.raises(OutputError, match="is also an input"):
        check_output(tmp_path / "." / "in.csv", [data])
    with pytest.raises(OutputError, match="is a directory"):
        check_output(tmp_path, [])
    assert temporary_name(tmp_path / "a.png").suffix == ".png"


def test_deal_interrupted_while_writing_keeps_the_old_file(tmp_path, monkeypatch):
    """Ctrl-C in the middle of the rows: exit 130, the old file whole, no partial file."""
    out = deal_file(tmp_path / "deals.csv", 3)
    before = out.read_bytes()
    real = deal_rows

    def interrupted(*args, **kwargs):
        for i, chunk in enumerate(real(*args, **kwargs, chunk=100)):
            if i == 2:
                raise KeyboardInterrupt
            yield chunk

    monkeypatch.setattr("belote.sampling.deal_rows", interrupted)  # where the CLI reads it
    code, _, err = run("deal", "-n", "1000", "-o", out)
    assert (code, err) == (130, "Error: interrupted\n")
    assert out.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deals.csv"]


@pytest.mark.slow
@pytest.mark.parametrize("suffix", [".pbn", ".parquet"])
def test_deal_killed_during_the_write_never_leaves_a_partial_file(tmp_path, suffix):
    """SIGKILL while ``deal`` writes: the output is the old file, whole, or absent."""
    out = tmp_path / f"big{suffix}"
    out.write_text("old")
    process = subprocess.Popen([str(BELOTE), "deal", "-n", "1500000", "-o", str(out)],
                               stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not any(p.name.startswith(".big.tmp") for p in tmp_path.iterdir()):
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.05)
    time.sleep(1.0)
    process.kill()
    process.wait()
    assert out.read_text() == "old"


# --- row readers that lose nothing ----------------------------------------------------

def _rows(path: Path) -> list[Board | RecordError]:
    return list(iter_rows(path))


BREAKS = {
    ("csv", "byte"): (b",", b"\xe9,"),
    ("csv", "quote"): (b",", b',"'),
    ("ndjson", "byte"): (b'"dealer":"', b'"dealer":"\xe9'),
    ("ndjson", "json"): (b'"dealer":"', b'"dealer":'),
}


@pytest.mark.parametrize("where", ["start", "middle", "end"])
@pytest.mark.parametrize("fmt,kind", sorted(BREAKS))
def test_one_bad_line_is_one_bad_record(tmp_path, fmt, kind, where):
    """400 rows, one broken at the start, the middle or the end: 400 records, 399 boards,
    the bad one at its true line."""
    path = deal_file(tmp_path / f"r400.{fmt}", 400)
    header = fmt == "csv"
    row = {"start": 1, "middle": 300, "end": 400}[where]
    line = row + header
    edit_line(path, line, *BREAKS[fmt, kind])
    items = _rows(path)
    assert len(items) == 400
    bad = [i for i in items if isinstance(i, RecordError)]
    assert [b.line for b in bad] == [line] and bad[0].file == str(path)
    boards = [i.board for i in items if isinstance(i, Board)]
    assert boards == [str(n) for n in range(1, 401) if n != row]


def test_batch_counts_every_line_after_a_bad_byte(tmp_path):
    """The red-team's CSV: the bad byte on line 31 of 41 (30 rows after the header)."""
    path = deal_file(tmp_path / "byte.csv", 40)
    edit_line(path, 31, b",", b"\xe9,")
    code, _, err = run("batch", path, "-o", tmp_path / "out.parquet", "--trump", "H",
                       "--jobs", "1")
    assert code == 3
    assert "40 records: 39 solved, 1 bad" in err
    errors = [json.loads(x) for x in (tmp_path / "out.parquet.errors.jsonl").read_text()
              .splitlines()]
    assert [(e["record"], e["line"]) for e in errors] == [(29, 31)]
    assert "not UTF-8" in errors[0]["reason"]


@pytest.mark.parametrize("where", ["start", "middle", "end"])
def test_a_bad_byte_in_a_pbn_board_is_that_board_only(tmp_path, where):
    """30 PBN boards, a byte that is not UTF-8 in the Deal line of the first, the 20th or
    the last: that board is one error at its true line, and the 29 others are read."""
    path = deal_file(tmp_path / "d.pbn", 30)
    row = {"start": 1, "middle": 20, "end": 30}[where]
    line = next(n for n in _pbn_boards_of(path.read_bytes().split(b"\n"))[row - 1]
                if path.read_bytes().split(b"\n")[n - 1].startswith(b"[Deal "))
    edit_line(path, line, b":", b"\xe9:")
    items = list(iter_records(path))
    assert len(items) == 30
    bad = [i for i in items if isinstance(i, RecordError)]
    assert [(b.board, b.line) for b in bad] == [(str(row), line)]
    assert "not UTF-8" in bad[0].message
    assert [i.board for i in items if isinstance(i, Board)] == [
        str(n) for n in range(1, 31) if n != row]


@functools.cache
def _base_pbn(seed: int) -> bytes:
    """12 good PBN boards (made once per seed)."""
    return deal_file(Path(tempfile.mkdtemp()) / "boards.pbn", 12, seed=seed).read_bytes()


@settings(max_examples=sample_size(40, 400), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_good_pbn_board_comes_out_exactly_once(tmp_path_factory, data):
    """Random bytes, truncations and edits on random lines of a PBN file, and the file cut
    short: every board whose lines are intact comes out as itself, exactly once; every
    board comes out as one item (itself or an error). A '{' never goes in: by the PBN
    standard it opens a comment that runs to its '}', so the rest of the file would rightly
    be a comment (reported as never closed)."""
    path = tmp_path_factory.mktemp("pbn") / "boards.pbn"
    lines = _base_pbn(data.draw(st.integers(0, 3))).split(b"\n")
    spans = _pbn_boards_of(lines)
    filled = [n - 1 for span in spans for n in span]
    changed = data.draw(st.sets(st.sampled_from(filled), max_size=6))
    for i in changed:
        edited = _mutate(data, lines[i]).replace(b"{", b"\xff")
        lines[i] = edited if edited.strip() else b"\xff"  # a board is never split in two
    blob = b"\n".join(lines)
    if data.draw(st.booleans()):  # the file cut short, maybe in the middle of a line
        blob = blob[:data.draw(st.integers(1, len(blob)))]
    path.write_bytes(blob)
    kept = blob.split(b"\n")
    items = list(iter_records(path))
    boards = [i.board for i in items if isinstance(i, Board)]
    assert len(boards) == len(set(boards))
    whole = [str(k + 1) for k, span in enumerate(spans)
             if all(n - 1 < len(kept) and n - 1 not in changed and kept[n - 1] == lines[n - 1]
                    for n in span)
             and (span[-1] < len(kept) or blob.endswith(b"\n"))]
    assert set(whole) <= set(boards), (whole, items)
    present = sum(1 for span in spans if span[0] - 1 < len(kept) and kept[span[0] - 1].strip())
    assert len(items) <= present + len(changed)
    assert len(items) >= present - len([i for i in changed if not kept[i:i + 1]])


def _pbn_boards_of(lines: list[bytes]) -> list[list[int]]:
    """The 1-based line numbers of each board of the PBN ``lines``."""
    boards: list[list[int]] = [[]]
    for n, raw in enumerate(lines, 1):
        if raw.startswith(b"%"):
            continue
        if raw.strip():
            boards[-1].append(n)
        elif boards[-1]:
            boards.append([])
    return [b for b in boards if b]


def test_bad_header_bytes_stop_with_one_error(tmp_path):
    path = tmp_path / "h.csv"
    path.write_bytes(b"board,de\xe9aler,deal\n1,N,N:- - - -\n")
    items = _rows(path)
    assert len(items) == 1 and items[0].line == 1 and "not UTF-8" in items[0].message


@functools.cache
def _base_rows(fmt: str, seed: int) -> bytes:
    """30 good rows in ``fmt`` (made once per seed)."""
    path = Path(tempfile.mkdtemp()) / f"rows.{fmt}"
    return deal_file(path, 30, seed=seed).read_bytes()


def _mutate(data: st.DataObject, line: bytes) -> bytes:
    """A random edit of one line (never a newline: line numbers stay what they were)."""
    kind = data.draw(st.sampled_from(["bytes", "truncate", "insert", "quote"]))
    noise = data.draw(st.binary(min_size=1, max_size=6)).replace(b"\n", b"\xff")
    at = data.draw(st.integers(0, len(line)))
    if kind == "bytes":
        return line[:at] + noise + line[at + len(noise):]
    if kind == "truncate":
        return line[:at]
    if kind == "insert":
        return line[:at] + noise + line[at:]
    return line[:at] + b'"' + line[at:]


@settings(max_examples=sample_size(60, 600), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data(), fmt=st.sampled_from(["csv", "ndjson"]))
def test_every_good_record_comes_out_exactly_once(tmp_path_factory, data, fmt):
    """Random bytes, truncations and edits on random lines, and the file cut short:
    every line left intact comes out as its board, exactly once, at its line; every
    other non-blank line comes out as one item (a board or an error)."""
    folder = tmp_path_factory.mktemp("rows")
    path = folder / f"rows.{fmt}"
    lines = _base_rows(fmt, data.draw(st.integers(0, 3))).split(b"\n")
    first = 1 if fmt == "csv" else 0  # the CSV header stays
    changed = data.draw(st.sets(st.integers(first, len(lines) - 2), max_size=8))
    for i in changed:
        lines[i] = _mutate(data, lines[i])
    blob = b"\n".join(lines)
    if data.draw(st.booleans()):  # the file cut short, maybe in the middle of a line
        blob = blob[:data.draw(st.integers(len(lines[0]) + 1, len(blob)))]
    path.write_bytes(blob)
    kept = blob.split(b"\n")
    intact = [i for i in range(first, min(len(kept), len(lines) - 1))
              if i not in changed and kept[i] == lines[i]]
    items = _rows(path)
    by_line = {}
    for item in items:
        assert item.line not in by_line, f"line {item.line} came out twice"
        by_line[item.line] = item
    for i in intact:
        item = by_line[i + 1]
        assert isinstance(item, Board), item
        assert item.board == str(i + 1 - first)

    def blank(raw: bytes) -> bool:
        try:
            return not raw.decode("utf-8").strip()
        except UnicodeDecodeError:
            return False

    assert len(items) == sum(not blank(x) for x in kept[first:])


# --- input identity and non-regular inputs --------------------------------------------

def test_a_same_size_edit_in_the_middle_of_a_large_input_is_seen(tmp_path):
    """3 MB of CSV; board 15's dealer changed in place (same size): not 'nothing to do'."""
    small = deal_file(tmp_path / "small.csv", 30)
    frame = pl.read_csv(small).with_columns(note=pl.lit("x" * 100_000))
    data = tmp_path / "pad.csv"
    frame.write_csv(data)
    assert data.stat().st_size > 2 << 20
    out = tmp_path / "pad.parquet"
    assert run("batch", data, "-o", out, "--trump", "H", "--jobs", "1")[0] == 0
    raw = data.read_bytes().split(b"\n")
    dealer = raw[15].split(b",")[1]
    other = b"N" if dealer != b"N" else b"E"
    raw[15] = raw[15].replace(b"," + dealer + b",", b"," + other + b",", 1)
    size = data.stat().st_size
    data.write_bytes(b"\n".join(raw))
    assert data.stat().st_size == size
    code, _, err = run("batch", data, "-o", out, "--trump", "H", "--jobs", "1")
    assert code == 2 and "nothing to do" not in err and "another input" in err


@pytest.mark.slow
def test_a_one_byte_edit_of_a_1gb_input_changes_its_identity(tmp_path):
    path = tmp_path / "big.bin"
    block = os.urandom(1 << 20)
    with open(path, "wb") as fp:
        fp.writelines(block for _ in range(1024))
    before = content_hash(path)
    with open(path, "r+b") as fp:
        fp.seek(512 << 20)
        byte = fp.read(1)
        fp.seek(512 << 20)
        fp.write(bytes([byte[0] ^ 1]))
    assert content_hash(path) != before


@pytest.mark.skipif(sys.platform != "linux", reason="mkfifo")
@pytest.mark.parametrize("command", [
    ["batch", "{fifo}", "-o", "{out}/x.parquet", "--trump", "H"],
    ["report", "{fifo}"],
])
def test_a_fifo_is_refused_at_once_where_it_would_be_read_twice(tmp_path, command):
    fifo = tmp_path / ("f.csv" if command[0] == "batch" else "f.parquet")
    os.mkfifo(fifo)
    args = [a.format(fifo=fifo, out=tmp_path) for a in command]
    code, _, err = run(*args)
    assert code == 2 and "is a FIFO, not a regular file" in err


# --- bounded resources ----------------------------------------------------------------

def test_deal_rows_stream_whatever_the_count():
    """The first chunk of 10**15 deals comes at once: nothing is built for the whole count."""
    rows = deal_rows(DealSampler(Constraints()), 0, 10 ** 15, chunk=16)
    boards, _, deals = next(rows)
    assert boards == [str(i) for i in range(1, 17)] and len(deals) == 16


def test_deal_rows_are_the_same_whatever_the_chunk():
    sampler = DealSampler(Constraints())
    whole = [r for chunk in deal_rows(sampler, 3, 50, "random", chunk=50) for r in zip(*chunk)]
    parts = [r for chunk in deal_rows(sampler, 3, 50, "random", chunk=7) for r in zip(*chunk)]
    assert whole == parts


def test_hint_samples_are_capped():
    code, _, err = run("hint", EXAMPLES / "endings.pbn", "--board", "2", "--seat", "W",
                       "--samples", "1000000000")
    assert code == 2 and "--samples" in err and "100,000" in err


# --- exit statuses, streaming, progress -----------------------------------------------

def test_ctrl_c_in_any_command_is_130():
    group = Group(name="t")

    @group.command()
    def boom():
        raise KeyboardInterrupt

    result = CliRunner().invoke(group, ["boom"])
    assert (result.exit_code, result.stderr) == (130, "Error: interrupted\n")


@pytest.mark.parametrize("args,sig,status", [
    (["deal", "-n", "3000000", "-o", "{tmp}/many.parquet"], signal.SIGINT, 130),
    (["deal", "-n", "3000000", "-o", "{tmp}/many.csv"], signal.SIGTERM, 143),
    (["report", str(Path(__file__).resolve().parent.parent / "datasets" / "random10k.parquet")],
     signal.SIGINT, 130),
])
def test_a_signal_gives_the_documented_status(tmp_path, args, sig, status):
    args = [a.format(tmp=tmp_path) for a in args]
    process = subprocess.Popen([str(BELOTE), *args], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    time.sleep(2.5)
    assert process.poll() is None, "finished before the signal"
    process.send_signal(sig)
    _, err = process.communicate(timeout=60)
    assert process.returncode == status, err
    assert "Aborted" not in err and "Traceback" not in err
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("many")]


def test_par_streams_each_board_as_it_is_solved(monkeypatch):
    from belote import pbn

    boards = pbn.load(EXAMPLES / "deals.pbn")
    calls = []
    real = par_module.par_of
    monkeypatch.setattr(par_module, "par_of", lambda *a, **k: calls.append(1) or real(*a, **k))
    results = par_module.par_boards(boards, run=Run("serial"))
    first = next(results)
    assert first.board == boards[0].board and len(calls) < len(boards)
    results.close()


def test_par_jobs_prints_what_one_process_prints():
    boards = ["--board", "2", "--board", "4"]
    one = run("par", EXAMPLES / "deals.pbn", *boards, "--jobs", "1")
    two = run("par", EXAMPLES / "deals.pbn", *boards, "--jobs", "2")
    assert one[0] == two[0] == 0 and one[1] == two[1]


@pytest.mark.parametrize("args,unit", [
    (["deal", "-n", "20000", "-o", "{tmp}/d.csv"], "deals"),
    (["batch", str(EXAMPLES / "deals.pbn"), "-o", "{tmp}/b.parquet", "--trump", "H",
      "--jobs", "1"], "boards"),
])
def test_progress_lines_when_stderr_is_not_a_terminal(tmp_path, monkeypatch, args, unit):
    monkeypatch.setattr(running, "PROGRESS_LINE_SECONDS", 0.0)
    code, _, err = run(*[a.format(tmp=tmp_path) for a in args])
    assert code == 0
    assert any(line.startswith("belote: ") and f" {unit} (" in line and " after " in line
               for line in err.splitlines()), err


# --- statistics that stay in range ----------------------------------------------------

BID = ["bid", "--hand", "AH JH TH 9H QD TD 8C 7C", "--seat", "E", "--dealer", "N",
       "--known", "N:9S AD KD 9D 7D AC KC QC", "--known", "S:AS KS 7S KH 7H JD 8D TC",
       "--known", "W:QS JS TS 8S QH 8H JC 9C", "--contract", "100H"]


def test_bid_on_a_single_layout_is_exact():
    code, out, _ = run(*BID, "--samples", "50")
    assert code == 0 and "all 1 layout, exact" in out and "[92.9" not in out
    code, out, _ = run(*BID, "--samples", "50", "--json")
    result = json.loads(out)
    assert result["samples"] == 1 and result["p_make_estimate"]["method"] == "exact"
    assert result["p_make_estimate"]["low"] == result["p_make_estimate"]["high"] == 1.0
    assert result["mean_points"]["value"] == result["mean_points"]["low"] == 124.0
    code, out, _ = run("solve", "--deal", "N:9..AK97.AKQ .AJT9.QT.87 AK7.K7.J8.T QJT8.Q8..J9",
                       "--dealer", "N", "--trump", "H", "--side", "EW", "--json")
    assert json.loads(out)["table"][0]["points"] == 124  # the one layout, solved directly


def test_bid_intervals_stay_in_the_possible_range():
    _, out, _ = run("bid", "--hand", "JH 9H AH TH KS AS AD 7C", "--seat", "S", "--dealer",
                     "W", "--contract", "100H", "--samples", "2", "--json")
    result = json.loads(out)
    points = result["mean_points"]
    assert 0 <= points["low"] <= points["value"] <= points["high"] <= 252
    for score in result["expected_score"].values():
        assert score["low"] <= score["value"] <= score["high"]
    x1 = result["expected_score"]["x1"]
    assert x1["high"] <= 370 and x1["low"] >= -370


def _damaged(tmp_path: Path, name: str, column: pl.Expr) -> Path:
    path = tmp_path / name
    pl.read_parquet(EXAMPLES / "both-modes.parquet").with_columns(column).write_parquet(path)
    return path


@pytest.mark.parametrize("name,column,fragment", [
    ("null.parquet", pl.lit(None, pl.Int16).alias("points"), "column points: 768 null values"),
    ("x10.parquet", pl.col("points") * 10, "is outside 0..252"),
    ("str.parquet", pl.col("points").cast(pl.String), "expected integers, found String"),
    ("trump.parquet", pl.lit("Z").alias("trump"), "column trump: unknown value 'Z'"),
    ("hand.parquet", pl.col("deal").str.replace(r"^(\w):\S+", "$1:-"), "is not a full deal"),
])
def test_report_checks_the_values_it_aggregates(tmp_path, name, column, fragment):
    code, out, err = run("report", _damaged(tmp_path, name, column))
    assert code == 2 and out == "" and fragment in err and err.count("\n") == 1


def test_report_by_a_column_twice_is_by_it_once():
    once = run("report", EXAMPLES / "both-modes.parquet", "--by", "trump_length")
    twice = run("report", EXAMPLES / "both-modes.parquet", "--by", "trump_length",
                "--by", "trump_length")
    assert once[0] == twice[0] == 0 and once[1] == twice[1]
