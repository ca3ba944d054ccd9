"""Hand-derived tests of the Swiss team system (C.04.6, 2026): each a small event (two boards per
team, match points 2/1/0, see ``team_events``) where one article decides the pairing or the
colours.  The derivation is in each docstring; "R1: 1-3 1-1" means team 1 (White on board 1)
drew with team 3.  MP = match points, GP = game points."""

import pytest

from pairing.engine.errors import TrfError
from pairing.engine.systems.team import TEAM
from pairing.engine.systems.team.explain import explain_team
from pairing.engine.systems.team.state import build_team_state
from pairing.engine.trf import PlayerRecord, RoundEntry, player_line
from pairing.engine.trf_team import parse_team
from tests.engine.team_events import matches, pair, pairing, team_file

TYPE_A, TYPE_B, NO_COLOURS = "FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_TYPEB_MP_GP", "FIDE_TEAM_MP_GP"


def m(*pairs: str) -> set[frozenset[int]]:
    return {frozenset(map(int, p.split("-"))) for p in pairs}


def test_round_one_is_the_first_pairing_by_its_identifier():
    """3.6.2-3.6.3: six teams on 0 MP form one bracket.  The identifier lists the top members,
    then their partners: the smallest set of top members is {1, 2, 3}, then 1's smallest partner
    4, 2's 5, 3's 6.  Colours, 4.3.1 (initial colour White): the first-team of each pair is the
    smaller TPN (equal scores, 4.2.3); odd (1, 3) takes White, even (2) Black."""
    assert pair(6, []) == ({(1, 4), (5, 2), (3, 6)}, None)


def test_round_one_colours_follow_the_initial_colour():
    """4.1, 4.3.1: with Black drawn as the initial colour, the odd first-teams 1 and 3 take Black
    and the even first-team 2 White."""
    assert pair(6, [], initial="B") == ({(4, 1), (2, 5), (6, 3)}, None)


def test_round_one_pab_goes_to_the_largest_tpn():
    """3.4.2-3.4.4: five teams, all on 0 MP with no match played: the PAB goes to the largest
    TPN, 5; the others pair by 3.6.2 (tops {1, 2}: 1-3, 2-4)."""
    assert matches(5, []) == (m("1-3", "2-4"), 5)


def test_pab_goes_to_the_lowest_score():
    """3.4.2: R1 1-3 2-0, 2-4 1-1, 5 PAB: MP 1:2, 2:1, 4:1, 5:1 (the PAB is a draw, 1.4), 3:0.
    Team 3 has the lowest score and leaves 1, 2, 4, 5 pairable (1-2, 4-5): it takes the PAB.
    Then the top scoregroup {1} takes one upfloater from {2, 4, 5} (3.5.4: 2 first; 2.3.3: 4-5
    can meet), and 4-5 pair."""
    assert matches(5, ["1-3 2-0, 2-4 1-1, 5 bye"]) == (m("1-2", "4-5"), 3)


def test_no_pab_after_a_pab_or_a_forfeit_win():
    """[C2] (2.1.2): R1 5-1 +- (5 wins by forfeit), 2-3 1-1, 4 PAB; R2 1-5 2-0, 2-4 2-0, 3 PAB.
    MP: 2:3, 1:2, 3:2, 5:2, 4:1.  Team 4 (lowest) and 3 had a PAB, 5 won by forfeit: the PAB goes
    to 1, the lowest of those left (rest 2-5, 3-4 legal).  Then {2} floats up 5 (2-3 met),
    and 3-4."""
    assert matches(5, ["5-1 +-, 2-3 1-1, 4 bye", "1-5 2-0, 2-4 2-0, 3 bye"]) == (m("2-5", "3-4"), 1)


def test_pab_goes_to_the_team_with_more_matches_played():
    """3.4.3: team 5 was absent from R1 (1-2 2-0, 3-4 2-0).  Teams 2, 4 and 5 have 0 MP; 2 and 4
    played one match, 5 none: the PAB goes to the larger TPN of 2 and 4, i.e. 4, not 5.  Then
    1-3 (top scoregroup) and 2-5."""
    assert matches(5, ["1-2 2-0, 3-4 2-0"]) == (m("1-3", "2-5"), 4)


