"""JaVaFo's XXS scoring lines (shared/formats/trf.md section 6): read into the engine's Scoring."""

import pytest

from pairing.engine import TrfError, parse
from pairing.engine.__main__ import main
from pairing.engine.trf import Scoring, score
from tests.engine.builder import TrfBuilder
from tests.engine.test_cli import write


def unplayed(*lines: str) -> str:
    """Four players, no round played yet (every 001 line's points 0.0 are right under any scoring)."""
    builder = TrfBuilder(4, 3)
    for text in lines:
        builder.line(text)
    return builder.text()


def scoring_of(*lines: str) -> Scoring:
    return parse(unplayed(*lines)).scoring


def error_of(text: str) -> TrfError:
    with pytest.raises(TrfError) as error:
        parse(text)
    return error.value


# Each code, and the codes sharing one of the engine's values given together (trf.md: "Defaults 1/0.5/0, PAB 1").
@pytest.mark.parametrize(("xxs", "changed"), [
    ("XXS WW=3 BW=3 FW=3", {"win": 30}),
    ("XXS WD=1 BD=1", {"draw": 10}),
    ("XXS WL=.5 BL=.5", {"loss": 5}),
    ("XXS ZPB=.5", {"zero_bye": 5}),
    ("XXS HPB=0", {"half_bye": 0}),
    ("XXS FPB=2", {"full_bye": 20}),
    ("XXS PAB=.5", {"pairing_bye": 5}),
    ("XXS FL=0.5", {"forfeit_loss": 5}),
])
def test_each_code_sets_its_points_and_leaves_the_others_at_the_defaults(xxs, changed):
    assert scoring_of(xxs) == Scoring(**changed)


def test_the_shortcuts_w_and_d():
    # W = WW+BW+FW+FPB, D = WD+BD+HPB; the PAB keeps its 1 point (JaVaFo's 3/1/0 with a PAB worth a draw).
    assert scoring_of("XXS W=3 D=1") == Scoring(win=30, draw=10, full_bye=30, half_bye=10, pairing_bye=10)
    assert scoring_of("XXS PAB=3 D=1 W=3") == Scoring(win=30, draw=10, full_bye=30, half_bye=10, pairing_bye=30)


def test_codes_are_read_in_any_case():
    assert scoring_of("XXS w=3 pab=3") == Scoring(win=30, full_bye=30, pairing_bye=30)


@pytest.mark.parametrize(("lines", "expected"), [
    (["XXS W=3", "XXS W=2"], Scoring(win=20, full_bye=20)),
    (["XXS D=1 HPB=0"], Scoring(draw=10, half_bye=0)),
    (["XXS HPB=0", "XXS D=1"], Scoring(draw=10, half_bye=10)),
    (["XXS W=3", "XXS D=1"], Scoring(win=30, draw=10, full_bye=30, half_bye=10)),
])
def test_the_last_occurrence_wins(lines, expected):
    assert scoring_of(*lines) == expected


@pytest.mark.parametrize(("xxs", "column", "message"), [
    ("XXS Q=1", 5, "'Q=1' is not CODE=points"),
    ("XXS W=3 PA=1", 9, "'PA=1' is not CODE=points"),
    ("XXS W3", 5, "'W3' is not CODE=points"),
    ("XXS W=x", 7, "W needs points like 1, 1.0 or .5, not 'x'"),
    ("XXS D=-1", 7, "D needs points"),
    ("XXS D=0.25", 7, "D needs points"),
    ("XXS PAB=", 9, "PAB needs points"),
    ("XXS", 5, "XXS needs CODE=points pairs"),
])
def test_a_bad_code_or_value_names_the_line_and_column(xxs, column, message):
    error = error_of(unplayed(xxs))
    assert (error.line, error.column) == (8, column)  # 012, four 001, XXR, XXC, then the XXS line
    assert message in str(error)


@pytest.mark.parametrize(("xxs", "message"), [
    ("XXS WW=3 BW=2 FW=3", "XXS gives WW=3.0 (line 8) but BW=2.0 (line 8)"),
    ("XXS WW=3 BW=3", "XXS gives WW=3.0 (line 8) but FW=1.0 (the default)"),
    ("XXS WD=1", "XXS gives WD=1.0 (line 8) but BD=0.5 (the default)"),
    ("XXS BL=1", "XXS gives WL=0.0 (the default) but BL=1.0 (line 8)"),
])
def test_distinct_points_the_engine_cannot_score_are_refused(xxs, message):
    error = error_of(unplayed(xxs))
    assert message in str(error) and error.line == 8
    assert "the same with White" in str(error)


def test_bb_and_162_lines_agreeing_with_xxs_are_accepted():
    expected = Scoring(win=30, draw=10, full_bye=30, half_bye=10, pairing_bye=30)
    assert scoring_of("BBW 3.0", "BBD 1.0", "XXS PAB=3 D=1 W=3") == expected
    assert scoring_of("XXS W=3 D=1 PAB=3", "BBW 3.0", "BBD 1.0", "BBU 3.0") == expected
    assert scoring_of("162  W 3.0     D 1.0     L 0.0     A 0.0", "XXS W=3 D=1 PAB=3") == expected


