"""User strings in text output cannot forge lines or reach the terminal (issue 33).

Board names, file names and conventions profile names come from files; a
newline in one must not forge a line of the output (a match sheet's title)
and an escape sequence (a terminal title change, a clear screen) must not
reach the terminal. Every text renderer escapes them with
:func:`belote.errors.escaped`; the red team's cases C23, SC16, SC23 and
SC24 are each a test here, on inputs rebuilt in a temporary folder.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from belote.errors import escaped, printable

from conftest import run_cli as run

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"
FORGED = "1\nMatch 2 of 9 in forged.pbn (coinche, to 2000)"
"""A board name whose second line poses as a match sheet's title."""
ESCAPES = "1\x1b]0;pwned-title\x07\x1b[2J"
"""A board name holding an OSC title change and a clear screen."""


def record_named(folder: Path, name: str) -> Path:
    """The first game of the JSON example, its board renamed ``name``."""
    first = json.loads((EXAMPLES / "colver.jsonl").read_text().splitlines()[0])
    path = folder / "named.jsonl"
    path.write_text(json.dumps(dict(first, board=name)) + "\n")
    return path


def assert_clean(text: str) -> None:
    """No control character but the newlines between lines, no forged line."""
    assert "\x1b" not in text and "\x07" not in text and "\r" not in text
    assert not any(line.startswith("Match 2 of 9") for line in text.splitlines()), text


def test_escaped_keeps_printable_text_and_escapes_the_rest() -> None:
    assert escaped("Tournoi d'été ♠ 10") == "Tournoi d'été ♠ 10"
    assert escaped(FORGED) == "1\\nMatch 2 of 9 in forged.pbn (coinche, to 2000)"
    assert escaped(ESCAPES) == "1\\x1b]0;pwned-title\\x07\\x1b[2J"
    assert escaped("\u202eevil") == "\\u202eevil"  # a right-to-left override
    assert escaped(7) == "7" and printable(ESCAPES) == escaped(ESCAPES)


def test_sc16_a_newline_in_a_board_name_does_not_forge_a_sheet_line(tmp_path: Path) -> None:
    code, out, _ = run("score", record_named(tmp_path, FORGED))
    assert code == 0
    assert_clean(out)
    assert "  1\\nMatch 2 of 9 in forged.pbn (coinche, to 2000) 110C by W" in out


def test_sc23_escape_sequences_in_a_board_name_do_not_reach_the_terminal(tmp_path: Path) -> None:
    code, out, err = run("score", record_named(tmp_path, ESCAPES))
    assert code == 0
    assert_clean(out + err)
    assert "1\\x1b]0;pwned-title\\x07\\x1b[2J 110C by W" in out


@pytest.mark.parametrize("command", [["analyse"], ["solve", "--trump", "H"]])
def test_sc24_board_names_in_analyse_and_solve_titles(tmp_path: Path, command: list[str]) -> None:
    code, out, _ = run(command[0], record_named(tmp_path, FORGED), *command[1:])
    assert code == 0
    assert_clean(out)
    assert out.startswith("Board 1\\nMatch 2 of 9 in forged.pbn (coinche, to 2000) (coinche)")


def test_the_json_output_keeps_the_name_as_it_is(tmp_path: Path) -> None:
    code, out, _ = run("analyse", record_named(tmp_path, FORGED), "--json")
    assert code == 0 and json.loads(out)["board"] == FORGED


def test_c23_a_conventions_profile_name_is_printed_escaped(tmp_path: Path) -> None:
    profile = tmp_path / "name-newline.toml"
    profile.write_text('name = "club\\nEvil: line two\\u001b[31m"\n[[rule]]\ncall = "opening"\n'
                       'trump = { length = [3, 8], one_of = ["J", "9"] }\n')
    code, out, _ = run("bid", "--hand", "JS 9S AS TS 7D 8D KC AC", "--seat", "S", "-n", "40",
                       "--auction", "N:P E:80H", "--conventions", profile)
    assert code == 0
    assert_clean(out)
    assert "conventions club\\nEvil: line two\\x1b[31m: what each call says" in out
    assert not any(line.startswith("Evil") for line in out.splitlines())


def test_board_names_in_report_tables_are_escaped(tmp_path: Path) -> None:
    import polars as pl

    frame = pl.read_parquet(EXAMPLES / "both-modes.parquet")
    frame = frame.with_columns(pl.when(pl.col("record") == 0).then(pl.lit(FORGED + ESCAPES))
                               .otherwise(pl.col("board")).alias("board"))
    frame.write_parquet(tmp_path / "named.parquet")
    code, out, _ = run("report", tmp_path / "named.parquet", "--by", "board")
    assert code == 0
    assert_clean(out)
    assert "| 1\\nMatch 2 of 9 in" in out  # escaped (polars cuts long cells)
