"""A file of the wrong kind is named as such, by every command that reads files: one line, exit
status 2, saying what the file is (sniffed from its first bytes, :func:`belote.files.sniff`)
and what the command reads."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from belote.files import check_kind, sniff
from belote.errors import InputError

from conftest import run_cli

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"
DEAL = "N:AJ.QJ.AJT.Q 987.T987.K. KQT.A.Q9.A8 .K.87.KJT97"

GAME_READERS = [["solve"], ["analyse"], ["par"], ["score"], ["playout"], ["hint", "--seat", "N"],
                ["convert", "out.pbn"]]
GAMES = "reads PBN, CFN and JSON game records"


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, Path]:
    import polars as pl

    out = {"pbn": tmp_path / "deals.pbn", "csv": tmp_path / "deals.csv",
           "parquet": tmp_path / "table.parquet", "gz": tmp_path / "deals.pbn.gz",
           "utf16": tmp_path / "deals16.pbn", "cfn": tmp_path / "games.cfn"}
    out["pbn"].write_bytes((EXAMPLES / "session.pbn").read_bytes())
    out["csv"].write_text(f"deal,dealer\n{DEAL},N\n")
    pl.DataFrame({"deal": [DEAL], "dealer": ["N"]}).write_parquet(out["parquet"])
    out["gz"].write_bytes(gzip.compress(out["pbn"].read_bytes()))
    out["utf16"].write_bytes(out["pbn"].read_text().encode("utf-16"))
    out["cfn"].write_bytes((EXAMPLES / "colver.cfn").read_bytes())
    return out


@pytest.mark.parametrize("command", GAME_READERS, ids=lambda c: c[0])
@pytest.mark.parametrize("kind, what", [
    ("parquet", "is a Parquet file"), ("csv", "is a CSV file"),
    ("gz", "is gzip-compressed (decompress it first)"),
    ("utf16", "is UTF-16 text (save it as UTF-8)"),
])
def test_game_readers_name_a_file_of_another_kind(files, command, kind, what, tmp_path,
                                                  monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(command[0], files[kind], *command[1:])
    assert (code, out) == (2, "")
    assert err.startswith(f"Error: {files[kind]} {what}: `belote {command[0]}` {GAMES} "
                          "(a deal file in rows, CSV or Parquet, is read by `belote batch`)")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("kind, what", [("pbn", "a PBN record file"), ("csv", "a CSV file"),
                                        ("cfn", "a CFN game file")])
def test_report_names_a_file_that_is_not_parquet(files, kind, what) -> None:
    code, _, err = run_cli("report", files[kind])
    assert (code, err) == (2, f"Error: {files[kind]} is {what}: `belote report` reads the "
                              "Parquet tables `belote batch` writes\n")


def test_batch_names_a_file_whose_name_lies(files, tmp_path) -> None:
    fake = tmp_path / "rows.parquet"
    fake.write_bytes(files["csv"].read_bytes())
    code, _, err = run_cli("batch", fake, "-o", tmp_path / "out.parquet")
    assert code == 2 and err == (f"Error: {fake} is a CSV file: `belote batch` reads a Parquet "
                                 "table under this name (it chooses the format by the suffix: "
                                 "rename the file)\n")
    hidden = tmp_path / "rows.csv"
    hidden.write_bytes(files["parquet"].read_bytes())
    code, _, err = run_cli("batch", hidden, "-o", tmp_path / "out.parquet")
    assert code == 2 and err.startswith(f"Error: {hidden} is a Parquet file: `belote batch` reads")


def test_files_of_the_right_kind_pass(files) -> None:
    for kind in ("pbn", "cfn"):
        code, out, err = run_cli("score", files[kind])
        assert code == 0 and out and not err, kind
    code, _, err = run_cli("report", EXAMPLES / "both-modes.parquet")
    assert code == 0 and not err


@pytest.mark.parametrize("head, kind", [
    (b"PAR1\x15", "parquet"), (b"PK\x03\x04", "zip"), (b"\x1f\x8b\x08", "gzip"),
    (b"%PDF-1.7", "pdf"), (b"\x89PNG\r\n", "png"), (b"SQLite format 3\x00", "sqlite"),
    (b"\xff\xfe[\x00", "utf-16"), (b"\xef\xbb\xbf[Event \"x\"]", "pbn"),
    (b"% exported\n[Deal \"N:...\"]", "pbn"), (b"\n\nS:-/-/-/- 8d9d/", "cfn"),
    (b'{"format": "belote-game/1"}', "json"), (b"[1, 2]", "json"), (b"deal,dealer", "csv"),
    (b"hello", "text"), (b"\x00" * 8, None), (b"\xc3\x28 not utf-8 at all", None),
    (b"[Event \"caf\xc3", "pbn"),  # a character cut at the end of the head
])
def test_sniff(head: bytes, kind: str | None) -> None:
    assert sniff(head) == kind


def test_check_kind_leaves_unknown_data_and_streams_to_the_reader() -> None:
    check_kind("x", None, "solve", GAMES, ["pbn"])
    check_kind("x", b"\x00\x01", "solve", GAMES, ["pbn"])
    with pytest.raises(InputError, match="^x is not a Parquet file: `belote report` reads"):
        check_kind("x", b"\x00\x01", "report", "Parquet", ["parquet"], expected="parquet")
