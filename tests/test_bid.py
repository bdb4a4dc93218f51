"""belote bid and belote.advice.bid: estimates against independent computations.

* the table's shortcuts (threshold searches, exact values only when needed) give
  exactly the numbers of the plain computation (every trump solved exactly);
* one contract's estimates equal a plain loop over the same samples with
  ``solve_position`` and ``score_deal``;
* with two hands and six more cards known (45 layouts), exact enumeration gives
  the true P(make) and expected score, which the estimates' intervals contain;
* the early-stopping rule keeps its coverage on a known Bernoulli (simulated);
* the same seed gives the same output whatever --jobs; bad input is one line, exit 2.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import subprocess
import sys

import numpy as np
import pytest
from belote import CLASSIC, COINCHE, CardSet, Contract, Deal, Run, parse_contract, score_deal
from belote.advice import LEVEL, bid_table, classic_advice, classic_constraints, estimate_contract
from belote.advice.bid import decided
from belote.cli.main import cli
from belote.sampling import (Constraints, DealSampler, LookSchedule, mean, proportion_any_n,
                             quantiles, wilson_bounds, z_value)
from belote.types import iter_cards, to_mask
from click.testing import CliRunner
from conftest import deal_outcome, trick_points

HAND = "JH 9H AH TH KS AS AD 7C"
SOUTH, WEST = 2, 3
SMALL = {"S": "JH 9H KS 7S AD 8D 7C 8C", "N": "TH 8H AC KC 7D 9D QS 8S",
         "E": "7H AS TS 9S QH JS"}
"""South's and North's hands and six of East's cards: 45 layouts of the other ten."""


def small_constraints() -> Constraints:
    return Constraints().with_text(hand=[f"S:{SMALL['S']}", f"N:{SMALL['N']}"],
                                   known=[f"E:{SMALL['E']}"])


def test_table_shortcuts_equal_plain_computation():
    c = Constraints().with_text(hand=[f"S:{HAND}"])
    fast = bid_table(c, SOUTH, WEST, samples=12, seed=5)
    plain = bid_table(c, SOUTH, WEST, samples=12, seed=5, exact=True)
    for a, b in zip(fast.rows, plain.rows):
        assert a.contract == b.contract
        assert a.p_make == b.p_make and a.p_capot == b.p_capot
        assert a.expected_score == b.expected_score
        assert a.mean_points is None and b.mean_points is not None
    assert (fast.recommended, fast.runner_up, fast.difference) == (
        plain.recommended, plain.runner_up, plain.difference)


WEAK = "N:7S 8S 9S 7H 8H 7D 8D 7C"
"""A hand that fails every bid and is often swept: the failed and defence-capot outcomes."""
CUSTOM = dataclasses.replace(COINCHE, name="custom", last_trick_bonus=20, capot_trick_points=300,
                             partner_winning_frees=False)


@pytest.mark.parametrize("profile", [COINCHE, CUSTOM], ids=lambda p: p.name)
def test_table_equals_plain_loop_when_failing_and_swept(profile):
    c = Constraints(profile=profile).with_text(hand=[WEAK])
    advice = bid_table(c, 0, WEST, samples=16, seed=4)
    deals = DealSampler(c).draw(4, 0, 16)
    solved = {t: [trick_points(d, t, 0, 0, profile) for d in deals] for t in range(4)}
    swept = [sum(points[1] == profile.capot_trick_points for _, points, _ in solved[t])
             for t in range(4)]
    assert swept[1] >= 3 and swept[3] >= 3  # the outcomes this test is for occur
    for row in advice.rows:
        nets: dict[int, list[int]] = {1: [], 2: [], 4: []}
        made = 0
        for v, points, belote in solved[row.contract.trump]:
            for m, values in nets.items():
                score = score_deal(profile, _multiplied(row.contract, m), points, belote)
                values.append(score.scores[0] - score.scores[1])
                made += m == 1 and score.made
        assert row.p_make == proportion_any_n(made, 16)
        assert row.p_capot == proportion_any_n(sum(v == profile.capot_trick_points
                                             for v, _, _ in solved[row.contract.trump]), 16)
        for m, values in nets.items():
            assert row.expected_score[m].value == pytest.approx(mean(values).value, abs=1e-9)
    one = estimate_contract(c, Contract(3, 0, 80), WEST, samples=16, seed=4)
    values = [v for v, _, _ in solved[3]]
    assert one.mean_points.value == pytest.approx(np.mean(values), abs=1e-9)
    assert one.deciles == quantiles(values)
    assert one.p_capot == proportion_any_n(sum(v == profile.capot_trick_points for v in values), 16)


