"""Hand-derived rule tests of the Burstein system (C.04.4.2), both editions, on small
tournaments written as TRF files (``TrfBuilder``) and paired by ``pair_round``.

Each test builds one situation where one article decides the pairing; the expected
pairing is derived by hand from the rule text in the docstring, never read off the
engine.  "2017" is the text of the Handbook edition with the Baku 2016 Dutch rules
(``C04.4.2-burstein.md``: 3.2 ranks by Sonneborn-Berger, Buchholz, Median, rating;
the tables of 6.2 / 6.4; the colours of 5.1-5.4) with the 2017 Basic Rules (C.04.1)
and General Handling Rules (C.04.2); "2026" is the text in force from 1 February 2026
(``2026/C04.4.2-burstein-2026.md``: Dutch seeding rounds 1.6, the Index of 1.7-1.8,
[C1]-[C8], the bye first by 3.1, the order of 4.3, the colours of 5.2) with the
2026 Basic Rules and General Handling Rules.  Where the two texts agree a test runs
under both; where they differ there is one test per edition.

Conventions: ratings fall with the pairing number (``TrfBuilder``), so "by rating"
and "by TPN" give the same order; the colour drawn for round 1 is White for player
1 (``XXC white1``).  In 2026 a tournament of 3 rounds has one seeding round
(1.6.2: min(3 // 2, 4) = 1), of 5 rounds two, so round 2 (resp. 3) is the first
Burstein round.  "B" is Buchholz, "SB" Sonneborn-Berger, "s(n)" player n's score.
"""

from __future__ import annotations

import pytest

from pairing.engine import pair_round, parse
from tests.engine.builder import TrfBuilder

EDITIONS = ["2017", "2026"]


def boards(builder: TrfBuilder, edition: str) -> set[tuple[int, int]]:
    """The pairing of the next round, white first; the PAB as ``(player, 0)``."""
    return set(pair_round(parse(builder.text()), "burstein", edition=edition).as_numbers())


def pairs(builder: TrfBuilder, edition: str) -> set[frozenset[int]]:
    """The pairs of the next round, colours aside."""
    return {frozenset(board) for board in boards(builder, edition)}


# -- the first round ---------------------------------------------------------------------

def test_first_round_odd_2017_top_meets_bottom_and_the_pab_to_the_lowest():
    """2017, round 1 of seven players: everybody is in one SG (1.2) with no SB, Buchholz or
    Median, so 3.2 ranks by rating: 1..7.  4.2-4.3: the PAB to the lowest SB, then Buchholz
    "and so on" (3.2's order, to the rating): the lowest rated, 7.  6.1: "the highest player
    ... with the lowest player": 1-6, 2-5, 3-4.  5.1: No. 1 White by lot, "all other odd
    numbered players in the top half of the initial list" (1, 2, 3) the same colour: 3
    White, 2 Black."""
    assert boards(TrfBuilder(7, rounds=5), "2017") == {(1, 6), (5, 2), (3, 4), (7, 0)}


def test_first_round_odd_2026_a_dutch_seeding_round():
    """2026 1.6.1: round 1 is a seeding round, paired by the Dutch system: the PAB to the
    lowest ranked (7), the top half 1, 2, 3 against the bottom half 4, 5, 6 (1-4, 2-5, 3-6,
    not 2017's 1-6, 2-5, 3-4), odd TPNs with the colour drawn (White for 1 and 3)."""
    assert boards(TrfBuilder(7, rounds=5), "2026") == {(1, 4), (5, 2), (3, 6), (7, 0)}


# -- the seeding rounds, an odd SG and its floater ----------------------------------------

def top_three_won_with_white(rounds: int = 3) -> TrfBuilder:
    """Round 1: 1-4, 2-5, 3-6, each won by White: 1, 2, 3 (1 point) due Black, 4, 5, 6 due White."""
    return TrfBuilder(6, rounds=rounds).game(1, 4, "1").game(2, 5, "1").game(3, 6, "1").next_round()


def test_1_6_2026_round_2_of_4_rounds_is_a_dutch_seeding_round():
    """2026 1.6.2: with 4 rounds, min(4 // 2, 4) = 2 seeding rounds, so round 2 is a Dutch
    round (1.6.1).  Dutch, bracket 1 {1, 2, 3}: S1 = {1}, S2 = {2, 3}: 1-2 (every pair misses
    one preference, all want Black), 3 floats; 1-2 both strong Black, the higher ranked (1)
    gets his: 2-1.  Bracket 0 {3 (floater), 4, 5, 6}: 3-4 (4-3: both preferences), then 5-6
    (both want White: the higher ranked, 5, White)."""
    assert boards(top_three_won_with_white(rounds=4), "2026") == {(2, 1), (4, 3), (5, 6)}


