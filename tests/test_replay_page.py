"""The replay page of ``belote analyse --html``: self-contained, and working in a browser.

The browser checks run headless chromium (``.ci/run`` installs Debian's package; under
``CI=true`` a missing chromium fails them instead of skipping): the first and the last card of a board
at a desktop and a phone width, by the page's address (``#b=1&s=32``),
with no console message; the state the address leads to, read from the
page's DOM; and the arrow keys, pressed in a page that holds the replay in a
frame.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from belote.analysis.play_record import board_play_analysis
from belote.analysis.replay import replay_page
from belote.formats import cfn
from colver_games import session

BELOTE = str(Path(sys.executable).with_name("belote"))
GAMES = list(session(6, seed=7)) + ["S:.QJ9.AK9.98/AJ..QJ.KQJ7/TK9.8.T7.AT/Q87.ATK7.8. p-p-p-p - 0"]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None and os.environ.get("CI") != "true",
                                    reason="chromium is not installed")


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("replay")
    games = folder / "games.cfn"
    games.write_text("\n".join(GAMES) + "\n")
    done = subprocess.run([BELOTE, "analyse", games, "--html", folder / "games.html"], check=False,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "replay page of 7 boards written to" in done.stderr
    return folder / "games.html"


def test_the_page_needs_nothing_else(page: Path) -> None:
    text = page.read_text()
    assert not re.search(r"https?://|<link|<img|src=|@import|url\(", text)
    assert text.count('"name": "Board') == 7 and "passed out" in text


def test_the_page_holds_each_cards_cost_and_chart() -> None:
    boards = cfn.loads("\n".join(GAMES[:2]))
    analyses = [board_play_analysis(b) for b in boards]
    text = replay_page(boards, analyses, title="t")
    losses = [c.loss for a in analyses for c in a.cards]
    assert text.count('"loss": ') == len(losses) == 64
    assert text.count("<polyline") == 4  # two sides, two boards


def chromium(*args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                           "--enable-logging=stderr", "--v=0", *args],
                          check=False, capture_output=True, text=True, timeout=120)


@needs_chromium
@pytest.mark.parametrize("size", ["1200,1000", "390,1400"])
@pytest.mark.parametrize("where", ["b=1&s=0", "b=1&s=32", "b=7&s=0"])
def test_screenshots_without_console_messages(page: Path, size: str, where: str) -> None:
    shot = page.with_name(f"shot-{where.replace('&', '-')}-{size.replace(',', 'x')}.png")
    done = chromium(f"--window-size={size}", f"--screenshot={shot}", f"{page.as_uri()}#{where}")
    assert "CONSOLE" not in done.stderr, done.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000


@needs_chromium
@pytest.mark.parametrize("where,shown", [("b=1&s=32", "card 32 of 32, trick 8"),
                                         ("b=2&s=13", "card 13 of 32, trick 4"),
                                         ("b=7", "no play")])
def test_the_address_sets_the_place(page: Path, where: str, shown: str) -> None:
    done = chromium("--dump-dom", f"{page.as_uri()}#{where}")
    assert f'<span id="where">{shown}</span>' in done.stdout


@needs_chromium
def test_the_arrow_keys_step_through_the_play(page: Path) -> None:
    harness = page.with_name("harness.html")
    harness.write_text(f"""<html><body><iframe id="f" src="{page.name}#b=2&s=0"></iframe>
<script>
const f = document.getElementById("f");
f.addEventListener("load", () => {{
  const d = f.contentDocument, w = f.contentWindow;
  const press = (key) => d.dispatchEvent(new w.KeyboardEvent("keydown", {{key, bubbles: true}}));
  ["ArrowRight", "ArrowRight", "ArrowRight", "ArrowLeft"].forEach(press);
  const a = d.getElementById("where").textContent + " | " + w.location.hash;
  press("End");
  const b = d.getElementById("where").textContent;
  const out = document.createElement("pre");
  out.id = "result";
  out.textContent = a + " | " + b;
  document.body.append(out);
}});
</script></body></html>""")
    done = chromium("--allow-file-access-from-files", "--virtual-time-budget=3000",
                    "--dump-dom", harness.as_uri())
    assert ('<pre id="result">card 2 of 32, trick 1 | #b=2&amp;s=2 | card 32 of 32, trick 8'
            in done.stdout), done.stdout[-500:]
