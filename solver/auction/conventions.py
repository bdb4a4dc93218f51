"""Conventions as data: what each kind of call says about the caller's hand.

A convention profile is a small TOML file (read with :mod:`tomllib`)::

    name = "club"
    description = "what this profile is"

    [[rule]]
    call = "opening"            # the kind of call (CALL_KINDS)
    bids = [80, 80]             # optional: the bid values it covers (capot = 250)
    trump = { length = [3, 8], one_of = ["J", "9"] }

    [[rule]]
    call = "raise"
    raise_by = [10, 10]         # optional, raises only: how far above partner's bid
    count = [{ trump = ["J", "9"], side = ["A"], range = [1, 5] }]

For each call of an auction, the **first** rule (in file order) whose
``call`` is the call's kind and whose ``bids`` and ``raise_by`` (when given)
contain the call's bid applies; a call no rule matches says nothing. A rule
constrains the caller's hand with any of:

``trump``
    a *holding rule* on the call's suit (the suit bid; for a coinche,
    surcoinche or a pass over a contract, the contract's suit), its points
    counted as trump.
``side``
    a holding rule that each of the three other suits must meet (plain points).
``every_suit``
    a holding rule that each of the four suits must meet, each counted as if
    it were trump ("no suit I would have opened").
``count``
    a list of ``{ trump = [ranks], side = [ranks], range = [low, high] }``:
    the caller holds ``low..high`` of these cards, ``side`` ranks being
    taken in each of the three other suits (the side aces are ``side = ["A"]``).

A holding rule is a table of conditions on one suit's cards, all of which
must hold: ``length = [low, high]``, ``points = [low, high]``, ``one_of``
(at least one of these ranks), ``all_of``, ``none_of``, ``any`` (a list of
holding rules, at least one of which holds: how a length is tied to
honours, e.g. ``any = [{ all_of = ["J", "9"] }, { all_of = ["J"], length =
[5, 8] }]``) and ``not`` (a holding rule that must fail). Ranks are ``7 8 9
10 J Q K A`` (``T`` for 10). Ranges are inclusive.

Every constraint a profile can state is counted exactly by the sampler
(holding rules become holdings sets per seat and suit, counts become card
counts): nothing is weighted or rejected.

>>> club = DEFAULT
>>> club.name, len(club.rules) > 5
('club', True)
>>> rule = club.rule_for("opening", bid=90)
>>> rule.text(trump=1)
'H: length 3-8, all of J 9'
>>> club.rule_for("surcoinche") is None
True
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..errors import BeloteError, ConventionError, InputError
from ..files import MAX_DEPTH, check_depth, read_text_bounded
from ..types.profile import RuleProfile
from ..sampling.constraints import holding_set
from ..types.cards import RANK_NAMES, SUIT_NAMES, SUITS, Suit, make_card, parse_rank

CALL_KINDS: dict[str, str] = {
    "opening": "the first bid of the auction",
    "raise": "a bid in the suit of partner's contract",
    "change": "a bid in another suit over partner's contract",
    "overcall": "a bid over an opponent's contract",
    "rebid": "a bid over one's own contract",
    "pass-first": "a pass before any bid",
    "pass-partner": "a pass over partner's contract",
    "pass-opponent": "a pass over an opponent's contract",
    "pass-own": "a pass over one's own contract",
    "pass-coinched": "the contract side's pass after a coinche (plays at x2)",
    "coinche": "a coinche of an opponent's contract",
    "surcoinche": "a surcoinche of one's coinched contract",
    "take-turned": "classic: taking the turned suit in round 1",
    "take-second": "classic: naming a suit in round 2",
    "pass-turned": "classic: a pass in round 1 (the turned suit counted as trump)",
    "pass-second": "classic: a pass in round 2",
}
"""Every kind of call a rule may name, and when a call is of that kind."""

_NO_TRUMP = {"pass-first", "pass-second"}
"""Kinds of call with no suit of their own: only ``every_suit`` and ``side``-free rules apply."""

_HOLDING_KEYS = {"length", "points", "one_of", "all_of", "none_of", "any", "not"}
_RULE_KEYS = {"call", "bids", "raise_by", "trump", "side", "every_suit", "count", "note"}


def _range(value: object, where: str, limit: int) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            or not 0 <= value[0] <= value[1] <= limit):
        raise ConventionError(f"{where}: expected [low, high] with 0 <= low <= high <= "
                              f"{limit}, got {value!r}")
    return value[0], value[1]


def _ranks(value: object, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(v, (str, int))
                                                           for v in value):
        raise ConventionError(f"{where}: expected a list of ranks like [\"J\", \"9\"], "
                              f"got {value!r}")
    try:
        return tuple(parse_rank(str(v)) for v in value)
    except BeloteError as e:
        raise ConventionError(f"{where}: {e}") from None


def _rank_text(ranks: Sequence[int]) -> str:
    return " ".join("10" if RANK_NAMES[r] == "T" else RANK_NAMES[r] for r in ranks)


@dataclass(frozen=True)
class HoldingRule:
    """Conditions on one suit's cards (module doc); :meth:`holds` tests a holding.

    >>> from belote import COINCHE
    >>> rule = HoldingRule.read({"length": [3, 8], "one_of": ["J", "9"]}, "test")
    >>> rule.holds(0b10011, trump=True, profile=COINCHE), rule.holds(0b11, True, COINCHE)
    (True, False)
    >>> rule.text()
    'length 3-8, one of J 9'
    """

    length: tuple[int, int] | None = None
    points: tuple[int, int] | None = None
    one_of: tuple[int, ...] = ()
    all_of: tuple[int, ...] = ()
    none_of: tuple[int, ...] = ()
    any: tuple[HoldingRule, ...] = ()
    negated: HoldingRule | None = None

    @classmethod
    def read(cls, table: object, where: str) -> HoldingRule:
        """The rule of a TOML table; :class:`ConventionError` names ``where`` and the key."""
        if not isinstance(table, Mapping):
            raise ConventionError(f"{where}: expected a table like {{ length = [3, 8] }}, "
                                  f"got {table!r}")
        unknown = set(table) - _HOLDING_KEYS
        if unknown:
            raise ConventionError(f"{where}: unknown key {min(unknown)!r} (expected "
                                  f"{', '.join(sorted(_HOLDING_KEYS))})")
        alternatives = table.get("any", [])
        if "any" in table and (not isinstance(alternatives, list) or not alternatives):
            raise ConventionError(f"{where}.any: expected a list of holding rules")
        return cls(
            length=_range(table["length"], f"{where}.length", 8) if "length" in table else None,
            points=_range(table["points"], f"{where}.points", 62) if "points" in table else None,
            one_of=_ranks(table["one_of"], f"{where}.one_of") if "one_of" in table else (),
            all_of=_ranks(table["all_of"], f"{where}.all_of") if "all_of" in table else (),
            none_of=_ranks(table["none_of"], f"{where}.none_of") if "none_of" in table else (),
            any=tuple(cls.read(a, f"{where}.any[{i}]") for i, a in enumerate(alternatives)),
            negated=cls.read(table["not"], f"{where}.not") if "not" in table else None)

    def holds(self, holding: int, trump: bool, profile: RuleProfile) -> bool:
        """Does the 8-bit ``holding`` (bit = rank) meet the rule, the suit trump or not?"""
        if self.length is not None and not self.length[0] <= holding.bit_count() <= self.length[1]:
            return False
        if self.points is not None:
            values = profile.trump_points if trump else profile.plain_points
            points = sum(values[r] for r in range(8) if holding >> r & 1)
            if not self.points[0] <= points <= self.points[1]:
                return False
        if self.one_of and not any(holding >> r & 1 for r in self.one_of):
            return False
        if not all(holding >> r & 1 for r in self.all_of):
            return False
        if any(holding >> r & 1 for r in self.none_of):
            return False
        if self.any and not any(a.holds(holding, trump, profile) for a in self.any):
            return False
        return self.negated is None or not self.negated.holds(holding, trump, profile)

    def holdings(self, trump: bool, profile: RuleProfile) -> int:
        """The set of holdings meeting the rule (:func:`~belote.sampling.constraints.holding_set`)."""
        return holding_set(lambda h: self.holds(h, trump, profile))

    def text(self) -> str:
        """The conditions in words."""
        parts = []
        if self.length is not None:
            parts.append(f"length {_span(self.length)}")
        if self.points is not None:
            parts.append(f"points {_span(self.points)}")
        if self.one_of:
            parts.append(f"one of {_rank_text(self.one_of)}")
        if self.all_of:
            parts.append(f"all of {_rank_text(self.all_of)}")
        if self.none_of:
            parts.append(f"none of {_rank_text(self.none_of)}")
        if self.any:
            parts.append("either " + " or ".join(f"({a.text()})" for a in self.any))
        if self.negated is not None:
            parts.append(f"not ({self.negated.text()})")
        return ", ".join(parts) or "anything"


def _span(r: tuple[int, int]) -> str:
    return str(r[0]) if r[0] == r[1] else f"{r[0]}-{r[1]}"


@dataclass(frozen=True)
class CountRule:
    """The caller holds ``low..high`` of some trump ranks and some ranks of each side suit."""

    trump: tuple[int, ...]
    side: tuple[int, ...]
    low: int
    high: int

    def cards(self, trump: Suit) -> list[int]:
        """The cards counted when ``trump`` is the call's suit."""
        return ([make_card(trump, r) for r in self.trump]
                + [make_card(s, r) for s in SUITS if s != trump for r in self.side])

    def text(self, trump: Suit) -> str:
        parts = []
        if self.trump:
            parts.append(f"{_rank_text(self.trump)} of {SUIT_NAMES[trump]}")
        if self.side:
            parts.append(f"side {_rank_text(self.side)}")
        return f"{_span((self.low, self.high))} of {' + '.join(parts)}"


