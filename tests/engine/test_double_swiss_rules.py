"""Hand-derived rule tests of the Double-Swiss system (C.04.5, 2026).

No oracle exists for this system: each test is a small tournament whose next match one article
decides, derived by hand from the text (/work/shared/rules/2026/C04.5-double-swiss-2026.md, its
articles after 1.3.2 reconstructed after the team text C.04.6) in its docstring.

Conventions (tests/engine/double_builder.py): players are numbered by rating, so the TPN is the
pairing number (unless a player was never paired); ``match(1, 4, "1=")`` is a match in which 1 has
White in the first game (and Black in the second) and 1's codes are ``1`` then ``=``: 1½-½.  A
score is the sum of both games (Preface).  Pairs below are (White of the first game, Black), the
PAB (n, 0).  A floater (1.5) is a player paired against a different score.
"""

import pytest

from pairing.engine import NoValidPairing, get_system, pair_round, parse
from pairing.engine.systems.double.colours import colour_rule
from pairing.engine.trf import BLACK
from tests.engine.double_builder import MatchBuilder

DOUBLE = get_system("double-swiss")


def pairs(builder: MatchBuilder, edition: str | None = None) -> set[tuple[int, int]]:
    return set(pair_round(parse(builder.text()), "double-swiss", edition=edition).as_numbers())


# -- the first match -------------------------------------------------------------------------------

def test_first_match_even_the_first_pairing_in_the_order_of_3_6():
    """Match 1, 6 players, all on 0: one bracket.  3.6.2-3.6.3: the first pairing has the smallest top
    members, 1, 2, 3, each with the smallest bottom member left: 1-4, 2-5, 3-6.  Colours 4.3.1
    (neither has played a match): the HRP (the smaller TPN, 4.2) with an odd TPN has the
    initial-colour (White, XXC white1): 1 and 3 White; 2 (even) the opposite: 5 White."""
    assert pairs(MatchBuilder(6, 3)) == {(1, 4), (5, 2), (3, 6)}


def test_first_match_odd_the_pab_to_the_largest_tpn():
    """Match 1, 7 players.  3.3.2: the PAB first; 3.4: everybody leaves a legal pairing (3.4.1), all
    on 0 (3.4.2), none has played (3.4.3): the largest TPN, 7 (3.4.4).  The others as in the even
    first match."""
    assert pairs(MatchBuilder(7, 3)) == {(1, 4), (5, 2), (3, 6), (7, 0)}


def test_the_initial_colour_drawn_black():
    """4.1: the initial-colour drawn is Black (XXC black1).  Match 1, 4 players: 1-3, 2-4; 4.3.1: 1
    (odd) Black, 2 (even) White."""
    assert pairs(MatchBuilder(4, 3, initial="black1")) == {(3, 1), (2, 4)}


def test_the_tpn_skips_a_player_never_paired():
    """1.1 (C.04.2 Art. 2.4: a player is "paired only when they actually arrive"): 2 is absent from
    match 1, so the TPNs of 1, 3, 4, 5, 6, 7 are 1-6.  3.6: top members 1, 3, 4 (TPN 1-3) with 5, 6,
    7: 1-5, 3-6, 4-7.  4.3.1: TPN 1 and 3 (1 and 4) odd, White; 3 (TPN 2) Black."""
    builder = MatchBuilder(7, 3).bye(2, "Z")
    assert pairs(builder) == {(1, 5), (6, 3), (4, 7)}


# -- the PAB (1.4, 3.4, [C2]) ----------------------------------------------------------------------

def test_the_pab_is_worth_a_won_and_a_drawn_game():
    """1.4: the PAB of 5 in match 1 is worth "a match winning a game and drawing the other", 1½, so 5
    stays below 2 (2-0 against 3).  After match 1: 2: 2, 1 and 5: 1½, 4: ½, 3: 0.  Match 2: the PAB
    to 3 (the lowest score, 3.4.2; 1, 2, 4, 5 pair legally: 2-1, 5-4).  The top-scoregroup {2} takes
    one upfloater ([C4]) from 1½ ([C5]), the first set being {1} (3.5.4): 2-1; then {5} with 4.  Had
    the PAB been worth a won match (2), 5 would have joined 2's scoregroup: 2-5.  Colours: 2 and 1
    both had White, 4.3.4: 2 (the HRP) alternates: 1 White.  5 has no colour (a PAB), 4 had Black:
    4.3.5, the other alternates: 4 White."""
    builder = MatchBuilder(5, 3).match(1, 4, "1=").match(2, 3, "11").pab(5).next_match()
    assert pairs(builder) == {(1, 2), (4, 5), (3, 0)}