def _multiplied(contract: Contract, m: int) -> Contract:
    return Contract(contract.trump, contract.declarer, contract.bid, m, contract.capot)


def test_contract_equals_plain_loop():
    c = Constraints().with_text(hand=[f"S:{HAND}"])
    contract = parse_contract("130H", COINCHE, declarer=SOUTH)
    r = estimate_contract(c, contract, WEST, samples=10, seed=3)
    deals = DealSampler(c).draw(3, 0, 10)
    values, made, nets = [], [], {1: [], 2: [], 4: []}
    capots = 0
    for deal in deals:
        for m in (1, 2, 4):
            x = Contract(1, SOUTH, 130, m)
            v, score, net = deal_outcome(deal, x, leader=0)
            nets[m].append(net)
        values.append(v)
        made.append(score.made)
        capots += v == 252
    assert r.samples == 10
    assert r.p_make == proportion_any_n(sum(made), 10)
    assert r.p_capot == proportion_any_n(capots, 10)
    for m in (1, 2, 4):
        expected = mean(nets[m])
        assert r.expected_score[m].value == pytest.approx(expected.value, abs=1e-9)
        assert r.expected_score[m].method == "hoeffding"  # 10 samples: valid at any n
        assert r.expected_score[m].low < expected.value < r.expected_score[m].high
    assert r.mean_points.value == pytest.approx(mean(values).value, abs=1e-9)
    assert r.deciles == quantiles(values)


def test_classic_equals_plain_loop():
    advice = classic_advice(SOUTH, "JH 9H AS KS 7C", "AH", WEST, samples=6, seed=2)
    deals = DealSampler(classic_constraints(SOUTH, "JH 9H AS KS 7C", "AH")).draw(2, 0, 6)
    assert [row.contract.to_pbn() for row in advice.rows] == ["H", "S", "D", "C"]
    for row in advice.rows:
        outcomes = [deal_outcome(d, row.contract, 0, CLASSIC) for d in deals]
        assert row.p_make.value == sum(s.made for _, s, _ in outcomes) / 6
        assert row.p_litige.value == sum(s.litige for _, s, _ in outcomes) / 6
        assert row.expected_score[1].value == pytest.approx(
            np.mean([n for _, _, n in outcomes]), abs=1e-9)
        assert row.deciles == quantiles([v for v, _, _ in outcomes])
    best = max(advice.rows, key=lambda r: r.expected_score[1].value)
    assert advice.recommended == (best.contract if best.expected_score[1].value > 0 else None)


def test_estimates_contain_exact_enumeration(sample_size):
    c = small_constraints()
    free = list(iter_cards(c.free_cards()))
    contract = parse_contract("100H", COINCHE, declarer=SOUTH)
    made, nets = [], []
    for two in itertools.combinations(free, 2):
        east = to_mask(SMALL["E"]) | sum(1 << x for x in two)
        west = c.free_cards() & ~east
        deal = Deal([CardSet(to_mask(SMALL["N"])), CardSet(east), CardSet(to_mask(SMALL["S"])),
                     CardSet(west)])
        _, score, net = deal_outcome(deal, contract, leader=0)
        made.append(score.made)
        nets.append(net)
    assert len(made) == DealSampler(c).count() == 45
    p, expected = np.mean(made), np.mean(nets)
    assert 0.1 < p < 0.9
    n = sample_size(80, 2000)
    r = estimate_contract(c, contract, WEST, samples=n, seed=11)
    assert r.p_make.contains(p)
    assert r.expected_score[1].contains(expected)
    table = bid_table(c, SOUTH, WEST, samples=40, seed=11)
    row = next(row for row in table.rows if row.contract == contract)
    few = estimate_contract(c, contract, WEST, samples=40, seed=11)
    assert row.p_make == few.p_make and row.expected_score[1] == few.expected_score[1]


def test_precision_stops_decided_trumps_first():
    c = Constraints().with_text(hand=[f"S:{HAND}"])
    advice = bid_table(c, SOUTH, WEST, samples=60, seed=1, precision=0.3, first_look=20)
    sizes = {row.contract.trump: row.samples for row in advice.rows}
    assert set(sizes.values()) <= set(advice.looks)
    assert advice.looks == (20, 40, 60)
    assert advice.rows[0].p_make.method == "clopper-pearson, bonferroni over 3 looks"  # < 100
    assert advice.difference.method == "hoeffding, bonferroni over 3 looks"
    assert min(sizes.values()) < 60 and advice.samples == max(sizes.values())
    for row in advice.rows:
        assert row.p_make.half_width <= 0.3 or row.samples == 60