@dataclass(frozen=True)
class Rule:
    """One rule of a profile: which calls it covers and what it says of the caller's hand."""

    call: str
    bids: tuple[int, int] | None = None
    raise_by: tuple[int, int] | None = None
    trump: HoldingRule | None = None
    side: HoldingRule | None = None
    every_suit: HoldingRule | None = None
    count: tuple[CountRule, ...] = ()
    note: str = ""

    def matches(self, call: str, bid: int | None, raise_by: int | None) -> bool:
        """Does the rule cover a call of kind ``call`` at ``bid``, ``raise_by`` above partner?"""
        if call != self.call:
            return False
        if self.bids is not None and (bid is None or not self.bids[0] <= bid <= self.bids[1]):
            return False
        return self.raise_by is None or (raise_by is not None
                                         and self.raise_by[0] <= raise_by <= self.raise_by[1])

    def text(self, trump: Suit | None) -> str:
        """What the rule says, e.g. ``H: length 3-8, one of J 9; side suits: ...``."""
        parts = []
        if self.trump is not None and trump is not None:
            parts.append(f"{SUIT_NAMES[trump]}: {self.trump.text()}")
        if self.side is not None and trump is not None:
            parts.append(f"each other suit: {self.side.text()}")
        if self.every_suit is not None:
            parts.append(f"every suit (as trump): {self.every_suit.text()}")
        if trump is not None:
            parts += [f"holds {c.text(trump)}" for c in self.count]
        return "; ".join(parts) or "nothing"