def test_pab_leaves_a_legal_pairing_for_all():
    """3.4.1: R1 1-2 2-0, 3-4 2-0; R2 1-3 2-0, 2-4 1-1; R3 1-4 2-0 (2, 3, 5 absent).  MP 1:6,
    3:2, 2:1, 4:1, 5:0.  Team 5 (lowest) cannot take the PAB: 1 has met 2, 3 and 4.  Next is 4
    (1 MP, three matches played, before 2 with two): 1-5 and 2-3 are legal.  The top scoregroup
    {1} can only float up 5 ([C1]), then 2-3."""
    rounds = ["1-2 2-0, 3-4 2-0", "1-3 2-0, 2-4 1-1", "1-4 2-0"]
    assert matches(5, rounds) == (m("1-5", "2-3"), 4)
    document = parse_team(team_file(5, rounds))
    why = explain_team(build_team_state(document, TEAM.latest), TEAM.pair(document))
    assert (why["bye"], why["bye_skipped"], why["bye_barred"]) == (4, [5], [])


def test_no_rematch():
    """[C1] (2.1.1): R1 1-3 1-1, 2-4 1-1: all on 1 MP.  The first identifier 1 2 3 4 (1-3, 2-4)
    repeats both matches; the next, 1 2 4 3, is 1-4, 2-3."""
    assert matches(4, ["1-3 1-1, 2-4 1-1"]) == (m("1-4", "2-3"), None)


def test_a_match_lost_by_forfeit_is_no_meeting():
    """[C1] with GHR 3.5: R1 1-3 +-, 2-4 +- (3 and 4 did not come); R2 1-2 1-1, 3-4 1-1.  MP 1:3,
    2:3, 3:1, 4:1.  1-2 met, so {1, 2} takes two upfloaters; 1-3 and 2-4 were never played, so
    the first identifier 1 2 3 4 is legal (counting the forfeits as meetings would give 1-4, 2-3)."""
    assert matches(4, ["1-3 +-, 2-4 +-", "1-2 1-1, 3-4 1-1"]) == (m("1-3", "2-4"), None)


def test_upfloaters_come_from_the_highest_score_first():
    """[C5] (2.3.2), 3.5.3: R1 1-5 0-2, 2-6 2-0, 3-7 2-0, 4 PAB.  MP 2:2, 3:2, 5:2, 4:1, 1, 6, 7: 0.
    The PAB goes to 7 (0 MP, largest TPN).  {2, 3, 5} needs one upfloater; it comes from the
    highest score below, 4 (1 MP), not 1 (0 MP) despite 1's smaller TPN.  The bracket {2, 3, 4, 5}
    pairs 2-4, 3-5 (tops {2, 3}), then 1-6."""
    assert matches(7, ["1-5 0-2, 2-6 2-0, 3-7 2-0, 4 bye"]) == (m("2-4", "3-5", "1-6"), 7)


def test_the_rest_must_stay_pairable():
    """[C3] (2.2.1): R1 1-5 2-0, 3-4 1-1, 2 PAB.  MP 1:2, 2, 3, 4: 1, 5:0.  The PAB goes to 5.  For
    the top scoregroup {1} the first upfloater, 2, would leave 3-4, who have met: 3 is taken,
    then 2-4."""
    assert matches(5, ["1-5 2-0, 3-4 1-1, 2 bye"]) == (m("1-3", "2-4"), 5)


def test_the_following_scoregroup_keeps_its_pairing():
    """[C6] (2.3.3): R1 1-5 2-0, 3-4 1-1, 2 PAB, 6 absent.  MP 1:2, 2, 3, 4: 1, 5, 6: 0.  The
    top scoregroup {1} takes one team of {2, 3, 4}.  With 2, the rest is legal (3-5, 4-6) but the
    following scoregroup is left with 3-4, who met, so it would need upfloaters; with 3 it
    keeps 2-4.  So 1-3, 2-4, 5-6."""
    assert matches(6, ["1-5 2-0, 3-4 1-1, 2 bye"]) == (m("1-3", "2-4", "5-6"), None)


def test_colour_preferences_choose_the_pairing_type_b():
    """[C8] (2.3.5) with Type B: R1 1-2 1-1, 3-4 1-1.  All on 1 MP; 1 and 3 had White (CD +1: a
    mild preference for Black, 1.7.2), 2 and 4 Black (mild for White).  The first identifier,
    1-3, 2-4, leaves two preferences unfulfilled; 1-4, 2-3 none.  The colours grant them (4.3.3)."""
    assert pair(4, ["1-2 1-1, 3-4 1-1"], code=TYPE_B) == ({(4, 1), (2, 3)}, None)


