"""A tournament exported to TRF, imported and exported again gives the same file, byte for byte, for
every pairing system, in both formats: the import reads back every record the export writes that
holds a setting (012-132, 192, XXR/142, XXC/152, BB*/162, XXA/250, XXP/260 and TRF-2026's 212, the
tie-breaks with their modifiers).  A malformed 212 is refused by line and column, saving nothing."""

import random
from datetime import date, timedelta
from decimal import Decimal

import pytest

from tests.app.conftest import make_tournament, pair
from tournaments.exchange.trf import export
from tournaments.exchange.trf_import import TrfImportError, import_tournament
from tournaments.models import Result, Tournament
from tournaments.services.forbidden_pairs import forbid_pair
from tournaments.services.players import set_absence
from tournaments.services.results import enter_result
from tournaments.services.setup import leave_fide_mode

pytestmark = pytest.mark.django_db

OUTCOMES = [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS]

#: Every system and edition the app runs a tournament of, each with settings other than the defaults
#: (the defaults: 1/0.5/0, the PAB a win, DE,BH/C1,BH,SB,PS,WIN, no acceleration).
CASES = {
    "dutch-2026-baku": {"system": "dutch", "edition": "2026", "acceleration": "baku", "points_win": 2,
                        "points_draw": 1, "points_half_bye": 1, "tiebreaks": "BH/C1/P,SB/M1,DE/P,AOB/F,WIN"},
    "dutch-2017": {"system": "dutch", "edition": "2017", "points_win": 3, "points_draw": 1, "points_half_bye": 0.5,
                   "points_pairing_bye": 1, "tiebreaks": "KS/L+1,BH/M1,SB,BPG", "initial_colour": "b"},
    "dutch-1992": {"system": "dutch", "edition": "1992", "tiebreaks": "SB/P,BH/C2,ARO/U1000,TPN/R"},
    "dubov-2018": {"system": "dubov", "edition": "2018", "points_pairing_bye": 0.5, "points_half_bye": 0,
                   "tiebreaks": "ARO/C1,FB/C1,PS/C1"},
    "dubov-2026": {"system": "dubov", "edition": "2026", "acceleration": "baku",
                   "tiebreaks": "TPR/U1200,PTP,BWG,REP"},
    "burstein-2017": {"system": "burstein", "edition": "2017", "initial_colour": "b",
                      "tiebreaks": "SB,BH,WON,RTNG/R"},
    "burstein-2026": {"system": "burstein", "edition": "2026", "points_win": 3, "points_draw": 1,
                      "points_half_bye": 1, "tiebreaks": "APRO/U1000,APPO,STD"},
    "lim-1999": {"system": "lim", "edition": "1999", "points_win": 2, "points_draw": 1, "points_loss": 0.5,
                 "points_half_bye": 1, "tiebreaks": "DE,KS/L60,BH/C1"},
    "lim-2026": {"system": "lim", "edition": "2026", "acceleration": "baku", "tiebreaks": "BH/M1/P,AOB"},
    "double-swiss": {"system": "double-swiss", "edition": "2026", "tiebreaks": "SB/C1,BH/P,DE"},
    "double-swiss-2026-team": {"system": "double-swiss", "edition": "2026-team", "points_half_bye": 0,
                               "tiebreaks": "BH/C1,SB/P,WIN"},
}


def play(round_, rng: random.Random) -> None:
    """Every result of the round: a match's two games in Double-Swiss (C.04.5), one forfeit."""
    games = list(round_.games.exclude(result=Result.BYE))
    for index, game in enumerate(games):
        enter_result(game, Result.WHITE_FORFEIT_WIN if index == 0 else rng.choice(OUTCOMES))
        if round_.tournament.games_per_round == 2:
            enter_result(game, rng.choice(OUTCOMES), game_number=2)


