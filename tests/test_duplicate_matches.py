"""The duplicate matches against colver (bench/duplicate.py, sd_match, full_match, bid_ladder):
the seeds each shard plays, resuming a stopped run, the summary of tables whose contracts
differ, and a tiny real run of each harness (slow)."""

from __future__ import annotations

import json
from itertools import islice
from pathlib import Path

import pytest
from bench.duplicate import read_rows, run_rows, shard_quota, shard_seeds, summary


def test_shards_partition_the_seeds() -> None:
    for n in (1, 2, 3, 5):
        seeds = [s for k in range(n)
                 for s in islice(shard_seeds(1000, (k, n)), shard_quota(17, (k, n)))]
        assert sorted(seeds) == list(range(1000, 1017))
    with pytest.raises(SystemExit, match="--shard 2/2"):
        next(shard_seeds(0, (2, 2)))


def _fake_play(seed: int) -> dict[str, object] | None:
    """A deal every seed but the multiples of 4 (skipped, as a passed-out bid deal is)."""
    return None if seed % 4 == 0 else {"value": seed * seed}


def test_a_stopped_run_resumes_to_the_same_file(tmp_path: Path) -> None:
    whole, parts = tmp_path / "whole.jsonl", tmp_path / "parts.jsonl"
    run_rows(whole, 7, _fake_play, start=50)
    played: list[int] = []

    def stops(seed: int) -> dict[str, object] | None:
        if len(played) == 3:
            raise KeyboardInterrupt
        played.append(seed)
        return _fake_play(seed)

    with pytest.raises(KeyboardInterrupt):
        run_rows(parts, 7, stops, start=50)
    assert len(parts.read_text().splitlines()) == 2  # seed 52 was skipped
    run_rows(parts, 7, _fake_play, start=50)
    assert parts.read_text() == whole.read_text()
    assert [r["seed"] for r in read_rows([whole])] == [50, 51, 53, 54, 55, 57, 58]


def test_sharded_runs_cover_the_unsharded_one(tmp_path: Path) -> None:
    """Where no deal is skipped (the full match and the ladder write every seed), the shards'
    rows are the unsharded run's; where deals are skipped, each shard fills its quota."""
    def every(seed: int) -> dict[str, object]:
        return {"value": seed}

    for play, name in ((every, "every"), (_fake_play, "skips")):
        run_rows(tmp_path / f"{name}.jsonl", 9, play, start=3)
        for k in range(2):
            run_rows(tmp_path / f"{name}{k}.jsonl", 9, play, start=3, shard=(k, 2))
    shards = read_rows([tmp_path / "every0.jsonl", tmp_path / "every1.jsonl"])
    assert shards == read_rows([tmp_path / "every.jsonl"])
    assert [r["seed"] for r in shards] == list(range(3, 12))
    assert [len(read_rows([tmp_path / f"skips{k}.jsonl"])) for k in range(2)] == [5, 4]


def _table(contract: str | None, declarer: int | None, scores: list[int],
           made: bool | None) -> dict[str, object]:
    return {"contract": contract, "declarer": declarer, "scores": scores,
            "points": [0, 0] if contract is None else [100, 62], "made": made,
            "cpu": {"ours": 1.0, "colver": 1.0}, "ms": {"ours": [5.0], "colver": [7.0]}}