@pytest.mark.parametrize("edition", EDITIONS)
def test_odd_sg_floats_its_middle_player_who_is_ranked_last_in_the_next_sg(edition):
    """2026 with 3 rounds: one seeding round (1.6.2), round 2 is paired by Burstein; 2017 has
    no seeding rounds.  SG 1 {1, 2, 3}: each beat a 0-point player, so SB = B = 0 (both
    editions) and the order is the rating / TPN (2017 3.2, 2026 1.8): 1, 2, 3.  6.4 / 4.3:
    1-3 first, 2 floats (all three want Black, so every pair misses one: 6.5 / [C8] tie).
    6.3 / 1.2.2: 2 joins SG 0, ranked there like the others (2017 3.2 "including floaters";
    2026 1.8, scores not used): 4, 5, 6 have B = 1 (they lost to a 1-point player), 2 has
    B = 0 (he beat 5), all SB 0: order 4, 5, 6, 2.  6.1 / 4.3: 4-2 (2 floats down, 4 is
    paired up), 5-6.  Colours: 1-3 both due Black, nothing differs in the histories, the
    higher ranked (1; 2017 5.4 (d)-(e) down to the rating, 2026 5.2.5) gets his: 3-1; 4-2
    both due colours; 5-6 both due White: 5 (higher ranked) White."""
    assert boards(top_three_won_with_white(), edition) == {(3, 1), (4, 2), (5, 6)}


# -- the index: Sonneborn-Berger first (2017) or Buchholz first (2026) ---------------------

def five_and_six_drew() -> TrfBuilder:
    """Round 1: 1 beat 3, 2 beat 4 (White won both), 5 and 6 drew (5 White).  Round 2 of 3:
    SG 1 {1, 2}, SG 0.5 {5, 6} (who have met), SG 0 {3, 4}."""
    return TrfBuilder(6, rounds=3).game(1, 3, "1").game(2, 4, "1").game(5, 6, "=").next_round()


def test_3_2_2017_sonneborn_berger_first_ranks_the_floaters_on_top():
    """2017.  SG 1: 1-2; both due Black, 5.4 (b)-(c) tie, (d) SB 0 both, (e) Buchholz 0 both,
    down to the rating: 1 gets his due colour, 2-1.  SG 0.5 {5, 6} cannot be paired (3.1),
    so 6.6 "these two SG's shall be considered as one SG": {3, 4, 5, 6} ranked by 3.2, SB
    first: 5 and 6 have SB 0.5 x 0.5 = 0.25, 3 and 4 SB 0 (lost): order 5, 6, 3, 4.  6.2:
    1*4 = 5-4, 2*3 = 6-3 (6.5: 5-4 both due colours, 6-3 both due White, and 5-3 / 6-4
    gives as many).  6-3: 5.4 (b) and (c) tie (one Black game each), (d) the higher SB,
    6 (0.25 against 0), gets his due colour: White."""
    assert boards(five_and_six_drew(), "2017") == {(2, 1), (4, 5), (6, 3)}


def test_1_8_2026_buchholz_first_ranks_the_floaters_last():
    """2026, round 2 is the first Burstein round (3 rounds, 1.6.2).  Bracket 1: 1-2, both
    strong Black, 5.2.4 nothing differs, 5.2.5 the higher ranked (1.8: B 0 both, SB 0
    both, TPN) 1 gets Black: 2-1.  Bracket 0.5 {5, 6}: no pair ([C1]), both float ([C5]).
    Bracket 0 {5, 6, 3, 4} ranked by the Index (1.8.1), Buchholz first: 3 and 4 have B 1
    (they met 1 and 2), 5 and 6 B 0.5: order 3, 4, 5, 6 (2017's SB-first order is the
    reverse).  4.3: 3-6, 4-5 ([C8]: one miss, as few as 3-5, 4-6).  3-6 both strong White,
    5.2.4 nothing differs, 5.2.5 the higher ranked, 3, White; 4-5 both preferences."""
    assert boards(five_and_six_drew(), "2026") == {(2, 1), (3, 6), (4, 5)}


# -- the PAB -------------------------------------------------------------------------------

def a_late_entry_in_round_2() -> TrfBuilder:
    """5 enters in round 2 (absent in round 1, 0 points, C.04.2 C.2 b / 2026 Art. 2.4);
    round 1: 1 (White) beat 3, 2 (Black) beat 4.  Round 2 of 3: five players, a PAB."""
    return TrfBuilder(5, rounds=3).game(1, 3, "1").game(4, 2, "0").bye(5, "Z").next_round()


def test_4_2_2017_the_pab_to_the_late_entry_with_the_lowest_buchholz():
    """2017 4.2-4.3: the lowest SG {3, 4, 5}, SB 0 for all three, then the lowest Buchholz:
    3 and 4 met a 1-point player (B 1), the late entry 5 met nobody (B 0): 5 gets the PAB.
    Then 1-2 (2-1: both due colours) and 3-4 (3-4: both due colours)."""
    assert boards(a_late_entry_in_round_2(), "2017") == {(2, 1), (3, 4), (5, 0)}


