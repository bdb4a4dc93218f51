"""The docs site (issue 32): it builds strictly the way docs/contributing.md says, and its
search ranks the guides first.

The site is built once, with the ``mkdocs`` command of this environment (``mkdocs build
--strict``: any warning fails). The search checks read the index the build writes
(``search/search_index.json``: the benchmark log left out, the guides boosted, the API
reference down-weighted, docs/hooks.py) and then ask the site's own search engine
(mkdocs-material's search worker, lunr) the home page's questions in headless chromium
(``.ci/run`` installs Debian's package; under ``CI=true`` a missing chromium or mkdocs fails
these tests instead of skipping them).
"""

from __future__ import annotations

import functools
import html
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MKDOCS = Path(sys.executable).with_name("mkdocs")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
IN_CI = os.environ.get("CI") == "true"
needs_mkdocs = pytest.mark.skipif(not MKDOCS.exists() and not IN_CI,
                                  reason="mkdocs is not installed (pip install -e '.[docs]')")
needs_chromium = pytest.mark.skipif(CHROMIUM is None and not IN_CI,
                                    reason="chromium is not installed")

_spec = importlib.util.spec_from_file_location("docs_hooks", ROOT / "docs" / "hooks.py")
assert _spec is not None and _spec.loader is not None
hooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hooks)

GUIDES = {"", "getting-started/", "rules/", "formats/", "bid/", "auction/", "databases/",
          "analysis/", "single-dummy/", "player/", "game-records/", "review/", "serve/", "dask/",
          "data-safety/", "python/"}
"""The home page and the guides of mkdocs.yml's nav, by their address in the site."""

HOME_QUESTIONS = ["partner card cost", "litige", "belote rebelote", "coinche or pass",
                  "exit status"]


def test_getting_started_runs_every_command() -> None:
    """docs/getting-started.md shows a run of each command (tests/test_docs_examples.py runs
    them and compares their output)."""
    from belote.cli.main import cli

    page = (ROOT / "docs" / "getting-started.md").read_text(encoding="utf-8")
    missing = [name for name in cli.commands  # a command reading stdin may follow a pipe
               if f"\n$ belote {name} " not in page and not re.search(rf"\n\$ .*\| belote {name}\b", page)]
    assert not missing, f"docs/getting-started.md has no example of {missing}"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    done = subprocess.run([str(MKDOCS), "build", "--strict", "--site-dir", str(folder)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert done.returncode == 0, done.stderr[-3000:]
    return folder


def _page(location: str) -> str:
    return location.split("#", 1)[0]


@needs_mkdocs
def test_the_benchmark_log_is_built_but_not_indexed(site: Path) -> None:
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    pages = {_page(entry["location"]) for entry in index["docs"]}
    assert "results/" not in pages and (site / "results" / "index.html").exists()
    assert GUIDES <= pages and "cli/" in pages and "api/dd/" in pages


@needs_mkdocs
def test_the_reference_documents_the_constants_bound_by_unpacking(site: Path) -> None:
    """``SPADES, HEARTS, DIAMONDS, CLUBS = range(4)``: griffe alone records none of them
    (docs/griffe_roles.py adds them); each is documented at its address (the front door's
    suits, seats and sides; ``belote.types``'s ranks), and the front door's docstring links
    to them."""
    front_door = (site / "api" / "index.html").read_text(encoding="utf-8")
    for name in ("SPADES", "CLUBS", "NORTH", "WEST", "NS", "EW"):
        assert f'id="belote.{name}"' in front_door, name
    assert re.search(r'<a [^>]*href="[^"]*#belote\.SPADES"', front_door)
    types = (site / "api" / "types" / "index.html").read_text(encoding="utf-8")
    for name in ("SEVEN", "ACE"):
        assert f'id="belote.types.{name}"' in types, name


@needs_mkdocs
def test_each_api_page_documents_its_address(site: Path) -> None:
    """A name is documented at its one address: ``belote.dd_table`` on the front door's page,
    ``belote.dd.dd_tables`` on ``belote.dd``'s, never under the module that writes it."""
    front_door = (site / "api" / "index.html").read_text(encoding="utf-8")
    dd = (site / "api" / "dd" / "index.html").read_text(encoding="utf-8")
    assert 'id="belote.dd_table"' in front_door and 'id="belote.pbn.load"' in front_door
    assert 'id="belote.dd.dd_tables"' in dd and 'id="belote.dd.dd_table"' not in dd
    assert 'id="belote.dd.deals.dd_tables"' not in dd and 'id="belote.dd.deals"' in dd


@needs_mkdocs
def test_guides_are_boosted_and_the_api_reference_down_weighted(site: Path) -> None:
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    boosts = {}
    for entry in index["docs"]:
        boosts.setdefault(_page(entry["location"]), set()).add(entry.get("boost", 1))
    for page, found in boosts.items():
        if page in GUIDES:
            assert found == {hooks.GUIDE_BOOST}, page
        elif page.startswith("api/"):
            assert found == {hooks.REFERENCE_BOOST}, page
        else:
            assert found == {1}, page


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The site over HTTP on the loopback interface (the search fetches its index)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        thread.join()


SEARCH_PAGE = """<!doctype html><html><body><pre id="out">waiting</pre><script>
// The site's search worker, run on this page: its answers come back through postMessage.
const queries = new URLSearchParams(location.search).getAll("q");
const found = {};
let next = 0;
window.postMessage = (message) => {
  if (message.type === 3) {
    found[queries[next - 1]] = message.data.items.map(group => group[0].location);
  }
  if (next < queries.length) {
    window.dispatchEvent(new MessageEvent("message", {data: {type: 2, data: queries[next++]}}));
  } else {
    document.getElementById("out").textContent = JSON.stringify(found);
  }
};
</script><script src="WORKER"></script><script>
fetch("search/search_index.json").then(answer => answer.json()).then(index =>
  window.dispatchEvent(new MessageEvent("message", {data: {type: 0, data: {
    config: index.config, docs: index.docs, options: {suggest: false}}}})));
</script></body></html>
"""


def _search(site: Path, served: str, queries: list[str], tmp_path: Path) -> dict[str, list[str]]:
    """The pages the site's search lists for each query, best first."""
    [worker] = (site / "assets" / "javascripts" / "workers").glob("search.*.min.js")
    (site / "search-check.html").write_text(
        SEARCH_PAGE.replace("WORKER", worker.relative_to(site).as_posix()), encoding="utf-8")
    query = "&".join(f"q={q.replace(' ', '+')}" for q in queries)
    assert CHROMIUM is not None
    done = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}",
         "--virtual-time-budget=30000", "--dump-dom", f"{served}/search-check.html?{query}"],
        capture_output=True, text=True, timeout=180, check=False)
    found = re.search(r'<pre id="out">(.*?)</pre>', done.stdout, flags=re.DOTALL)
    assert found and found.group(1) != "waiting", done.stderr[-2000:]
    return {q: [_page(location) for location in pages]
            for q, pages in json.loads(html.unescape(found.group(1))).items()}


@needs_mkdocs
@needs_chromium
def test_the_home_pages_questions_land_on_guides(site: Path, served: str,
                                                  tmp_path: Path) -> None:
    results = _search(site, served, HOME_QUESTIONS + ["solve_position"], tmp_path)
    for question in HOME_QUESTIONS:
        assert results[question][0] in GUIDES, (question, results[question][:5])
        assert not any(page == "results/" for page in results[question])
    # the reference is still found, after the guide, for a name it documents
    assert any(page.startswith("api/") for page in results["solve_position"][:5])
