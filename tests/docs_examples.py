"""The examples of README.md and docs/*.md: find them, run them, compare their output.

A page's examples are its fenced blocks:

- ``console``: lines ``$ COMMAND`` each followed by the output it prints
  (stdout and stderr as a terminal shows them). A command ``belote ARGS``, or
  ``belote ARGS; echo "TEXT $?"`` (the output then ends with TEXT and the
  exit status), runs in this process through click's test runner; any other
  command (``cat``, ``sed``, ``head``, redirections, pipes) runs in ``bash``.
  Without ``echo ... $?``, a command must exit 0, or non-zero when its output
  has an ``Error:`` line.
- ``python``: a script, run with this interpreter; its standard output must
  be the ``text`` block that follows it (after at most one paragraph of
  prose), or empty when no ``text`` block follows.

The examples of one page run in order in one scratch directory that holds
``datasets`` and ``tests`` (links to the checkout's), so a page reads the
shipped examples by the same relative paths as a reader at the root of a
checkout, and the files one example writes are there for the next.

Two things are not compared as written: a duration such as ``(7.7 s)`` in
``belote batch``'s summary matches any duration, and a ``belote`` command with
a ``--jobs`` option runs with ``--jobs 1`` unless it names its own (the
output is the same whatever ``--jobs``, which other tests check).
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from belote.cli.main import cli
from click.testing import CliRunner

REPO = Path(__file__).resolve().parent.parent
PAGES = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]

FENCE = re.compile(r"^```(\w*)\s*$")
IN_PROCESS = re.compile(r'^belote ([^|<>&;$`]*?)(?:; echo "([^"$]*)\$\?")?$')
PROGRESS_LINE = re.compile(r"^belote: [\d,]+ (?:of [\d,]+ )?\w+ (?:\(\d+%\) )?after \d+ s\n",
                           re.MULTILINE)
"""A progress line, printed once a minute when stderr is not a terminal."""
DURATION = re.compile(r"\(\d+(?:\.\d+)? s\)")


@dataclass
class Example:
    """One command or script, where its expected output sits in its page."""

    page: Path
    line: int  # 1-based line of the command or of the script's first line
    kind: str  # "console" or "python"
    code: str
    expected: str
    output_lines: tuple[int, int] | None  # [start, end) 0-based lines holding the expected output


def _blocks(lines: list[str]) -> list[tuple[str, int, int]]:
    """(language, first content line, end line) of every fenced block, 0-based."""
    blocks, i = [], 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if match:
            end = i + 1
            while end < len(lines) and lines[end].rstrip() != "```":
                end += 1
            blocks.append((match.group(1), i + 1, end))
            i = end + 1
        else:
            i += 1
    return blocks


def examples(page: Path) -> list[Example]:
    """The examples of one page, in page order."""
    lines = page.read_text().split("\n")
    blocks = _blocks(lines)
    found = []
    for n, (language, start, end) in enumerate(blocks):
        if language == "console":
            commands = [i for i in range(start, end) if lines[i].startswith("$ ")]
            if not commands or commands[0] != start:
                raise ValueError(f"{page.name}:{start + 1}: a console block starts with '$ '")
            for i, first in enumerate(commands):
                last = commands[i + 1] if i + 1 < len(commands) else end
                expected = "".join(line + "\n" for line in lines[first + 1:last])
                found.append(Example(page, first + 1, "console", lines[first][2:], expected,
                                     (first + 1, last)))
        elif language == "python":
            code = "".join(line + "\n" for line in lines[start:end])
            output, span = "", None
            if n + 1 < len(blocks) and blocks[n + 1][0] == "text":
                _, out_start, out_end = blocks[n + 1]
                between = [x for x in lines[end + 1:out_start - 1] if x.strip()]
                if len(between) <= 1:
                    output = "".join(line + "\n" for line in lines[out_start:out_end])
                    span = (out_start, out_end)
            found.append(Example(page, start + 1, "python", code, output, span))
    return found


def scratch(directory: Path) -> None:
    """Lay out a scratch directory as the root of a checkout, for the examples."""
    for name in ("datasets", "tests"):
        (directory / name).symlink_to(REPO / name)


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env.pop("COLUMNS", None)
    return env


def _belote(args: list[str]) -> tuple[int, str]:
    """``belote ARGS`` in this process: (exit status, what a terminal shows)."""
    command = cli.commands.get(args[0]) if args else None
    if command is not None and any(p.name == "jobs" for p in command.params) \
            and not any(a in ("-j", "--jobs") or a.startswith("--jobs=") for a in args):
        args = [*args, "--jobs", "1"]
    result = CliRunner().invoke(cli, args, prog_name="belote", terminal_width=80)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def run(example: Example, directory: Path) -> tuple[int | None, str]:
    """Run one example in ``directory``: (exit status or None if already checked, output)."""
    if example.kind == "python":
        script = directory / f"example_{example.line}.py"
        script.write_text(example.code)
        done = subprocess.run([sys.executable, script.name], cwd=directory, env=_environment(),
                              capture_output=True, text=True, timeout=600, check=False)
        if done.returncode != 0:
            raise AssertionError(f"{where(example)}: the script failed:\n{done.stderr}")
        return None, done.stdout
    match = IN_PROCESS.match(example.code)
    if match:
        cwd = os.getcwd()
        os.chdir(directory)
        try:
            code, output = _belote(shlex.split(match.group(1)))
        finally:
            os.chdir(cwd)
        if match.group(2) is not None:
            return None, f"{output}{match.group(2)}{code}\n"
        return code, output
    done = subprocess.run(["bash", "-c", example.code], cwd=directory, env=_environment(),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=600, check=False)
    return (None if "$?" in example.code else done.returncode), done.stdout


def where(example: Example) -> str:
    return f"{example.page.relative_to(REPO)}:{example.line}"


def check(example: Example, directory: Path) -> None:
    """Run ``example`` and fail with a readable message unless it prints what its page says."""
    code, output = run(example, directory)
    if code is not None:
        failing = any(line.startswith("Error:") for line in example.expected.splitlines())
        assert (code != 0) == failing, f"{where(example)}: exit status {code}\n{output}"
    assert _same(output, example.expected), (f"{where(example)}: `{example.code.splitlines()[0]}` printed\n"
                                f"{output}\ninstead of\n{example.expected}")


def _same(output: str, expected: str) -> bool:
    """Equal, but for durations and the timed progress lines a slow machine prints on stderr
    (:class:`belote.cli.running.ProgressLines`)."""
    def norm(text: str) -> str:
        return DURATION.sub("(TIME)", PROGRESS_LINE.sub("", text))
    return norm(output) == norm(expected)


def update(page: Path, directory: Path) -> int:
    """Rewrite the expected outputs of ``page`` with what its examples print; count the changes."""
    lines = page.read_text().split("\n")
    changes = []
    for example in examples(page):
        _, output = run(example, directory)
        if example.output_lines is not None and not _same(output, example.expected):
            start, end = example.output_lines
            changes.append((start, end, output.rstrip("\n").split("\n") if output else []))
    for start, end, new in reversed(changes):
        lines[start:end] = new
    page.write_text("\n".join(lines))
    return len(changes)
