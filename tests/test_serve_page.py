"""The analysis page of ``belote serve``, driven in real headless chromium.

One real ``belote serve --no-open --port 0 RECORD`` on loopback for the module, one
chromium (Debian's ``/usr/bin/chromium``, launched by playwright; ``.ci/run`` installs
the package when it is missing, and under ``CI=true`` a missing chromium fails these tests
instead of skipping them). The checks: open a record, step, try a card, undo, "play
best", ask a single-dummy value and cancel it, export; the bid advice at a call; a board
named with markup is shown as text; the page fits a phone's width.
"""

from __future__ import annotations

import os
import re
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import CHROMIUM, start_serve

NAME = "<img src=x onerror=window.pwned=1>"
"""A board name that runs a script if the page ever puts data into innerHTML."""
RECORD = f"""[Board "{NAME}"]
[Dealer "N"]
[Deal "N:K8.8.KJT.T7 QT9.Q9.9.J8 A7.AK.A8.A9 J.JT7.Q7.KQ"]
[Mode "coinche"]
[Auction "E"]
P 100D P P
P
[Declarer "S"]
[Contract "100D"]
[Play "E"]
D9 DA D7 DJ
SQ SA SJ S8
C8 D8 DQ DK
*

[Board "2"]
[Dealer "E"]
[Deal "E:QJ.J9.8.QJ8 T9.AK8.T9.7 K.T.AKJ.KT9 A87.Q7.Q7.A"]
[Mode "coinche"]
[Declarer "N"]
[Contract "80D"]
[Play "S"]
DT DA D7 D8
*
"""
READY = "body[data-state=ready]"

if os.environ.get("CI") != "true":  # under CI a missing chromium or playwright fails
    if CHROMIUM is None:
        pytest.skip("chromium is not installed", allow_module_level=True)
    pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address (with its token) of a real ``belote serve`` of the record, stopped at the end."""
    record = tmp_path_factory.mktemp("serve") / "night.pbn"
    record.write_text(RECORD)
    proc, url = start_serve("--port", "0", str(record))
    yield url
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=20) == 143


@pytest.fixture()
def page(browser: Any, server: str) -> Iterator[Page]:
    """A fresh page on the record's first board, failing the test on any console error."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.goto(server)
    tab.wait_for_selector(READY)
    yield tab
    context.close()
    assert not errors, errors


def where(page: Page) -> str:
    page.wait_for_selector(READY)
    return page.text_content("#where") or ""


def test_open_step_try_undo_play_best_export(page: Page, tmp_path: Path) -> None:
    assert (page.text_content("#boards option") or "").startswith("Board " + NAME)
    assert NAME in (page.text_content("#title") or "")
    assert page.evaluate("window.pwned") is None
    assert where(page) == "before the first card of the record (12 cards)"
    assert page.locator("#table .card").count() == 32
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    assert where(page) == "card 5, trick 2 of the record (12 cards)"
    page.keyboard.press("ArrowLeft")
    assert where(page).startswith("card 4, trick 1")
    # N leads trick 2: the values of its legal cards, the best marked; try another card
    values = page.locator("#values tr[data-card]")
    assert values.count() == 7 and page.locator("#values tr.best").count() >= 1
    record_card = "8S"
    other = next(c for c in page.eval_on_selector_all(
        "#table button.card", "bs => bs.map(b => b.dataset.card)") if c != record_card)
    page.click(f'#table button.card[data-card="{other}"]')
    assert where(page).startswith("card 5, trick 2 — variation from card 4")
    assert page.locator("#line .mv.var").count() == 1
    page.click("#undo")
    assert where(page).startswith("card 4, trick 1 of the record")
    assert page.locator("#line .mv.var").count() == 0
    # play best from here to the end of the deal: a variation of 28 cards, the verdict shown
    page.click("#play-best")
    page.wait_for_selector("#where:has-text('deal over')", timeout=30_000)
    assert where(page).startswith("card 32, trick 8 — variation from card")
    assert page.locator("#tricks tr").count() == 10  # a trick a row, and the points taken
    total = page.locator("#tricks tr").last.locator("td.won").all_text_contents()
    assert sum(map(int, total)) in (162, 252)
    assert page.text_content("#status .won")
    # export the line as PBN: the deal and the 32 cards
    page.select_option("#export-format", "pbn")
    with page.expect_download() as info:
        page.click("#export")
    saved = tmp_path / "line.pbn"
    info.value.save_as(saved)
    assert info.value.suggested_filename.endswith("-variation.pbn")
    text = saved.read_text()
    cards = re.findall(r"\b([AKQJT987][SHDC]|[SHDC][AKQJT987])\b", text)
    assert "K8.8.KJT.T7" in text and len(cards) >= 32
    page.keyboard.press("r")
    assert where(page).startswith("card 4, trick 1 of the record")


