"""The exception hierarchy of belote.

Every error a user can cause derives from :class:`BeloteError`, itself a
:class:`ValueError`, so ``except ValueError`` catches all of them.

>>> issubclass(CardError, BeloteError) and issubclass(BeloteError, ValueError)
True
"""

from __future__ import annotations

__all__ = ["MAX_DIGITS", "MAX_MESSAGE", "escaped", "printable", "CardError", "DealError", "IllegalPlayError",
           "ContractError", "AuctionError", "PBNDecodeError", "SearchLimitError", "SavedWorkError",
           "BatchStateError", "ConstraintError", "HintError", "QuestionError", "OutputError",
           "InputError", "PlayoutError", "ConventionError", "ConversionWarning", "PBNWarning"]


MAX_MESSAGE = 300
"""Messages longer than this are cut in the middle (``...``)."""

MAX_DIGITS = 100
"""The most digits a number read from an input may have (a bid, a contract, a JSON
integer): well beyond any real one, and far below Python's 4300-digit limit on
turning text into an int (whose ``ValueError`` would otherwise be an internal error)."""


def escaped(text: object) -> str:
    r"""``text`` (any value, as ``str``) with every unprintable character escaped, unbounded.

    The one escaping of user strings (board, file, profile and event names)
    in text output and error messages: a newline in a name cannot forge a
    line, an escape sequence cannot reach the terminal. Printable
    characters, accented letters included, are kept.

    >>> print(escaped("1\nMatch 2\x1b]0;title\x07 caf\u00e9"))
    1\nMatch 2\x1b]0;title\x07 café
    """
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in str(text))


def printable(text: str, limit: int = MAX_MESSAGE) -> str:
    r"""``text`` on one bounded line: control characters escaped, the middle cut if too long.

    Error messages quote what they reject, and what they reject comes from
    files: this keeps a 2 MB line or a terminal escape sequence out of them.

    >>> print(printable("bad \x1b[31mred\x1b[0m\nline"))
    bad \x1b[31mred\x1b[0m\nline
    >>> len(printable("x" * 10_000))
    300
    """
    line = escaped(text)
    if len(line) > limit:
        keep = limit - 3
        line = line[:keep - keep // 4] + "..." + line[len(line) - keep // 4:]
    return line


class BeloteError(ValueError):
    """Base class of every error raised on bad input.

    Its text is one bounded, printable line (:func:`printable`), whatever the
    input it quotes.
    """

    def __str__(self) -> str:
        return printable(super().__str__())


class CardError(BeloteError):
    """A card, suit, rank or seat that cannot be parsed."""


class DealError(BeloteError):
    """A deal that is not a valid distribution of the 32 cards."""


class IllegalPlayError(BeloteError):
    """A card played against the rules (or not held by the player)."""


class ContractError(BeloteError):
    """A contract that the mode does not allow.

    ``unreadable`` is true when the text is not a contract at all (rather
    than a contract the mode refuses), so that a caller may say what it
    expects instead.
    """

    def __init__(self, message: str, *, unreadable: bool = False) -> None:
        super().__init__(message)
        self.unreadable = unreadable


class AuctionError(BeloteError):
    """An auction call that cannot be read or that the rules do not allow.

    ``call`` is the 0-based index of the call at fault (``None`` when the
    auction as a whole is at fault); the message names it as ``call N
    (SEAT:CALL)``.
    """

    def __init__(self, message: str, *, call: int | None = None) -> None:
        super().__init__(message)
        self.call = call


class RecordError(BeloteError):
    """A game or deal record that cannot be read, whatever its format (PBN, CFN, game JSON,
    ContrAI, rows), or a board that its rules do not allow.

    Carries where the problem is: the file name, the board number and the
    line number (1-based), any of which may be unknown (``None``); its text
    is the one line naming them.

    >>> str(RecordError("unknown card 'ZZ'", file="a.cfn", board="3", line=12))
    "a.cfn: board 3: line 12: unknown card 'ZZ'"
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        board: str | None = None,
        line: int | None = None,
    ) -> None:
        self.message = message
        self.file = file
        self.board = board
        self.line = line
        super().__init__(self.__str__())

    def __str__(self) -> str:
        parts: list[str] = []
        if self.file is not None:
            parts.append(str(self.file))
        if self.board is not None:
            parts.append(f"board {self.board}")
        if self.line is not None:
            parts.append(f"line {self.line}")
        parts.append(self.message)
        return printable(": ".join(parts))


class PBNDecodeError(RecordError):
    """A PBN file that cannot be read (the PBN case of :class:`RecordError`).

    >>> str(PBNDecodeError("unknown card 'ZZ'", file="a.pbn", board="3", line=12))
    "a.pbn: board 3: line 12: unknown card 'ZZ'"
    """


class SearchLimitError(BeloteError):
    """A search reached its context's node limit (``SearchContext(max_nodes=...)``)."""


class SavedWorkError(BeloteError):
    """Work saved to resume a long run (:class:`~belote.files.Journal`) that belongs to
    another input or other options, or that cannot be read."""


class BatchStateError(SavedWorkError):
    """An output (or its shards) made from another input or with other options."""


class ConstraintError(BeloteError):
    """Constraints that cannot be parsed, that contradict each other, or that no deal meets.

    ``option`` names the kind of text that could not be parsed (``"hand"``,
    ``"known"``, ``"shape"`` or ``"points"``, as :meth:`Constraints.with_text`
    takes them), ``None`` for constraints that do not fit together.
    """

    def __init__(self, message: str, *, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


class HintError(BeloteError):
    """A hint that cannot be given: the seat is not to move, the deal is over..."""


class QuestionError(BeloteError):
    """A bid question that cannot be asked: options that do not go together, a bad card...

    ``option`` names the option at fault (``"hand"``, ``"turned"``, ``"contract"``,
    ``"auction"``, ``"conventions"``, ``"known"``, ``"precision"``, ``"mode"``), ``None``
    when the options as a whole do not fit together.
    """

    def __init__(self, message: str, *, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


class OutputError(BeloteError):
    """An output that cannot or must not be written (checked before any work)."""


class InputError(BeloteError):
    """An input that cannot be read as needed (not a regular file, unreadable)."""


class PlayoutError(BeloteError):
    """A playout that cannot be run: no contract, a finished deal, a bad schedule."""


class ConventionError(BeloteError):
    """A convention file that cannot be read, naming the file, the rule and the key."""



class ConversionWarning(UserWarning):
    """What a record format cannot hold of a board, left out when converting to it."""


class PBNWarning(UserWarning):
    """Something in a PBN file that is read but probably not what was meant (a near-miss tag)."""
