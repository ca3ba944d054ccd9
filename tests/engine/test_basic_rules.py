"""The editions as objects: C.04.1 (core/basic_rules.py), the systems' own editions and the C.07
editions (tiebreaks/editions.py), each field citing its article."""

import pytest

from pairing.engine import SYSTEMS, pair_round, parse
from pairing.engine.core.basic_rules import (
    BASIC_RULES_2017,
    BASIC_RULES_2026,
    PAB_OR_FORFEIT_WIN,
    PAB_OR_POINT_WITHOUT_PLAYING,
)
from pairing.engine.core.pairing import publishing_key
from pairing.engine.tiebreaks import TiebreakCodeError
from pairing.engine.tiebreaks.editions import C07_2009, C07_2024, C07_2026, tiebreak_edition
from pairing.engine.trf import RoundEntry, Scoring
from tests.engine.builder import TrfBuilder


def test_c04_1_citations_by_edition():
    """2017: rules b-h by letter; 2026: Arts. 2-8, with the edition where the reader is not told it."""
    assert BASIC_RULES_2017.cite("rematch") == "C.04.1 b"
    assert BASIC_RULES_2017.cite_colour_limits() == "C.04.1 f-g"
    assert BASIC_RULES_2026.cite("bye") == "C.04.1 (2026) Art. 4"
    assert BASIC_RULES_2026.cite("bye", short=True) == "C.04.1 Art. 4"
    assert BASIC_RULES_2026.cite_colour_limits() == "C.04.1 (2026) Art. 6-7"
    assert BASIC_RULES_2026.kept_apart() == {"rematch": "C.04.1 Art. 2", "colour": "C.04.1 Art. 6-7"}


def test_c04_1_bye_rule_and_unplayed_floats():
    """2017 d: the PAB or a forfeit win bars the PAB, 2026 Art. 4: a win's points without playing;
    Dutch 2017 A.4 b: every unplayed round downfloats, 2026 Art. 1.4.3: more than a loss only."""
    assert (BASIC_RULES_2017.bye_rule, BASIC_RULES_2026.bye_rule) == (PAB_OR_FORFEIT_WIN, PAB_OR_POINT_WITHOUT_PLAYING)
    zero_bye = RoundEntry(None, None, "Z")
    assert BASIC_RULES_2017.downfloats_unplayed(zero_bye, Scoring())
    assert not BASIC_RULES_2026.downfloats_unplayed(zero_bye, Scoring())
    assert BASIC_RULES_2026.downfloats_unplayed(RoundEntry(None, None, "H"), Scoring())


def test_every_edition_carries_its_basic_rules_object():
    for system in SYSTEMS.values():
        for edition in system.editions:
            assert edition.basic_rules in (BASIC_RULES_2017, BASIC_RULES_2026)


@pytest.mark.parametrize(("name", "edition"), [("2026", C07_2026), ("2024-08-01", C07_2024), ("pre-2023", C07_2009),
                                              (C07_2009, C07_2009)])
def test_c07_editions_by_name_or_alias(name, edition):
    assert tiebreak_edition(name) is edition


def test_c07_unknown_edition():
    with pytest.raises(TiebreakCodeError):
        tiebreak_edition("2019")


def test_d9_publishing_key():
    """C.04.2 D.9: the higher player's score, the sum of scores, the higher player's rank."""
    boards = {"a": (20, 3, 10, 7), "b": (20, 1, 15, 4), "c": (25, 9, 0, 2), "d": (15, 0, 15, 5)}
    order = sorted(boards, key=lambda k: publishing_key(*boards[k]))
    assert order == ["c", "b", "a", "d"]


#: every system whose round is one game (the Double-Swiss system's first-colour rule, 4.3.1, is
#: tested on its own two-game layout in test_double_swiss_rules.py)
EVERY_EDITION = [(name, edition.name) for name, system in SYSTEMS.items() for edition in system.editions
                 if system.games_per_round == 1]


@pytest.mark.parametrize("system, edition", EVERY_EDITION)
def test_the_first_colour_goes_by_the_tpn_of_the_players_taken_into_account(system, edition):
    """The first-colour rule of every system (Dutch 2026 Art. 5.2.5 / 2017 E.5, Dubov 5.2.1 / 2018
    E.0, Burstein 5.2.1 / 2017 5.1, Lim 7.2: an odd TPN gets the initial colour) reads the TPN of
    C.04.2 2026 Art. 2.4 (2017 C.2.b, the same words): a registered player not yet paired "is given
    an appropriate TPN and paired only when they actually arrive", so the numbering skips him (the
    SPP ruling of 27 August 2026; the endorsed programs of the 2017 edition number so too: 75 of
    the 110 rounds of ``dutch-2017`` where the two numberings differ for a player without games
    would change otherwise).  Round 1 of seven, 2 absent: the TPNs are 1, 3, 4, 5, 6, 7 -> 1-6,
    so each pair's higher player (the smaller number: no scores, ratings in TPN order) has White
    exactly when his rank among 1, 3, 4, 5, 6, 7 is odd (initial colour White)."""
    document = parse(TrfBuilder(7, 5).bye(2, "Z").text())
    tpn = {number: k for k, number in enumerate([1, 3, 4, 5, 6, 7], start=1)}
    boards = [pair for pair in pair_round(document, system, edition=edition).as_numbers() if 0 not in pair]
    assert len(boards) == 3
    for white, black in boards:
        higher = min(white, black)
        assert (white == higher) == (tpn[higher] % 2 == 1), (white, black)