@dataclass(frozen=True)
class Conventions:
    """A convention profile: its name, description, rules (first match applies) and source."""

    name: str
    description: str
    rules: tuple[Rule, ...]
    source: str = ""

    def rule_for(self, call: str, bid: int | None = None, raise_by: int | None = None
                 ) -> Rule | None:
        """The first rule covering the call, or ``None`` (the call says nothing)."""
        for rule in self.rules:
            if rule.matches(call, bid, raise_by):
                return rule
        return None

    def __repr__(self) -> str:
        return f"<Conventions {self.name!r} from {self.source or 'text'}: {len(self.rules)} rules>"


def parse_conventions(text: str, source: str = "<text>") -> Conventions:
    """Read a profile from TOML ``text``; errors name ``source``, the rule and the key.

    >>> parse_conventions('name = "x"\\n[[rule]]\\ncall = "opening"\\ntrump = { lenght = [3, 8] }')
    Traceback (most recent call last):
    ...
    belote.errors.ConventionError: <text>: rule 1 (opening): trump: unknown key 'lenght' (expected all_of, any, length, none_of, not, one_of, points)
    >>> parse_conventions('name = "x"\\n[[rule]]\\ncall = "open"')
    Traceback (most recent call last):
    ...
    belote.errors.ConventionError: <text>: rule 1: call 'open' is not a kind of call (one of opening, raise, change, overcall, rebid, pass-first, pass-partner, pass-opponent, pass-own, pass-coinched, coinche, surcoinche, take-turned, take-second, pass-turned, pass-second)
    """
    try:
        data = tomllib.loads(text)
        check_depth(data)
    except tomllib.TOMLDecodeError as e:
        raise ConventionError(f"{source}: not TOML: {e}") from None
    except InputError as e:
        raise ConventionError(f"{source}: {e}") from None
    except RecursionError:  # tomllib recurses into inline tables and arrays
        raise ConventionError(f"{source}: nested deeper than {MAX_DEPTH} levels") from None
    except ValueError:  # tomllib's int() of a number beyond Python's digit limit
        raise ConventionError(f"{source}: a number too long to read") from None
    unknown = set(data) - {"name", "description", "rule"}
    if unknown:
        raise ConventionError(f"{source}: unknown key {min(unknown)!r} (expected name, "
                              "description and [[rule]] tables)")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise ConventionError(f"{source}: needs a name = \"...\"")
    rules = data.get("rule", [])
    if not isinstance(rules, list) or not all(isinstance(r, Mapping) for r in rules):
        raise ConventionError(f"{source}: rules are [[rule]] tables")
    return Conventions(name, str(data.get("description", "")),
                       tuple(rule for i, r in enumerate(rules)
                             for rule in _read_rules(r, f"{source}: rule {i + 1}")), source)