@pytest.mark.parametrize(("lines", "message"), [
    (["BBW 2.0", "XXS W=3 PAB=3"], "XXS gives a win WW=3.0 (line 9) but line 8 (BBW) gives it 2.0"),
    # XXS's own default counts: JaVaFo scores a win 1 where bbpPairings scores it 3.
    (["BBW 3.0", "BBD 1.0", "XXS D=1"], "XXS gives a win WW=1.0 (the default) but line 8 (BBW) gives it 3.0"),
    # BBU follows BBW, XXS's PAB stays 1: the engines would score a PAB differently.
    (["BBW 3.0", "BBD 1.0", "XXS W=3 D=1"], "a pairing-allocated bye PAB=1.0 (the default) but line 8 (BBW) "
                                            "gives it 3.0 (BBU/162 P not given: a PAB scores a win)"),
    (["XXS W=3 D=1 PAB=3", "162  W 3.0     D 1.0     L 0.5"], "a loss WL=0.0 (the default) but line 9 (162)"),
])
def test_bb_or_162_lines_disagreeing_with_xxs_are_refused_naming_both_lines(lines, message):
    error = error_of(unplayed(*lines))
    assert message in str(error)
    assert "the two lines must agree" in str(error)


#: Two rounds as the Dutch system pairs them (either scoring), white first.
ROUNDS = [((1, 5, "="), (6, 2, "1"), (3, 7, "="), (8, 4, "1")),
          ((8, 6, "0"), (7, 1, "0"), (5, 3, "="), (2, 4, "1"))]
#: Round 3 as paired under 3/1/0 (see test_cli_pairs_an_xxs_file_as_the_same_file_with_bb_lines).
ROUND_3 = ((6, 1, "="), (2, 8, "1"), (7, 5, "0"), (4, 3, "="))


def three_one_zero(*lines: str, points=("4.0", "3.0", "2.0", "0.0", "2.0", "6.0", "1.0", "3.0"),
                   rounds=ROUNDS) -> str:
    """Eight players after ``rounds`` (two by default); ``points``: each one's under 3/1/0 (counted by hand)."""
    builder = TrfBuilder(8, 5)
    for games in rounds:
        for white, black, result in games:
            builder.game(white, black, result)
        builder.next_round()
    for number, text in enumerate(points, start=1):
        builder.points(number, text)
    for text in lines:
        builder.line(text)
    return builder.text()


def test_results_score_with_the_xxs_points():
    document = parse(three_one_zero("XXS W=3 D=1"))
    assert [score(document, document.players[n]) for n in range(1, 9)] == [40, 30, 20, 0, 20, 60, 10, 30]


def test_with_xxs_the_points_column_is_checked():
    error = error_of(three_one_zero("XXS W=3 D=1", points=("4.0", "3.0", "2.0", "0.0", "2.0", "6.0", "1.5", "3.0")))
    assert (error.line, error.column) == (8, 81)
    assert "player 7 has 1.5 points, but the results score 1.0 with the XXS scoring" in str(error)
    # Without XXS the points column is not checked (bbpPairings' BB* lines: unchanged).
    assert parse(three_one_zero("BBW 3.0", "BBD 1.0", points=("0.0",) * 8)).scoring.win == 30


def pairing(tmp_path, capsys, text: str, name: str) -> tuple[int, str]:
    status = main(["--dutch", str(write(tmp_path, text, name)), "-p"])
    return status, capsys.readouterr().out


def test_cli_pairs_an_xxs_file_as_the_same_file_with_bb_lines(tmp_path, capsys):
    xxs = pairing(tmp_path, capsys, three_one_zero("XXS W=3 D=1 PAB=3"), "xxs.trf")
    bb = pairing(tmp_path, capsys, three_one_zero("BBW 3.0", "BBD 1.0"), "bb.trf")
    default = pairing(tmp_path, capsys, three_one_zero(points=("1.0",) * 8), "default.trf")
    assert xxs == bb == (0, "4\n6 1\n2 8\n7 5\n4 3\n")
    # 2 and 8 (a win and a loss, 3 points) are ahead of 3 and 5 (two draws, 2 points) only under 3/1/0.
    assert default == (0, "4\n6 1\n5 2\n3 8\n4 7\n")


@pytest.mark.parametrize(("lines", "where"), [
    (["XXS W=3 D=one"], "line 12, column 11"),
    (["XXS W=3 D=1", "BBL 1.0"], "line 13, column 1"),
])
def test_cli_reports_a_bad_xxs_line_and_exits_2(tmp_path, capsys, lines, where):
    status = main(["--dutch", str(write(tmp_path, three_one_zero(*lines))), "-p"])
    assert status == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and where in error


def test_the_checker_follows_the_xxs_scoring(tmp_path, capsys):
    # Round 3 is the 3/1/0 pairing: right under XXS W=3 D=1, not under the default scoring.
    points = ("5.0", "6.0", "3.0", "1.0", "5.0", "7.0", "1.0", "3.0")
    text = three_one_zero("XXS W=3 D=1", points=points, rounds=[*ROUNDS, ROUND_3])
    assert main(["--dutch", str(write(tmp_path, text, "a.trf")), "-c"]) == 0
    assert "No discrepancies." in capsys.readouterr().out
    default = three_one_zero(rounds=[*ROUNDS, ROUND_3])
    assert main(["--dutch", str(write(tmp_path, default, "b.trf")), "-c"]) == 1
    out = capsys.readouterr().out
    assert "Round #3" in out and "Round #2" not in out
