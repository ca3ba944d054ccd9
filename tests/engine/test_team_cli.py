"""``python -m pairing.engine --team``: -p, --explain, -c and bad input (exit codes as the other systems)."""

import json

import pytest

from pairing.engine.__main__ import main
from pairing.engine.trf_team import parse_team
from tests.corpora import SHARED
from tests.engine.team_events import team_file

ROUND = SHARED / "corpus" / "team-swiss-gacrux" / "t0003" / "rounds" / "r03.trf"
FULL = SHARED / "corpus" / "team-swiss-gacrux" / "t0004" / "full.trf"


def test_p_writes_the_pairing_and_explain_says_why(tmp_path):
    out, why = tmp_path / "out.txt", tmp_path / "why.json"
    assert main(["--team", str(ROUND), "-p", str(out), "--explain", str(why)]) == 0
    # Gacrux's r03.pairs: 3-1, 2-4 and the PAB to team 5 (C.04.6 3.4: lowest score, most matches)
    assert out.read_text() == "3\n3 1\n2 4\n5 0\n"
    explanation = json.loads(why.read_text())
    assert explanation["bye"] == 5
    assert [b["upfloaters"] for b in explanation["brackets"]] == [[3], [4]]
    assert {(b["white"], b["black"], b["article"]) for b in explanation["boards"]} == {(3, 1, "4.3.5"),
                                                                                      (2, 4, "4.3.5")}


def test_c_is_clean_on_a_played_tournament(capsys):
    assert main(["--team", str(FULL), "-c"]) == 0
    assert capsys.readouterr().out == "No discrepancies.\n"


def test_c_reports_a_round_paired_otherwise(tmp_path, capsys):
    text = FULL.read_text()
    document = parse_team(text)
    # swap the colours of one match's boards: board 1 of round 1 changes hands
    assert document.round(1, 1).colour == "b"
    changed = text.replace("310   1 Dunmore B                        T1      2507   12.0",
                           "310   1 Dunmore B                        T1      2507   11.0")
    path = tmp_path / "t.trf"
    path.write_text(changed)
    assert main(["--team", str(path), "-c"]) == 1
    assert "team 1 (line" in capsys.readouterr().out


def test_bad_input_is_exit_2_with_the_line(tmp_path, capsys):
    path = tmp_path / "bad.trf"
    path.write_text("012 x\n310   1 A\n")
    assert main(["--team", str(path), "-p"]) == 2
    assert "line 2, column 74: team 1 has no players" in capsys.readouterr().err


def test_a_non_team_code_is_refused(tmp_path, capsys):
    path = tmp_path / "bad.trf"
    path.write_text(ROUND.read_text().replace("FIDE_TEAM_MP_GP", "FIDE_DUTCH_2026"))
    assert main(["--team", str(path), "-p"]) == 2
    assert "not a team code" in capsys.readouterr().err


def _swap(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


BAD_INPUTS = [
    ("310   1 Farleigh A", "310   x Farleigh A", "310 team number must be a number"),
    ("310   5 Lanark A", "310   7 Lanark A", "must run from 1 to 5"),
    ("   25   26   27   28   29   30", "   25   26   27   28   29   99", "team 5 names player 99"),
    ("   25   26   27   28   29   30", "   25   26   27   28   29    1", "player 1 is in teams 1 and 5"),
    ("362 TW 2.0", "362 XX 2.0", "362 must read"),
    ("362 TW 2.0", "362 TW 2.x", "362 must read"),
    ("362 TW 2.0", "362 TW 2.0.1", "362 points must look like 2.0"),
    ("352 WBWBWB", "352 WBWXWB", "352 must be a sequence of W and B"),
    ("192 FIDE_TEAM_MP_GP", "192 FIDE_TEAM_MP_MP", "is not a team code"),
]


def test_bad_team_records_are_exit_2_with_a_message(tmp_path, capsys):
    for old, new, message in BAD_INPUTS:
        path = tmp_path / "bad.trf"
        path.write_text(_swap(ROUND.read_text(), old, new))
        assert main(["--team", str(path), "-p"]) == 2, message
        assert message in capsys.readouterr().err


def test_a_board_against_a_team_mate_is_bad_input(tmp_path, capsys):
    """Team 1 made of players 1 and 3, who met each other in round 1."""
    text = team_file(2, ["1-2 1-1"])
    text = _swap(text, "    1    2\n", "    1    3\n")
    text = _swap(text, "    3    4\n", "    2    4\n")
    path = tmp_path / "bad.trf"
    path.write_text(text)
    assert main(["--team", str(path), "-p"]) == 2
    assert "opponent 3 is in the same team, 1" in capsys.readouterr().err


def test_edition_2026_gacrux_and_an_unknown_edition(tmp_path, capsys):
    out = tmp_path / "out.txt"
    assert main(["--team", str(ROUND), "-p", str(out), "--edition", "2026-gacrux"]) == 0
    assert out.read_text() == "3\n3 1\n2 4\n5 0\n"
    with pytest.raises(SystemExit) as exit_:
        main(["--team", str(ROUND), "-p", "--edition", "2017"])
    assert exit_.value.code == 2
    assert "--edition for the Swiss team system: 2026 or 2026-gacrux" in capsys.readouterr().err


def test_explain_names_the_criteria_not_fully_met(tmp_path):
    """t0008 round 5 (Gacrux's pairing): team 1's only possible upfloater, 5 (1 met 2 and 3), floated in
    round 4 ([C7]); in the last bracket the upfloater 9 meets 6, who floated too ([C10])."""
    trf = SHARED / "corpus" / "team-swiss-gacrux" / "t0008" / "rounds" / "r05.trf"
    why = tmp_path / "why.json"
    assert main(["--team", str(trf), "-p", str(tmp_path / "out.txt"), "--explain", str(why)]) == 0
    brackets = json.loads(why.read_text())["brackets"]
    assert brackets[0]["criteria"] == [{"criterion": "C7", "article": "2.3.4", "count": 1,
                                        "text": "upfloaters that were floaters in the previous round"}]
    assert [c["criterion"] for c in brackets[-1]["criteria"]] == ["C10"]
