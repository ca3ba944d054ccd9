"""Hand-derived rule tests of the Lim system (C.04.4.3) on small tournaments written as TRF files:
absent, withdrawn and late players, forfeits, the PAB, round 1 and the floaters, each
derived from the text in its docstring.  The two editions have the same rules (the 2026 text
renumbers 2.3 a-d, 4.1 a-b, 4.4 a-b and 5.1 a-b), so each test runs under both; what differs
(the Basic Rules on the PAB) is tested in ``test_lim``."""

import pytest

from pairing.engine import pair_round, parse
from tests.engine.builder import TrfBuilder

EDITIONS = ["1999", "2026"]


def boards(builder: TrfBuilder, edition: str) -> set[tuple[int, int]]:
    """The pairing of the next round, white first; the PAB as (player, 0)."""
    document = parse(builder.line(f"192 FIDE_LIM_{edition}").text())
    return set(pair_round(document, "lim", edition=edition).as_numbers())


@pytest.mark.parametrize("edition", EDITIONS)
def test_7_2_a_player_absent_from_round_1_is_not_in_the_pairing_list(edition):
    """7.2: #3 of seven is absent in round 1, so the six present form the Pairing List
    1, 2, 4, 5, 6, 7: the upper half 1, 2, 4 meets the lower half 5, 6, 7 (2.4), and the
    odd-numbered of the upper half, #1 and #4 (the 1st and 3rd of the list), get #1's colour,
    White by lot (XXC white1); #2 gets Black."""
    assert boards(TrfBuilder(7, rounds=5).bye(3, "Z"), edition) == {(1, 5), (6, 2), (4, 7)}


@pytest.mark.parametrize("edition", EDITIONS)
def test_7_1_round_one_the_pab_to_the_lowest_rated_and_black_by_lot(edition):
    """7.1: seven players, the lowest rated (#7) gets the PAB; 1 v 4, 2 v 5, 3 v 6 (2.4); 7.2:
    the lot gave #1 Black (XXC black1), so #3 has Black too and #2 White."""
    assert boards(TrfBuilder(7, rounds=5, initial="black1"), edition) == {(4, 1), (2, 5), (6, 3), (7, 0)}