def test_single_dummy_value_asked_then_cancelled(page: Page) -> None:
    page.click("#sd-ask")
    page.wait_for_selector("#sd-progress:not([hidden])")
    with page.expect_request(lambda r: r.method == "DELETE" and "/api/job/" in r.url) as sent:
        page.click("#sd-cancel")
    assert page.text_content("#sd-note") == "Single dummy cancelled."
    for _ in range(50):  # the DELETE may still be on its way: ask until the job has ended
        job = page.request.get(sent.value.url).json()  # the same address, with its token
        if job["state"] not in ("queued", "running"):
            break
        page.wait_for_timeout(100)
    assert job["state"] == "cancelled", job
    assert page.is_hidden("#sd-progress") and page.is_enabled("#sd-ask")
    # after the last-but-one trick the estimate is quick: ask it and see it arrive
    page.keyboard.press("End")
    page.click("#play-best")
    page.wait_for_selector("#where:has-text('deal over')", timeout=30_000)
    for _ in range(6):
        page.keyboard.press("ArrowLeft")
    where(page)
    page.click("#sd-ask")
    page.wait_for_selector("#values td.sdv", timeout=30_000)
    assert page.text_content("#sd-note").startswith("Single dummy done")


def test_bid_advice_at_a_call_and_the_dd_table(page: Page) -> None:
    page.fill("#bid-samples", "12")
    page.click('#auction td.call[data-index="1"]')
    page.wait_for_selector("#advice table", timeout=30_000)
    assert (page.text_content("#advice") or "").startswith("S (double-dummy, 12 samples)")
    page.click("#dd-ask")
    page.wait_for_selector("#ddtable table", timeout=30_000)
    assert page.locator("#ddtable tr").count() == 5
    page.select_option("#boards", "1")  # no auction: the advice for the first call
    page.click("#bid-first")
    page.wait_for_selector("#advice:has-text('S (double-dummy, 12 samples)') table")
    assert page.locator("#advice tr.best").count() == 1


def test_a_record_uploaded_a_deal_typed_and_one_seats_view(page: Page, tmp_path: Path) -> None:
    upload = tmp_path / "other.cfn"
    upload.write_text("N:A8.TQ.AT.A8/Q.97.7.TKQ9/K7.KJ.KQ9.7/TJ9.A8.J8.J p-p-p-p - 0\n")
    page.set_input_files("#upload", str(upload))
    page.wait_for_selector("#title:has-text('other.cfn')")
    assert where(page) == "before the first card"
    assert "Passed out: no contract, no play." in (page.text_content("#status") or "")
    page.click("#dd-ask")  # the deal's table needs no contract
    page.wait_for_selector("#ddtable table", timeout=30_000)
    page.click("#type-deal")
    page.fill("#f-deal", "N:K8.8.KJT.T7 QT9.Q9.9.J8 A7.AK.A8.A9 J.JT7.Q7.KQ")
    page.fill("#f-contract", "100h")
    page.select_option("#f-declarer", "E")
    page.fill("#f-name", "<b>mine</b>")
    page.click("#deal-form button[type=submit]")
    page.wait_for_selector("#title:has-text('<b>mine</b>')")
    assert where(page) == "before the first card" and page.is_hidden("#deal-form")
    assert "contract 100H by E" in (page.text_content("#status") or "")
    page.select_option("#view", "S")  # E leads: S sees its hand only, and no value of E's cards
    where(page)
    assert page.locator("#table .card.back").count() == 24
    assert page.locator("#table button.card").count() == 0
    assert "S does not see those cards" in (page.text_content("#values") or "")


