"""The Baku acceleration (C.04.5.1, C.04.7): the method, and C.04.7 with every 2026 edition."""

import json

import pytest

from pairing.engine import Explanation, build_round_state, get_system, pair_round, parse
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


# -- C.04.7 (2026) in every system: the command line and the explanation -------------------

SYSTEMS_2026 = [("dutch", None), ("dubov", "2018"), ("burstein", "2017"), ("lim", "1999")]


@pytest.mark.parametrize(("system", "earlier"), SYSTEMS_2026)
def test_cli_baku_with_every_2026_edition(tmp_path, capsys, system, earlier):
    """C.04.7 preface: each method "applicable to any Swiss Pairing System".  8 players, 9 rounds:
    GA = 2 x ceil(8 / 4) = 4 (1.2) start round 1 on a win's points (1.4.4), so 1-4 and 5-8 are
    paired apart (1.5), 1 v 3 and 2 v 4, 5 v 7 and 6 v 8, the odd TPN of the higher ranked
    White (the initial colour); ``--baku`` or record 192's ``_BAKU`` asks for it."""
    from pairing.engine.__main__ import main

    trf = tmp_path / "in.trf"
    trf.write_text(TrfBuilder(8, 9).text())
    accelerated = "4\n1 3\n4 2\n5 7\n8 6\n"
    assert main([f"--{system}", str(trf), "-p", "--baku"]) == 0
    assert capsys.readouterr().out == accelerated
    assert main([f"--{system}", str(trf), "-p"]) == 0
    assert capsys.readouterr().out == "4\n1 5\n6 2\n3 7\n8 4\n"
    code = get_system(system).trf_code(get_system(system).edition("2026"), baku=True)
    assert code == f"FIDE_{system.upper()}_{'2025' if system == 'dutch' else '2026'}_BAKU"
    trf.write_text(TrfBuilder(8, 9).line(f"192 {code}").text())
    assert main([f"--{system}", str(trf), "-p"]) == 0
    assert capsys.readouterr().out == accelerated
    if earlier:  # the earlier editions have none: exit 2, the edition that has it named
        assert main([f"--{system}", str(trf), "-p", "--baku", "--edition", earlier]) == 2
        assert (f"{earlier} edition, has no acceleration method, so no Baku acceleration; the Baku method "
                "goes with the edition 2026 (C.04.7)") in capsys.readouterr().err


@pytest.mark.parametrize(("system", "earlier"), SYSTEMS_2026)
def test_cli_baku_premise_is_checked_in_every_system(tmp_path, capsys, system, earlier):
    """C.04.7 1.1: "the points for a win equal the points for two draws and the points for a loss
    are zero": 3/1/0 is refused with that reason (exit 2), a loss worth 0.5 too."""
    from pairing.engine.__main__ import main

    for lines in (("BBW  3.0", "BBD  1.0"), ("BBL  0.5",)):
        builder = TrfBuilder(8, 9)
        for line in lines:
            builder.line(line)
        trf = tmp_path / "in.trf"
        trf.write_text(builder.text())
        assert main([f"--{system}", str(trf), "-p", "--baku"]) == 2
        assert "the Baku acceleration needs a win worth two draws and a loss worth nothing (C.04.7 1.1)" in \
            capsys.readouterr().err


@pytest.mark.parametrize("system", [system for system, _ in SYSTEMS_2026])
def test_explanation_with_baku_in_every_2026_system(tmp_path, system):
    """``--explain``: the brackets are the scoregroups of the pairing score (C.04.7 1.5), so round 1
    with 1-4 in GA shows a bracket of 1 point (1-4) and one of 0 (5-8), and each player's score is
    the pairing score, as for the Dutch system."""
    from pairing.engine.__main__ import main

    trf, why = tmp_path / "in.trf", tmp_path / "why.json"
    trf.write_text(TrfBuilder(8, 9).text())
    assert main([f"--{system}", str(trf), "-p", str(tmp_path / "out.txt"), "--baku", "--explain", str(why)]) == 0
    explanation = json.loads(why.read_text())
    assert [(b["score"], b["residents"], b["pairs"]) for b in explanation["brackets"]] == [
        (10, [1, 2, 3, 4], [[1, 3], [4, 2]]), (0, [5, 6, 7, 8], [[5, 7], [8, 6]])]
    assert explanation["scores"] == {"1": 10, "2": 10, "3": 10, "4": 10, "5": 0, "6": 0, "7": 0, "8": 0}
    # the virtual points in those scores, and the method, said in the opening section
    assert (explanation["virtual_points"], explanation["acceleration"]) == (
        {"1": 10, "2": 10, "3": 10, "4": 10}, "C.04.7")
    assert explanation["text"][0][1][-1] == ("The scores include the virtual points of the acceleration "
                                             "(C.04.7): 1 point for Player 1 (1), Player 2 (2), Player 3 (3) "
                                             "and Player 4 (4).")
    assert Explanation.from_json(explanation).to_json() == explanation


def test_explanation_names_no_method_for_virtual_points_the_file_gives():
    """XXA lines giving players 1 and 2 half a point in round 1, no Baku request: the virtual
    points are said, no method is named (the file's own); without them, no such line."""
    builder = TrfBuilder(4, 9)
    for number in (1, 2):
        builder.line(f"XXA {number:4d}  0.5")
    explanation = pair_round(parse(builder.text()), "lim", explain=True).explanation
    assert explanation.virtual == {1: 5, 2: 5} and explanation.acceleration == ""
    assert explanation.paragraphs()[0][1][-1] == \
        "The scores include virtual points: 0.5 points for Player 1 (1) and Player 2 (2)."
    plain = pair_round(parse(TrfBuilder(4, 9).text()), "lim", explain=True).explanation
    assert plain.virtual == {} and len(plain.paragraphs()[0][1]) == 1