def test_3_1_4_2026_the_pab_to_the_player_with_most_games():
    """2026 3.1.3 the lowest score {3, 4, 5}; 3.1.4 "has played the highest number of games":
    3 and 4 (one game), not the late entry 5; 3.1.5 the lowest ranking (1.8: B 1 and SB 0
    both, then the larger TPN): 4 gets the PAB (3.1.2: 1-2, 3-5 remain possible).  1-2:
    2-1; 3-5: 5 has played no game, so no preference (1.5.4) and 3 gets his, White."""
    assert boards(a_late_entry_in_round_2(), "2026") == {(2, 1), (3, 5), (4, 0)}


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_forfeit_win_bars_the_pab_and_is_no_game(edition):
    """Round 1: 1 (White) beat 3, 2 (White) beat 4, 5 had the PAB.  Round 2: 3 won by forfeit
    against 5 (3 White), 1 (White) and 2 drew, 4 had the PAB.  Round 3 of 5 (2026: after the
    two seeding rounds), five players: 1 and 2 have 1.5, 3, 4, 5 have 1.
    The PAB: 5 and 4 had one, 3 "received a point without playing" (2017 4.1; 2026 3.1.1
    [C2], C.04.1 (2026) Art. 4: a win's points in one round without playing), so the lowest
    eligible are 1 and 2, tied on everything (SB 1 x 1 + 0.5 x 1.5 = 1.75, B 2.5, two games
    each) down to the rating / TPN: 2 gets the PAB (2017 4.2-4.3; 2026 3.1.3-3.1.5).
    1 (1.5) floats to {3, 4, 5}; the forfeit 3-5 is no game (C.04.2 D.6 / 2026 3.5), so 3
    and 5 may meet.  Ranking: 1 first (SB 1.75), then 3, 4 (2017: SB 0, B 1.5; 2026 with
    1.7.2, unplayed rounds against oneself: B 2.5, SB 1), then 5 (2017: B 0; 2026: B 2).
    Colours: 1 (WW) due Black, absolute; 3 and 4 (one game, Black) due White; 5 (no game:
    the PAB and a forfeit, which has no colour, D.5 / 2026 3.4) none.  1-3 met; 1-5, 3-4
    gives 3-4 one colour fewer than 1-4, 3-5, which gives every due colour (6.5, [C8]).
    Without the bar the PAB would go to 3, the only eligible player of the lowest SG."""
    builder = (TrfBuilder(5, rounds=5).game(1, 3, "1").game(2, 4, "1").bye(5, "U").next_round()
               .game(3, 5, "+").game(1, 2, "=").bye(4, "U").next_round())
    assert boards(builder, edition) == {(2, 0), (4, 1), (3, 5)}



@pytest.mark.parametrize("edition", EDITIONS)
def test_the_pab_to_a_player_who_leaves_a_complete_pairing(edition):
    """7 enters in round 2 (absent in round 1).  Round 1: 4 beat 1, 5-2 drawn, 6 beat 3 (White
    first); round 2: 5-1 and 4-2 drawn, 3 beat 7 (as Black), 6 the PAB.  Round 3 of 5 (2026:
    after the two seeding rounds): 6 (2), 4 (1.5), 2, 3, 5 (1), 1 (0.5), 7 (0).  1, 2, 3
    played Black twice (absolute White: no two of them may meet, 2017 5.3 / 2026 [C3]).
    The lowest is 7, but without him 1 and 2 could each meet only 6 (1 met 4 and 5, 2 met 5
    and 4): no complete pairing, so 7 cannot take the PAB (2026 3.1.2; 2017 4.2 names the
    lowest SG, but the pairing must stay possible under 3.1, 5.2-5.3).  The next lowest, 1
    (0.5), takes it.  Then 6 alone floats to 4 (6.6: he has not met him): 6-4 (4 played
    White twice, absolute Black; 6 one White).  SG 1 {2, 3, 5}: 2-3 both absolute White and
    2-5 met, so 3-5 (3 White) and 2 floats to 7: 2-7."""
    builder = (TrfBuilder(7, rounds=5).game(4, 1, "1").game(5, 2, "=").game(6, 3, "1").bye(7, "Z").next_round()
               .game(5, 1, "=").game(4, 2, "=").game(7, 3, "0").bye(6, "U").next_round())
    assert boards(builder, edition) == {(6, 4), (3, 5), (2, 7), (1, 0)}

