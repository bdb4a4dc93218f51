"""The table of ``belote serve`` (``table.html``), driven in real headless chromium.

One real ``belote serve --no-open --port 0`` on loopback for the module and one chromium
(Debian's, launched by playwright; under ``CI=true`` a missing one fails instead of
skipping). A person starts a match, calls and plays from their seat's view while the page
shows the other seats thinking, is refused an illegal call with a message, plays the match
to its end (a short target: the rules' targets take a dozen deals), and downloads it as CFN
and game JSON, which ``belote review`` reads; once a deal is over (not before) the page
shows why the other seats called as they did. Screenshots at 390 and 1280 px, mid-deal and
at the match's end, go to ``BELOTE_SCREENSHOTS`` when it names a folder (else the test's
temporary folder).
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import CHROMIUM, run_cli, start_serve

MOVED = "body[data-state=your-turn], body[data-state=deal-over], body[data-state=over]"
"""The page waits for the person: their turn, the end of a deal, the end of the match."""

if os.environ.get("CI") != "true":  # under CI a missing chromium or playwright fails
    if CHROMIUM is None:
        pytest.skip("chromium is not installed", allow_module_level=True)
    pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page  # noqa: E402


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    proc, url = start_serve("--port", "0")
    yield url
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=20) == 143


@pytest.fixture()
def console() -> list[str]:
    """The page's console errors (a test takes out those it caused on purpose)."""
    return []


@pytest.fixture()
def page(browser: Any, server: str, console: list[str]) -> Iterator[Page]:
    """The table's page, failing the test on any console error."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    tab = context.new_page()
    errors = console
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: errors.append(str(e)))
    base, token = server.split("/?token=")
    tab.goto(f"{base}/table.html?token={token}")
    tab.wait_for_selector("#s-strength option", state="attached")
    yield tab
    context.close()
    assert not errors, errors


@pytest.fixture()
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("BELOTE_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def state(page: Page) -> dict[str, Any]:
    """What the page shows: the server's last answer (the JSON twin of the page)."""
    return page.evaluate("T.state")  # type: ignore[no-any-return]


def wait_for_person(page: Page) -> dict[str, Any]:
    page.wait_for_selector(MOVED, timeout=300_000)
    return state(page)


def move(page: Page) -> None:
    """The person's call or card: pass, and the first legal card of the hand."""
    before = state(page)["step"]
    if state(page)["phase"] == "auction":
        page.click('#calls button[data-call="P"]')
    else:
        page.click("#hand button.card >> nth=0")
    for _ in range(200):
        if state(page)["step"] > before:
            return
        page.wait_for_timeout(50)
    raise AssertionError("the call or card was not taken")


def both_widths(page: Page, name: str, shots: Path) -> None:
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=shots / f"table-{name}-{width}.png", full_page=True)


def test_a_match_played_to_its_end_and_kept_for_review(page: Page, shots: Path,
                                                        tmp_path: Path, console: list[str]
                                                        ) -> None:
    page.select_option("#s-mode", "coinche")
    assert page.input_value("#s-target") == "2000"  # the rules' target, unless shortened
    page.fill("#s-target", "1")
    page.fill("#s-seed", "5")
    page.select_option("#s-dealer", "N")
    page.select_option("#s-strength", "quick")
    page.click("#setup button[type=submit]")
    page.wait_for_selector("#table .seat .thinking")  # E calls first: the page says so
    assert "E is thinking" in (page.text_content("#status") or "")
    s = wait_for_person(page)
    assert "#m=" + s["match"] in page.url
    assert s["your_turn"] and s["phase"] == "auction"
    assert page.locator("#hand .card").count() == 8
    assert page.locator("#table .card.back").count() == 24  # the others' cards, face down
    page.evaluate("send('CapotZ')")  # an illegal call: refused, with a message
    page.wait_for_selector("#error:not([hidden])")
    assert (page.text_content("#error") or "").startswith("'CapotZ' is not a legal call now")
    assert state(page)["step"] == s["step"]
    assert console == ["Failed to load resource: the server responded with a status of 400 "
                       "(Bad Request)"]
    console.clear()
    shot = False
    deals = 0
    for _ in range(400):
        s = wait_for_person(page)
        if s["over"]:
            break
        if s["phase"] == "done":
            deals += 1
            assert page.locator("#table .card.back").count() == 0  # the hands shown
            assert page.locator("#table .seat .hand .card").count() == 32
            page.click("#next-deal")
            for _ in range(100):
                if state(page)["phase"] != "done":
                    break
                page.wait_for_timeout(50)
            continue
        if s["phase"] == "play" and s["played"] >= 9 and not shot:
            both_widths(page, "mid-deal", shots)
            shot = True
        move(page)
    assert s["over"] and shot
    status = page.text_content("#status") or ""
    mine = " (you and your partner)" if s["seat"] in s["winner"] else ""
    assert status.startswith(f"The match is over: {s['winner']}{mine} win, ")
    assert page.locator("#next-deal").count() == 0
    assert page.locator("#sheet tr").count() == len(s["sheet"]["deals"]) + 1
    both_widths(page, "match-over", shots)
    for button, suffix in (("#dl-cfn", ".cfn"), ("#dl-json", ".jsonl")):
        with page.expect_download() as info:
            page.click(button)
        assert info.value.suggested_filename == "match-coinche" + suffix
        saved = tmp_path / ("match" + suffix)
        info.value.save_as(saved)
        code, out, err = run_cli("review", saved, "--seat", s["seat"], "--json")
        assert code == 0, err
        assert len(json.loads(out)["deals"]) == len(s["sheet"]["deals"])
    assert page.text_content("#dl-note") == f"{len(s['sheet']['deals'])} deal" + (
        "s" * (len(s["sheet"]["deals"]) != 1) + " written.")


