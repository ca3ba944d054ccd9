"""The Baku acceleration (C.04.5.1)."""

from pairing.engine import build_round_state, parse
from pairing.engine.core.acceleration import (
    BAKU_2016,
    BAKU_2026,
    MINIMUM_ROUNDS,
    STANDARD_SCORING,
    WIN_TWO_DRAWS,
    baku_group_a,
    baku_premises_broken,
    baku_virtual_points,
    with_baku_acceleration,
)
from tests.engine.builder import TrfBuilder


def test_group_a_is_half_rounded_up_to_even():
    # rule 2 note: 161 players give 82 in GA; 160 give 80; 162 give 82
    for players, expected in [(161, 82), (160, 80), (162, 82), (9, 6)]:
        assert baku_group_a(parse(TrfBuilder(players, 9).text())) == set(range(1, expected + 1))


def test_group_a_counts_the_players_of_round_one():
    # two absentees in round 1: 8 players paired, GA holds four of them, so it runs
    # up to the fourth player present, number 6
    t = TrfBuilder(10, 9).bye(2, "Z").bye(3, "Z")
    assert baku_group_a(parse(t.text())) == {1, 2, 3, 4, 5, 6}


def test_virtual_points_by_round():
    # rule 4: 1 point before rounds 1-3, 0.5 before rounds 4-5, none afterwards
    assert [baku_virtual_points(r) for r in range(1, 8)] == [10, 10, 10, 5, 5, 0, 0]


def test_pairing_scores_with_virtual_points():
    document = with_baku_acceleration(parse(TrfBuilder(8, 9).text()))
    state = build_round_state(document)
    # rule 5: GA (1-4) start on 1 point, GB on 0: round 1 pairs inside each group
    scores = {p.number: p.pairing_score for p in state.players}
    assert scores == {1: 10, 2: 10, 3: 10, 4: 10, 5: 0, 6: 0, 7: 0, 8: 0}


def test_no_acceleration_below_nine_rounds():
    document = parse(TrfBuilder(8, 8).text())
    assert with_baku_acceleration(document) is document


def test_given_virtual_points_are_kept():
    document = with_baku_acceleration(parse(TrfBuilder(4, 9).line("XXA    1  0.0").text()))
    assert document.accelerations[1][:2] == [0, 10]


def test_the_premises_of_each_baku_method():
    """C.04.7 1.1: a win worth two draws and a loss worth nothing, whatever the rounds; C.04.5.1
    rule 1: the standard scoring and nine rounds or more, broken in the text's order."""
    assert baku_premises_broken(BAKU_2026, 5, 30, 15, 0) == ()
    assert baku_premises_broken(BAKU_2026, 9, 30, 10, 0) == (WIN_TWO_DRAWS,)
    assert baku_premises_broken(BAKU_2026, 9, 20, 10, 5) == (WIN_TWO_DRAWS,)
    assert baku_premises_broken(BAKU_2016, 9, 10, 5, 0) == ()
    assert baku_premises_broken(BAKU_2016, 8, 10, 5, 0) == (MINIMUM_ROUNDS,)
    assert baku_premises_broken(BAKU_2016, 7, 30, 10, 0) == (STANDARD_SCORING, MINIMUM_ROUNDS)