def running(club, settings: dict) -> Tournament:
    """Nine players of six rounds with the header fields filled: two rounds played (dated), a pair kept
    apart over rounds 3-5, a half-point bye asked for round 3, round 3 in progress (one result in)."""
    tournament = make_tournament(
        club, players=9, rounds=6, name="Autumn Open", place="Torino", federation="ITA",
        chief_arbiter="IA Anna Rossi", deputy_arbiters="FA Bruno Verdi\nNA Carla Neri",
        time_control="90 min + 30 s/move", start_date=date(2026, 10, 3), end_date=date(2026, 10, 11),
        **{"initial_colour": "w", **settings})
    rng = random.Random(4)
    for number in (1, 2):
        round_ = pair(tournament)
        round_.date = tournament.start_date + timedelta(days=number - 1)
        round_.save()
        play(round_, rng)
    players = {p.pairing_number: p for p in tournament.players.all()}
    forbid_pair(tournament, players[1], players[2], first_round=3, last_round=5)
    set_absence(players[9], 3, "H")
    third = pair(tournament)
    enter_result(third.games.exclude(result=Result.BYE).first(), Result.DRAW)
    set_absence(players[8], 4, "H")
    return tournament


@pytest.mark.parametrize("version", ["16", "26"])
@pytest.mark.parametrize("case", CASES, ids=str)
def test_export_import_export_is_byte_identical(club, case, version):
    # TRF-16 has no record of the tie-breaks (212 is TRF-2026's): its rank column is only the same
    # again with the default ones (test_trf16_has_no_tie_breaks)
    settings = {name: value for name, value in CASES[case].items() if version == "26" or name != "tiebreaks"}
    tournament = running(club, settings)
    text = export(tournament, version)
    imported = import_tournament(club, text)
    assert export(imported, version) == text
    kept = ["system", "edition", "acceleration", "rounds", "initial_colour", "points_win", "points_draw",
            "points_loss", "points_pairing_bye", "points_half_bye", "place", "federation", "chief_arbiter",
            "deputy_arbiters", "time_control", "start_date", "end_date", "tiebreaks"]
    assert {name: getattr(imported, name) for name in kept} == {name: getattr(tournament, name) for name in kept}
    assert list(imported.round_set.values_list("number", "date")) == list(
        tournament.round_set.values_list("number", "date"))


@pytest.mark.parametrize("version", ["16", "26"])
def test_a_tournament_out_of_fide_mode_is_imported_out_of_it(club, version):
    """The export says in a comment line when the tournament left FIDE mode (C.04.1 2026 Art. 3: its
    scoring may then change); the import reads it back, and a file without it is in FIDE mode."""
    tournament = running(club, {"system": "dutch", "edition": "1992"})
    text = export(tournament, version)
    assert import_tournament(club, text).fide_mode
    leave_fide_mode(tournament, confirmations=2)
    tournament.refresh_from_db()
    text = export(tournament, version)
    assert f"### FIDE mode left on {tournament.fide_mode_left_at:%Y/%m/%d %H:%M} UTC\r\n" in text
    imported = import_tournament(club, text)
    assert not imported.fide_mode
    assert imported.fide_mode_left_at == tournament.fide_mode_left_at.replace(second=0, microsecond=0)
    assert export(imported, version) == text


@pytest.mark.parametrize("version", ["16", "26"])
def test_a_half_point_bye_not_worth_a_draw_is_read_from_the_points_column(club, version):
    """BBD and 162's D give one value for a draw and a half-point bye; the 001 lines' points are scored
    with the tournament's (here a half-point bye worth nothing, a draw half a point), so the import
    reads it there, when every player's points agree with one value; else it takes a draw's."""
    text = export(running(club, CASES["dubov-2018"]), version)
    assert import_tournament(club, text).points_half_bye == 0
    # player 1 (no half-point bye) scored otherwise than the file's scoring says: nothing is read there
    lines = text.split("\r\n")
    at = next(n for n, line in enumerate(lines) if line.startswith("001    1"))
    points = lines[at][80:84]
    lines[at] = lines[at][:80] + f"{float(points) + 0.5:>4.1f}" + lines[at][84:]
    assert import_tournament(club, "\r\n".join(lines)).points_half_bye == Decimal("0.5")


def test_trf16_has_no_tie_breaks(club):
    """TRF-16 names no tie-breaks (records 202/212 are TRF-2026's, trf.md 3): its import takes the defaults."""
    text = export(running(club, CASES["dutch-1992"]), "16")
    assert not any(line.startswith(("202", "212")) for line in text.split("\r\n"))
    assert import_tournament(club, text).tiebreaks == Tournament._meta.get_field("tiebreaks").default


