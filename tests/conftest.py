"""Test options: ``--runslow`` and the size of cross-check samples.

Tests marked ``slow`` are skipped unless ``--runslow`` is given. Long
cross-checks are not marked: they are parametrised over a sample whose size
comes from :func:`sample_size`, small by default (what every run, CI
included, checks) and full with ``--runslow``. Samples are drawn with fixed
seeds, so a given size always means the same cases.

Use it at collection time::

    from conftest import sample_size

    @pytest.mark.parametrize("case", CASES[:sample_size(200, 5000)])
    def test_agrees(case): ...

or at run time through the ``sample_size`` fixture.

:func:`trick_points` and :func:`deal_outcome` judge one deal by a plain
solve (the reference the Monte-Carlo advisors are checked against);
:func:`redealt` deals the cards a player cannot see otherwise (the check that a
single-dummy decision reads no hidden card).
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from belote import (COINCHE, Auction, Contract, Deal, Position, RuleProfile, parse_contract,
                    score_deal, solve_position)
from belote.dd import reaches

_RUNSLOW = False

RANKS = ": ranks are 7 8 9 T J Q K A (or 10), suits S H D C"
"""What the message of an unknown card explains after quoting it."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", default=False,
                     help="run tests marked slow and full-size cross-check samples")
    parser.addoption("--update-examples", action="store_true", default=False,
                     help="rewrite the outputs of the README's and docs' examples with what "
                          "they print now (tests/test_docs_examples.py)")


