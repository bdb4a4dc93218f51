"""The red team's internal errors on hostile input (issue 33), each a case that now ends as promised.

Every input is made here, in the test's folder, from the example files of
``datasets/examples``: 5000-digit numbers in each record format, JSON nested
100,000 deep, hostile convention profiles, an endless ``--conventions``, a
negative seed. Bad input ends with exit status 2 and one line naming the file
(and the line); ``batch`` lists such a line as a bad record and goes on (exit
3); a legal auction where one call only is legal gets a forced answer.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import run_cli

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"
ZEROS = "0" * 5000
NINES = "9" * 5000
DEEP = "[" * 100_000 + "]" * 100_000
HAND = "JS 9S AS TS 7D 8D KC AC"
PROFILE_AUCTION = ("--hand", HAND, "--seat", "S", "--auction", "W:P N:80H E:90S")


def _lines(name: str) -> list[str]:
    return (EXAMPLES / name).read_text(encoding="utf-8").splitlines()


def _first_pbn_board() -> str:
    text = (EXAMPLES / "session.pbn").read_text(encoding="utf-8")
    return text[text.index('[Board "1"]'):text.index('[Board "2"]')]


def _cfn_auction() -> str:
    deal, auction, rest = _lines("colver.cfn")[1].split(" ", 2)
    return f"{deal} {ZEROS}{auction} {rest}\n"


def _cfn_contract() -> str:
    game, contract = _lines("colver.cfn")[1].rsplit(" ", 1)
    return f"{game} {ZEROS}{contract}\n"


def _json_board() -> str:
    record = json.loads(_lines("colver.jsonl")[0])
    return json.dumps(record).replace('"board": "1"', f'"board": {NINES}') + "\n"


def _contrai_value() -> str:
    lines = _lines("contrai.jsonl")
    at = next(i for i, line in enumerate(lines) if '"value": 90' in line)
    lines[at] = lines[at].replace('"value": 90', f'"value": {"1" * 5000}')
    return "\n".join(lines) + "\n"


def _contrai_deep() -> str:
    return _lines("contrai.jsonl")[0] + '\n{"event": "bid", "round": 1, "bid": ' + DEEP + "}\n"


def _pbn_contract() -> str:
    return _first_pbn_board().replace('[Contract "100S"]', f'[Contract "{ZEROS}100S"]')


def _pbn_auction() -> str:
    return _first_pbn_board().replace(
        '[Contract "100S"]', f'[Auction "E"]\nPass {ZEROS}100S Pass Pass\nPass')


RECORDS: dict[str, tuple[str, Callable[[], str], str]] = {
    # id: (file name, its text, what the error says)
    "RT43": ("auction.cfn", _cfn_auction, "too many digits"),
    "RT44": ("contract.cfn", _cfn_contract, "too many digits"),
    "RT45": ("board.jsonl", _json_board, "a number of 5000 digits (at most 100)"),
    "RT46": ("first.jsonl", lambda: '{"format": "belote-game/1", "x": ' + "1" * 5000 + "}\n",
             "a number of 5000 digits (at most 100)"),
    "RT47": ("value.contrai.jsonl", _contrai_value, "a number of 5000 digits (at most 100)"),
    "RT48": ("contract.pbn", _pbn_contract, "too many digits"),
    "RT49": ("auction.pbn", _pbn_auction, "too many digits"),
    "RT50": ("deep.jsonl", lambda: '{"format": "belote-game/1", "deal": ' + DEEP + "}\n",
             "nested deeper than 64 levels"),
    "RT51": ("deep.contrai.jsonl", _contrai_deep, "nested deeper than 64 levels"),
}


def assert_one_error(code: int, err: str, *needles: str) -> None:
    """Exit status 2 and one bounded, printable line holding every needle."""
    assert code == 2, err
    assert "internal error" not in err and "Traceback" not in err
    [line] = err.splitlines()
    assert line.startswith("Error: ") and line.isprintable() and len(line) <= 420, line
    for needle in needles:
        assert needle in line, line


@pytest.mark.parametrize("case", sorted(RECORDS))
def test_record_readers_refuse_huge_numbers_and_deep_nesting(case: str, tmp_path: Path) -> None:
    name, make, says = RECORDS[case]
    path = tmp_path / name
    path.write_text(make(), encoding="utf-8")
    code, _, err = run_cli("convert", path, tmp_path / "out.pbn")
    assert_one_error(code, err, str(path), "line ", says)
    assert not (tmp_path / "out.pbn").exists()


ROWS = ['{"board": "%d", "dealer": "N", "deal": '
        '"N:AQJ9.J.J.AQ K8.Q87.KQ.8 T.AK9.T8.JT 7.T.A97.K97"}' % i for i in range(1, 6)]


def _rows_bigint() -> str:
    rows = list(ROWS)
    rows[2] = rows[2][:-1] + ', "x": ' + "1" * 5000 + "}"
    return "\n".join(rows) + "\n"


def _rows_deep() -> str:
    rows = list(ROWS)
    rows[2] = '{"deal": ' + DEEP + "}"
    return "\n".join(rows) + "\n"


def _rows_cfn() -> str:
    tail = _lines("colver.cfn")[1].split(" ", 1)[1]
    return "board,cfn\n" + "".join(f'{i},"N:-/-/-/- {ZEROS if i == 2 else ""}{tail}"\n'
                                   for i in (1, 2, 3))


BATCH: dict[str, tuple[str, Callable[[], str], int, int, str]] = {
    # id: (file name, its text, records, the bad one's line, what its error says)
    "RT85": ("rows.ndjson", _rows_bigint, 5, 3, "a number of 5000 digits"),
    "RT86": ("rows.ndjson", _rows_deep, 5, 3, "nested deeper than 64 levels"),
    "RT87": ("rows.csv", _rows_cfn, 3, 3, "too many digits"),
}


@pytest.mark.parametrize("case", sorted(BATCH))
def test_batch_lists_a_hostile_line_and_goes_on(case: str, tmp_path: Path) -> None:
    name, make, records, line, says = BATCH[case]
    path = tmp_path / name
    path.write_text(make(), encoding="utf-8")
    out = tmp_path / "out.parquet"
    code, _, err = run_cli("batch", path, "-o", out, "--trump", "H", "-j", 1)
    assert code == 3, err
    assert f"{records} records: {records - 1} solved, 1 bad" in err
    [bad] = [json.loads(x) for x in (tmp_path / "out.parquet.errors.jsonl").read_text()
             .splitlines()]
    assert bad["line"] == line and says in bad["reason"], bad
    assert out.exists()


@pytest.mark.parametrize("case, hand, auction, extra", [
    ("A15b", "JS 9S QS TS 7D 8D KC QC", "N:250H E:P", ()),
    ("A40", "JH 9H QS TS 7D 8D KC QC", "N:CapotS E:P", ("--json",)),
])
def test_one_legal_call_is_a_forced_answer(case: str, hand: str, auction: str,
                                           extra: tuple[str, ...]) -> None:
    code, out, err = run_cli("bid", "--hand", hand, "--seat", "S", "-n", 40, "-j", 1,
                             "--auction", auction, *extra)
    assert code == 0, err
    if extra:
        answer = json.loads(out)
        assert (answer["recommended"], answer["forced"], answer["runner_up"],
                answer["difference"]) == ("Pass", True, None, None)
        [option] = answer["options"]
        assert option["option"] == "Pass" and option["expected_net"]["n"] == 40
    else:
        assert "recommended: Pass (forced: the only legal call)" in out


def test_a_bid_with_5000_leading_zeros_is_refused() -> None:  # A11
    code, _, err = run_cli("bid", "--hand", HAND, "--seat", "S", "--auction", f"N:{ZEROS}80H")
    assert_one_error(code, err, "'--auction'", "call 1", "too many digits")


def _nested(key: str, depth: int, around: str = "{ %s = %s }") -> str:
    inner = "{ length = [0, 8] }"
    for _ in range(depth):
        inner = around % (key, inner)
    return f'name = "x"\n[[rule]]\ncall = "overcall"\ntrump = {inner}\n'


PROFILES = {
    "C01": ('name = "x"\nrule = [1]\n', "rules are [[rule]] tables"),
    "C04": ('name = "x"\n[[rule]]\ncall = [["opening"]]\n', "is not a kind of call"),
    "C04b": ('name = "x"\n[[rule]]\ncall = []\n', "is not a kind of call"),
    "C05": ('name = "x"\n[[rule]]\ncall = { a = 1 }\n', "is not a kind of call"),
    "C20": ('name = "x"\n[[rule]]\ncall = "opening"\nbids = [0, ' + NINES + "]\n",
            "a number too long to read"),
    "C34": (_nested("not", 500), "nested deeper than 64 levels"),
    "C35": (_nested("not", 5000), "nested deeper than 64 levels"),
    "C36": (_nested("any", 3000, "{ %s = [%s] }"), "nested deeper than 64 levels"),
}


@pytest.mark.parametrize("case", sorted(PROFILES))
def test_hostile_profiles_are_one_line(case: str, tmp_path: Path) -> None:
    text, says = PROFILES[case]
    path = tmp_path / f"{case}.toml"
    path.write_text(text, encoding="utf-8")
    code, _, err = run_cli("bid", *PROFILE_AUCTION, "--conventions", path)
    assert_one_error(code, err, "'--conventions'", str(path), says)


def test_a_profile_nested_within_the_limit_is_read(tmp_path: Path) -> None:
    from belote.auction import parse_conventions

    profile = parse_conventions(_nested("not", 40))
    assert profile.rules[0].trump is not None


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_an_endless_profile_is_read_in_bounded_memory() -> None:  # C44
    code, _, err = run_cli("bid", "--hand", HAND, "--seat", "S", "--auction", "N:P E:80H",
                           "--conventions", "/dev/zero")
    assert_one_error(code, err, "/dev/zero", "longer than 4194304 bytes")


def test_analyse_checks_the_seed_at_the_door() -> None:  # S34
    code, _, err = run_cli("analyse", EXAMPLES / "played.pbn", "--board", 1, "--sd",
                           "--seed", -5)
    assert_one_error(code, err, "'--seed'", "-5")


# Found by tests/test_fuzz.py (internal errors no red-team case had reached).

def test_max_nodes_beyond_the_solver_bound_is_a_usage_error() -> None:
    from belote.cli.options import MAX_NODES
    from belote.dd import NO_NODE_LIMIT

    assert MAX_NODES == NO_NODE_LIMIT
    code, _, err = run_cli("solve", EXAMPLES / "deals.pbn", "--max-nodes", 10 ** 30)
    assert_one_error(code, err, "'--max-nodes'")


def test_a_contrai_position_that_is_a_list_is_one_error(tmp_path: Path) -> None:
    lines = _lines("contrai.jsonl")
    at = next(i for i, line in enumerate(lines) if '"event": "bid"' in line)
    event = json.loads(lines[at])
    event["position"] = ["N"]
    lines[at] = json.dumps(event)
    path = tmp_path / "list.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = run_cli("score", path)
    assert_one_error(code, err, str(path), f"line {at + 1}", "position: expected a seat")


def _damaged_parquet(folder: Path) -> Path:
    """The example Parquet file with bytes zeroed in a data page: its schema reads, its data not."""
    import polars as pl

    from belote.formats.rows import COLUMNS

    data = (EXAMPLES / "both-modes.parquet").read_bytes()
    path = folder / "damaged.parquet"
    for start in range(len(data) // 10, len(data) * 9 // 10, 97):
        path.write_bytes(data[:start] + bytes(16) + data[start + 16:])
        try:
            names = pl.scan_parquet(path).collect_schema().names()
        except pl.exceptions.PolarsError:
            continue
        try:
            pl.read_parquet(path, columns=[c for c in names if c.lower() in COLUMNS])
        except pl.exceptions.PolarsError:
            return path
    raise AssertionError("no damage found that polars sees")


def test_a_parquet_file_damaged_in_its_data_is_one_bad_record(tmp_path: Path) -> None:
    path = _damaged_parquet(tmp_path)
    code, _, err = run_cli("batch", path, "-o", tmp_path / "out.parquet", "--trump", "H",
                           "-j", 1)
    assert code in (2, 3), err
    assert "internal error" not in err and "Traceback" not in err
    if code == 3:
        reasons = [json.loads(x)["reason"] for x in
                   (tmp_path / "out.parquet.errors.jsonl").read_text().splitlines()]
        assert any(r.startswith("cannot read Parquet") for r in reasons), reasons


@pytest.mark.parametrize("manifest", [DEEP, '{"options": ' + NINES + "}", "\xff"])
def test_a_hostile_batch_manifest_is_another_run(manifest: str, tmp_path: Path) -> None:
    out = tmp_path / "out.parquet"
    (tmp_path / "out.parquet.parts").mkdir()
    (tmp_path / "out.parquet.parts" / "manifest.json").write_text(manifest, encoding="utf-8")
    code, _, err = run_cli("batch", EXAMPLES / "deals.pbn", "-o", out, "--trump", "H", "-j", 1)
    assert_one_error(code, err, "unfinished run of another input")


def test_a_damaged_parquet_file_never_loses_rows_in_silence(tmp_path: Path) -> None:
    """Damage anywhere: every row comes out (a board or its error), or an error says so."""
    from belote import RecordError
    from belote.formats.rows import iter_rows

    data = bytearray((EXAMPLES / "both-modes.parquet").read_bytes())
    rows = len(list(iter_rows(EXAMPLES / "both-modes.parquet")))
    path = tmp_path / "damaged.parquet"
    damages = [{1014: 40, 6430: 243}]  # the fuzzer's: polars panics in a thread, streams 0 rows
    damages += [{start: (start * 7) % 256} for start in range(0, len(data), len(data) // 30)]
    for damage in damages:
        changed = bytearray(data)
        for at, value in damage.items():
            changed[at] = value
        path.write_bytes(bytes(changed))
        items = list(iter_rows(path))
        errors = [i for i in items if isinstance(i, RecordError)]
        assert errors or len(items) == rows, damage


def test_an_output_name_too_long_is_a_usage_error(tmp_path: Path) -> None:
    out = tmp_path / ("x" * 300 + ".pbn")
    code, _, err = run_cli("convert", EXAMPLES / "colver.cfn", out)
    assert_one_error(code, err, "cannot be written: File name too long")


def test_report_on_a_parquet_file_polars_panics_on(tmp_path: Path) -> None:
    data = bytearray((EXAMPLES / "both-modes.parquet").read_bytes())
    data[1014], data[6430] = 40, 243  # found by the fuzzer: polars panics reading its data
    path = tmp_path / "damaged.parquet"
    path.write_bytes(bytes(data))
    code, _, err = run_cli("report", path)
    assert code == 2 and "Traceback" not in err, err
    # polars' own panic messages come first on stderr (printed by its threads)
    assert err.splitlines()[-1] == (f"Error: {path}: cannot read Parquet (polars failed on it: "
                                    "is it damaged?)")