# -- forfeits and absences ----------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_a_double_forfeit_is_no_meeting(edition):
    """Round 1: 1-2 a double forfeit, 3-4 and 5-6 drawn (3 and 5 White).  Round 2 of 3:
    SG 0.5 {3, 4, 5, 6}: SB 0.25, B 0.5 for all, so the rating / TPN order: 6.2 (1) 3-6,
    4-5 (none has met), each with both due colours: 6-3, 4-5.  SG 0 {1, 2}: their game was
    not played, so they have not "played each other" (2017 3.1; 2026 [C1], and C.04.2 D.6 /
    2026 3.5: "two paired players, who did not play their game, may be paired together"):
    1-2.  In 2026 neither has played a game (a forfeit has no colour, 3.4), so 5.2.1: the
    higher ranked (1.8: Index 0 both, TPN 1) has an odd TPN and gets the initial colour,
    White.  2017 has no rule for two players without games after round 1 (1.3: no due
    colour; 5.4 reads due colours and histories); our reading (docs/systems/burstein.md)
    takes 5.1's, its only rule for players without a history: the smaller pairing number,
    1, odd, has the colour drawn, White."""
    builder = TrfBuilder(6, rounds=3).game(1, 2, "--").game(3, 4, "=").game(5, 6, "=").next_round()
    assert boards(builder, edition) == {(1, 2), (6, 3), (4, 5)}


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_absent_player_is_not_paired(edition):
    """C.04.2 D.4 / 2026 3.3: "players known in advance not to play in a particular round are
    not paired in that round".  Round 1: 1 (White) beat 3, 2 (Black) beat 4, 5 had the PAB;
    5 is absent in round 2 (of 3): four players, no PAB; SG 1 {1, 2}: 2-1 and SG 0 {3, 4}:
    3-4, each with both due colours (2017 5.4 (a), 2026 5.2.2).  Were 5 paired, SG 1 would
    be odd and somebody would float or take a PAB."""
    builder = TrfBuilder(5, rounds=3).game(1, 3, "1").game(4, 2, "0").bye(5, "U").next_round().bye(5, "Z")
    assert boards(builder, edition) == {(2, 1), (3, 4)}


# -- colours ------------------------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_6_5_an_even_sg_takes_the_combination_that_gives_the_due_colours(edition):
    """Round 1: 1-5, 6-2, 7-3, 4-8 (White first), won by 1, 2, 3, 4: SG 1 {1, 2, 3, 4}, due Black 1
    and 4, due White 2 and 3; SG 0 {5, 6, 7, 8}, due White 5 and 8, due Black 6 and 7.
    Round 2 of 3: each SG ranked by rating / TPN (equal SB and Buchholz).  6.2 (1) 1-4,
    2-3 gives two players the wrong colour; (2) 1-3, 2-4 none: 2017 6.5 "maximum number of
    players should get their due colors", 2026 [C8] (above the order of 4.3): 3-1, 2-4; the
    same in SG 0: 5-7, 8-6."""
    builder = (TrfBuilder(8, rounds=3).game(1, 5, "1").game(6, 2, "0").game(7, 3, "0").game(4, 8, "1")
               .next_round())
    assert boards(builder, edition) == {(3, 1), (2, 4), (5, 7), (8, 6)}


@pytest.mark.parametrize("edition", EDITIONS)
def test_absolute_colours_forbid_the_first_combination(edition):
    """Two rounds: 1 and 4 won both with White (due Black, absolute: a third White is
    forbidden, 2017 5.3, 2026 1.5.1 and [C3]); 2 and 3 won with Black then White (due Black,
    mild); 5 and 8 lost both with Black (absolute White), 6 and 7 with White then Black.
    Round 3 of 5 (2026: after the two seeding rounds).  SG 2 {1, 2, 3, 4}: B = SB = 0 for
    all, the rating / TPN order.  6.2 (1) 1-4, 2-3 puts the two absolute Black seekers
    together: invalid; (2) 1-3, 2-4 (every combination misses two preferences, so 6.5 /
    [C8] do not choose): the stronger (absolute) preference is granted (2017 5.3, 2026
    5.2.3): 3-1, 2-4.  SG 0 the same: 5-8 invalid, 5-7 and 8-6."""
    builder = (TrfBuilder(8, rounds=5).game(1, 5, "1").game(6, 2, "0").game(7, 3, "0").game(4, 8, "1")
               .next_round().game(1, 6, "1").game(2, 5, "1").game(3, 8, "1").game(4, 7, "1").next_round())
    assert boards(builder, edition) == {(3, 1), (2, 4), (5, 7), (8, 6)}


