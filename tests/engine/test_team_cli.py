"""``python -m pairing.engine --team``: -p, --explain, -c and bad input (exit codes as the other systems)."""

import json

from pairing.engine.__main__ import main
from pairing.engine.trf_team import parse_team
from tests.corpora import SHARED

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
