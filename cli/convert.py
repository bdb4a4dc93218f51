"""``belote convert``: game records from one format to another (PBN, CFN, JSON lines)."""

from __future__ import annotations

from pathlib import Path

import click

from belote import BeloteError

from .common import checked_output, input_file_type, read_boards, write_records

FORMATS = ("pbn", "cfn", "json")


@click.command()
@click.argument("input_path", metavar="IN", type=input_file_type())
@click.argument("output", metavar="OUT", type=click.Path(dir_okay=False, allow_dash=True,
                                                         path_type=Path))
@click.option("--to", "target", type=click.Choice(FORMATS, case_sensitive=False), default=None,
              help="The format of OUT (default: from its suffix: .pbn, .cfn, .jsonl).")
def convert(input_path: Path, output: Path, target: str | None) -> None:
    """Convert game records between PBN, CFN and JSON.

    IN is PBN (.pbn), colver's CFN (.cfn) or JSON lines (.jsonl); OUT ('-':
    standard output, with --to) is written whole or not at all. What the
    target cannot hold is a named warning; a board it cannot hold at all is an
    error. Guide: docs/game-records.md (Converting).

    \b
    Examples:
      belote convert games.cfn games.pbn
      belote convert datasets/examples/session.pbn - --to json
    """
    from belote.formats import games

    to_stdout = str(output) == "-"
    if target is None:
        if to_stdout:
            raise click.UsageError("writing to standard output needs --to (pbn, cfn or json)")
        try:
            target = games.game_format(output)
        except BeloteError as e:
            raise click.BadParameter(str(e), param_hint="'OUT'") from None
    target = target.lower()
    if not to_stdout:
        output = checked_output(output, (input_path,), "OUT")
    boards = read_boards(input_path, None)
    write_records(boards, output, target)