def test_212_is_read_with_its_modifiers_and_202_without_points(club):
    text = export(running(club, CASES["dutch-1992"]), "26")
    assert "212 PTS,SB/P,BH/C2,ARO/U1000,TPN/R\r\n" in text
    assert import_tournament(club, text).tiebreaks == "SB/P,BH/C2,ARO/U1000,TPN/R"
    # Another program's 202 (the players tied on points, no PTS), lower case, the Handbook's hyphen form
    other = text.replace("212 PTS,SB/P,BH/C2,ARO/U1000,TPN/R", "202 bh-c1, sb ,DE")
    assert import_tournament(club, other).tiebreaks == "BH-C1,SB,DE"
    # both: 212 names the standings' order
    both = text.replace("212 PTS", "202 WIN,DE\r\n212 PTS")
    assert import_tournament(club, both).tiebreaks == "SB/P,BH/C2,ARO/U1000,TPN/R"


@pytest.mark.parametrize(("record", "column", "problem"), [
    ("212 PTS,BH/C1,XYZ", 15, "unknown tie-break 'XYZ'; known: PTS, DE, WIN, WON, BPG, BWG, PS, REP, STD, TPN, "
                            "BH, FB, SB, AOB, KS, ARO, TPR, PTP, APRO, APPO, RTNG"),
    ("212 PTS,BH/C1, SB/Q", 16, "'SB/Q': modifier /Q does not apply to SB"),
    ("212 PTS,BH/C", 9, "'BH/C': /C needs a number, e.g. /C1"),
    ("212 PTS,BH/C²", 9, "'BH/C²': /C needs a number, e.g. /C1"),  # "²".isdigit(), but no int(): a 500
    ("212 PTS,ARO/U¹", 9, "'ARO/U¹': /U needs a rating, e.g. /U1000"),
    ("212 PTS,KS/Lx", 9, "'KS/LX': /L needs +n, -n (half points) or a percentage"),
    ("212 PTS,DE/P2", 9, "'DE/P2': /P takes no argument"),
    ("212 PTS,ARO/Uabc", 9, "'ARO/UABC': /U needs a rating, e.g. /U1000"),
    ("212 PTS,BH:MP/C1", 9, "unknown tie-break 'BH:MP/C1'; known: PTS"),  # a team code (MTB26)
    ("202 BH,WIN/R", 8, "'WIN/R': modifier /R does not apply to WIN"),
])
def test_a_malformed_212_is_refused_by_line_and_column_and_saves_nothing(club, record, column, problem):
    text = export(running(club, CASES["lim-1999"]), "26")
    lines = text.split("\r\n")
    at = next(n for n, line in enumerate(lines) if line.startswith("212"))
    lines[at] = record
    with pytest.raises(TrfImportError) as error:
        import_tournament(club, "\r\n".join(lines))
    assert len(error.value.errors) == 1
    assert error.value.errors[0].startswith(f"line {at + 1}, column {column}: record {record[:3]}: {problem}")
    assert error.value.errors[0].endswith(" (C.07 Art. 14, MTB26)")
    assert Tournament.objects.count() == 1  # the exported one only


def test_each_bad_code_of_212_is_named(club):
    text = export(running(club, CASES["lim-1999"]), "26")
    with pytest.raises(TrfImportError) as error:
        import_tournament(club, text.replace("212 PTS,DE,KS/L60,BH/C1", "212 PTS,DE,XX,BH/C0"))
    assert [problem.split(": record 212: ")[0][-9:] for problem in error.value.errors] == ["column 12", "column 15"]
    assert "'BH/C0': /C needs a number, e.g. /C1" in error.value.errors[1]


def test_a_212_too_long_or_empty_is_refused_as_the_settings_field(club):
    text = export(running(club, CASES["lim-1999"]), "26")
    for record in ("212 PTS", "212 PTS," + ",".join(["BH/C1"] * 40)):
        with pytest.raises(TrfImportError) as error:
            import_tournament(club, text.replace("212 PTS,DE,KS/L60,BH/C1", record))
        assert len(error.value.errors) == 1 and "(record 212/202)" in error.value.errors[0]
    assert Tournament.objects.count() == 1