# -- the last round -----------------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_last_round_no_exception_to_the_colour_rules(edition):
    """C.04.1 f-g (2017) and 2026 Art. 6-7 let a system make exceptions (2017: in the last
    round); Burstein makes none (2017 5.2-5.3, 2026 [C3]).  Round 1: 1-5, 2-6, 7-3, 8-4
    (won by 1, 2, 3, 4); round 2: 1-4, 2-3, 5-7, 6-8 (White won).  Round 3, the last of 3: 1 and 2 (2
    points) both played White twice: absolute Black, they may not meet even now.  SG 2 has
    no pair, both float (2017 6.6, 2026 [C5]) into SG 1 {1, 2, 3, 4, 5, 6}: ranked 1, 2
    (SB 2), then 3-6 (SB 0; B 2 for all).  6.2 (1) 1-6, 2-5, 3-4: 3 and 4 (Black twice,
    absolute White) may not meet; (2) 1-6, 2-4, 3-5 is valid and misses one preference
    (3 and 5 both due White), the fewest possible with four White seekers and two Black:
    6-1, 4-2, and 3-5 (3's absolute preference first).  SG 0: 7-8, both mild White,
    identical histories, the higher ranked (equal SB and B; rating / TPN) White."""
    builder = (TrfBuilder(8, rounds=3).game(1, 5, "1").game(2, 6, "1").game(7, 3, "0").game(8, 4, "0")
               .next_round().game(1, 4, "1").game(2, 3, "1").game(5, 7, "1").game(6, 8, "1").next_round())
    assert boards(builder, edition) == {(6, 1), (4, 2), (3, 5), (7, 8)}


# -- withdrawn players and unplayed rounds in the index --------------------------------------

def seven_withdraws_after_round_1() -> TrfBuilder:
    """Round 1: 1-4, 2-5, 3-7 won by White, 6 had the PAB.  7 then withdraws (absent in
    rounds 2 and 3: not paired, C.04.2 D.3 / 2026 3.2).  Round 2: 5-1, 6-2 and 4-3 all
    won by Black.  Round 3, the last of 3: 1, 2, 3 (2 points, all White then Black: mild
    White), 6 (1 point, one game with White), 4 and 5 (0)."""
    return (TrfBuilder(7, rounds=3).game(1, 4, "1").game(2, 5, "1").game(3, 7, "1").bye(6, "U").next_round()
            .game(5, 1, "0").game(6, 2, "0").game(4, 3, "0").bye(7, "Z").next_round().bye(7, "Z"))


def test_3_2_2017_a_withdrawn_opponent_counts_his_score():
    """2017 3.2 on the opponents met (the text defines nothing for unplayed rounds): SB(1) =
    s(4) + s(5) = 0, SB(2) = s(5) + s(6) = 1, SB(3) = s(7) + s(4) = 0; B the same; so 2,
    then 1 and 3 by rating: 2, 1, 3.  6.4 (three players): 2-3, 1 floats (every pair misses
    one colour: 6.5 ties); 1 meets 6 in SG 1 (6.6: he has not met him).  SG 0: 4-5.
    Colours: 2-3 both due White, 5.4 (b)-(c) tie (identical histories), (d) the higher SB, 2,
    White; 1-6 both due colours; 4-5 both due Black (Black then White), tie down to (e)
    (Buchholz 4 both) and the rating: 4 Black."""
    assert boards(seven_withdraws_after_round_1(), "2017") == {(2, 3), (1, 6), (5, 4)}


def test_1_7_2_2026_a_withdrawn_opponents_zero_point_byes_count_as_draws():
    """2026 1.7.2, exception: 7 has "a series of consecutive zero-point-byes up to the current
    round", so for his over-the-board opponent 3 the one of round 2 counts as a draw: 7
    counts 0.5.  Index (1.8.1): B(2) = s(5) + s(6) = 1, B(3) = 0.5 + s(4) = 0.5, B(1) =
    s(4) + s(5) = 0: order 2, 3, 1 (without the exception 3 would tie with 1 and come after
    him by TPN).  4.3: 2-1, 3 floats ([C8]: every pair misses one; [C7]: 3 and 6 may meet):
    3-6, then 4-5.  Colours: 2-1 mild White both, identical histories, 5.2.5 the higher
    ranked, 2, White; 3-6: 6 (+1) strong Black; 4-5 both mild Black, identical, the higher
    ranked (B 4 both, SB 0 both, TPN) 4 gets Black."""
    assert boards(seven_withdraws_after_round_1(), "2026") == {(2, 1), (3, 6), (5, 4)}


def seven_had_the_pab() -> TrfBuilder:
    """Round 1: 1-4, 2-5, 3-6 won by White, 7 had the PAB.  Round 2 of 3: SG 1 {1, 2, 3, 7}
    (1, 2, 3 due Black; 7 has no colour), SG 0 {4, 5, 6} (due White), odd."""
    return TrfBuilder(7, rounds=3).game(1, 4, "1").game(2, 5, "1").game(3, 6, "1").bye(7, "U").next_round()


