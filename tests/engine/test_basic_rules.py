"""The editions as objects: C.04.1 (core/basic_rules.py), the systems' own editions and the C.07
editions (tiebreaks/editions.py), each field citing its article."""

import pytest

from pairing.engine import SYSTEMS
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
