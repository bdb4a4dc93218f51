"""The decision-level judge (bench/judge.py, issue 37) on a tiny run: the judge's best choice
has no regret and its worst a positive one, a run resumes without redoing its points, the
shards share the deals out, calls are judged by the same machinery, and the summary pairs
the variants point by point."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("colver")

from bench import judge  # noqa: E402
from belote import position_analysis  # noqa: E402
from belote.dd import equivalence_classes  # noqa: E402
from belote.types import card_name, side_of  # noqa: E402


def _judged(point: judge.CardPoint) -> dict:
    return judge.judge_card(point, 2, judge.JUDGE_SEED + point.seed)


def best(point: judge.CardPoint, seed: int) -> str:
    """The judge's own first choice (its seed and layouts at factor 2): no regret."""
    return _judged(point)["classes"][0][0]


def worst(point: judge.CardPoint, seed: int) -> str:
    """The judge's last choice."""
    return _judged(point)["classes"][-1][0]


def test_a_tiny_card_run_resumes_and_pairs_the_variants(tmp_path) -> None:
    out = tmp_path / "j.jsonl"
    variants = {"best": best, "worst": worst}
    judge.run("card", 2, out, variants, seeds=1, factor=2, first=300)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    judged = [r for r in rows if "judge" in r]
    assert len(judged) == 2
    for r in judged:
        [b] = r["choices"]["best"]
        assert b["choice"] in r["judge"]["classes"][0]
        goal, points, differ = judge.regrets(r, "worst")
        assert differ == [True] and (goal[0] > 0 or (goal[0] == 0 and points[0] >= 0))
        assert judge.regrets(r, "best") == ([0.0], [0.0], [False])
    before = out.read_text()
    judge.run("card", 2, out, variants, seeds=1, factor=2, first=300)
    assert out.read_text() == before  # resumed: nothing left to do
    text = judge.summary([out])
    assert "| best | 2 | 0.0000 | +0.000 [+0.000, +0.000] | 0% |" in text
    assert "paired regret, worst - best (points), all 2 points:" in text
    assert "on the real deal, worst - best over the 2 judged points: goal " in text


def test_shards_share_the_deals_out(tmp_path) -> None:
    seeds = []
    for k in (0, 1):
        out = tmp_path / f"s{k}.jsonl"
        judge.run("card", 2, out, {"best": best}, seeds=1, factor=1, first=300,
                  shard=(k, 2), heard_only=True)
        seeds.append({json.loads(line)["seed"] for line in out.read_text().splitlines()})
    assert all(s % 2 == k for k in (0, 1) for s in seeds[k])
    assert not seeds[0] & seeds[1]


def test_a_card_point_is_a_real_choice() -> None:
    made = judge.card_point(300)
    assert made is not None
    point, _ = made
    classes = equivalence_classes(point.position)
    assert len(classes) > 1
    assert judge.reading(point, 0) in {card_name(c) for cls in classes for c in cls}
    judged = judge.judge_card(point, 1, 7)
    side = side_of(point.position.to_move)
    real = {card_name(cv.card): cv.values[side] for cv in position_analysis(point.position).cards}
    assert judged["truth_points"] == [real[cls[0]] for cls in judged["classes"]]


def test_calls_are_judged_too(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(judge, "CALL_SAMPLES", 4)
    out = tmp_path / "c.jsonl"
    judge.run("call", 1, out, judge.CALL_VARIANTS, seeds=1, factor=2, first=2)
    [row] = [json.loads(line) for line in out.read_text().splitlines() if "judge" in line]
    names = {c for cls in row["judge"]["classes"] for c in cls}
    assert row["choices"]["advice"][0]["choice"] in names and "Pass" in names
    assert "(net score)" not in judge.summary([out])  # one variant: nothing paired
    assert "| advice | 1 |" in judge.summary([out])
