"""``belote deal`` through click's CliRunner, and the row formats read back."""

from __future__ import annotations

import os


import pytest
from click.testing import CliRunner

from belote.cli.main import cli
from belote import CardSet, Deal, RecordError, pbn
from belote.formats.rows import iter_rows, write_deals
from belote.types import SUIT_MASKS

FIRST_THREE_SEED_1 = [
    ("1", 0, "N:Q7.QJT9..K7 98.7.K9.AT8 AJ.K.QJT7.J KT.A8.A8.Q9"),
    ("2", 1, "E:A7.Q98.Q8.T J.7.A9.AQ87 KQT9.AT.T.9 8.KJ.KJ7.KJ"),
    ("3", 2, "S:Q8.QJT8.J.9 J.7.AK.KQJ7 AK7.A.T97.8 T9.K9.Q8.AT"),
]


def run(*args):
    return CliRunner().invoke(cli, ["deal", *args])


def read_back(path):
    if str(path).endswith(".pbn"):
        return [(b.board, b.dealer, b.deal) for b in pbn.load(path)]
    return [(b.board, b.dealer, b.deal) for b in iter_rows(path)]


@pytest.mark.parametrize("ext", ["pbn", "parquet", "csv", "ndjson", "jsonl"])
def test_fixed_seed_gives_fixed_deals_in_every_format(tmp_path, ext):
    path = tmp_path / f"d.{ext}"
    result = run("--count", "3", "--seed", "1", "-o", str(path))
    assert result.exit_code == 0, result.output
    assert read_back(path) == [(b, d, Deal.from_pbn(t)) for b, d, t in FIRST_THREE_SEED_1]
    again = tmp_path / f"e.{ext}"
    run("--count", "3", "--seed", "1", "-o", str(again))
    assert again.read_bytes() == path.read_bytes()


def test_all_formats_agree_on_a_larger_file(tmp_path):
    deals = {}
    for ext in ("pbn", "parquet", "csv", "ndjson"):
        path = tmp_path / f"d.{ext}"
        assert run("-n", "300", "--seed", "5", "--dealer", "random", "-o", str(path)).exit_code == 0
        deals[ext] = read_back(path)
    assert deals["pbn"] == deals["parquet"] == deals["csv"] == deals["ndjson"]
    assert {d for _, d, _ in deals["pbn"]} == {0, 1, 2, 3}


def test_pbn_text(tmp_path):
    path = tmp_path / "d.pbn"
    run("-n", "2", "--seed", "1", "--dealer", "W", "-o", str(path))
    assert path.read_text() == (
        '% PBN 2.1\n\n[Board "1"]\n[Dealer "W"]\n'
        '[Deal "W:KT.A8.A8.Q9 Q7.QJT9..K7 98.7.K9.AT8 AJ.K.QJT7.J"]\n\n'
        '[Board "2"]\n[Dealer "W"]\n'
        '[Deal "W:KQT9.AT.T.9 8.KJ.KJ7.KJ A7.Q98.Q8.T J.7.A9.AQ87"]\n')
    assert pbn.dumps(pbn.load(path)) == path.read_text()


def test_constraints_are_applied(tmp_path):
    path = tmp_path / "d.csv"
    hand = "JH 9H AH TH 7S 8S KD AC"
    result = run("-n", "200", "--seed", "2", "--hand", f"S:{hand}", "--shape", "N:H=0",
                 "--shape", "E:S>=3", "--points", "W:C>=10", "--known", "E:AS", "-o", str(path))
    assert result.exit_code == 0, result.output
    rows = list(iter_rows(path))
    assert len(rows) == 200
    for row in rows:
        n, e, s, w = row.deal.hands
        assert s == CardSet(hand) and not n.mask & SUIT_MASKS[1]
        assert len(e.of_suit(0)) >= 3 and "AS" in e
        assert sum(CardSet(w.of_suit(3)).mask >> c & 1 and [0, 0, 0, 10, 2, 3, 4, 11][c & 7]
                   for c in range(24, 32)) >= 10