def pytest_configure(config: pytest.Config) -> None:
    global _RUNSLOW
    _RUNSLOW = bool(config.getoption("--runslow"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def run_cli(*args: object) -> tuple[int, str, str]:
    """Invoke ``belote ARGS`` in this process; return (exit code, stdout, stderr).

    An exception other than the command's own exit is raised, not turned into
    an exit code, so a test sees the traceback of a bug.
    """
    from click.testing import CliRunner

    from belote.cli.main import cli

    result = CliRunner().invoke(cli, [str(a) for a in args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def sample_size(default: int, full: int) -> int:
    """``full`` when running with ``--runslow``, else ``default``."""
    return full if _RUNSLOW else default


@pytest.fixture(name="sample_size")
def sample_size_fixture() -> Callable[[int, int], int]:
    """The :func:`sample_size` helper, as a fixture."""
    return sample_size


def played_position(seed: int, left: int, profile: RuleProfile = COINCHE
                    ) -> tuple[Position, Contract]:
    """A random deal played with random legal cards until ``left`` cards remain, and a contract.

    The contract (a random trump and taker; in coinche a bid of 80, 90 or 100)
    is the position's; the first trick is led by the taker's left.
    """
    rng = random.Random(seed)
    trump, declarer = rng.randrange(4), rng.randrange(4)
    suit = "SHDC"[trump]
    text = f"{rng.choice((80, 90, 100))}{suit}" if profile is COINCHE else suit
    contract = parse_contract(text, profile, declarer)
    pos = Position(Deal.random(rng), trump, (declarer + 1) % 4, profile)
    while pos.cards_left > left:
        pos.play(rng.choice(sorted(pos.legal_cards())))
    return pos, contract


def redealt(pos: Position, seed: int, known: dict[int, int] | None = None) -> Position:
    """``pos`` with the cards its player to move cannot see dealt otherwise, same constraints
    (what that player saw: its hand, the cards played, what they showed, the belote
    announcements heard, and ``known``: a mask of cards still held by a seat that everyone
    knows of, e.g. the classic turned card with its taker)."""
    from belote.advice import seat_view
    from belote.rules import replay
    from belote.sampling import DealSampler

    seen = seat_view(pos)
    for seat, cards in (known or {}).items():
        if cards & pos.hands[seat] and seat != pos.to_move:
            seen = seen.with_known(seat, cards & pos.hands[seat])
    layouts = DealSampler(seen).draw_masks(seed, 0, 1)
    return replay(pos, [int(h) for h in layouts[0]])


def turned_to_taker(deal: Deal, auction: Auction | None) -> Deal:
    """``deal`` with a classic ``auction``'s turned card moved to its taker (swapped with the
    taker's lowest card), as a real classic deal has it; unchanged when there is no taker."""
    contract = auction.contract if auction is not None and auction.complete else None
    if auction is None or auction.turned is None or contract is None or contract.declarer is None:
        return deal
    masks = [h.mask for h in deal.hands]  # type: ignore[union-attr]
    taker, card = contract.declarer, auction.turned
    holder = deal.holder(card)
    assert holder is not None
    if holder != taker:
        given = masks[taker] & -masks[taker]
        masks[taker] ^= given | 1 << card
        masks[holder] ^= given | 1 << card
    return Deal(masks)


def trick_points(deal: Deal, trump: int, side: int, leader: int, profile=COINCHE):
    """The taking side's value, both sides' trick points and the belote side, by a plain solve."""
    position = Position(deal, trump, leader, profile)
    v = solve_position(position, side)
    if v == profile.capot_trick_points:
        points = {side: v, 1 - side: 0}
    elif v == 0 and reaches(position, 1 - side, profile.capot_trick_points):
        points = {side: 0, 1 - side: profile.capot_trick_points}
    else:
        points = {side: v, 1 - side: profile.total_trick_points - v}
    return v, (points[0], points[1]), position.belote_side()


def deal_outcome(deal: Deal, contract: Contract, leader: int, profile=COINCHE):
    """Taker's value, and the deal score of ``contract``, by a plain solve."""
    side = contract.side
    v, points, belote = trick_points(deal, contract.trump, side, leader, profile)
    score = score_deal(profile, contract, points, belote)
    return v, score, score.scores[side] - score.scores[1 - side]


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
"""Headless chromium for the pages' browser checks (``.ci/run`` installs Debian's package)."""
needs_chromium = pytest.mark.skipif(CHROMIUM is None and os.environ.get("CI") != "true",
                                    reason="chromium is not installed")
"""Skip a browser check where chromium is missing, except under ``CI=true`` (then it fails)."""


BROWSER_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
"""Chromium's flags for the pages' browser tests (no network but the page's own server)."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless chromium driven by playwright, one a test module (the pages' browser tests)."""
    from playwright.sync_api import sync_playwright

    assert CHROMIUM is not None, "chromium is not installed (CI must have it)"
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=BROWSER_FLAGS)
        yield chromium
        chromium.close()


def chromium(*args: str) -> subprocess.CompletedProcess[str]:
    """Run headless chromium with ``args`` (console messages go to its stderr)."""
    assert CHROMIUM is not None, "chromium is not installed"
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                           "--enable-logging=stderr", "--v=0", *args],
                          check=False, capture_output=True, text=True, timeout=120)


def phone_width(page: Path, fragment: str = "") -> tuple[int, int]:
    """The document's width and the viewport's width of ``page`` (``#fragment``) shown in a
    390 px wide frame, read in headless chromium; a page that fits has width <= viewport.
    A console message fails the check."""
    harness = page.with_name(f"phone-{page.stem}.html")
    harness.write_text(f"""<html><body style="margin:0">
<iframe id="f" src="{page.name}{fragment}" style="width:390px;height:800px;border:0"></iframe>
<script>
const f = document.getElementById("f");
f.addEventListener("load", () => {{
  const d = f.contentDocument.documentElement, out = document.createElement("pre");
  out.id = "result";
  out.textContent = d.scrollWidth + " " + d.clientWidth;
  document.body.append(out);
}});
</script></body></html>""")
    done = chromium("--allow-file-access-from-files", "--window-size=500,900",
                    "--virtual-time-budget=3000", "--dump-dom", harness.as_uri())
    assert "CONSOLE" not in done.stderr, done.stderr
    found = re.search(r'<pre id="result">(\d+) (\d+)</pre>', done.stdout)
    assert found is not None, done.stdout[-800:]
    width, viewport = map(int, found.groups())
    return width, viewport


BELOTE = str(Path(sys.executable).parent / "belote")
"""The ``belote`` script of this interpreter's environment (for tests that run it as a process)."""


def start_serve(*args: str, wait: float = 120.0):
    """Start ``belote serve --no-open ARGS``; return (process, url), the url with its token.

    What the server printed before the url is the process's ``startup`` attribute.

    The caller ends the process (``terminate()``, then ``wait()``); the kernels may have to
    be compiled first, hence the long ``wait``.
    """
    proc = subprocess.Popen([BELOTE, "serve", "--no-open", *args], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    end = time.monotonic() + wait
    assert proc.stderr is not None
    lines = []
    while time.monotonic() < end:
        line = proc.stderr.readline()
        if not line:
            break
        lines.append(line)
        match = re.match(r"belote serve: (http://\S+)$", line.strip())
        if match:
            proc.startup = "".join(lines[:-1])  # type: ignore[attr-defined]
            return proc, match.group(1)
    proc.kill()
    proc.wait()
    raise AssertionError(f"belote serve did not start: {''.join(lines)}")


_CLUSTER = """\
import sys
from dask.distributed import LocalCluster
cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
print(cluster.scheduler_address, flush=True)
sys.stdin.read()
cluster.close()
"""
"""A LocalCluster in its own process, up until its stdin closes (so no Dask thread is left
in the test process)."""


@contextmanager
def dask_scheduler() -> Iterator[str]:
    """A Dask LocalCluster of two single-threaded worker processes, started for the test in
    a process of its own; yields its scheduler's address (``--scheduler``)."""
    cluster = subprocess.Popen([sys.executable, "-c", _CLUSTER], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    try:
        assert cluster.stdout is not None
        address = cluster.stdout.readline().strip()
        assert address.startswith("tcp://127.0.0.1:"), address
        yield address
    finally:
        assert cluster.stdin is not None
        cluster.stdin.close()
        cluster.wait(timeout=60)


class Client:
    """Requests to one server: ``call`` returns (status, JSON or bytes, headers)."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname, parts.port
        self.token = parts.query.removeprefix("token=")

    def call(self, method: str, path: str, body: object = None, *, token: str | None = "query",
             headers: dict[str, str] | None = None, raw: bytes | None = None):
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        if token == "query":
            path += ("&" if "?" in path else "?") + f"token={self.token}"
        sent = dict(headers or {})
        if token == "bearer":
            sent["Authorization"] = f"Bearer {self.token}"
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        conn.request(method, path, body=data, headers=sent)
        response = conn.getresponse()
        payload = response.read()
        conn.close()
        if response.getheader("Content-Type", "").startswith("application/json"):
            return response.status, json.loads(payload), response
        return response.status, payload, response

    def post(self, kind: str, body: object, **kw):
        return self.call("POST", f"/api/{kind}", body, **kw)

    def job(self, kind: str, body: object, timeout: float = 60.0) -> dict:
        status, started, _ = self.post(kind, body)
        assert status == 202, started
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            state = self.call("GET", f"/api/job/{started['job']}")[1]
            if state["state"] not in ("queued", "running"):
                return state
            time.sleep(0.05)
        raise AssertionError("the job did not end")
