"""The replay page of ``belote analyse --html``: self-contained, and working in a browser.

The browser checks run headless chromium (``.ci/run`` installs Debian's package; under
``CI=true`` a missing chromium fails them instead of skipping): the first and the last card of a board
at a desktop and a phone width, by the page's address (``#b=1&s=32``),
with no console message; the state the address leads to, read from the
page's DOM; and the arrow keys, pressed in a page that holds the replay in a
frame.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from belote import board_play_analysis, cfn
from belote.analysis import replay_page
from colver_games import session
from conftest import CHROMIUM, chromium, needs_chromium, phone_width, run_cli

BELOTE = str(Path(sys.executable).with_name("belote"))
GAMES = list(session(6, seed=7)) + ["S:.QJ9.AK9.98/AJ..QJ.KQJ7/TK9.8.T7.AT/Q87.ATK7.8. p-p-p-p - 0"]


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


def test_a_page_on_disk_links_nowhere_but_says_how_to_open_the_board(page: Path) -> None:
    text = page.read_text()
    assert '<script type="application/json" id="board-link">null</script>' in text
    assert "<code>belote serve FILE</code>" in text


@pytest.mark.parametrize("name", ["__SCRIPT__", "__STYLE__ __DATA__", "__TITLE__"])
def test_a_name_like_a_placeholder_is_data(name: str) -> None:
    """The page's parts are filled in one pass: a board (or title) named like a placeholder
    stays a name, and the data block still parses (it got the page's script pasted in)."""
    board = cfn.loads(GAMES[0])[0].replace(board=name)
    text = replay_page([board], [board_play_analysis(board)], title=name)
    data = re.search(r'<script type="application/json" id="data">(.*?)</script>', text, re.S)
    assert data is not None
    assert json.loads(data.group(1))[0]["name"] == f"Board {name}"
    assert text.count('"use strict"') == 1 and f"<title>Replay: {name}</title>" in text


def test_the_page_holds_each_cards_cost_and_chart() -> None:
    boards = cfn.loads("\n".join(GAMES[:2]))
    analyses = [board_play_analysis(b) for b in boards]
    text = replay_page(boards, analyses, title="t")
    losses = [c.loss for a in analyses for c in a.cards]
    assert text.count('"loss": ') == len(losses) == 64
    assert text.count("\\u003cpolyline") == 4  # two sides, two boards (escaped in the data)


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


# --- what a hand-record viewer shows (issue 32) ----------------------------------------------


def test_the_data_holds_tricks_result_and_the_table_per_trump() -> None:
    from belote.analysis import board_data

    board = cfn.loads(GAMES[0])[0]
    data = board_data(board, board_play_analysis(board))
    assert [t["trick"] for t in data["tricks"]] == list(range(1, 9))
    last = data["tricks"][-1]["taken"]
    assert last["NS"] + last["EW"] in (162, 252) and data["result"]["finished"]
    assert data["result"]["outcome"] in ("made", "failed", "litige")
    assert data["trump"] == data["contract"].rstrip("X")[-1]
    rows = data["dd_table"]["rows"]
    assert [r["trump"] for r in rows] == list("SHDC")
    assert all(r["NS"] + r["EW"] in (162, 252) for r in rows)


def test_an_unfinished_record_gives_its_points_so_far_and_the_double_dummy_end() -> None:
    from belote.analysis import board_data

    import json

    from belote.formats.game_json import parse_record

    record = json.loads(JSON_GAMES.read_text().splitlines()[0])
    board = parse_record(dict(record, play=record["play"][:13]))
    data = board_data(board, board_play_analysis(board))
    result = data["result"]
    assert not result["finished"] and result["tricks"] == 3 and "score" not in result
    assert result["points"] == data["tricks"][-1]["taken"]
    assert result["value"] == data["cards"][-1]["after"]
    assert data["dd_table"]["leader"] == "E"
    assert data["outcome"]["end"] in ("made", "failed", "litige")


def test_the_title_is_the_file_name_or_the_title_option(tmp_path: Path) -> None:
    games = tmp_path / "night.cfn"
    games.write_text(GAMES[0] + "\n")
    for extra, shown in (([], "night.cfn"), (["--title", "Club <night> & co"],
                                            "Club &lt;night&gt; &amp; co")):
        done = subprocess.run([BELOTE, "analyse", games, "--html", tmp_path / "p.html", *extra],
                              check=False, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        text = (tmp_path / "p.html").read_text()
        assert f"<title>Replay: {shown}</title>" in text and str(tmp_path) not in text



def test_a_title_without_a_page_is_a_usage_error(tmp_path: Path) -> None:
    """``--title`` names the replay page: without ``--html`` it is refused, never ignored
    (issue 33)."""
    games = tmp_path / "night.cfn"
    games.write_text(GAMES[0] + "\n")
    code, out, err = run_cli("analyse", games, "--title", "Club night")
    assert (code, out) == (2, "") and "--title is the replay page's title: it needs --html" in err


@needs_chromium
def test_the_page_shows_leader_winner_result_and_the_table(page: Path) -> None:
    done = chromium("--dump-dom", f"{page.as_uri()}#b=1&s=32")
    dom = done.stdout
    assert "CONSOLE" not in done.stderr, done.stderr
    table = dom[dom.index('id="plays"'):]
    assert re.search(r"<th>led</th><th>won</th><th>points</th><th>NS</th><th>EW</th>", table)
    assert table.count('class="lead') == 8 and table.count(" won") >= 8
    assert "Result as played" in dom and "score of the deal NS " in dom
    assert "Double-dummy table" in dom and dom.count('class="sym') == 4
    assert 'class="trump' in dom
    note = re.search(r'<div id="note">(.*?)</div>', dom).group(1)
    assert re.search(r"wins the trick \(\d+ points\)", note)
    assert not re.search(r"\b[2-9TJQKA][SHDC]\b", note)  # one notation: 10♥, never TH


# --- a board name cannot switch the page off (issue 33) --------------------------------------

SESSION_PBN = Path(__file__).resolve().parent.parent / "datasets" / "examples" / "session.pbn"
JSON_GAMES = SESSION_PBN.with_name("colver.jsonl")
PAYLOADS = {"dblesc": "<!--<script>", "dblesc_upper": "<!--<SCRIPT/x",
            "dblesc_space": "x <!-- y <script z", "script": "<script>window.__x=1</script>",
            "close": "</script><script>window.__x=2</script>", "lsep": "a\u2028b"}
"""Board names the red team tried; the first three open an HTML comment and a script."""


def pbn_boards(*names: str) -> str:
    """The first boards of the example session, renamed ``names``."""
    blocks = SESSION_PBN.read_text().split("\n\n")[1:]
    out = []
    for block, name in zip(blocks, names):
        escaped = name.replace("\\", "\\\\").replace('"', '\\"')
        out.append(re.sub(r'\[Board "\d+"\]', f'[Board "{escaped}"]', block, count=1))
    return "\n\n".join(out) + "\n"


def json_boards(*boards: object) -> str:
    """The first game of the JSON example once per value of ``board`` (any JSON type)."""
    import json

    record = json.loads(JSON_GAMES.read_text().splitlines()[0])
    return "".join(json.dumps(dict(record, board=b)) + "\n" for b in boards)


HOSTILE = {
    "X04": ("x.pbn", pbn_boards(PAYLOADS["dblesc"]), 1, []),
    "X05": ("x.pbn", pbn_boards(PAYLOADS["dblesc_upper"]), 1, []),
    "X06": ("x.pbn", pbn_boards(PAYLOADS["dblesc_space"]), 1, []),
    "X17": ("x.pbn", pbn_boards("1", PAYLOADS["dblesc"], "3"), 3, []),
    "X18": ("x.jsonl", json_boards(*(PAYLOADS[k] for k in ("script", "close", "dblesc",
                                                           "dblesc_upper", "lsep", "dblesc_space"))),
            6, []),
    "X19": ("x.jsonl", json_boards(PAYLOADS["dblesc"]), 1, []),
    "X20": ("x.jsonl", json_boards([PAYLOADS["script"]],
                                   {"<img src=x onerror=alert(1)>": PAYLOADS["dblesc"]}), 2, []),
    "X27": ("x.pbn", pbn_boards(PAYLOADS["dblesc"]), 1, ["--sd"]),
}
"""The red team's broken-page cases: (file name, content, boards, extra options)."""


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_no_less_than_sign_in_the_data_block(tmp_path: Path, case: str) -> None:
    name, content, boards, extra = HOSTILE[case]
    (tmp_path / name).write_text(content)
    done = subprocess.run([BELOTE, "analyse", tmp_path / name, "--html", tmp_path / "x.html",
                           *extra], check=False, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "x.html").read_text()
    block = text[text.index('id="data">'):text.index("</script>", text.index('id="data">'))]
    assert block.count("<") == 0 and block.count(">") == 1 and "&" not in block
    if CHROMIUM is None and os.environ.get("CI") != "true":
        pytest.skip("chromium is not installed")
    dom = chromium("--dump-dom", (tmp_path / "x.html").as_uri())
    assert dom.stdout.count("<option") == boards, dom.stdout[-800:]
    assert "CONSOLE" not in dom.stderr, dom.stderr


@needs_chromium
def test_the_page_fits_a_phone(page: Path) -> None:
    width, viewport = phone_width(page, "#b=1&s=20")
    assert 360 <= viewport <= 390 and width <= viewport  # less a scroll bar