@pytest.mark.parametrize("p, rows", [(0.3, 1), (0.85, 3)])
def test_early_stopping_coverage(p, rows):
    """Simulated: stop at the first look where every row's interval is within +/-P.

    The stop depends on every row; each row's interval, at the look where the
    run stopped, must still cover at 95% (the level is split over the looks only).
    """
    rng = np.random.default_rng(7)
    reps, max_n, precision = 4000, 2000, 0.04
    schedule = LookSchedule(max_n=max_n, first=100, level=LEVEL)
    draws = rng.random((reps, rows, max_n)) < p
    counts = np.cumsum(draws, axis=2)
    stopped = np.zeros(reps, dtype=bool)
    covered = np.zeros((reps, rows), dtype=bool)
    z = z_value(schedule.look_level)
    for look in schedule.looks:
        successes = counts[:, :, look - 1]
        stop = ~stopped & (decided(successes, look, schedule.look_level, precision).all(axis=1)
                           | (look == max_n))
        low, high = wilson_bounds(successes, look, z)
        inside = (low <= p) & (p <= high)
        covered[stop] = inside[stop]
        stopped |= stop
    assert stopped.all()
    assert covered.mean(axis=0).min() >= LEVEL - 0.01


def run(*args):
    return CliRunner().invoke(cli, ["bid", *args])


def test_cli_contract_human_and_json():
    base = ["--hand", SMALL["S"], "--seat", "S", "--dealer", "W", "--known",
            f"N:{SMALL['N']}", "--known", f"E:{SMALL['E']}", "--samples", "20", "--jobs", "1"]
    human = run(*base, "--contract", "80H")
    assert human.exit_code == 0, human.output
    assert "first lead N" in human.output and "20 samples of 45 layouts" in human.output
    assert "Double-dummy" in human.output
    out = run(*base, "--contract", "80H", "--json")
    data = json.loads(out.output)
    for key in ("contract", "samples", "p_make", "ci95", "expected_score", "p_capot",
                "mean_points"):
        assert key in data
    assert set(data["expected_score"]) == {"x1", "x2", "x4"}
    table = json.loads(run(*base, "--json").output)
    assert len(table["rows"]) == 40 and "recommended" in table
    assert table["rows"][10]["contract"] == "80H"
    assert table["rows"][10]["p_make"] == data["p_make"]


def test_process_run_shuts_its_pool_down(monkeypatch):
    """Each look reads its pool's results to the end, so the pool is shut down in full
    (workers joined) rather than aborted: an aborted pool's manager thread, still running,
    made the next pool (the next look of ``--precision``, the next call) spawn its workers
    instead of forking them, slower, and fatal in a script without a main guard."""
    from belote.parallel import runner

    ends = []
    stop = runner._stop_pool
    monkeypatch.setattr(runner, "_stop_pool",
                        lambda pool, kind, finished: (ends.append(finished),
                                                      stop(pool, kind, finished)))
    contract = parse_contract("80H", COINCHE, declarer=2)
    estimate_contract(small_constraints(), contract, 3, samples=40, seed=2, precision=0.3,
                      run=Run("process", 2))
    assert len(ends) >= 1 and all(ends), ends


def test_cli_same_output_whatever_jobs():
    base = ["--hand", SMALL["S"], "--seat", "S", "--dealer", "W", "--known",
            f"N:{SMALL['N']}", "--samples", "24", "--seed", "4", "--json"]
    one = run(*base, "--jobs", "1")
    two = run(*base, "--jobs", "2")
    assert one.exit_code == two.exit_code == 0
    assert one.output == two.output