def test_a_classic_deal_from_the_five_cards_and_the_turned_card(page: Page, shots: Path
                                                                ) -> None:
    page.select_option("#s-mode", "classic")
    assert page.input_value("#s-target") == "1000"
    page.fill("#s-seed", "2")
    page.select_option("#s-dealer", "W")  # N speaks first, then E, then S (the person)
    page.select_option("#s-strength", "quick")
    page.click("#setup button[type=submit]")
    s = wait_for_person(page)
    if s["phase"] == "auction":
        assert page.locator("#hand .card").count() == 5
        assert page.locator("#table .turned .card").count() == 1
        assert page.locator('#calls button[data-call="P"]').count() == 1
        both_widths(page, "classic-auction", shots)
    for _ in range(100):  # to the end of the deal: the hands shown, the sheet written
        s = wait_for_person(page)
        if s["phase"] == "done":
            break
        move(page)
    assert page.locator("#table .seat .hand .card").count() == 32
    assert page.locator("#sheet tr").count() == 2
    assert page.is_visible("#next-deal")


def test_once_a_deal_is_over_the_page_shows_why_the_other_seats_called(page: Page,
                                                                        shots: Path) -> None:
    """At the default strength (the bidder simulates close calls): nothing of the other seats'
    reasons during the deal; after it, each of their calls with its candidates, estimates
    and intervals, the layouts and whether the next seed agrees."""
    page.fill("#s-seed", "4")
    page.select_option("#s-dealer", "S")  # W calls first
    page.click("#setup button[type=submit]")
    for _ in range(100):
        s = wait_for_person(page)
        if s["phase"] == "done":
            break
        assert s["explanations"] is None and page.locator("#why").count() == 0
        move(page)
    why = s["explanations"]
    assert why and page.is_visible("#why summary") and not page.is_visible("#why .why-call")
    page.click("#why summary")
    items = page.locator("#why .why-call")
    assert items.count() == len(why)
    for k, e in enumerate(why):
        text = items.nth(k).text_content() or ""
        assert text.startswith(e["seat"] + ": ") and "With the next seed: " in text
        rows = items.nth(k).locator("tr")
        assert rows.count() == (len(e["call"]["candidates"]) + 1 if e["call"]["simulated"]
                                else 0)
        if e["call"]["simulated"]:
            assert f"{e['call']['layouts']} layouts" in text
            for cand in e["call"]["candidates"]:  # valued on the first layouts only
                n = cand["expected_net"]["n"]
                assert (f"(first {n} layouts)" in text) == (n != e["call"]["layouts"])
    assert any(e["call"]["simulated"] for e in why)
    both_widths(page, "why", shots)
    page.click("#next-deal")  # the next deal: its reasons are not shown before it is over
    for _ in range(100):
        if state(page)["phase"] != "done":
            break
        page.wait_for_timeout(50)
    assert state(page)["explanations"] is None and page.locator("#why").count() == 0


def test_reloading_the_page_comes_back_to_the_match(page: Page) -> None:
    page.select_option("#s-strength", "quick")
    page.select_option("#s-dealer", "E")  # the person (S) calls first
    page.click("#setup button[type=submit]")
    s = wait_for_person(page)
    page.click('#calls button[data-call="P"]')
    page.wait_for_selector("#auction td")
    page.reload()
    page.wait_for_selector("#play:not([hidden])")
    again = state(page)
    assert again["match"] == s["match"] and again["auction"][:1] == ["P"]
    page.click("#new-match")
    assert page.is_visible("#setup") and "#m=" not in page.url


def test_a_decision_over_the_time_bound_is_shown_with_ask_again(browser: Any,
                                                                shots: Path) -> None:
    """``--timeout 0.1``: a decision of the player runs over; the page says which seat could
    not decide and offers to ask again (the request bound holds at the table too)."""
    proc, url = start_serve("--port", "0", "--timeout", "0.1")
    context = browser.new_context(viewport={"width": 390, "height": 900})
    try:
        tab = context.new_page()
        base, token = url.split("/?token=")
        tab.goto(f"{base}/table.html?token={token}")
        tab.wait_for_selector("#s-strength option", state="attached")
        tab.select_option("#s-dealer", "W")
        tab.fill("#s-seed", "7")
        tab.click("#setup button[type=submit]")
        for _ in range(100):  # the person passes and plays until a decision runs over
            tab.wait_for_selector(MOVED + ", body[data-state=error]", timeout=60_000)
            if tab.evaluate("document.body.dataset.state") == "error":
                break
            move(tab)
        status = tab.text_content("#status") or ""
        assert status.endswith("could not decide (the request ran over 0.1 s).Ask again")
        tab.screenshot(path=shots / "table-ask-again-390.png", full_page=True)
        tab.click("#ask-again")
        tab.wait_for_selector("body[data-state=thinking], body[data-state=error]")
    finally:
        context.close()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 143
