"""Write ``tests/vectors/positions.txt``: positions valued by the reference solver.

Run ``python tests/make_vectors.py`` from the repository root (several
minutes: the two full deals take most of it). The output is deterministic.

The file holds hand-made positions whose values were checked by hand (the
reasoning is written above each of them in the file), random endings from
:mod:`positions`, random endings where classic and coinche disagree, capot
endings, and two whole deals.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator

from belote.types import make_card

from positions import PositionSpec, random_position
from vectors import VECTOR_FILE, Vector, format_vector, parse_spec

HEADER = """\
# Double-dummy vectors: positions in play and the whole-deal values of both sides.
#
# One position per line: space-separated key=value fields, '|', then the values.
#   id      unique name            kind    hand | random | modes | capot | full
#   mode    classic | coinche      trump   S H D C        leader  seat that led the current trick
#   deal    cards still held, PBN from North: N:S.H.D.C E S W (ranks AKQJT987);
#           the players already in the current trick hold one card fewer
#   trick   cards already in the current trick in play order, comma-separated, '-' if none
#   points  card points NS,EW took in the completed tricks
#   tricks  tricks NS,EW won so far (with the cards held they make 8)
#   NS= EW= the whole-deal double-dummy value of each side: that side maximises its
#           trick points, the other minimises them; points already taken count,
#           +10 for the last trick, 252 in all for a side taking all 8 tricks.
#           NS + EW = 162 unless a capot is still open to one side.
#
# kind: hand   values also worked out by hand (reasoning in the comment above the line)
#       random random endings of 2..5 tricks, at a trick start or 1..3 cards into a trick
#       modes  random endings (legal in both modes) whose classic and coinche values differ
#       capot  one side won every earlier trick: capot still open to it (finished or not)
#       full   whole deals of 8 cards each (slow for the reference solver)
#
# Written by tests/make_vectors.py with the reference solver tests/reference.py.
"""


HAND_CHECKED: list[tuple[str, str, str]] = [
    ("h01", "mode=classic trump=H leader=N deal=N:.J.. 7... 8... A... trick=- points=70,51 tricks=4,3",
     """\
Last trick: N leads JH (trump) and wins it: NS 70 + 20 + 11 (AS) + 10 = 111, EW keep 51."""),
    ("h02", "mode=classic trump=H leader=N deal=N:.J.. 7... 8... A... trick=- points=121,0 tricks=7,0",
     """\
NS won the first 7 tricks and win the last with JH: capot, NS 252, EW 0."""),
    ("h03", "mode=coinche trump=H leader=N deal=N:7... A... 8... .J.. trick=- points=121,0 tricks=7,0",
     """\
NS won the first 7 tricks but W trumps the last one (N 7S, E AS, S 8S, W JH):
no capot, NS keep 121, EW 20 + 11 + 10 = 41."""),
    ("h04", "mode=classic trump=H leader=N deal=N:7...7 .J.A. .8.7. ..T.8 trick=- points=60,51 tricks=3,3",
     """\
Classic under-trump. Whatever N leads (7S or 7C), E must ruff with JH and S, void,
must play 8H under it; E then cashes AD and EW take all 51 (JH 20, AD 11, TD 10,
last 10): NS 60, EW 51 + 51 = 102. Coinche twin: h05."""),
    ("h05", "mode=coinche trump=H leader=N deal=N:7...7 .J.A. .8.7. ..T.8 trick=- points=60,51 tricks=3,3",
     """\
Same as h04 in coinche: S may discard 7D under E's JH and keep 8H to ruff E's AD.
N leads 7C (W must follow with 8C, keeping TD): EW take 20, then AD and TD fall to
S's 8H: NS 11 + 10 + 10 = 31, so NS 91. (N leading 7S instead lets W throw TD on
the first trick: NS only 21.) For EW's value NS also lead 7C and S discards 7D:
EW 51 + 20 = 71."""),
    ("h06", "mode=classic trump=H leader=N deal=N:...7 ..A. .8.7. ..T.8 trick=7S,JH points=60,51 tricks=3,3",
     """\
h04 after N 7S, E JH: S must under-trump with 8H (classic), and EW then take AD
and TD too: NS 60, EW 102. Coinche twin: h07."""),
    ("h07", "mode=coinche trump=H leader=N deal=N:...7 ..A. .8.7. ..T.8 trick=7S,JH points=60,51 tricks=3,3",
     """\