def test_summary_of_tables_with_their_own_contracts() -> None:
    rows = [
        # the same contract at both tables, N-S took: ours made at A, colver failed at B
        {"seed": 0, "A": _table("100S", 0, [220, 40], True),
         "B": _table("100S", 2, [0, 260], False)},
        # E-W took 90H at A (colver, beaten by ours), N-S 100S at B (colver, made)
        {"seed": 1, "A": _table("90H", 1, [250, 0], False),
         "B": _table("100S", 0, [200, 60], True)},
        # passed out at table A only: 0 there; colver's N-S made 80C at B
        {"seed": 2, "A": _table(None, None, [0, 0], None),
         "B": _table("80C", 0, [180, 0], True)},
        # passed out at both tables: left out
        {"seed": 3, "A": _table(None, None, [0, 0], None),
         "B": _table(None, None, [0, 0], None)},
        # E-W took 100D at both tables and made it, ours by 10 more
        {"seed": 4, "A": _table("100D", 3, [40, 220], True),
         "B": _table("100D", 1, [10, 250], True)},
    ]
    lines = summary(json.loads(json.dumps(rows))).splitlines()

    def value(start: str) -> float:
        line = next(line for line in lines if line.startswith(start))
        return float(line[len(start):].split()[0])

    # per deal (N-S seat pair + E-W seat pair) / 2: (220 + 220) / 2, (50 + 60) / 2,
    # (-180 + 0) / 2, (30 + 30) / 2
    assert lines[0] == "deals: 4 (each played at two tables, seats swapped)"
    assert value("deal score, ours - colver per deal and seat: ") == pytest.approx(
        (220 + 55 - 90 + 30) / 4, abs=0.05)
    assert value("deal score as taker, ours - colver: ") == (220 + 30) / 2
    assert lines[3].endswith("(the 2 deals where one side took at both tables)")
    assert value("deal score as defence, ours - colver: ") == (220 + 30) / 2
    assert "contracts made as taker: ours 2/2, colver 3/5" in lines
    assert "passed out: at one table only 1 deals (scored 0 there, kept), at both 1 (left out)" \
        in lines
    assert "same contract and taking side at both tables: 2/4 deals" in lines
    assert value("deal score where the taking side differs between the tables (2 deals): ") \
        == (55 - 90) / 2
    assert ("contracts taken by ours side: 2 tables, mean bid 100, coinched 0, surcoinched 0, "
            "capot bids 0, made 2") in lines
    assert "CPU per deal (both tables, its own decisions): ours 2.00 s, colver 2.00 s, " \
        "ratio 1.00 [1.00, 1.00] (95% bootstrap over deals)" in lines


def _resumed(tmp_path: Path, run, start: int) -> list[dict[str, object]]:
    """Run one deal, then two into the same file: the first row is kept as it was."""
    out = tmp_path / "rows.jsonl"
    run(1, out, start=start)
    first = out.read_text()
    run(2, out, start=start)
    assert out.read_text().startswith(first)
    rows = read_rows([out])
    assert [r["seed"] for r in rows][0] == start and len(rows) == 2
    return rows


@pytest.mark.slow
def test_full_match_tiny_run(tmp_path: Path) -> None:
    from bench.full_match import run, summary as full_summary

    rows = _resumed(tmp_path, run, 11)
    assert [r["seed"] for r in rows] == [11, 12]  # no deal skipped: every seed is a row
    for r in rows:
        for name, ours in (("A", 0), ("B", 1)):
            table = r[name]
            assert table["auction"].startswith("NESW"[(r["dealer"] + 1) % 4] + ":")
            assert (table["contract"] is None) == (table["declarer"] is None)
            assert table["cpu"]["ours"] > 0 and table["cpu"]["colver"] > 0
    assert full_summary([tmp_path / "rows.jsonl"]).startswith("deals: ")


@pytest.mark.slow
def test_bid_ladder_tiny_run(tmp_path: Path) -> None:
    from bench.bid_ladder import run, summary as ladder_summary

    rows = _resumed(tmp_path, run, 11)
    for r in rows:
        a, b = r["A"], r["B"]
        assert set(a["cpu"]) >= {"ours", "colver"}
        if a["auction"] == b["auction"]:
            # the same auction gets the same play at both tables: no difference
            assert a["scores"] == b["scores"] and b["cpu"].get("play", 0.0) < 0.05
    assert ladder_summary([tmp_path / "rows.jsonl"]).startswith("deals: ")


@pytest.mark.slow
def test_sd_match_tiny_run(tmp_path: Path) -> None:
    from bench.sd_match import run, summary as sd_summary

    rows = _resumed(tmp_path, lambda deals, out, start: run(deals, out, start=start,
                                                            evidence=True), 11)
    assert all(r["A"]["scores"] and r["evidence"] for r in rows)
    assert sd_summary([tmp_path / "rows.jsonl"]).startswith("deals: 2 ")


def test_bid_tune_scores_both_tables_of_each_deal() -> None:
    """The quick ladder: a deal's figure is the mean of its two tables, reproducible, and a
    side that never bids takes nothing."""
    from bench.bid_tune import run
    from belote import Player

    prior = Player(arbitrate=False)
    figures, tally = run(40_000_000, 4, prior)
    assert len(figures) == 4 and tally.ours + tally.theirs <= 8
    again, _ = run(40_000_000, 4, prior)
    assert (figures == again).all()

    class Passer(Player):
        def call(self, view):  # type: ignore[no-untyped-def]
            from belote.types import Call
            return Call.parse("P")

    _, silent = run(40_000_000, 4, Passer())
    assert silent.ours == 0 and silent.theirs > 0