def test_3_2_2017_the_pab_adds_nothing_to_the_index():
    """2017 3.2 on the opponents met: 7 met nobody, so SB = B = 0 like 1, 2, 3 (who beat
    0-point players): rating order 1, 2, 3, 7.  6.2: 1*4 = 1-7, 2-3 (6.5: every combination
    gives two due colours: 7 has none, 1, 2, 3 all want Black).  The PAB (4.2-4.3): the
    lowest SG {4, 5, 6}, SB 0 and B 1 each, the lowest rated: 6.  Colours: 7-1 (1's due
    Black); 2-3 identical, tie down to the rating: 2 Black; 4-5 both due White: 4 White."""
    assert boards(seven_had_the_pab(), "2017") == {(7, 1), (3, 2), (4, 5), (6, 0)}


def test_1_7_2_2026_a_round_without_a_game_is_played_against_oneself():
    """2026 1.7.2 (1): the PAB round counts as a game of 7 against himself with a win: B(7)
    = s(7) = 1, SB(7) = 1 x 1 = 1, while 1, 2, 3 have B = SB = 0: order 7, 1, 2, 3.  4.3:
    7-3, 1-2 (every pairing misses one preference: 1, 2, 3 want Black).  The PAB (3.1.3-
    3.1.5): {4, 5, 6}, one game each, B 1 and SB 0 each, the largest TPN: 6.  Colours: 7-3
    (1.5.4: 7 has no preference, 3 gets his); 1-2 both strong Black, identical, 5.2.5 the
    higher ranked, 1, Black; 4-5: 4 White."""
    assert boards(seven_had_the_pab(), "2026") == {(7, 3), (2, 1), (4, 5), (6, 0)}


# -- the rating (2017) or the TPN (2026) after the index --------------------------------------

def ratings_out_of_tpn_order() -> TrfBuilder:
    """Round 1: 1-4, 2-5, 3-6 won by White; 3 is rated above 2 (the pairing numbers need not
    follow the ratings, e.g. after a late entry or a corrected rating: C.04.2 B.3, C.3)."""
    ratings = {1: 2400, 2: 2200, 3: 2300, 4: 2100, 5: 2050, 6: 2000}
    return (TrfBuilder(6, rounds=3, ratings=ratings).game(1, 4, "1").game(2, 5, "1").game(3, 6, "1")
            .next_round())


def test_3_2_2017_equal_index_the_rating_decides():
    """2017 3.2 "(4) rating": SG 1 {1, 2, 3} has SB = B = Median = 0 for all, so the order is
    1 (2400), 3 (2300), 2 (2200).  6.4: 1-2, 3 floats (all due Black: 6.5 ties).  SG 0: 4,
    5, 6 (B 1) then 3 (B 0): 4-3, 5-6.  Colours: 1-2 tie down to the rating, 1 Black; 4-3
    both due colours; 5-6 both due White: 5 (higher rated) White."""
    assert boards(ratings_out_of_tpn_order(), "2017") == {(2, 1), (4, 3), (5, 6)}


def test_1_8_2_2026_equal_index_the_tpn_decides():
    """2026 1.8.2: after the Index, the TPN in ascending order (ratings are "taken into account
    only when everything else is equal", through the TPN, preface): 1, 2, 3.  4.3: 1-3, 2
    floats; bracket 0: 4, 5, 6 (B 1), 2 (B 0): 4-2, 5-6.  Colours: 3-1 (5.2.5: 1 higher
    ranked gets Black), 4-2, 5-6."""
    assert boards(ratings_out_of_tpn_order(), "2026") == {(3, 1), (4, 2), (5, 6)}