def test_the_pab_to_the_player_with_the_most_matches_played():
    """3.4.3: 7 was absent in match 1; 4, 5 and 6 lost theirs 0-2.  Match 2: the lowest score, 0
    (3.4.2), is that of 4, 5, 6 and 7; 4, 5 and 6 have played one match, 7 none, so the PAB goes to
    the largest TPN of 4, 5, 6 (3.4.4): 6, not 7.  Then {1, 2, 3} (2 points) take one upfloater from
    0, the first set {4} (3.5.4; 4 met 1, but 1-3 2-4 is legal): 1-3, 2-4, and 5-7.  Colours: 1 and
    3 both had White, 4.3.4: 1 Black; 2 White before, 4 Black: 4.3.2, 4 White; 5-7: 7 has played
    no match, 5 had Black: 4.3.4, 5 (the HRP, smaller TPN) alternates to White."""
    builder = MatchBuilder(7, 3).match(1, 4, "11").match(2, 5, "11").match(3, 6, "11").next_match()
    assert pairs(builder) == {(3, 1), (4, 2), (5, 7), (6, 0)}


def test_no_second_pab_even_for_the_highest_score():
    """[C2]: 3 had the PAB in match 1, 2 in match 2; match 3: 2 and 3 have 1½, 1 has 4.  The lowest
    scores may not take the PAB, so it goes to 1 (3.4.1: 2-3 have not met).  2-3: both had Black,
    4.3.4: 2 (the HRP, smaller TPN) alternates: White."""
    builder = MatchBuilder(3, 3).match(1, 2, "11").pab(3).next_match()
    builder.match(1, 3, "11").pab(2).next_match()
    assert pairs(builder) == {(2, 3), (1, 0)}


def test_a_match_won_by_forfeit_bars_the_pab_a_game_won_by_forfeit_does_not():
    """[C2]: "won a match by forfeit" bars the PAB.  1 won against 2, who forfeited both games
    (Preface: a match ended by forfeit); 3 won against 4, who forfeited the first game only and
    lost the second: a match "considered as regularly played", not won by forfeit."""
    builder = MatchBuilder(5, 3).match(1, 2, "++").match(3, 4, "+1").pab(5).next_match()
    eligible = {p.number: p.bye_eligible for p in DOUBLE.latest.round_state(parse(builder.text())).players}
    assert eligible == {1: False, 2: True, 3: True, 4: True, 5: False}


# -- [C1] and the forfeits (Preface) ---------------------------------------------------------------

def test_no_rematch():
    """[C1]: after 1-3 and 2-4 (all drawn, all on 1), the first pairing of 3.6, 1-3 2-4, is a
    rematch; the next, 1-4 2-3, is legal.  Colours 4.3.2: 4 and 3 have had no White, 1 and 2 one:
    4 and 3 White."""
    builder = MatchBuilder(4, 3).match(1, 3, "==").match(2, 4, "==").next_match()
    assert pairs(builder) == {(4, 1), (3, 2)}


def test_a_match_ended_by_forfeit_may_be_paired_again_and_gives_no_colour():
    """Preface: 2 forfeited both games, so the match "ends by forfeit" and "the same pairing may be
    repeated"; 1-2 again is the only pairing.  1.6: no game was played, so neither has had a
    colour: 4.3.1, 1 (the HRP, odd TPN) the initial colour, White."""
    builder = MatchBuilder(2, 2).match(1, 2, "++").next_match()
    assert pairs(builder) == {(1, 2)}


def test_a_match_with_a_game_forfeited_by_each_is_a_meeting():
    """Preface: a match ends by forfeit "only if at least one player forfeits both games"; here each
    forfeited one game, so it was "regularly played": [C1] bars 1-2 again, and the two players have
    no legal pairing (3.3.3: the Chief Arbiter decides)."""
    builder = MatchBuilder(2, 2).match(1, 2, "-+").next_match()
    with pytest.raises(NoValidPairing):
        pairs(builder)


def test_a_colour_with_only_the_second_game_played():
    """1.6: a player has had a colour "if at least one game of the match was actually played": 2
    forfeited the first game and drew the second, so 1 has had White.  Match 2: {1} (1½) with the
    upfloater 3 (the first of 1, [C5], 3.5.4): 1 and 3 both had White, 4.3.4: 1 alternates, 3
    White.  4-2: both had Black, 4.3.4: 4 (the higher score) alternates: White.  Were the forfeited
    match colourless for 1, 4.3.2 would give 1 White."""
    builder = MatchBuilder(4, 3).match(1, 2, "+=").match(3, 4, "==").next_match()
    assert pairs(builder) == {(3, 1), (4, 2)}


# -- 3.5: the upfloaters ---------------------------------------------------------------------------

