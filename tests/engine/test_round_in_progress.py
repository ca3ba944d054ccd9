"""A TRF file whose last round is in progress: its games paired, their results blank (``   3 w  ``,
as Swiss-Manager exports a round being played).  The engine reads it, re-checks its pairing and
ranks on the finished rounds; pairing the next round is refused with a clear message (exit 2)."""

import subprocess
import sys
from pathlib import Path

import pytest

from pairing.engine import TrfError, dump, pair_round, parse
from pairing.engine.standings import standings
from pairing.engine.trf import NO_RESULT, RoundEntry

FIXTURE = Path(__file__).parent / "fixtures" / "dutch_2026_t0000_r05.trf"  # 4 rounds played, 9 to play
ROUND = 4
GAMES_OF_ROUND_4 = [(1, 3), (2, 4), (5, 8), (7, 10), (9, 12)]  # white-black, read off the fixture


def in_progress(text: str, round_number: int = ROUND) -> str:
    """The file with the results of ``round_number``'s games blanked (the byes kept)."""
    code = 92 + 10 * (round_number - 1) + 7  # 1-based column of the round's result code
    lines = []
    for line in text.splitlines():
        if line.startswith("001") and line[code - 8:code - 4].strip() not in ("", "0000"):
            line = line[:code - 1] + " " + line[code:]
        lines.append(line)
    return "\n".join(lines) + "\n"


@pytest.fixture
def text() -> str:
    return in_progress(FIXTURE.read_text())


def engine(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pairing.engine", *map(str, args)], capture_output=True, text=True)


def test_the_round_in_progress_is_read_as_paired_games_without_a_result(text):
    document = parse(text)
    assert document.unfinished_round == ROUND and document.finished_rounds == ROUND - 1
    games = sorted((p.number, p.entry(ROUND).opponent) for p in document.players.values()
                   if p.entry(ROUND).scheduled and p.entry(ROUND).colour == "w")
    assert games == GAMES_OF_ROUND_4
    assert document.players[6].entry(ROUND).code == "H"  # a bye of the round stays a bye
    # Written back the same: the blank result column, and points without the unplayed games.
    again = parse(dump(document))
    assert [p.rounds for p in again.players.values()] == [p.rounds for p in document.players.values()]
    finished = parse(FIXTURE.read_text())
    for number, record in again.players.items():
        kept = [e for r, e in enumerate(finished.players[number].rounds, start=1)
                if r != ROUND or not record.entry(ROUND).scheduled]  # an unplayed game scores nothing
        assert record.points == sum(finished.scoring.points(e.code) for e in kept), number


def test_pairing_the_next_round_is_refused_with_the_games_named(text, tmp_path):
    with pytest.raises(TrfError, match=r"round 4 is not finished: 5 game\(s\) without a result "
                                       r"\(1-3, 2-4, 5-8, 7-10, 9-12\); enter every result of round 4 "
                                       r"before pairing round 5"):
        pair_round(parse(text))
    path = tmp_path / "in_progress.trf"
    path.write_text(text)
    result = engine("--dutch", path, "-p")
    assert result.returncode == 2 and result.stdout == ""
    assert "round 4 is not finished" in result.stderr and "Traceback" not in result.stderr


def test_the_checker_rechecks_the_pairing_of_the_round_in_progress(text, tmp_path):
    path = tmp_path / "in_progress.trf"
    path.write_text(text)
    result = engine("--dutch", path, "-c")
    assert result.returncode == 0 and result.stdout.strip() == "No discrepancies."
    # A board changed in the round in progress is found: 1-3 and 2-4 become 1-4 and 2-3.
    document = parse(text)
    for white, black in ((1, 4), (2, 3)):
        document.players[white].rounds[ROUND - 1] = RoundEntry(black, "w", NO_RESULT)
        document.players[black].rounds[ROUND - 1] = RoundEntry(white, "b", NO_RESULT)
    path.write_text(dump(document))
    result = engine("--dutch", path, "-c")
    assert result.returncode == 1 and f"{path}: Round #{ROUND}\n" in result.stdout
    rows = result.stdout.splitlines()[2:]
    checker = {tuple(int(n) for n in row[:26].split(" - ")) for row in rows}
    tournament = {tuple(int(n) for n in row[26:].split(" - ")) for row in rows}
    assert checker - tournament == {(1, 3), (2, 4)} and tournament - checker == {(1, 4), (2, 3)}


def test_standings_count_the_finished_rounds_only(text):
    finished = parse(FIXTURE.read_text())
    assert standings(parse(text)) == standings(finished, rounds=ROUND - 1)


def test_a_game_blank_on_one_side_only_is_refused(text):
    # Player 1's round 4 result given (a draw), player 3's left blank: the two lines disagree.
    line = next(line for line in text.splitlines() if line.startswith("001    1 "))
    broken = text.replace(line, line[:128] + "=" + line[129:])
    with pytest.raises(TrfError, match=r"round 4: result '=' of player 1 contradicts 'blank' of player 3"):
        parse(broken)
