"""Convention profiles (TOML) and what an auction says of the hidden hands under them."""

import numpy as np
import pytest
from belote.auction import (CALL_KINDS, DEFAULT, LIGHT, AuctionImpossible, call_kind,
                            load_conventions, parse_conventions, read_auction)
from belote.errors import ConventionError
from belote import COINCHE, Auction
from belote.sampling import Constraints, DealSampler

SOUTH = "S:JS 9S AS TS 7D 8D KC AC"


def test_default_profile_covers_the_kinds_of_coinche_calls():
    covered = {rule.call for rule in DEFAULT.rules}
    assert {"opening", "raise", "change", "overcall", "pass-first", "pass-partner",
            "pass-opponent", "coinche"} <= covered <= set(CALL_KINDS)
    assert DEFAULT.rule_for("opening", 80).note.startswith("80")
    assert DEFAULT.rule_for("opening", 120).note.startswith("100")
    assert DEFAULT.rule_for("raise", 100, 20).note.startswith("two steps")
    assert DEFAULT.rule_for("raise", 100, 10).note.startswith("one step")


@pytest.mark.parametrize("text, message", [
    ('name = "x"\n[[rule]]\ncall = "opening"\nbids = [90]', "rule 1 (opening): bids: expected [low, high]"),
    ('name = "x"\n[[rule]]\ncall = "opening"\ntrump = { one_of = ["Z"] }', "trump.one_of: unknown rank 'Z'"),
    ('name = "x"\n[[rule]]\ncall = "opening"\ntrump = { length = [3, 9] }', "trump.length: expected [low, high] with 0 <= low <= high <= 8"),
    ('name = "x"\n[[rule]]\ncall = "pass-first"\ntrump = { length = [0, 3] }', "a pass-first call has no suit of its own"),
    ('name = "x"\n[[rule]]\ncall = "raise"\ncount = [{ side = ["A"], range = [4, 4] }]', "count[0].range: expected [low, high] with 0 <= low <= high <= 3"),
    ('name = "x"\n[[rule]]\ncall = "raise"\nfoo = 1', "unknown key 'foo'"),
    ('name = "x"\nrules = []', "unknown key 'rules'"),
    ('name = "x"\n[[rule]]\ncall = ["opening", "open"]', "rule 1: call 'open' is not a kind of call"),
    ('[[rule]]\ncall = "raise"', "needs a name"),
    ('name = "x"\n[[rule]\n', "not TOML"),
])
def test_bad_profiles_are_named(text, message):
    with pytest.raises(ConventionError, match=message.replace("[", r"\[").replace("(", r"\(")
                       .replace(")", r"\)")):
        parse_conventions(text, "my.toml")