# -- colours: alternation --------------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_colours_alternate_from_the_last_difference(edition):
    """Three rounds: 1-3, 2-4 won by White, 6-5 drawn; 1-6 won by White, 5-2 won by Black, 3-4
    drawn; 4-1 won by Black, 2-6 won by White, 3-5 drawn.  Round 4 of 5 (2026: after the two
    seeding rounds): 1 (WWB) and 2 (WBW), 3 points, have not met; both due Black, +1, not
    absolute (2017 5.2-5.3, 2026 1.5.2).  2017 5.4 (a) and (b) tie, (c) "alternating ...
    regarding the first difference of their color history going back": round 3, 1 Black and 2
    White, so 1 White; 2026 5.2.2-5.2.3 tie, 5.2.4 the same: 1-2 (the next rules, (d) SB and
    5.2.5 the higher ranked, would give 1 Black).  Below: SG 1 {3, 5} met, both float into
    SG 0.5 {4, 6}, where 3 can meet only 6 and 5 only 4: 6-3 (3 BWW absolute Black, 6 WBB
    absolute White); 5-4 both -1 due White, round 3 5 Black and 4 White: 5 White."""
    builder = (TrfBuilder(6, rounds=5).game(1, 3, "1").game(2, 4, "1").game(6, 5, "=").next_round()
               .game(1, 6, "1").game(5, 2, "0").game(3, 4, "=").next_round()
               .game(4, 1, "0").game(2, 6, "1").game(3, 5, "=").next_round())
    assert boards(builder, edition) == {(1, 2), (6, 3), (5, 4)}


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_pab_has_no_colour(edition):
    """2017 4.4 / 2026 1.3 (C.04.1 (2026) Art. 3): the PAB has "no colour", so the colour
    history skips it (C.04.2 D.5 / 2026 3.4).  Round 1: 1-4, 2-5 won by White, 3 the PAB;
    round 2: 3-1 and 4-5 drawn, 2 the PAB.  Round 3 of 5 (2026: after the two seeding
    rounds), five players: 2 (2 points; played White once: due Black), 1 and 3 (1.5; 1 WB
    mild White, 3 played White once: due Black), 4 (0.5, BW) and 5 (0.5, BB: absolute
    White).  The PAB: 2 and 3 had one; the lowest SG {4, 5} (SB 0.25 both), B(4) = s(1) +
    s(5) = 2 against B(5) = s(2) + s(4) = 2.5 (2026: two games each, the same B): 4
    (2017 4.2-4.3, 2026 3.1.3-3.1.5).  2 floats into {1, 3} (who have met).  5 (0.5) can
    meet only 1 or 3, so the bracket's floater is 1 or 3: 2-1 (3 floats) gives 2 and 1
    their colours and 3-5 both theirs; 2-3 (1 floats) gives 2 and 3 the same due colour
    and 1-5 too.  2017 6.5 (2-1 is also first: the order is 1, 3, 2 by SB 1.25, 0.75,
    0.5), 2026 [C8] (above the order 3, 2, 1 by Buchholz 3, 2.5, 2): 1-2 and 5-3."""
    builder = (TrfBuilder(5, rounds=5).game(1, 4, "1").game(2, 5, "1").bye(3, "U").next_round()
               .game(3, 1, "=").game(4, 5, "=").bye(2, "U").next_round())
    assert boards(builder, edition) == {(1, 2), (5, 3), (4, 0)}


def late_entries_and_a_half_point_bye() -> TrfBuilder:
    """Round 1: 1-2 and 3-4 drawn (White: 1 and 3), 5 a half-point bye, 6, 7 and 8 enter in
    round 2 (absent in round 1).  Round 2 of 3: SG 0.5 {1, 2, 3, 4, 5}, 5 without a game;
    SG 0 {6, 7, 8}, none with a game.  Due colours: 1, 3 Black; 2, 4 White."""
    return TrfBuilder(8, rounds=3).game(1, 2, "=").game(3, 4, "=").bye(5, "H").next_round()


def test_6_5_2017_a_player_without_games_floats():
    """2017 6.5 "maximum number of players should get their due colors", 1.3: 5 has played
    no game, so no due colour.  SG 0.5 by 3.2: 1, 2, 3, 4 (SB 0.25, B 0.5), then 5 (SB 0,
    B 0).  The rows of 6.4 that pair 5 give at most three due colours ((1) 1-5, 2-4: two;
    (2) 1-5, 2-3: three); (5) 1-4, 2-3 with 5 floating gives all four: 4-1, 2-3.  5 meets
    SG 0 (6.3), all without games, by rating: 5-8, 6-7, their colours by our reading of 5.1
    (see ``test_a_double_forfeit_is_no_meeting``): 5 odd White, 6 even Black."""
    assert boards(late_entries_and_a_half_point_bye(), "2017") == {(4, 1), (2, 3), (5, 8), (7, 6)}


def test_1_5_4_2026_a_player_without_games_has_no_preference_to_miss():
    """2026 1.5.4 "players who did not play any games have no colour preference (the
    preference of their opponents is granted)", and [C8] counts the players who "do not get
    their colour preference".  Index: 1-4 B 0.5, SB 0.25; 5 (the bye round against himself,
    1.7.2) B 0.5, SB 0.25: order 1-5 by TPN.  4.3: 1-5, 2-4, 3 floats misses one (2 and 4
    both want White); 1-5, 2-3, 4 floats misses none: [C8] chooses it.  5-1 (1's
    preference), 2-3.  Bracket 0 {4, 6, 7, 8}: 4 (B 0.5) first, the late entries (B 0):
    4-8 (4 White, his preference), 6-7: neither has played, 5.2.1: the higher ranked (Index 0
    both, TPN) 6 has an even TPN: the other colour, Black."""
    assert boards(late_entries_and_a_half_point_bye(), "2026") == {(5, 1), (2, 3), (4, 8), (7, 6)}


# -- the floater's choice: the next bracket (2026 [C7]) or the colours and order (2017) --------

