"""The vector file format: positions with their double-dummy values, one per line.

A line is space-separated ``key=value`` fields, then ``|``, then the values::

    id=h06 kind=hand mode=classic trump=H leader=N deal=N:...7 ..A. .8.7. ..T.8 trick=7S,JH points=60,51 tricks=3,3 | NS=60 EW=102

``id``      unique name of the vector
``kind``    why it is there: ``hand`` (value checked by hand, explained in the
            comment above it), ``random``, ``modes`` (classic and coinche values
            differ), ``capot`` (one side won every earlier trick), ``full`` (a whole deal)
``mode``    ``classic`` or ``coinche``
``trump``   trump suit letter ``S H D C``
``leader``  seat ``N E S W`` that led the current trick
``deal``    the cards still held, PBN from North (``N:S.H.D.C E S W``, ranks
            ``AKQJT987``); players already in the trick hold one card fewer
``trick``   cards already in the current trick, in play order, comma-separated;
            ``-`` when the trick has not started
``points``  card points NS,EW took in the completed tricks
``tricks``  tricks NS,EW won so far (with the cards held they make 8)

``NS=`` and ``EW=`` are the whole-deal double-dummy values of each side (that
side maximising its trick points, the other minimising them): points already
taken count, +10 for the last trick, 252 for all eight tricks. Lines starting
with ``#`` are comments and blank lines are ignored.

>>> v = parse_vector("id=x kind=hand mode=coinche trump=H leader=S "
...                  "deal=N:.J.. ..A. .7.. ...7 trick=- points=70,51 tricks=4,3 | NS=101 EW=51")
>>> v.spec.to_move, v.values
(2, (101, 51))
>>> format_vector(v) == ("id=x kind=hand mode=coinche trump=H leader=S "
...                      "deal=N:.J.. ..A. .7.. ...7 trick=- points=70,51 tricks=4,3 | NS=101 EW=51")
True
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from belote.types import card_name, parse_card, parse_seat, parse_suit
from belote import Deal

from positions import MODES, PositionSpec

KINDS = ("hand", "random", "modes", "capot", "full")
SPEC_FIELDS = ("mode", "trump", "leader", "deal", "trick", "points", "tricks")

VECTOR_FILE = Path(__file__).parent / "vectors" / "positions.txt"


@dataclass(frozen=True)
class Vector:
    """One line of the vector file: a position and its values ``(NS, EW)``."""

    id: str
    kind: str
    spec: PositionSpec
    values: tuple[int, int]
    line: int = 0


class VectorFormatError(ValueError):
    """A line of the vector file does not follow the format."""


def _fields(text: str) -> dict[str, str]:
    """Split ``key=value`` fields; the PBN ``deal`` value spans four words."""
    words = text.split()
    fields = {}
    while words:
        key, value = words.pop(0).split("=", 1)
        if key == "deal":
            value = " ".join([value, *words[:3]])
            del words[:3]
        if key in fields:
            raise VectorFormatError(f"field {key!r} given twice")
        fields[key] = value
    return fields


def _pair(text: str) -> tuple[int, int]:
    a, b = text.split(",")
    return int(a), int(b)


def _spec(fields: dict[str, str]) -> PositionSpec:
    if fields["mode"] not in MODES:
        raise VectorFormatError(f"unknown mode {fields['mode']!r}")
    hands = Deal.from_pbn(fields["deal"]).hands
    trick = () if fields["trick"] == "-" else tuple(
        parse_card(c) for c in fields["trick"].split(","))
    return PositionSpec(
        hands=tuple(h.mask for h in hands),  # type: ignore[arg-type, union-attr]
        trump=parse_suit(fields["trump"]),
        mode=fields["mode"],
        leader=parse_seat(fields["leader"]),
        trick=trick,
        points=_pair(fields["points"]),
        tricks_won=_pair(fields["tricks"]),
    )


def parse_spec(text: str) -> PositionSpec:
    """Parse the position fields of a vector line (``mode=`` to ``tricks=``).

    >>> parse_spec("mode=classic trump=S leader=E deal=N:7... 8... 9... T... "
    ...            "trick=- points=80,72 tricks=4,3").to_move
    1
    """
    fields = _fields(text)
    if tuple(fields) != SPEC_FIELDS:
        raise VectorFormatError(f"fields {tuple(fields)}, expected {SPEC_FIELDS}: {text!r}")
    return _spec(fields)


def parse_vector(text: str, line: int = 0) -> Vector:
    """Parse one vector line (see the module docstring)."""
    try:
        position, values = text.split("|")
        fields = _fields(position)
        results = _fields(values)
        if tuple(fields) != ("id", "kind", *SPEC_FIELDS) or tuple(results) != ("NS", "EW"):
            raise VectorFormatError(f"fields {tuple(fields)} / {tuple(results)}")
        if fields["kind"] not in KINDS:
            raise VectorFormatError(f"unknown kind {fields['kind']!r}")
        return Vector(fields["id"], fields["kind"], _spec(fields),
                      (int(results["NS"]), int(results["EW"])), line)
    except (ValueError, KeyError) as exc:
        raise VectorFormatError(f"line {line}: {exc}: {text.strip()!r}") from exc


def format_spec(spec: PositionSpec) -> str:
    """The position fields of ``spec`` in the vector file format."""
    trick = ",".join(card_name(c) for c in spec.trick) or "-"
    deal = Deal(list(spec.hands)).to_pbn()
    return (f"mode={spec.mode} trump={'SHDC'[spec.trump]} leader={'NESW'[spec.leader]} "
            f"deal={deal} trick={trick} points={spec.points[0]},{spec.points[1]} "
            f"tricks={spec.tricks_won[0]},{spec.tricks_won[1]}")


def format_vector(vector: Vector) -> str:
    """The line of ``vector`` in the vector file format."""
    return (f"id={vector.id} kind={vector.kind} {format_spec(vector.spec)} "
            f"| NS={vector.values[0]} EW={vector.values[1]}")


def load_vectors(path: str | Path = VECTOR_FILE) -> list[Vector]:
    """All vectors of the file at ``path`` (default: the checked-in file)."""
    vectors = []
    for number, text in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if text.strip() and not text.lstrip().startswith("#"):
            vectors.append(parse_vector(text, number))
    ids = [v.id for v in vectors]
    if len(set(ids)) != len(ids):
        raise VectorFormatError(f"duplicate ids in {path}")
    return vectors