def test_deal_i_does_not_depend_on_count(tmp_path):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    run("-n", "2000", "--seed", "4", "-o", str(a))
    run("-n", "10", "--seed", "4", "-o", str(b))
    assert read_back(a)[:10] == read_back(b)


@pytest.mark.parametrize("args, message", [
    (["-o", "x.txt"], "Invalid value for '--output': x.txt: unknown format '.txt'"),
    (["--shape", "N:S>=5", "--shape", "E:S>=4", "-o", "x.csv"],
     "no deal satisfies the constraints: no way to deal the 8 unseen S (N S5-8, E S4-8)"),
    (["--known", "N:AS", "--known", "E:AS", "-o", "x.csv"],
     "AS is known to be in N's hand and in E's"),
    (["--points", "N:Q>=5", "-o", "x.csv"], "'N:Q>=5': unknown suit 'Q'"),
    (["--hand", "S:AS KS", "-o", "x.csv"], "S's hand KS AS has 2 cards, not 8"),
    (["--dealer", "X", "-o", "x.csv"], "unknown seat 'X'"),
    (["--count", "0", "-o", "x.csv"], "Invalid value for '--count'"),
    (["--hand", "S:JH JH AH TH 7S 8S KD AC", "-o", "x.csv"],
     "'S:JH JH AH TH 7S 8S KD AC': JH is given twice"),
    (["--known", "N:QS QS", "-o", "x.csv"], "'N:QS QS': QS is given twice"),
    (["--hand", "S:JH 9H AH TH 7S 8S KD AC", "--hand", "S:JH 9H AH TH 7S 8S KD AC",
      "-o", "x.csv"], "'S:JH 9H AH TH 7S 8S KD AC': S's hand is given twice"),
    (["-o", "x.txt"], "(expected .parquet, .pq, .csv, .ndjson, .jsonl, .pbn)"),
])
def test_bad_options_are_one_line_exit_2(tmp_path, args, message):
    result = CliRunner().invoke(cli, ["deal", *args], catch_exceptions=False)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.output


def test_reader_names_the_bad_row(tmp_path):
    path = tmp_path / "d.csv"
    good = FIRST_THREE_SEED_1[0][2]
    write_deals(path, [(["1", "2"], [0, 1], [good, good.replace("Q7.", "Q8.", 1)])])
    first, second = iter_rows(path)
    assert first.deal == Deal.from_pbn(good)
    assert isinstance(second, RecordError)
    assert str(second) == f"{path}: board 2: line 3: deal: duplicate card 8S (held by N and E)"
    path.write_text("deal,contract,mode\n" + good + ",100H,coinche\n" + good + ",100H,classic\n")
    first, second = iter_rows(path)
    assert first.contract.to_pbn() == "100H"
    assert isinstance(second, RecordError) and "classic contracts have no bid" in str(second)
    path.write_text("board\n1\n")
    [only] = iter_rows(path)
    assert isinstance(only, RecordError) and "no 'deal' or 'cfn' column" in str(only)


def test_reader_streams_in_batches(tmp_path):
    path = tmp_path / "d.parquet"
    assert run("-n", "2500", "--seed", "8", "-o", str(path)).exit_code == 0
    boards = list(iter_rows(path))
    assert [b.source.line for b in boards] == list(range(1, 2501))
    assert [b.board for b in boards[:3]] == ["1", "2", "3"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("suffix, reason", [(".pbn", "No space left on device"),
                                            (".csv", "No space left on device (os error 28)")])
def test_a_full_disk_is_a_system_error(tmp_path, suffix, reason):
    """Status 1 (a system error, as documented), with the file named once."""
    target = tmp_path / f"full{suffix}"
    target.symlink_to("/dev/full")
    result = CliRunner().invoke(cli, ["deal", "-n", "2", "-o", str(target)])
    assert (result.exit_code, result.output) == (1, f"Error: {reason}: {target}\n")


def test_no_progress_bar_when_stderr_is_not_a_terminal(tmp_path):
    result = CliRunner().invoke(cli, ["deal", "-n", "20000", "-o", str(tmp_path / "d.csv")])
    assert result.exit_code == 0, result.output
    assert "\r" not in result.stderr and "dealing" not in result.stderr