def test_bid_ladder_versus_replays_the_tables_bid_as_before(tmp_path: Path) -> None:
    """``--versus``: a table whose auction is the earlier run's keeps its row, a table bid
    otherwise is played, and it comes out as a fresh run would (the play is a function of the
    auction); the summary pairs the two runs."""
    from bench.bid_ladder import run, summary as ladder_summary

    first = tmp_path / "first.jsonl"
    run(1, first, start=21)
    (before,) = read_rows([first])
    again = tmp_path / "again.jsonl"
    run(1, again, start=21, versus=[first])
    (row,) = read_rows([again])
    assert row["A"]["replayed"] and row["B"]["replayed"] and row["earlier"] == pytest.approx(
        ((before["A"]["scores"][0] - before["B"]["scores"][0])
         + (before["B"]["scores"][1] - before["A"]["scores"][1])) / 2)
    assert {k: row["A"][k] for k in ("scores", "points", "auction")} == \
        {k: before["A"][k] for k in ("scores", "points", "auction")}
    other = json.loads(json.dumps(before))
    other["A"].update(auction="N:P", scores=[0, 0])  # as if bid otherwise at table A
    altered = tmp_path / "altered.jsonl"
    altered.write_text(json.dumps(other) + "\n")
    fresh = tmp_path / "fresh.jsonl"
    run(1, fresh, start=21, versus=[altered])
    (played,) = read_rows([fresh])
    assert "replayed" not in played["A"] and played["B"]["replayed"]
    assert played["A"]["scores"] == before["A"]["scores"]
    assert played["A"]["points"] == before["A"]["points"]
    assert ladder_summary([again, fresh]).splitlines()[-1].startswith(
        "versus the earlier run, on the same 2 deals: ")
    stranger = json.loads(json.dumps(before))
    stranger["player"]["play"] = {"per_trick": [1] * 8, "list_at_most": 1}
    (tmp_path / "stranger.jsonl").write_text(json.dumps(stranger) + "\n")
    with pytest.raises(SystemExit, match="another card player"):
        run(1, tmp_path / "none.jsonl", start=21, versus=[tmp_path / "stranger.jsonl"])


def test_bid_bias_sets_each_simulated_call_beside_its_table(tmp_path: Path) -> None:
    """``bench.bid_bias`` replays a ladder row's calls of our side, refuses rows its bidder
    would not have bid, books each simulated call's expected net beside its table's played net,
    resumes without redoing a deal, and summarises by kind of call."""
    from bench import bid_bias
    from bench.bid_ladder import run

    ladder = tmp_path / "ladder.jsonl"
    run(3, ladder, start=21)
    out = tmp_path / "bias.jsonl"
    bid_bias.run([ladder], out)
    rows = {r["seed"]: r for r in read_rows([ladder])}
    booked = [json.loads(line) for line in out.read_text().splitlines()]
    assert {b["seed"] for b in booked} == set(rows)
    calls = [b for b in booked if "none" not in b]
    assert calls, "three deals hold a simulated call of ours"
    for c in calls:
        table = rows[c["seed"]][c["table"]]
        ours = 0 if c["table"] == "A" else 1
        seat, call = table["auction"].split(" ")[c["index"]].split(":")
        assert call == c["call"] and "NESW".index(seat) % 2 == ours
        assert c["real"] == table["scores"][ours] - table["scores"][1 - ours]
    bid_bias.run([ladder], out)  # resumes: nothing new
    assert out.read_text().count("\n") == len(booked)
    assert bid_bias.summary([out]).startswith(f"{len(calls)} simulated calls of our side, ")
    first = calls[0]
    wrong = json.loads(json.dumps(rows[first["seed"]]))
    auction = wrong[first["table"]]["auction"].split(" ")
    seat = auction[first["index"]].split(":")[0]
    auction[first["index"]] = f"{seat}:{'X' if first['call'] != 'X' else 'P'}"
    wrong[first["table"]]["auction"] = " ".join(auction)
    (tmp_path / "wrong.jsonl").write_text(json.dumps(wrong) + "\n")
    with pytest.raises(SystemExit, match="rows of another bidder"):
        bid_bias.run([tmp_path / "wrong.jsonl"], tmp_path / "none.jsonl")