def test_without_colour_preferences_the_identifier_decides():
    """1.7: with no colour preferences (FIDE_TEAM_MP_GP) the same event pairs by the first
    identifier, 1-3, 2-4; nor does Type A have a preference after one match (1.7.1)."""
    assert matches(4, ["1-2 1-1, 3-4 1-1"], code=NO_COLOURS) == (m("1-3", "2-4"), None)
    assert matches(4, ["1-2 1-1, 3-4 1-1"], code=TYPE_A) == (m("1-3", "2-4"), None)


def test_only_one_team_with_a_preference_gets_it():
    """4.3.2, Type A: R1 1-3, 2-4; R2 1-4, 3-2 (all 1-1).  1 had White twice (prefers Black),
    4 Black twice (prefers White), 2 and 3 one of each (no preference).  R3 can only be 1-2,
    3-4: 2 White against 1, 4 White against 3."""
    result = pairing(4, ["1-3 1-1, 2-4 1-1", "1-4 1-1, 3-2 1-1"], code=TYPE_A)
    assert set(result.boards) == {(2, 1), (4, 3)}
    assert result.colour_articles == {(2, 1): "4.3.2", (4, 3): "4.3.2"}


def test_the_first_team_gets_its_preference_when_both_want_the_same():
    """4.3.7, 4.2.1: R1 1-3 1-1, 2-4 2-0; R2 1-4 1-1, 2-3 1-1.  MP 2:3, 1:2, 3:2, 4:1.  {2}
    floats up 1 (2-3, 2-4 met), then 3-4.  1 and 2 both had White twice: same preference,
    same CD, same history (4.3.5, 4.3.6 do not decide); 2 has the higher score, so it is the
    first-team and gets Black.  3 and 4 both want White: 3 (2 MP against 1) gets it."""
    result = pairing(4, ["1-3 1-1, 2-4 2-0", "1-4 1-1, 2-3 1-1"], code=TYPE_A)
    assert set(result.boards) == {(1, 2), (3, 4)}
    assert result.colour_articles == {(1, 2): "4.3.7", (3, 4): "4.3.7"}


def test_a_strong_preference_beats_a_mild_one():
    """4.3.4, Type B: R1 1-3, 4-2; R2 1-4, 2-3 (all 1-1).  1 had White twice (strong for Black),
    2 Black then White (CD 0, last White: mild for Black), 3 Black twice (strong for White), 4
    White then Black (mild for White).  R3 is 1-2, 3-4: the strong preferences win."""
    result = pairing(4, ["1-3 1-1, 4-2 1-1", "1-4 1-1, 2-3 1-1"], code=TYPE_B)
    assert set(result.boards) == {(2, 1), (3, 4)}
    assert result.colour_articles == {(2, 1): "4.3.4", (3, 4): "4.3.4"}


def test_lower_colour_difference_gets_white_then_alternation():
    """4.3.5 and 4.3.6, no colour preferences: R1 1-3, 4-2; R2 1-4, 3-2 (all 1-1).  R3 is 1-2,
    3-4.  1 had White twice (CD +2), 2 Black twice (-2): 2 takes White (4.3.5).  3 (B, W) and 4
    (W, B) have CD 0; in R2 3 had White and 4 Black, so they alternate: 4 White (4.3.6)."""
    result = pairing(4, ["1-3 1-1, 4-2 1-1", "1-4 1-1, 3-2 1-1"], code=NO_COLOURS)
    assert set(result.boards) == {(2, 1), (4, 3)}
    assert result.colour_articles == {(2, 1): "4.3.5", (4, 3): "4.3.6"}


def test_same_history_alternates_the_first_team():
    """4.3.8: R1 1-3, 2-4; R2 4-1, 3-2 (all 1-1); R3 is 1-2, 3-4.  1 and 2 both had White then
    Black, 3 and 4 Black then White: equal CDs, equal histories, no preference.  The first-team
    (smaller TPN on equal scores) alternates from its last colour: 1 White, 3 Black."""
    result = pairing(4, ["1-3 1-1, 2-4 1-1", "4-1 1-1, 3-2 1-1"], code=NO_COLOURS)
    assert set(result.boards) == {(1, 2), (4, 3)}
    assert result.colour_articles == {(1, 2): "4.3.8", (4, 3): "4.3.8"}