def test_c4_two_upfloaters_when_the_top_scoregroup_has_met():
    """[C4]: 1 and 2 (1 point each) have met; 4 and 6 (2) pair on their own.  {1, 2} needs two
    upfloaters, the fewest that give a legal pairing: {3, 5} (0 points).  3.6: 1-3, 2-5.  Colours:
    4-6 both Black, 4.3.4: 4 White; 1-3 both White, 4.3.4: 1 Black; 2 Black, 5 White: 4.3.2, 2
    White."""
    builder = MatchBuilder(6, 3).match(1, 2, "10").match(3, 4, "00").match(5, 6, "00").next_match()
    assert pairs(builder) == {(4, 6), (3, 1), (2, 5)}


def test_c5_the_upfloater_with_the_highest_score():
    """[C5]: {1} (2 points) takes its upfloater from 1½ ({5}), not from 1 ({3, 6}), though 3 comes
    first by TPN.  Then {3, 6} (1, met) take two upfloaters, 2 (½) and 4 (0); 3.6: 2-6 3-4 (2-4 and
    3-6 is a rematch).  Colours: 1-5 both White, 4.3.4: 5 White; 3 White, 4 Black: 4.3.2, 4 White;
    6-2 both Black, 4.3.4: 6 (1 point, the HRP) White."""
    builder = MatchBuilder(6, 3).match(1, 4, "11").match(5, 2, "1=").match(3, 6, "==").next_match()
    assert pairs(builder) == {(5, 1), (4, 3), (6, 2)}


def test_3_5_4_the_first_set_by_tpn():
    """3.5.4: {1} (2 points) takes one upfloater from {2, 3, 5, 6} (1 point); the sets are ordered
    by TPN, so {2} first, legal: 1-2.  {3, 5, 6} take 4 (0): 3.6, 3-5 4-6 (3-6 met).  Colours: 1-2
    both White, 4.3.4: 2 White; 3 White, 5 Black: 5 White (4.3.2); 6-4 both Black: 6 (1 point)
    alternates, White."""
    builder = MatchBuilder(6, 3).match(1, 4, "11").match(2, 5, "==").match(3, 6, "==").next_match()
    assert pairs(builder) == {(2, 1), (5, 3), (6, 4)}


def test_c6_the_upfloater_that_leaves_the_following_scoregroup_pairable():
    """[C6], last match: {1} (4 points) takes one upfloater from {2, 3, 4} (2 points).  {2} comes first
    (3.5.4) and is legal, but leaves {3, 4}, who have met, so the following scoregroup could not be
    paired without upfloaters; {3} leaves {2, 4}, who can: 1-3, 2-4, 5-6.  Colours: 1 had White
    twice, 3 once: 4.3.2, 3 White; 2 twice, 4 once: 4 White; 5-6 both Black twice: 4.3.4, 5
    White."""
    builder = MatchBuilder(6, 3).match(1, 6, "11").match(3, 4, "==").match(2, 5, "==").next_match()
    builder.match(1, 5, "11").match(2, 3, "==").match(4, 6, "==").next_match()
    assert pairs(builder) == {(3, 1), (4, 2), (5, 6)}


def _c7_history(matches: int) -> MatchBuilder:
    """After two matches: 1 has 3 points; 2, 3, 4, 6, 7, 8 have 2; 5 has 1.  In match 2, 2 (against
    5) and 3 (against 1) floated; 4, 6, 7, 8 did not."""
    builder = MatchBuilder(8, matches).match(1, 5, "11").match(2, 6, "==").match(3, 7, "==")
    builder.match(4, 8, "==").next_match()
    return builder.match(1, 3, "==").match(2, 5, "==").match(4, 6, "==").match(7, 8, "==").next_match()


def test_c7_an_upfloater_that_did_not_float_in_the_previous_match():
    """[C7], match 3 of 4: {1} takes one upfloater from 2 points; {2} comes first (3.5.4) but 2 floated
    in match 2, {3} has met 1, {4} did not float: 1-4.  Then {2, 3, 6, 7, 8} with the upfloater 5:
    3.6, 2-7 3-6 5-8 (2-6, 3-7 met).  Colours: 1 and 4 twice White: 4.3.4, 1 alternates, 4 White;
    7, 6 fewer Whites (4.3.2); 8 (2 points) and 5 both Black twice: 4.3.4, 8 White."""
    assert pairs(_c7_history(4)) == {(4, 1), (7, 2), (6, 3), (8, 5)}


def test_c7_does_not_apply_in_the_last_round():
    """[C7] "except in the last round" (edition 2026): the same history, match 3 of 3: the first set,
    {2}: 1-2.  Then {3, 4, 6, 7, 8} with 5: 3.6, 3-6 4-7 5-8.  Colours: 1 and 2 twice White, 4.3.4:
    2 White; 6 and 7 fewer Whites than 3 and 4 (4.3.2); 8-5 as before."""
    assert pairs(_c7_history(3)) == {(2, 1), (6, 3), (7, 4), (8, 5)}


