"""The team tie-breaks (C.07 Art. 13, unplayed rounds Art. 16), on team documents written by hand;
every value below is computed by hand in the docstrings (points in tenths, products in hundredths)."""

from fractions import Fraction

import pytest

from pairing.engine import TeamDocument, TeamRecord, TrfDocument
from pairing.engine.trf_team import TeamRound  # the engine's record of a team's round (test data only)
from tournaments.team_tiebreaks import TeamTiebreakError, check_codes, team_standings


def match(opponent, mp, gp, played=True):
    return TeamRound("match", opponent, "w", played, mp, gp, forfeit_win=not played and mp == 20)


BYE = TeamRound("bye", match_points=10, game_points=10)


def document(rounds: dict[int, list[TeamRound]]) -> TeamDocument:
    teams = {tpn: TeamRecord(tpn, f"Team {tpn}", members=(2 * tpn - 1, 2 * tpn)) for tpn in rounds}
    return TeamDocument(games=TrfDocument(), teams=teams, rounds=rounds)


#: 5 teams of 2 boards, 3 rounds.  R1: 1-2 1½-½, 3-4 1-1, 5 the PAB.  R2: 3 beats 1 2-0, 2 beats 5
#: 2-0, 4 the PAB.  R3: 1 beats 4 2-0, 3 wins against 5 by forfeit (not played), 2 the PAB.
#: MP: 1: 40, 2: 30, 3: 50, 4: 20, 5: 10.  GP: 1: 35, 2: 35, 3: 50, 4: 20, 5: 10.
FIVE = {
    1: [match(2, 20, 15), match(3, 0, 0), match(4, 20, 20)],
    2: [match(1, 0, 5), match(5, 20, 20), BYE],
    3: [match(4, 10, 10), match(1, 20, 20), match(5, 20, 20, played=False)],
    4: [match(3, 10, 10), BYE, match(1, 0, 0)],
    5: [BYE, match(2, 0, 0), match(3, 0, 0, played=False)],
}


def values(code: str) -> dict[int, Fraction]:
    rows = team_standings(document(FIVE), 3, [code], "MP", {"MP": 10, "GP": 10})
    return {row.tpn: row.values[0] for row in rows}


def test_buchholz_on_match_points_with_unplayed_rounds():
    """BH: the opponents' MP.  Team 2's PAB (16.4.2): a dummy with its own 30, capped at a draw a
    round, 3 x 10 = 30: 40 + 10 + 30 = 80.  Team 3's forfeit win (16.4.1): its own 50 capped at
    the scheduled opponent's 10: 20 + 40 + 10 = 70.  Team 4: 50 + min(20, 30) + 40 = 110.
    Team 5: min(10, 30) + 30 + min(10, 50) = 50.  Team 1: 30 + 50 + 20 = 100."""
    assert values("BH") == {1: 10, 2: 8, 3: 7, 4: 11, 5: 5}


def test_buchholz_cut_one():
    """BH/C1 drops each team's least value (14.1): 100-20, 80-10, 70-10, 110-20, 50-10."""
    assert values("BH/C1") == {1: 8, 2: 7, 3: 6, 4: 9, 5: 4}


def test_buchholz_on_game_points():
    """BH:GP, the opponents' GP: team 1: 35 + 50 + 20 = 105; team 2: 35 + 10 + min(35, 30) = 75."""
    found = values("BH:GP")
    assert (found[1], found[2]) == (Fraction("10.5"), Fraction("7.5"))


def test_sonneborn_berger_match_points_times_game_points():
    """EMGSB (13.2): the opponent's MP times the GP scored against him.  Team 1: 30 x 15 + 50 x 0 +
    20 x 20 = 850; team 2: 40 x 5 + 10 x 20 + 30 (the PAB's dummy) x 10 = 700; team 3: 20 x 10 +
    40 x 20 + 10 x 20 = 1200; team 4: 50 x 10 + 20 x 10 + 40 x 0 = 700; team 5: 10 x 10 = 100."""
    assert values("EMGSB") == {1: Fraction("8.5"), 2: 7, 3: 12, 4: 7, 5: 1}


def test_sonneborn_berger_match_points_times_match_points():
    """EMMSB: team 1: 30 x 20 + 50 x 0 + 20 x 20 = 1000; team 3: 20 x 10 + 40 x 20 + 10 x 20 = 1200."""
    found = values("EMMSB")
    assert (found[1], found[3]) == (10, 12)


def test_secondary_score_and_ranks():
    """MPvGP (13.1) is the GP when MP rank; the order is by MP: 3, 1, 2, 4, 5."""
    rows = team_standings(document(FIVE), 3, ["MPvGP"], "MP", {"MP": 10, "GP": 10})
    assert [(r.tpn, r.rank, r.values[0]) for r in rows] == [(3, 1, 5), (1, 2, Fraction("3.5")),
                                                            (2, 3, Fraction("3.5")), (4, 4, 2), (5, 5, 1)]


#: 4 teams, 2 rounds.  R1: 1 beats 2 1½-½, 3 beats 4 2-0.  R2: 3 beats 1 1½-½, 2 beats 4 1½-½.
#: Teams 1 and 2: 20 MP and 20 GP each; they met, and team 1 won.
FOUR = {
    1: [match(2, 20, 15), match(3, 0, 5)],
    2: [match(1, 0, 5), match(4, 20, 15)],
    3: [match(4, 20, 20), match(1, 20, 15)],
    4: [match(3, 0, 0), match(2, 0, 5)],
}


def test_direct_encounter_separates_teams_that_met():
    """DE (Art. 6): teams 1 and 2 are equal on MP and GP; between them team 1 scored 2 MP, team 2 none."""
    rows = team_standings(document(FOUR), 2, ["MPvGP", "DE"], "MP", {"MP": 10, "GP": 10})
    assert [(r.tpn, r.rank) for r in rows] == [(3, 1), (1, 2), (2, 3), (4, 4)]


def test_equal_teams_share_the_place():
    rows = team_standings(document(FOUR), 2, ["MPvGP"], "MP", {"MP": 10, "GP": 10})
    assert [(r.tpn, r.rank) for r in rows] == [(3, 1), (1, 2), (2, 2), (4, 4)]


def test_game_points_first():
    """Ranked by GP (C.04.6 1.2.2 with GP primary): team 3's 35, then 1 and 2 (20), then 4 (5);
    MPvGP is then the MP."""
    rows = team_standings(document(FOUR), 2, ["MPvGP"], "GP", {"MP": 10, "GP": 10})
    assert [(r.tpn, r.rank, r.values[0]) for r in rows] == [(3, 1, 4), (1, 2, 2), (2, 2, 2), (4, 4, 0)]


def test_unknown_codes_refused():
    with pytest.raises(TeamTiebreakError):
        check_codes(["BH", "XYZ"])