@pytest.mark.parametrize("args, message", [
    (["--hand", "JH JH 9H AH TH KS AS AD"], "JH is given twice"),
    (["--hand", "JH 9H AH TH KS AS AD ZZ"], "unknown card 'ZZ'"),
    (["--hand", "JH 9H AH TH KS AS AD"], "has 7 cards, not 8"),
    (["--seat", "Q"], "--seat"),
    (["--contract", "170H"], "bid 170"),
    (["--contract", "100HX"], "100HX: give the contract without X or XX"),
    (["--known", "N:JH"], "JH is known to be in"),
    (["--known", "N:QS QS"], "'N:QS QS': QS is given twice"),
    (["--shape", "N:H>>3"], "expected a suit and a range"),
    (["--shape", "N:S>=7", "--shape", "E:S>=6"], "no deal satisfies"),
    (["--mode", "classic", "--hand", "JH 9H AS KS 7C", "--turned", "JH"], "in your --hand"),
    (["--mode", "classic", "--hand", "JH 9H AS KS 7C AD", "--turned", "AH"], "5 cards"),
    (["--precision", "nan"], "Invalid value for '--precision': nan is not a number"),
    (["--samples", "99999999999"], "Invalid value for '--samples'"),
    (["--contract", ""], "cannot read '': expected a bid and a trump, e.g. 100H or CapotS"),
    (["--contract", "Capot"], "cannot read 'Capot': expected a bid and a trump"),
    (["--known", "S:7S"], ("Invalid value for '--known': 'S:7S': S is your seat, and 7S is "
                           "not in your --hand")),
    (["--mode", "classic", "--hand", "JH 9H AS KS 7C", "--turned", "AH", "--known", "S:7H"],
     "7H is not in your --hand (the cards still to be dealt to you are not known yet)"),
    (["--known", "E:6S"], "Invalid value for '--known': 'E:6S': unknown card '6S'"),
    (["--shape", "N:Q>=2"], "Invalid value for '--shape'"),
    (["--points", "N:H>=35"], ("N's H points 35-62: H counts plain points here (no trump is "
                               "set), at most 30")),
    (["--hand", ""], "S's hand has 0 cards, not 8"),
])
def test_cli_bad_input(args, message):
    base = {"--hand": HAND, "--seat": "S", "--dealer": "W"}
    given = dict(zip(args[::2], args[1::2]))
    full = [x for k, v in base.items() if k not in given for x in (k, v)] + args
    result = run(*full)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.output
    assert "Traceback" not in result.output


def test_bid_help_imports_no_numba():
    code = ("import sys; from click.testing import CliRunner; from belote.cli.main import cli;"
            "r = CliRunner().invoke(cli, ['bid', '--help']); assert r.exit_code == 0;"
            "assert 'double-dummy' in r.output.lower(); print('numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_cli_error_lines_fit_300_characters():
    result = run("--hand", HAND, "--seat", "S", "--dealer", "W", "--known",
                 "E:" + "QS," * 200)
    assert result.exit_code == 2
    line = result.output.rstrip("\n")
    assert "\n" not in line and len(line) == 300 and line.endswith("(see 'belote bid --help')")


def test_cli_precision_says_whether_it_was_reached():
    base = ["--hand", SMALL["S"], "--seat", "S", "--dealer", "W", "--known", f"N:{SMALL['N']}",
            "--jobs", "1", "--contract", "80H"]
    reached = run(*base, "--samples", "100", "--precision", "0.45")
    assert reached.exit_code == 0, reached.output
    assert ("precision +/-0.45 (each interval 95%, bonferroni over 1 look): H 100 samples, "
            "reached") in reached.output
    missed = run(*base, "--samples", "4", "--precision", "0.01", "--json")
    data = json.loads(missed.output)
    assert data["looks"] == [4] and (data["mode"], data["seat"], data["dealer"]) == (
        "coinche", "S", "W")
    text = run(*base, "--samples", "4", "--precision", "0.01").output
    assert "H 4 samples, not reached (widest +/-" in text


def test_table_text_shows_each_trumps_samples_when_they_differ():
    from belote.advice import Choice
    from belote.cli.bid import _cells, _table_text
    c = Constraints().with_text(hand=["S:7S 8S 7H 8H 7D 8D 7C 8C"])
    advice = bid_table(c, SOUTH, WEST, samples=80, seed=1, precision=0.2, first_look=20)
    out = advice.to_dict()
    assert out["looks"] == [20, 40, 80]
    sizes = [next(r["samples"] for r in out["rows"] if r["contract"].endswith(t)) for t in "SHDC"]
    assert len(set(sizes)) > 1
    choice = Choice(out["recommended"], out["runner_up"], advice.difference)
    line = _table_text(_cells(list(advice.rows)), choice).splitlines()[1]
    assert line.split() == ["samples", *map(str, sizes)]


def test_cli_classic_known_turned_card_is_yours():
    result = run("--mode", "classic", "--hand", "JH 9H AS KS 7C", "--turned", "AH", "--seat", "S",
                 "--dealer", "W", "--known", "S:AH", "--samples", "2", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "2 samples of" in result.output