# -- 3.6 and [C8] ----------------------------------------------------------------------------------

def _c8_history(builder: MatchBuilder) -> MatchBuilder:
    """After two matches: 1, 4: 3; 5: 2½; 7: 2; 2, 3, 8: 1½; 6: 1.  Floaters in match 2: 1 (1 point)
    and 3 (1½), 2 (1) and 7 (½); 4-6 and 5-8 met on equal scores."""
    builder.match(1, 5, "01").match(3, 7, "1=").match(6, 2, "==").match(8, 4, "01").next_match()
    return builder.match(1, 3, "11").match(2, 7, "0=").match(4, 6, "11").match(5, 8, "1=").next_match()


def test_c8_the_upfloater_meets_a_resident_that_did_not_float():
    """[C8], match 3 of 4: {1, 4} pair; {5} takes 7; {2, 3, 8} (1½) take 6 (1).  3.6: the first
    pairing, 2-8 3-6, gives the upfloater 6 the opponent 3, who floated in match 2; 2-3 6-8 gives it
    8, who did not: 2-3, 6-8.  Colours: 4 has fewer Whites than 1, 7 than 5 (4.3.2); 2 and 3 one
    White each, the last match different: 4.3.3, 3 White; 8 and 6 the same colours (White, Black):
    4.3.4, 8 (the higher score) White."""
    assert pairs(_c8_history(MatchBuilder(8, 4))) == {(4, 1), (7, 5), (3, 2), (8, 6)}


def test_the_team_reading_lifts_c7_and_c8_in_the_last_two_rounds():
    """Edition ``2026-team`` (C.04.6 [C7]/[C10]: "With the exception of the last two rounds"): the
    same match 3 of 4, [C8] lifted: the first pairing, 2-8 3-6.  Colours: 2 and 8 one White each,
    the last different, 4.3.3: 8 White; 3 and 6 the same colours: 4.3.4, 3 White."""
    assert pairs(_c8_history(MatchBuilder(8, 4)), "2026-team") == {(4, 1), (7, 5), (8, 2), (3, 6)}


# -- Article 4: colours ----------------------------------------------------------------------------

def test_4_3_3_the_most_recent_match_with_different_colours():
    """4.3.3: 1 had Black, White, Black and 2 White, Black, Black: the same number of Whites
    (4.3.2 does not decide); the last match both Black, the one before 1 White and 2 Black: the
    colours alternate from it, 1 Black (4.3.4 would have given 1 White)."""
    builder = MatchBuilder(6, 5).match(4, 1, "==").match(2, 6, "==").match(3, 5, "==").next_match()
    builder.match(1, 5, "==").match(4, 2, "==").match(3, 6, "==").next_match()
    builder.match(6, 1, "==").match(3, 2, "==").match(4, 5, "==").next_match()
    state = DOUBLE.latest.round_state(parse(builder.text()))
    players = state.by_number()
    colour, rule = colour_rule(players[1], players[2], state)
    assert (colour, rule) == (BLACK, ("4.3.3", "alternate"))


def test_c6_readings_parity_minimum_and_fewest_upfloaters():
    """[C6]'s two readings, on the history of the [C6] test above (match 3: {1} takes one upfloater
    from {2, 3, 4}).  Taking 2 leaves {3, 4}, who have met: the parity minimum (edition 2026) says
    [C6] is not met (1); the fewest-upfloaters reading (edition 2026-team) counts what {3, 4} would
    need: 3 and 4 can only pair with 5 and 6 (4-6 met: 3-6, 4-5), two upfloaters.  Taking 3 leaves
    {2, 4}, who can meet: 0 in both readings."""
    from pairing.engine.systems.double.pairer import _c6_shortfall, _Round, groups_of

    builder = MatchBuilder(6, 3).match(1, 6, "11").match(3, 4, "==").match(2, 5, "==").next_match()
    builder.match(1, 5, "11").match(2, 3, "==").match(4, 6, "==").next_match()
    shortfalls = {}
    for edition in DOUBLE.editions:
        state = edition.round_state(parse(builder.text()))
        work = _Round(state, edition)
        index = {p.number: v for v, p in enumerate(state.players)}
        lower = [index[n] for n in (2, 3, 4, 5, 6)]
        for taken in (2, 3):
            rest = [v for v in lower if v != index[taken]]
            shortfalls[edition.name, taken] = _c6_shortfall(work, groups_of(work, lower), (index[taken],), rest)
    assert shortfalls == {("2026", 2): 1, ("2026", 3): 0, ("2026-team", 2): 2, ("2026-team", 3): 0}
