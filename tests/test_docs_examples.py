"""Every example of README.md and docs/*.md prints what its page says it prints.

How examples are written and run is in ``tests/docs_examples.py``. One test
per page runs the page's examples in order in a scratch directory. After a
change of output, ``pytest tests/test_docs_examples.py --update-examples``
rewrites the pages with what the commands print now: read the diff before
committing it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from docs_examples import PAGES, REPO, check, examples, scratch, update

WITH_EXAMPLES = [page for page in PAGES if examples(page)]


@pytest.fixture(scope="module", autouse=True)
def kernels_loaded() -> None:
    """Load the solver first, so that no example shows the one-time compile notice."""
    from belote.dd import warm_up

    warm_up()


def test_pages_have_examples() -> None:
    names = {page.relative_to(REPO).as_posix() for page in WITH_EXAMPLES}
    assert {"README.md", "docs/cli.md", "docs/analysis.md", "docs/bid.md",
            "docs/databases.md", "docs/python.md"} <= names


@pytest.mark.parametrize("page", WITH_EXAMPLES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_page_examples(page: Path, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    scratch(tmp_path)
    if request.config.getoption("--update-examples"):
        update(page, tmp_path)
        return
    for example in examples(page):
        check(example, tmp_path)



def test_every_subpackage_has_an_api_page() -> None:
    """A new subpackage of the library has its page in docs/api (its modules are listed
    by docs/hooks.py when the site is built)."""
    for folder in (REPO / "solver").iterdir():
        if (folder / "__init__.py").exists():
            page = REPO / "docs" / "api" / f"{folder.name}.md"
            assert page.read_text().startswith(f"::: belote.{folder.name}\n"), page