Same as h06 in coinche: S discards 7D (8H would give EW all 51). W, partner
winning, throws TD on it (EW 20 + 10 = 30) rather than see S's 8H take it with
AD on the last trick; S's 8H then takes AD: NS 11 + 10 = 21. NS 81, EW 81."""),
    ("h08", "mode=classic trump=H leader=N deal=N:A..A. K.7.. ...87 ..98. trick=- points=126,0 tricks=6,0",
     """\
NS won 6 tricks but cannot finish the capot: E's 7H ruffs AD whenever it is led
(E follows KS to AS). Best for NS is AD first (E ruffs: EW 11), then AS takes KS
on the last trick: NS 126 + 11 + 4 + 10 = 151. Leading AS first would give EW
AD + 10 = 21, so EW's value is 11."""),
    ("h09", "mode=coinche trump=H leader=N deal=N:A..A. K.7.. .8..7 ..98. trick=- points=126,0 tricks=6,0",
     """\
As h08 but S holds 8H and 7C: S must overtrump E's 7H, so NS take both tricks
(AS first with S discarding 7C, or AD first and S's 7C wins the last trick):
capot, NS 252, EW 0."""),
    ("h10", "mode=classic trump=H leader=N deal=N:A..7. K..A. .7..8 7...9 trick=- points=70,56 tricks=3,3",
     """\
Partner winning frees S: N leads AS, E follows KS, S discards 8C rather than
ruff and keeps 7H; N then leads 7D, E follows AD and S ruffs it. NS take all 36
(AS 11, KS 4, AD 11, last 10): NS 70 + 36 = 106, EW 56. (7D first would let W
keep 9C to beat S's 8C on the last trick.)"""),
]
"""Hand-checked positions: id, the position (vector file fields), the reasoning."""


def values(spec: PositionSpec) -> tuple[int, int]:
    """The reference values of NS and EW."""
    return spec.reference_value(0), spec.reference_value(1)


def random_vectors(seed: int, count: int) -> Iterator[Vector]:
    """Random endings of 2..5 tricks in both modes, every history."""
    rng = random.Random(seed)
    for i in range(count):
        spec = random_position(rng, tricks_left=2 + i % 4, mode=("classic", "coinche")[i % 2],
                               trick_len=(i // 2) % 4)
        yield Vector(f"r{i + 1:03d}", "random", spec, values(spec))


def mode_vectors(seed: int, pairs: int) -> Iterator[Vector]:
    """Random endings, legal in both modes, whose classic and coinche values differ."""
    rng = random.Random(seed)
    found = 0
    while found < pairs:
        spec = random_position(rng, tricks_left=2 + found % 3, mode="classic",
                               trick_len=rng.randrange(4), prefix_mode="classic")
        classic = values(spec)
        coinche_spec = spec.with_mode("coinche")
        coinche = values(coinche_spec)
        if classic != coinche:
            found += 1
            yield Vector(f"m{found:02d}c", "modes", spec, classic)
            yield Vector(f"m{found:02d}k", "modes", coinche_spec, coinche)


def capot_vectors(seed: int, each: int) -> Iterator[Vector]:
    """Endings where one side won every earlier trick: ``each`` where it finishes
    the capot and ``each`` where it cannot."""
    rng = random.Random(seed)
    made = failed = 0
    while made < each or failed < each:
        sweep = rng.randrange(2)
        spec = random_position(rng, tricks_left=2 + (made + failed) % 4, sweep=sweep)
        vals = values(spec)
        if vals[sweep] == 252 and made < each:
            made += 1
            yield Vector(f"c{made:02d}y", "capot", spec, vals)
        elif vals[sweep] != 252 and failed < each:
            failed += 1
            yield Vector(f"c{failed:02d}n", "capot", spec, vals)


def balanced_deal(rng: random.Random) -> tuple[int, int, int, int]:
    """A whole deal in which every player holds two cards of each suit.

    Following suit keeps the reference's search small enough for pure Python.
    """
    hands = [0, 0, 0, 0]
    for suit in range(4):
        ranks = list(range(8))
        rng.shuffle(ranks)
        for seat in range(4):
            for rank in ranks[2 * seat:2 * seat + 2]:
                hands[seat] |= 1 << make_card(suit, rank)
    return (hands[0], hands[1], hands[2], hands[3])


def full_vectors(seed: int) -> Iterator[Vector]:
    """Two whole balanced deals, one per mode."""
    rng = random.Random(seed)
    for i, mode in enumerate(("classic", "coinche")):
        spec = PositionSpec(balanced_deal(rng), rng.randrange(4), mode, rng.randrange(4))
        yield Vector(f"f{i + 1}", "full", spec, values(spec))


def main() -> None:
    """Write the vector file, reporting progress on stderr."""
    lines = [HEADER]
    lines.append("# --- hand-checked endings")
    for name, text, reasoning in HAND_CHECKED:
        spec = parse_spec(text)
        lines.append("")
        lines.extend("# " + text for text in reasoning.splitlines())
        lines.append(format_vector(Vector(name, "hand", spec, values(spec))))
    groups = [
        ("random endings", random_vectors(1, 120)),
        ("classic and coinche disagree (same position, c = classic, k = coinche)",
         mode_vectors(2, 10)),
        ("capot endings (y: the sweeping side finishes the capot, n: it cannot)",
         capot_vectors(3, 10)),
        ("whole deals", full_vectors(4)),
    ]
    for title, vectors in groups:
        lines.append("")
        lines.append(f"# --- {title}")
        for vector in vectors:
            lines.append(format_vector(vector))
            print(vector.id, file=sys.stderr, flush=True)
    VECTOR_FILE.parent.mkdir(exist_ok=True)
    VECTOR_FILE.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
