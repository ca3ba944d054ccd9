"""The review of a team pairing made by hand (pairing/engine/team_review.py), on team round states
written out by hand from C.04.6's definitions: each finding with its article, and the change
arithmetic's words for matches and teams."""

import pytest

from pairing.engine import TEAMS, ChangeError, EngineError, change_boards, in_match_order, review_teams
from pairing.engine.systems.team.editions import EDITION_2026
from pairing.engine.systems.team.state import Team, TeamRoundState


def team(tpn, score=0, colours=(), met=(), barred=False, preference=None, strong=False):
    return Team(tpn, score, None, tuple(colours), frozenset(met), barred, False, preference, strong)


def state(*teams, model="A", round_number=3):
    return TeamRoundState(round_number, 7, list(teams), EDITION_2026, "w", model)


def found(findings):
    return {(f.code, f.players, f.absolute): f.article for f in findings}


def test_a_legal_pairing_by_article_4_breaks_nothing():
    # 1 (W, W: 1.7.1 prefers Black) against 2 (B, B: prefers White): 4.3.3 grants both.
    s = state(team(1, 20, "ww", preference="b", strong=True), team(2, 20, "bb", preference="w", strong=True))
    assert review_teams(s, [(2, 1)]) == []


def test_a_rematch_is_c1_and_the_colours_against_article_4():
    s = state(team(1, 20, "ww", met={2}, preference="b", strong=True),
              team(2, 20, "bb", met={1}, preference="w", strong=True))
    assert found(review_teams(s, [(1, 2)])) == {
        ("rematch", (1, 2), True): "C.04.6 2.1.1 [C1]; C.04.1 Art. 2",
        ("colours", (1, 2), False): "C.04.6 4.3.3",
        ("preference", (1,), False): "C.04.6 1.7.1, 2.3.5 [C8]",
        ("preference", (2,), False): "C.04.6 1.7.1, 2.3.5 [C8]",
    }


def test_type_b_strong_and_mild_preferences():
    # 1: CD +1 after W, B, W: mild for Black (1.7.2); 2: W, W: strong for Black.
    s = state(team(1, 10, "wbw", preference="b"), team(2, 10, "ww", preference="b", strong=True), model="B")
    codes = found(review_teams(s, [(1, 2)]))
    assert codes[("preference", (1,), False)] == "C.04.6 1.7.2, 2.3.5 [C8]"
    assert ("preference", (2,), False) not in codes  # 2 has Black
    codes = found(review_teams(s, [(2, 1)]))
    assert codes[("preference", (2,), False)] == "C.04.6 1.7.2, 2.3.5 [C8], 2.3.6 [C9]"


def test_different_scores_are_an_upfloater():
    s = state(team(1, 40), team(2, 20))
    [finding] = [f for f in review_teams(s, [(1, 2)]) if f.code == "score"]
    assert finding.article == "C.04.6 1.5, 2.3.1 [C4]" and "Team 1 (4) meets team 2 (2)" in finding.text


def test_the_pab_c2_an_even_number_3_4_and_teams_left_unpaired():
    teams = [team(1, 40), team(2, 20), team(3, 0, barred=True)]
    assert found(review_teams(state(*teams), [(3, 0), (1, 2)]))[("bye", (3,), True)] == "C.04.6 2.1.2 [C2]"
    # 3.4: the lowest score not barred, leaving a legal pairing: 2; not 1.
    codes = found(review_teams(state(*teams[:2], team(3, 0)), [(1, 0), (2, 3)]))
    assert codes[("bye_order", (1, 3), False)] == "C.04.6 3.4"
    codes = found(review_teams(state(*teams[:2]), [(1, 0)]))
    assert codes[("bye", (1,), True)] == "C.04.6 1.4" and codes[("unpaired", (2,), True)] == "C.04.6 1.4, 3.3.1"


def test_boards_naming_a_team_twice_or_unknown_are_refused():
    s = state(team(1), team(2), team(3), team(4))
    with pytest.raises(EngineError, match="team 1 is in two matches"):
        review_teams(s, [(1, 2), (1, 3)])
    with pytest.raises(EngineError, match="team 9 is not to be paired in round 3"):
        review_teams(s, [(9, 2)])


def test_the_matches_in_the_engines_order_the_pab_last():
    s = state(team(1, 10), team(2, 30), team(3, 30), team(4, 10), team(5, 0))
    assert in_match_order(s, [(5, 0), (1, 4), (3, 2)]) == [(3, 2), (1, 4), (5, 0)]


def test_the_change_arithmetic_speaks_of_matches_and_teams():
    boards, said = change_boards([(1, 2), (3, 4)], "exchange", board=1, other_board=2, words=TEAMS)
    assert boards == [(1, 4), (3, 2)] and said.startswith("opponents exchanged between matches 1 and 2")
    with pytest.raises(ChangeError, match="Choose a match from 1 to 2"):
        change_boards([(1, 2), (3, 4)], "swap", board=3, words=TEAMS)
    with pytest.raises(ChangeError, match="Team 5 is not to be paired in round 2"):
        change_boards([(1, 2)], "bye", player=5, to_pair={1, 2}, round_number=2, words=TEAMS)