def test_the_secondary_score_names_the_first_team():
    """4.2.2: R1 1-3 1.5-0.5, 2-4 2-0.  R2 pairs 1-2 (2 MP each) and 3-4.  1 and 2 both had White
    once: 4.3.5-4.3.7 do not decide, and the first-team alternates (4.3.8).  With game points as
    the secondary score 2 (2.0 GP) is the first-team and takes Black; with match points only
    (FIDE_TEAM_TYPEA_MP: no secondary score) it is 1 (smaller TPN)."""
    rounds = ["1-3 1.5-0.5, 2-4 2-0"]
    assert (1, 2) in pair(4, rounds, code=TYPE_A)[0]
    assert (2, 1) in pair(4, rounds, code="FIDE_TEAM_TYPEA_MP")[0]


def test_game_points_as_the_primary_score():
    """1.2.1: R1 1-4 1.5-0.5, 2-5 2-0, 3-6 1.5-0.5.  By match points {1, 2, 3} (2 MP) floats up 4
    and pairs 1-3, 2-4, then 5-6.  By game points the scoregroups are 2 (2.0), {1, 3} (1.5),
    {4, 6} (0.5), 5 (0): {2} floats up 1 (the first of {1, 3}, which leaves 3 an upfloater, 2.3.3),
    {3} floats up 4, then 5-6."""
    rounds = ["1-4 1.5-0.5, 2-5 2-0, 3-6 1.5-0.5"]
    assert matches(6, rounds, code=TYPE_A)[0] == m("1-3", "2-4", "5-6")
    assert matches(6, rounds, code="FIDE_TEAM_TYPEA_GP_MP")[0] == m("1-2", "3-4", "5-6")


def test_the_pab_is_worth_a_drawn_match():
    """1.4: game points primary; R1 1-2 1.5-0.5, 3-4 1.5-0.5, 5 PAB.  The PAB scores a drawn
    match: 1.0 GP for two boards.  GP 1:1.5, 3:1.5, 5:1.0, 2:0.5, 4:0.5.  PAB: 4 (0.5, one match,
    larger TPN than 2).  {1, 3} pair, then {5} floats up 2.  With record 320 valuing the PAB as
    2.0 GP, 5 leads alone and floats up 1, then 3 meets 2."""
    rounds = ["1-2 1.5-0.5, 3-4 1.5-0.5, 5 bye"]
    assert matches(5, rounds, code="FIDE_TEAM_GP_MP") == (m("1-3", "2-5"), 4)
    assert matches(5, rounds, code="FIDE_TEAM_GP_MP", extra=("320  2.0  2.0",)) == (m("1-5", "2-3"), 4)


@pytest.mark.parametrize("with_352", [True, False])
def test_the_pab_is_a_drawn_match_of_the_boards_not_of_the_roster(with_352):
    """1.4: "as many ... game points as are rewarded for a draw": a draw of the match's two boards (352
    WB), 1.0 GP, whatever the roster's length (here three players a team, one a substitute never
    fielded).  Without 352 the boards are the most players a team fielded in a round."""
    text = team_file(3, ["1-2 2-0, 3 bye"])
    lines = [line for line in text.splitlines() if with_352 or not line.startswith("352")]
    substitutes = [player_line(PlayerRecord(number=n, name=f"Substitute {n}", rating=1900,
                                            rounds=[RoundEntry(None, None, "Z")]), 0) for n in (7, 8, 9)]
    lines = [f"{line}{6 + int(line[4:7]):5d}" if line.startswith("310") else line for line in lines] + substitutes
    document = parse_team("\n".join(lines) + "\n")
    assert document.teams[3].members == (5, 6, 9) and document.boards == 2
    bye = document.round(3, 1)
    assert (bye.kind, bye.match_points, bye.game_points) == ("bye", 10, 10)


def test_a_team_announced_absent_is_not_paired():
    """240 (TRF-2026): team 4 is announced absent for R2.  R1 1-3 2-0, 2-4 2-0: the teams left,
    1 and 2 (2 MP) and 3 (0 MP), are odd: 3 takes the PAB (lowest score), 1-2."""
    assert matches(4, ["1-3 2-0, 2-4 2-0"], absent=(4,)) == (m("1-2"), 3)


