"""Burstein (C.04.4.2) and Lim (C.04.4.3) tournaments through the app's TRF exchange: an exported
tournament imports with its system and edition (record 192), and the app pairs the next round as
the command line pairs the file; a 2026 tournament of the Burstein, Dubov or Lim system with the
Baku acceleration (C.04.7) is paired as the command line pairs each exported file."""

import random
from datetime import date

import pytest

from tests.app.conftest import boards, engine_cli_pairing, make_tournament, pair, play
from tournaments.exchange.trf import export
from tournaments.exchange.trf_import import TrfImportError, import_tournament


@pytest.mark.parametrize(("system", "edition", "start"), [
    ("burstein", "2017", date(2025, 10, 4)), ("burstein", "2026", date(2026, 3, 1)),
    ("lim", "1999", date(2025, 10, 4)), ("lim", "2026", date(2026, 3, 1))])
def test_round_trip_keeps_the_system_and_pairs_as_the_command_line(club, tmp_path, system, edition, start):
    tournament = make_tournament(club, players=11, rounds=5, system=system, edition=edition, start_date=start)
    rng = random.Random(2)
    for _ in range(2):
        play(pair(tournament), rng)
    for version in ("16", "26"):
        text = export(tournament, version)
        again = import_tournament(club, text)
        assert (again.system, again.edition, again.acceleration) == (system, edition, "")
        assert boards(pair(again)) == engine_cli_pairing(text, tmp_path, system)


@pytest.mark.parametrize("system", ["burstein", "dubov", "lim"])
def test_2026_with_baku_pairs_as_the_command_line(club, tmp_path, system):
    """C.04.7 (2026) preface: each method "applicable to any Swiss Pairing System", so every 2026
    edition takes the Baku method: the export names it (record 192 ``..._2026_BAKU``), an import
    keeps it, and the app pairs each round as the command line pairs the exported file.  Round 1,
    12 players: GA = 2 x ceil(12 / 4) = 6 (1.2) start on a win's points (1.4), GB on none, so
    the two halves are paired apart (1.5: the pairing score makes the scoregroups)."""
    tournament = make_tournament(club, players=12, rounds=5, system=system, edition="2026", acceleration="baku")
    assert tournament.system_code == f"FIDE_{system.upper()}_2026_BAKU"
    rng = random.Random(2)
    for number in range(1, 5):
        text = export(tournament, "16")
        round_ = pair(tournament)
        assert boards(round_) == engine_cli_pairing(text, tmp_path, system), f"round {number}"
        if number == 1:
            assert all((white <= 6) == (black <= 6) for white, black in boards(round_))
        play(round_, rng)
    for version in ("16", "26"):
        again = import_tournament(club, export(tournament, version))
        assert (again.system, again.edition, again.acceleration) == (system, "2026", "baku")


@pytest.mark.parametrize(("system", "earlier"), [("burstein", "2017"), ("dubov", "2018"), ("lim", "1999")])
def test_an_import_asking_baku_of_an_edition_without_acceleration_is_refused(club, system, earlier):
    """Record 192 ``..._BAKU`` with an edition before C.04.7 that has no acceleration: refused, the
    message naming the edition that has the Baku method."""
    tournament = make_tournament(club, players=6, rounds=5, system=system, edition=earlier)
    code = tournament.system_code
    text = export(tournament, "16").replace(f"192 {code}", f"192 {code}_BAKU")
    with pytest.raises(TrfImportError) as error:
        import_tournament(club, text)
    assert error.value.errors[0].endswith(
        f"The {earlier} edition of the {tournament.swiss_system.title} provides for no acceleration: choose "
        "none, or the edition that has the Baku method (2026: C.04.7).")