def three_floater_candidates() -> TrfBuilder:
    """Round 1: 2-7, 5-1 drawn, 3 beat 6 (as Black), 4 beat 8 (as Black); round 2: 2 beat 8,
    5-3 drawn, 6 beat 7, 1 beat 4.  Round 3 of 5 (2026: after the two seeding rounds):
    SG 1.5 {1 (BW, due Black), 2 (WW, absolute Black), 3 (BB, absolute White)}, SG 1
    {4 (BB, absolute White), 5 and 6 (WW, absolute Black)}, 7 (0.5, BB) and 8 (0, WB).
    5 and 6 may not meet (the same absolute colour), nor may 2 meet 5 or 6; 3 has met 5
    and 6, 1 has met 4 and 5."""
    return (TrfBuilder(8, rounds=5).game(2, 7, "=").game(5, 1, "=").game(6, 3, "0").game(8, 4, "0")
            .next_round().game(2, 8, "1").game(5, 3, "=").game(6, 7, "1").game(1, 4, "1").next_round())


def test_6_5_2017_the_floater_by_the_colours_and_the_order():
    """2017.  SG 1.5 by 3.2: SB(1) = 0.5 x 1 + 1 = 1.5, SB(3) = 1 + 0.5 x 1 = 1.5 (B 2 both,
    the rating: 1 first), SB(2) = 0.5 x 0.5 = 0.25: order 1, 3, 2.  6.4 for three: 1-2 (3
    floats) gives one due colour (both want Black), 1-3 (2 floats) and 3-2 (1 floats) two:
    6.5 leaves 1-3, first in the order; 2 can meet 4 in the next SG and everybody below can
    still be paired (6.6), so 2 floats.  SG 1 {2, 4, 5, 6}: every possible pair holds 4, 2
    may not float again (6.3): 2-4; 5 and 6 go down, where only 5-7 and 6-8 remain (6.6, two
    SGs as one).  3-1, 4-2 and 7-5, 8-6 (the absolute preferences)."""
    assert boards(three_floater_candidates(), "2017") == {(3, 1), (4, 2), (7, 5), (8, 6)}


def test_c7_2026_the_floater_who_lets_the_next_bracket_pair():
    """2026 [C7] "choose the outgoing floaters so that in the following bracket every
    criterion from [C1] to [C6] is complied with", above [C8] and the order of 4.3.  Bracket
    1.5, one pair and one floater ([C5]); the floater with {4, 5, 6}: 3 can meet none of them
    (4 has his absolute colour, he met 5 and 6), 2 only 4, so with 3 or 2 the next bracket
    makes one pair (5-6 is forbidden too); 1 can meet 6 and leaves 4-5: two pairs.  So 1
    floats and 3-2 (both preferences).  Bracket 1 {1, 4, 5, 6} by the Index: 5 (B 3), 1 (B 2,
    SB 1.5), 6 (B 2, SB 0.5), 4 (B 1.5): 5-4, 1-6 (the only complete pairing), 6 Black (the
    stronger preference); 7-8 (7's absolute White).  2017 floats 2 instead (the test above)."""
    assert boards(three_floater_candidates(), "2026") == {(3, 2), (4, 5), (1, 6), (7, 8)}


# -- two players who have yet to play a game -------------------------------------------------

def nobody_played_in_round_1() -> TrfBuilder:
    """Round 1 without a game: 3 a full-point bye, 1 a half-point bye, 2 and 4 absent, 5-6 a
    double forfeit.  Round 2 of 3 (2026: the first Burstein round): 3 (1 point) alone in SG 1
    floats to 1 (0.5 point, alone in SG 0.5) and they meet; SG 0 {2, 4, 5, 6}: 2-6, 4-5 (equal
    Index / SB, the TPN / rating order).  Nobody has a colour yet."""
    return TrfBuilder(6, rounds=3).bye(3, "F").bye(1, "H").game(5, 6, "--").next_round()


def test_5_1_2017_two_players_without_games_by_the_smaller_pairing_number():
    """2017, our reading of 5.1 for two players who have both still to play a game (see
    ``test_a_double_forfeit_is_no_meeting``): the smaller pairing number of the pair, odd,
    has the colour drawn: 1-3; 2 and 4 (even) take the other colour: 6-2, 5-4."""
    assert boards(nobody_played_in_round_1(), "2017") == {(1, 3), (6, 2), (5, 4)}


def test_5_2_1_2026_two_players_without_games_by_the_higher_ranked():
    """2026 5.2.1: "if the higher ranked player (according to Article 1.8) has an odd TPN, give
    them the initial-colour".  1.8 ranks by the Index, where a round without a game is played
    against oneself (1.7.2): B(3) = 1 (his 1 point), B(1) = 0.5: 3 is the higher ranked,
    his TPN 3 is odd: White, 3-1 (the smaller TPN, 1, would have given 1 White).  2-6 and
    4-5: Index 0 all, the higher ranked by TPN, 2 and 4, even: Black."""
    assert boards(nobody_played_in_round_1(), "2026") == {(3, 1), (6, 2), (5, 4)}