def test_virtual_points_make_the_scoregroups():
    """C.04.7 by record 250: teams 1 and 2 get 2.0 virtual MP in round 1.  They form the top
    scoregroup and meet (1-2), then 3-4, instead of the unaccelerated 1-3, 2-4."""
    assert matches(4, [], extra=("250  2.0  0.0 001 001 0001 0002",)) == (m("1-2", "3-4"), None)
    assert matches(4, []) == (m("1-3", "2-4"), None)


def test_the_team_document_reads_the_records():
    """The team document: 310 members and points, 192 settings, 362 match points, the PAB's
    value, and each team's rounds (a PAB, a whole match lost by forfeit: not played)."""
    document = parse_team(team_file(3, ["1-2 +-, 3 bye"], code="FIDE_TEAM_TYPEB_GP_MP"))
    assert (document.colour_model, document.primary, document.secondary) == ("B", "GP", "MP")
    assert document.teams[2].members == (3, 4)
    one, two, three = (document.round(t, 1) for t in (1, 2, 3))
    assert (one.kind, one.opponent, one.played, one.forfeit_win, one.match_points) == ("match", 2, False, True, 20)
    assert (two.match_points, two.game_points) == (0, 0)
    assert (three.kind, three.match_points, three.game_points) == ("bye", 10, 10)
    # R2: three teams, one PAB; 1 won by forfeit and 3 had the PAB ([C2]): 2 takes it.  Neither 1
    # nor 3 has played a match (1.6.1): 4.3.1, the first-team 1 (2.0 GP against 1.0) is odd and
    # takes the initial colour, White
    assert (TEAM.pair(document).bye, TEAM.pair(document).boards) == (2, [(1, 3)])


def test_baku_acceleration_from_the_team_code():
    """C.04.7 1.2, 1.4 (the 1.4.4 team example): 8 teams, 11 rounds, FIDE_TEAM_TYPEA_MP_GP_BAKU.
    GA is teams 1-4 (2 x ceil(8 / 4)); the accelerated rounds are the first 6, with 2 virtual MP
    (a win) in rounds 1-3 and 1 in rounds 4-6, none from round 7.  Round 1: {1, 2, 3, 4} on 2 MP
    pair 1-3, 2-4 and {5, 6, 7, 8} pair 5-7, 6-8 (3.6.2), instead of 1-5, 2-6, 3-7, 4-8."""
    code = "FIDE_TEAM_TYPEA_MP_GP_BAKU"
    assert matches(8, [], code=code, total=11)[0] == m("1-3", "2-4", "5-7", "6-8")
    assert matches(8, [], total=11)[0] == m("1-5", "2-6", "3-7", "4-8")
    for round_number, virtual in ((1, 20), (3, 20), (4, 10), (6, 10), (7, 0)):
        document = parse_team(team_file(8, [], code=code, total=11))
        scores = [t.score for t in build_team_state(document, TEAM.latest, round_number, 11).teams]
        assert scores == [virtual] * 4 + [0] * 4


def test_baku_is_refused_with_game_points_primary():
    """C.04.7 1.4.4's note: with game points as the primary score the Baku method cannot be used:
    bad input, with the article."""
    with pytest.raises(TrfError, match=r"C\.04\.7 1\.4\.4"):
        pairing(4, [], code="FIDE_TEAM_TYPEA_GP_MP_BAKU")


def test_a_generated_baku_tournament_passes_its_checker():
    """The virtual points of every round are computed once per file, so that -c re-pairs each
    round with its own (C.04.7 1.4)."""
    from pairing.engine.systems.team.checker import check_team
    from pairing.engine.systems.team.generator import TeamConfig, generate_team
    text = generate_team(TeamConfig(teams=12, rounds=7, code="FIDE_TEAM_TYPEA_MP_GP_BAKU"), 5)
    document = parse_team(text)
    assert document.baku and check_team(document, TEAM.latest) == []
    assert {round_number for round_number, _ in document.virtual} == {1, 2, 3, 4}


