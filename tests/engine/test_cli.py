"""The command line, compatible with bbpPairings and JaVaFo."""

import subprocess
import sys
from pathlib import Path

from pairing.engine.__main__ import main

from .builder import TrfBuilder


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
    report = capsys.readouterr().out
    assert "Round 1" in report and "played 1-2" in report and "ours   1-3" in report


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