@pytest.mark.parametrize("edition", EDITIONS)
def test_1_1_round_two_the_pab_and_a_group_without_a_median_group(edition):
    """Round 2 of five players.  Round 1: #5 had the PAB (7.1), 1-0 over #3, #2 won at #4.
    1.1: the PAB to the lowest ranked of the lowest group {3, 4}: #4.  The median (0.5) group
    is empty; the 1-point group {1, 2, 5} is odd (2.3 d): nobody has an opponent in the empty
    adjacent group (3.9 c for all), nobody floated in round 1 (3.10: a PAB is no transfer,
    3.1), due White and due Black are one each (#2, #1; #5 has no colour), so the lowest
    numbered, #5, floats (3.2.4).  1 v 2 with White to #2, due it (5.5).  #3, alone in the
    0-point group, floats up (2.3 a); in the median group #5 takes #3 (3.6.3), who is due
    White (#5 has no colour)."""
    builder = TrfBuilder(5, rounds=5).game(1, 3, "1").game(4, 2, "0").bye(5, "U").next_round()
    assert boards(builder, edition) == {(2, 1), (3, 5), (4, 0)}


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_forfeited_game_is_no_meeting(edition):
    """2.1 ("two players who have not yet played each other"; C.04.1: a forfeit is not a game
    played): #1 won round 1 against #3 by forfeit; in round 2 #2 and #4 are absent, and #1
    and #3 meet after all.  Neither has a colour: #1, the lower pairing number, has the
    colour of the lot (7.2)."""
    builder = TrfBuilder(4, rounds=3).game(1, 3, "+").game(4, 2, "0").next_round()
    assert boards(builder.bye(2, "Z").bye(4, "Z"), edition) == {(1, 3)}


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_withdrawn_player_is_not_paired(edition):
    """#6 withdrew after round 1 (#1 beat #4, #2 won at #5, #3 beat #6).  Round 2, five
    players: the PAB to #5, the lowest of the lowest group {4, 5} (1.1).  The 1-point group
    {1, 2, 3} is odd: due Black are #1 and #3 (White in round 1), due White #2, so the
    floater is one due Black (3.2.2), the lower, #3 (3.3 with the median group empty: 3.9 c
    for all).  1 v 2, White to #2 (5.5).  #4 floats up alone (2.3 a); #3 and #4 meet in the
    median group, each with his due colour: #4 (Black in round 1) White (5.1, 5.2)."""
    builder = (TrfBuilder(6, rounds=5).game(1, 4, "1").game(5, 2, "0").game(3, 6, "1").next_round()
               .bye(6, "Z"))
    assert boards(builder, edition) == {(2, 1), (4, 3), (5, 0)}


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_late_entrant_without_points_takes_the_pab(edition):
    """#5 enters in round 2 (absent in round 1, no points).  Round 1: 1 v 3 and 4 v 2 (7.2),
    #1 and #2 won.  Round 2: the lowest group is {3, 4, 5} and its lowest ranked, #5, gets
    the PAB (1.1; an absence is not a PAB nor a point without playing).  1 v 2, White to #2
    (due White, 5.5); the 0-point group, below the median, is paired upward: 4 v 3, White
    to #3, due it."""
    builder = TrfBuilder(5, rounds=5).game(1, 3, "1").game(4, 2, "0").bye(5, "Z").next_round()
    assert boards(builder, edition) == {(2, 1), (3, 4), (5, 0)}


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_late_entrant_with_a_half_point_is_the_median_group(edition):
    """As above, but #5 took a half-point bye in round 1: he is alone in the median (0.5)
    group.  1.1: the PAB to #4, the lowest of the lowest group {3, 4}.  1 v 2 (White to #2);
    #3, alone below the median, floats up (2.3 a) and meets #5; #3 is due White."""
    builder = TrfBuilder(5, rounds=5).game(1, 3, "1").game(4, 2, "0").bye(5, "H").next_round()
    assert boards(builder, edition) == {(2, 1), (3, 5), (4, 0)}


def six_players_round_one() -> TrfBuilder:
    """Round 1 by 7.2 (White to #1 by lot): 1 v 4, 5 v 2, 3 v 6; #1, #2 and #3 won."""
    return TrfBuilder(6, rounds=5).game(1, 4, "1").game(5, 2, "0").game(3, 6, "1").next_round()


@pytest.mark.parametrize("edition", EDITIONS)
def test_floaters_down_and_up_meet_in_the_median_group(edition):
    """Round 2, median 0.5 (2.2), nobody in it.  The 1-point group {1, 2, 3} is odd: due Black
    #1 and #3, due White #2, so one due Black floats (3.2.2), the lower, #3 (3.2.4, 3.3).
    1 v 2, White to #2.  The 0-point group {4, 5, 6}, paired upward: due White #4 and #6,
    due Black #5, so one due White floats up, the highest numbered, #4 (3.2.2, 3.2.4
    upward); 6 v 5, White to #6.  #3 (due Black) and #4 (due White) meet in the median
    group (3.6.3)."""
    assert boards(six_players_round_one(), edition) == {(2, 1), (6, 5), (4, 3)}


@pytest.mark.parametrize("edition", EDITIONS)
def test_5_4_identical_histories_above_and_below_the_median(edition):
    """Round 3 after the round 2 above (2 beat 1, 5 beat 6, 4 and 3 drew): 2 (2 points),
    3 (1.5), {1, 5} (1, the median), 4 (0.5), 6 (0).  #2 floats alone into #3's group
    (2.3 a) and meets him, each with his due colour (White to #3).  #6 floats up alone to
    #4: both had Black then White, identical histories below the median, so the lower
    ranked, #6, gets the alternate colour, Black (5.4).  #1 and #5 (the median group) both
    had White then Black: at the median the higher ranked, #1, gets the alternate colour,
    White (5.4)."""
    builder = six_players_round_one().game(2, 1, "1").game(6, 5, "0").game(4, 3, "=").next_round()
    assert boards(builder, edition) == {(3, 2), (4, 6), (1, 5)}