def test_upfloaters_that_floated_last_round_come_last():
    """[C7] (2.3.4): R1 1-4 2-0, 2-5 2-0, 3-6 2-0; R2 1-3 2-0, 4-2 2-0, 6-5 0-2.  MP 1:4, 2, 3, 4, 5:
    2, 6:0; in R2 2 (2 MP) and 4 (0 MP) floated.  {1} takes one upfloater of {2, 3, 4, 5}; 1 met 3
    and 4.  2 comes first (3.5.4) and is legal (rest 3-5, 4-6), but floated in R2; 5 is legal
    (rest 2-3, 4-6) and did not: 1-5.  {2, 3, 4} then floats up 6, whose opponent (2 or 4) floated
    either way ([C10] cannot choose): the first identifier, 2-6, 3-4.  In the last two rounds
    [C7] does not apply: 1-2, then 3-5, 4-6."""
    rounds = ["1-4 2-0, 2-5 2-0, 3-6 2-0", "1-3 2-0, 4-2 2-0, 6-5 0-2"]
    assert matches(6, rounds, code=NO_COLOURS, total=5)[0] == m("1-5", "2-6", "3-4")
    assert matches(6, rounds, code=NO_COLOURS, total=4)[0] == m("1-2", "3-5", "4-6")


def test_upfloaters_meet_teams_that_did_not_float_last_round():
    """[C10] (2.3.7): R1 1-4 1-1, 5-2 0-2, 3-6 1-1; R2 2-1 1-1, 5-3 0-2, 4-6 0-2.  MP 2, 3, 6: 3;
    1:2, 4:1, 5:0; in R2 1, 2, 3 and 5 floated.  {2, 3, 6} floats up 1 ([C5]).  The first
    identifier, 1-3, 2-6, gives the upfloater 1 an opponent that floated in R2 (3); 1-6, 2-3 does
    not.  Then 4-5.  In the last two rounds [C10] does not apply: 1-3, 2-6."""
    rounds = ["1-4 1-1, 5-2 0-2, 3-6 1-1", "2-1 1-1, 5-3 0-2, 4-6 0-2"]
    assert matches(6, rounds, code=NO_COLOURS, total=5)[0] == m("1-6", "2-3", "4-5")
    assert matches(6, rounds, code=NO_COLOURS, total=4)[0] == m("1-3", "2-6", "4-5")


def test_strong_preferences_count_before_the_identifier():
    """[C9] (2.3.6), Type B: R1 1-5 0-2, 6-2 1-1, 3-7 0-2, 8-4 0-2; R2 1-6 2-0, 5-2 2-0, 8-3 0-2,
    4-7 2-0.  MP 4, 5: 4; 1, 3, 7: 2; 2, 6: 1; 8: 0.  Preferences: 1 and 8 strong Black (White
    twice), 2 and 7 strong White, 3 and 6 mild White (CD 0, Black last), 4 and 5 mild Black.
    4-5 pair; {1, 3, 7} floats up 2 (2 and 6 both floated in R2, [C7] does not choose; 2 first).
    In {1, 2, 3, 7} (3-7 met) the pairings are 1-3, 2-7 and 1-7, 2-3: each leaves one preference
    unfulfilled ([C8]: 2 and 7 both want White; 2 and 3 too), but 2-7 leaves a strong one ([C9]):
    1-7, 2-3, although 1-3, 2-7 comes first by identifier.  Then 6-8.  Colours: 2 (strong) over
    3 (mild) by 4.3.4; 7 and 1 opposite (4.3.3)."""
    rounds = ["1-5 0-2, 6-2 1-1, 3-7 0-2, 8-4 0-2", "1-6 2-0, 5-2 2-0, 8-3 0-2, 4-7 2-0"]
    result = pairing(8, rounds, code=TYPE_B, total=5)
    assert {frozenset(b) for b in result.boards} == m("4-5", "1-7", "2-3", "6-8")
    assert {(2, 3), (7, 1)} <= set(result.boards)
    assert result.colour_articles[(2, 3)] == "4.3.4"


def test_the_pab_without_162_p_is_a_draw_or_gacrux_s_win():
    """1.4 and the corpus README's KD-2: record 162 without P, game points primary; R1 1-2
    1.5-0.5, 3-4 1.5-0.5, 5 PAB.  By the text the PAB is a drawn match, 1.0 GP for two boards:
    the pairing of test_the_pab_is_worth_a_drawn_match (1-3, 2-5).  Gacrux scores it as a win on
    every board (2.0 GP): edition 2026-gacrux reproduces that, 5 leads alone and meets 1, 2-3."""
    rounds = ["1-2 1.5-0.5, 3-4 1.5-0.5, 5 bye"]
    options = {"code": "FIDE_TEAM_GP_MP", "scoring": "162  W 1.0    D 0.5    L 0.0"}
    assert matches(5, rounds, **options) == (m("1-3", "2-5"), 4)
    assert matches(5, rounds, edition="2026-gacrux", **options) == (m("1-5", "2-3"), 4)
    # with P in 162 the file values the PAB, and both editions read it
    assert matches(5, rounds, edition="2026-gacrux", code="FIDE_TEAM_GP_MP") == (m("1-3", "2-5"), 4)


