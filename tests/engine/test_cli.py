"""The command line, compatible with bbpPairings and JaVaFo."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pairing.engine.__main__ import main
from tests.engine.builder import TrfBuilder


def write(tmp_path: Path, text: str, name="in.trf") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_pairs_to_standard_output(tmp_path, capsys):
    trf = write(tmp_path, TrfBuilder(5, 3).text())
    assert main(["--dutch", str(trf), "-p"]) == 0
    assert capsys.readouterr().out == "3\n1 3\n4 2\n5 0\n"


def test_pairs_to_a_file(tmp_path):
    trf = write(tmp_path, TrfBuilder(4, 3).text())
    out = tmp_path / "out.txt"
    assert main(["--dutch", str(trf), "-p", str(out)]) == 0
    assert out.read_text() == "2\n1 3\n4 2\n"


def test_bad_input_names_line_and_column(tmp_path, capsys):
    text = TrfBuilder(4, 3).game(1, 3, "1").game(4, 2, "=").next_round().text().replace("   3 w 1", "   3 w ?")
    trf = write(tmp_path, text)
    assert main(["--dutch", str(trf), "-p"]) == 2
    error = capsys.readouterr().err
    assert "line 2, column 99" in error and "unknown result code" in error


def test_no_valid_pairing_exits_1(tmp_path, capsys):
    trf = write(tmp_path, TrfBuilder(2, 3).game(1, 2, "1").next_round().text())
    assert main(["--dutch", str(trf), "-p"]) == 1
    assert "no valid pairing" in capsys.readouterr().err


def test_missing_file_exits_5(tmp_path, capsys):
    assert main(["--dutch", str(tmp_path / "nothing.trf"), "-p"]) == 5


def test_checker_reports_an_altered_round(tmp_path, capsys):
    # the engine pairs round 1 as 1-3, 4-2; the file says 1-2, 3-4 was played
    text = TrfBuilder(4, 3).game(1, 2, "1").game(3, 4, "=").next_round().text()
    trf = write(tmp_path, text)
    assert main(["--dutch", str(trf), "-c"]) == 1
    assert capsys.readouterr().out == (f"{trf}: Round #1\n"
                                       "  Checker pairings        Tournament pairings\n"
                                       "     1 -   3                 1 -   2\n"
                                       "     4 -   2                 3 -   4\n")


def test_checker_accepts_a_correct_tournament(tmp_path, capsys):
    text = TrfBuilder(4, 3).game(1, 3, "1").game(4, 2, "=").next_round().text()
    assert main(["--dutch", str(write(tmp_path, text)), "-c"]) == 0
    assert "No discrepancies." in capsys.readouterr().out


def test_runs_as_a_module_without_traceback(tmp_path):
    trf = write(tmp_path, "001 abcd Broken line\nXXR 3\n")
    result = subprocess.run([sys.executable, "-m", "pairing.engine", "--dutch", str(trf), "-p"],
                            capture_output=True, text=True, cwd=Path(__file__).resolve().parents[2])
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "line 1" in result.stderr


def test_checker_leaves_out_a_player_whose_line_stops(tmp_path, capsys):
    # 5 withdrew after round 1: his line has no round 2, so he was not paired then
    t = TrfBuilder(5, 3).game(1, 3, "1").game(4, 2, "=").bye(5, "U").next_round()
    t.game(2, 1, "=").game(3, 4, "0").next_round()
    lines = t.text().splitlines()
    lines[5] = lines[5].removesuffix("  0000 - Z")
    assert main(["--dutch", str(write(tmp_path, "\n".join(lines))), "-c"]) == 0, capsys.readouterr().out


# -- standings with tie-breaks (C.07)

def standings_trf(tmp_path) -> Path:
    t = TrfBuilder(4, 3).game(1, 2, "1").game(3, 4, "0").next_round()
    t.game(3, 1, "1").game(2, 4, "1").next_round().game(1, 4, "1").game(2, 3, "1").next_round()
    return write(tmp_path, t.text())


def test_standings_as_tab_separated_values(tmp_path, capsys):
    assert main(["--standings", str(standings_trf(tmp_path)), "--tiebreaks", "DE,BH/C1,BH,SB,PS,WIN"]) == 0
    lines = [line.split("\t") for line in capsys.readouterr().out.splitlines()]
    assert lines[0] == ["rank", "pairing_number", "name", "points", "DE", "BH/C1", "BH", "SB", "PS", "WIN"]
    # 1 and 2 on 2 points, 1 beat 2; 3 and 4 on 1 point, 4 beat 3
    assert [line[:5] for line in lines[1:]] == [["1", "1", "Player 1", "2.0", "1"], ["2", "2", "Player 2", "2.0", "2"],
                                                ["3", "4", "Player 4", "1.0", "1"], ["4", "3", "Player 3", "1.0", "2"]]
    assert lines[1][5:] == ["3.0", "4.0", "3.0", "4.0", "2"]


def test_standings_as_json(tmp_path, capsys):
    trf = str(standings_trf(tmp_path))
    assert main(["--standings", trf, "--tiebreaks", "BH, SB,AOB", "--edition", "2024", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0] == {"pairing_number": 1, "points": 2.0, "rank": 1, "tiebreaks": {"BH": 4.0, "SB": 3.0, "AOB": 4.67}}
    assert [(r["pairing_number"], r["rank"]) for r in rows] == [(1, 1), (2, 2), (3, 3), (4, 4)]  # SB decides


def test_standings_after_a_round_and_in_the_2009_edition(tmp_path, capsys):
    trf = str(standings_trf(tmp_path))
    assert main(["--standings", trf, "--tiebreaks", "BH", "--edition", "2009", "--rounds", "1", "--json"]) == 0
    assert [(r["pairing_number"], r["points"]) for r in json.loads(capsys.readouterr().out)][:2] == [(1, 1.0), (4, 1.0)]


@pytest.mark.parametrize("arguments, message", [
    (["--tiebreaks", "BH,XYZ"], "unknown tie-break 'XYZ'"),
    (["--tiebreaks", "WIN/C1"], "does not apply"),
    (["--edition", "2019"], "unknown edition"),
    (["--rounds", "7"], "--rounds must be between 1 and 3"),
])
def test_standings_refuse_bad_arguments_with_exit_2(tmp_path, capsys, arguments, message):
    assert main(["--standings", str(standings_trf(tmp_path)), *arguments]) == 2
    assert message in capsys.readouterr().err


def test_standings_of_a_bad_file_exit_2_or_5(tmp_path, capsys):
    trf = write(tmp_path, "001 abcd Broken line\nXXR 3\n")
    assert main(["--standings", str(trf)]) == 2
    assert "line 1" in capsys.readouterr().err
    assert main(["--standings", str(tmp_path / "nothing.trf")]) == 5


def test_standings_run_as_a_module_without_traceback(tmp_path):
    result = subprocess.run([sys.executable, "-m", "pairing.engine", "--standings", str(standings_trf(tmp_path)),
                             "--tiebreaks", "BH/Q"], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parents[2])
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "error:" in result.stderr


def test_explain_writes_the_explanation_as_json(tmp_path):
    # 5 players, round 2: 1 beat 4, 2 beat 5, 3 had the pairing-allocated bye (U, a win's points),
    # so 3 may not have it again.  Bracket 1 {1, 2, 3}: 1 and 2 both want Black ([C12]), so 1-3
    # and 2 floats down (MDP), where he met 5: 2-4, and 5 takes the bye ([C5], lowest score)
    t = TrfBuilder(5, 5).game(1, 4, "1").game(2, 5, "1").bye(3, "U").next_round()
    trf = write(tmp_path, t.text())
    out, why = tmp_path / "out.txt", tmp_path / "why.json"
    assert main(["--dutch", str(trf), "-p", str(out), "--explain", str(why)]) == 0
    data = json.loads(why.read_text())
    assert out.read_text().splitlines()[-1] == "5 0"
    assert data["bye"] == 5 and data["round"] == 2 and data["edition"] == "2026"
    assert data["bye_reasons"][0]["players"] == [3]
    assert [b["score"] for b in data["brackets"]] == [10, 0]
    assert data["brackets"][0]["residents"] == [1, 2, 3] and data["brackets"][0]["floaters"] == [2]
    assert data["brackets"][1]["incoming"] == [{"number": 2, "score": 10, "went": "paired", "to_score": None}]
    assert data["brackets"][1]["floaters"] == [5]
    assert data["names"]["5"] == "Player 5"
    assert data["text"][-1][0] == "Pairing-allocated bye"


def test_a_fault_in_the_explanation_never_costs_the_pairing(tmp_path, capsys, monkeypatch):
    # The pairing is written; the explanation's fault is an error message and exit code 3.
    monkeypatch.setattr("pairing.engine.explain_pairing", lambda *args: 1 / 0)
    t = TrfBuilder(5, 5).game(1, 4, "1").game(2, 5, "1").bye(3, "U").next_round()
    trf = write(tmp_path, t.text())
    out, why = tmp_path / "out.txt", tmp_path / "why.json"
    assert main(["--dutch", str(trf), "-p", str(out), "--explain", str(why)]) == 3
    assert out.read_text().splitlines()[-1] == "5 0" and not why.exists()
    assert "the explanation could not be built" in capsys.readouterr().err


def test_explain_needs_a_pairing(tmp_path, capsys):
    trf = write(tmp_path, TrfBuilder(4, 3).text())
    with pytest.raises(SystemExit):
        main(["--dutch", str(trf), "-c", "--explain", str(tmp_path / "why.json")])
    assert "--explain goes with -p" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--dutch", str(trf), "-p", "--explain", "-"])