def _read_rules(table: Mapping[str, object], where: str) -> tuple[Rule, ...]:
    """The rules of one ``[[rule]]`` table: one for each kind its ``call`` names (a kind or a
    list of kinds), in that order."""
    calls = table.get("call")
    kinds = calls if isinstance(calls, list) and calls else [calls]
    for call in kinds:
        if not isinstance(call, str) or call not in CALL_KINDS:
            raise ConventionError(f"{where}: call {call!r} is not a kind of call (one of "
                                  f"{', '.join(CALL_KINDS)})")
    return tuple(_read_rule(table, str(call), where) for call in kinds)


def _read_rule(table: Mapping[str, object], call: str, where: str) -> Rule:
    where = f"{where} ({call})"
    unknown = set(table) - _RULE_KEYS
    if unknown:
        raise ConventionError(f"{where}: unknown key {min(unknown)!r} (expected "
                              f"{', '.join(sorted(_RULE_KEYS))})")

    def holding(key: str) -> HoldingRule | None:
        return HoldingRule.read(table[key], f"{where}: {key}") if key in table else None

    counts = table.get("count", [])
    if not isinstance(counts, list):
        raise ConventionError(f"{where}: count: expected a list of "
                              "{ trump = [...], side = [...], range = [low, high] }")
    count_rules = []
    for i, c in enumerate(counts):
        here = f"{where}: count[{i}]"
        if not isinstance(c, Mapping) or "range" not in c or set(c) - {"trump", "side", "range"}:
            raise ConventionError(f"{here}: expected {{ trump = [...], side = [...], "
                                  f"range = [low, high] }}, got {c!r}")
        trump = _ranks(c["trump"], f"{here}.trump") if "trump" in c else ()
        side = _ranks(c["side"], f"{here}.side") if "side" in c else ()
        size = len(set(trump)) + 3 * len(set(side))
        if not size:
            raise ConventionError(f"{here}: counts no card (give trump or side ranks)")
        low, high = _range(c["range"], f"{here}.range", size)
        count_rules.append(CountRule(tuple(dict.fromkeys(trump)), tuple(dict.fromkeys(side)),
                                     low, high))
    rule = Rule(call,
                bids=_range(table["bids"], f"{where}: bids", 250) if "bids" in table else None,
                raise_by=(_range(table["raise_by"], f"{where}: raise_by", 250)
                          if "raise_by" in table else None),
                trump=holding("trump"), side=holding("side"), every_suit=holding("every_suit"),
                count=tuple(count_rules), note=str(table.get("note", "")))
    if call in _NO_TRUMP and (rule.trump or rule.side or rule.count):
        raise ConventionError(f"{where}: a {call} call has no suit of its own: use every_suit")
    return rule


def load_conventions(path: str | Path) -> Conventions:
    """Read a profile from a TOML file (errors name the file).

    The file is read whole, at most :data:`~belote.files.MAX_TEXT_BYTES`
    (:func:`~belote.files.read_text_bounded`: ``/dev/zero`` is one error).
    """
    path = Path(path)
    try:
        text = read_text_bounded(path)
    except InputError as e:
        raise ConventionError(str(e)) from None
    return parse_conventions(text, str(path))


def _built_in(file: str) -> Conventions:
    text = resources.files(__package__).joinpath(file).read_text(encoding="utf-8")
    return parse_conventions(text, f"{file} (built in)")


DEFAULT = _built_in("club.toml")
"""The built-in profile, ``club.toml`` (common club practice; docs/auction.md explains it)."""

LIGHT = _built_in("light.toml")
"""The built-in profile of a side that bids light, ``light.toml``: nearly every hand with a trump
honour opens, and the level counts the whole hand (colver's ``improved_v2`` bids so). Read the
opponents with it (:class:`belote.Player`'s ``opponents``) when they bid that way.

>>> LIGHT.rule_for("opening", bid=80).note
'80: not both the jack and the nine (with both the count reaches 90)'
>>> [r.call for r in LIGHT.rules[:4]]
['opening', 'overcall', 'change', 'rebid']
"""

BUILT_IN: dict[str, Conventions] = {"club": DEFAULT, "light": LIGHT}
"""The built-in profiles by name."""


def conventions_named(name: str | Path) -> Conventions:
    """The built-in profile ``name`` (:data:`BUILT_IN`), else the profile in the TOML file
    ``name`` (:func:`load_conventions`): a built-in name wins, so ``./light`` reads a file
    named ``light``.

    >>> conventions_named("light") is LIGHT
    True
    """
    return BUILT_IN.get(str(name)) or load_conventions(name)

__all__ = [
    "BUILT_IN",
    "CALL_KINDS",
    "DEFAULT",
    "LIGHT",
    "Conventions",
    "CountRule",
    "HoldingRule",
    "Rule",
    "conventions_named",
    "load_conventions",
    "parse_conventions",
]