def test_virtual_points_in_the_secondary_score_by_gacrux_s_reading():
    """4.2.2 with C.04.7 and the corpus README's KD-3: 8 teams, 11 rounds, Baku (GA 1-4, 2 virtual
    MP in rounds 1-3), no colour preferences.  R1 3-1 0-2, 2-4 2-0, 5-7 2-0, 6-8 2-0.  R2: 1, 2 on
    4 MP (2 + 2 virtual) meet; {3, 4, 5, 6} on 2 MP (3, 4: 0 + 2 virtual) pair 3-5, 4-6; 7-8.  3 and
    5 both had White once (4.3.5, 4.3.6 do not decide): the first-team alternates to Black (4.3.8).
    By game points 5 (2.0) is the first-team over 3 (0.0): 3-5.  Gacrux adds 3's 2 virtual MP to
    its game points: a tie, so 3 (smaller TPN) is the first-team: 5-3 (edition 2026-gacrux)."""
    rounds = ["3-1 0-2, 2-4 2-0, 5-7 2-0, 6-8 2-0"]
    options = {"code": "FIDE_TEAM_MP_GP_BAKU", "total": 11}
    boards, _ = pair(8, rounds, **options)
    assert m("1-2", "3-5", "4-6", "7-8") == {frozenset(b) for b in boards}
    assert (3, 5) in boards
    assert (5, 3) in set(pairing(8, rounds, edition="2026-gacrux", **options).boards)


def test_type_b_has_no_preference_at_cd_zero_in_the_last_round():
    """1.7.2, Type B: R1 1-2 1-1, 3-4 1-1; R2 2-1 1-1, 4-3 1-1.  Every CD is 0; 1 and 3 had Black
    last (mild White), 2 and 4 White last (mild Black).  R3 can be 1-3, 2-4 or 1-4, 2-3.  Before
    the last round the first leaves all four mild preferences unfulfilled in pairs ([C8]): 1-4,
    2-3.  In the last round a CD of 0 gives no preference: the first identifier, 1-3, 2-4.  A file
    without 142 does not say which round is the last: R3 is paired as an earlier round."""
    rounds = ["1-2 1-1, 3-4 1-1", "2-1 1-1, 4-3 1-1"]
    assert matches(4, rounds, code=TYPE_B, total=5)[0] == m("1-4", "2-3")
    assert matches(4, rounds, code=TYPE_B, total=3)[0] == m("1-3", "2-4")
    assert matches(4, rounds, code=TYPE_B, total=None)[0] == m("1-4", "2-3")


def test_the_team_colour_is_that_of_its_first_player_present():
    """1.6.1 with players moving up: in R1 the board-1 players of teams 1 and 2 (players 1 and 3)
    did not play, and the board-2 players met with team 2's player on White.  Team 2 had White
    in that match (its first player present), team 1 Black."""
    text = team_file(2, ["1-2 1-1"])
    for old, new in (("    3 w =", " 0000 - Z"), ("    1 b =", " 0000 - Z"),
                     ("    4 b =", "    4 b 0"), ("    2 w =", "    2 w 1")):
        text = text.replace(old, new)
    document = parse_team(text)
    assert (document.round(1, 1).colour, document.round(2, 1).colour) == ("b", "w")
    assert (document.round(1, 1).match_points, document.round(2, 1).match_points) == (0, 20)


def test_a_round_in_progress_must_be_finished_before_the_next():
    """A board game paired but without a result (the round in progress): the next round cannot be
    paired from it (bad input, as for the individual systems)."""
    text = team_file(4, ["1-3 1-1, 2-4 1-1"]).replace("    5 w =", "    5 w  ").replace("    1 b =", "    1 b  ")
    with pytest.raises(TrfError, match="round 1 is not finished"):
        TEAM.pair(parse_team(text))