@pytest.mark.parametrize("width", [390, 1280])
def test_the_page_fits_the_width(browser: Any, server: str, width: int, tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900})
    tab = context.new_page()
    tab.goto(server + "#b=1&l=9D-AD-7D-JD-8S")
    tab.wait_for_selector(READY)
    assert tab.text_content("#where").startswith("card 5, trick 2")
    assert tab.evaluate("document.documentElement.scrollWidth") <= width
    tab.screenshot(path=tmp_path / f"serve-{width}.png", full_page=True)
    context.close()


def replay_address(server: str, board: int = 1, cards: int = 0) -> str:
    """The served replay page of the record (file 1) at ``board`` after ``cards`` cards."""
    base, token = server.split("/?token=")
    return f"{base}/replay/1?token={token}#b={board}&s={cards}"


def test_a_served_replay_page_opens_the_board_at_a_card_and_back(page: Page,
                                                                  server: str) -> None:
    page.goto(replay_address(server))
    page.wait_for_selector("#plays a.to-board")
    assert page.evaluate("window.pwned") is None  # the board's markup name is text there too
    assert page.locator("#plays a.to-board").count() == 12
    assert "belote serve FILE" not in (page.text_content("footer") or "")
    # the link of the sixth card: the board before it, five cards into the record
    with page.expect_navigation():
        page.click('#plays a.to-board[href$="#f=1&b=1&s=5"]')
    assert where(page) == "card 5, trick 2 of the record (12 cards)"
    assert page.url.endswith("#f=1&b=1&l=9D-AD-7D-JD-8S")
    assert page.locator("#values tr[data-card]").count() >= 1  # E's legal cards, valued
    # a variation, then back to the replay page at the record's card it came from
    other = next(c for c in page.eval_on_selector_all(
        "#table button.card", "bs => bs.map(b => b.dataset.card)") if c != "QS")
    page.click(f'#table button.card[data-card="{other}"]')
    assert "variation from card 5" in where(page)
    with page.expect_navigation():
        page.click("#to-replay")
    page.wait_for_selector("#plays a.to-board")
    assert page.text_content("#where") == "card 5 of 12, trick 2"
    # the header link follows the replay page's place: board 2 at its start
    page.select_option("#pick", "1")
    assert page.get_attribute("#to-board", "href").endswith("#f=1&b=2&s=0")
    with page.expect_navigation():
        page.click("#to-board")
    assert where(page) == "before the first card of the record (4 cards)"
    assert page.text_content("#boards option:checked").startswith("Board 2")


@pytest.mark.parametrize("width", [390, 1280])
def test_the_served_replay_page_fits_the_width(browser: Any, server: str, width: int,
                                               tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900})
    tab = context.new_page()
    tab.goto(replay_address(server, 1, 6))
    tab.wait_for_selector("#plays a.to-board")
    assert tab.evaluate("document.documentElement.scrollWidth") <= width
    tab.screenshot(path=tmp_path / f"served-replay-{width}.png", full_page=True)
    tab.goto(server + "#f=1&b=1&s=6")
    tab.wait_for_selector(READY)
    assert tab.is_visible("#to-replay")
    tab.screenshot(path=tmp_path / f"served-board-{width}.png", full_page=True)
    context.close()


def test_the_served_session_page_opens_the_board_at_a_decision(page: Page, server: str,
                                                               tmp_path: Path) -> None:
    """``/review/1``: a page showing the review's progress that reloads itself, then the
    session page, whose decisions open the analysis board before the card."""
    base, token = server.split("/?token=")
    page.goto(f"{base}/review/1?token={token}")
    page.wait_for_selector("h1:has-text('Review of')", timeout=300_000)
    assert page.evaluate("window.pwned") is None
    assert page.locator("#reviewing").count() == 0
    page.set_viewport_size({"width": 390, "height": 900})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=tmp_path / "served-session-390.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=tmp_path / "served-session-1280.png", full_page=True)
    links = page.locator('table.decisions a[href*="#f=1&b=1&s="]')
    href = links.first.get_attribute("href")
    cards = int(href.rsplit("=", 1)[1])
    with page.expect_navigation():
        links.first.click()
    assert where(page).startswith(f"card {cards}, trick" if cards else "before the first card")
    assert page.get_attribute("#to-replay", "href").endswith(f"#b=1&s={cards}")