def test_profile_files(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\n[[rule]]\ncall = "opening"\ntrump = { all_of = ["J"] }\n')
    mine = load_conventions(path)
    assert mine.name == "mine" and mine.rule_for("opening", 80).trump.all_of == (4,)
    with pytest.raises(ConventionError, match="missing.toml: cannot read"):
        load_conventions(tmp_path / "missing.toml")


def test_call_kinds():
    a = Auction.parse("N:P E:80H S:P W:90H N:100S E:P S:110D W:X N:P")
    kinds = [call_kind(a, s, c)[0] for s, c in a.history()]
    assert kinds == ["pass-first", "opening", "pass-opponent", "raise", "overcall",
                     "pass-opponent", "change", "coinche", "pass-coinched"]
    b = Auction.parse("N:80H E:P S:P W:P", dealer="W")
    assert [call_kind(b, s, c)[0] for s, c in b.history()] == [
        "opening", "pass-opponent", "pass-partner", "pass-opponent"]
    c = Auction.parse("N:P E:P S:P W:P N:D", mode="classic", turned="7H")
    assert [call_kind(c, s, k)[:2] for s, k in c.history()] == [("pass-turned", 1)] * 4 + [
        ("take-second", 2)]


def _holds(rule, trump, hand):
    """The rule's verdict on a full hand, straight from its definition (not the sampler's sets)."""
    ok = True
    for suit in range(4):
        byte = hand >> (8 * suit) & 0xFF
        if rule.trump is not None and suit == trump:
            ok &= rule.trump.holds(byte, True, COINCHE)
        if rule.side is not None and suit != trump:
            ok &= rule.side.holds(byte, False, COINCHE)
        if rule.every_suit is not None:
            ok &= rule.every_suit.holds(byte, True, COINCHE)
    for count in rule.count:
        held = sum(hand >> card & 1 for card in count.cards(trump))
        ok &= count.low <= held <= count.high
    return ok


@pytest.mark.parametrize("text", ["N:P E:90H S:P W:100H N:P",
                                  "N:80H E:P S:P W:100D N:P E:P",
                                  "N:P E:P S:P W:80D N:X E:P"])
def test_every_sampled_deal_meets_every_call(text):
    auction = Auction.parse(text)
    seen = Constraints().with_text(hand=[SOUTH])
    reading = read_auction(auction, DEFAULT, seen, viewer=2)
    sampler = DealSampler(reading.constraints)
    assert sampler.count() == reading.layouts < DealSampler(seen).count()
    masks = sampler.draw_masks(5, 0, 3000)
    used = [i for i in reading.inferences if i.used and i.rule is not None]
    assert used
    for row in masks.tolist():
        for inference in used:
            assert _holds(inference.rule, inference.trump, row[inference.seat])
    # and the constraints bite: uniform deals break them often
    plain = DealSampler(seen).draw_masks(5, 0, 3000).tolist()
    broken = [row for row in plain
              if not all(_holds(i.rule, i.trump, row[i.seat]) for i in used)]
    assert len(broken) > 300


def test_impossible_auction_names_the_call():
    seen = Constraints().with_text(hand=[SOUTH])
    with pytest.raises(AuctionImpossible) as e:
        read_auction(Auction.parse("N:P E:P S:P W:90S"), DEFAULT, seen, viewer=2)
    assert str(e.value).startswith("call 4 (W:90S, opening) cannot be met")
    assert "(S holds A J 10 9 of S)" in str(e.value) and e.value.call == 3


def test_the_viewers_own_calls_add_nothing():
    seen = Constraints().with_text(hand=[SOUTH])
    reading = read_auction(Auction.parse("N:P E:P S:80H"), DEFAULT, seen, viewer=2)
    assert not reading.inferences[2].used
    assert np.all(np.array(reading.constraints.holdings[2]) == seen.holdings[2])


def test_a_rule_may_name_several_kinds_of_call():
    text = ('name = "x"\n[[rule]]\ncall = ["opening", "overcall"]\nbids = [80, 90]\n'
            'trump = { one_of = ["J"] }\n[[rule]]\ncall = "opening"\ntrump = { one_of = ["9"] }')
    rules = parse_conventions(text).rules
    assert [r.call for r in rules] == ["opening", "overcall", "opening"]
    assert rules[0].trump == rules[1].trump and rules[0].bids == rules[1].bids == (80, 90)
    assert parse_conventions(text).rule_for("overcall", 90) == rules[1]


def test_the_light_profile_reads_light_openings():
    assert LIGHT.name == "light" and {r.call for r in LIGHT.rules} <= set(CALL_KINDS)
    opening = LIGHT.rule_for("opening", 80)
    assert _holds(opening, 0, 0b1000_0001)  # two spades, the ace (rank 7) and the 7
    assert not _holds(opening, 0, 0b0001_0100)  # the jack and nine (ranks 4, 2) open 90
    assert not _holds(DEFAULT.rule_for("opening", 80), 0, 0b1000_0001)
    assert not _holds(LIGHT.rule_for("opening", 120), 0, 0b1001_0000)  # two trumps


def test_the_opponents_are_read_under_their_own_profile():
    seen = Constraints().with_text(hand=[SOUTH])
    auction = Auction.parse("N:P E:80H S:P W:P N:P")
    club = read_auction(auction, DEFAULT, seen, viewer=2)
    light = read_auction(auction, DEFAULT, seen, viewer=2, opponents=LIGHT)
    assert club.opponents is None and light.opponents is LIGHT
    assert [i.rule for i in light.inferences] == [
        DEFAULT.rule_for("pass-first"), LIGHT.rule_for("opening", 80), None,
        LIGHT.rule_for("pass-partner"), DEFAULT.rule_for("pass-opponent")]
    assert [i.rule for i in club.inferences][1] == DEFAULT.rule_for("opening", 80)
    assert light.layouts > club.layouts  # the light opening says less of E's hearts
    east = DealSampler(light.constraints).draw_masks(3, 0, 2000)[:, 1]
    hearts = (east >> 8) & 0xFF
    assert np.any(np.bitwise_count(hearts) < 3)  # club's 80 needs three hearts
    assert not np.any((hearts & 0b10100) == 0b10100)  # light's 80 denies J and 9
