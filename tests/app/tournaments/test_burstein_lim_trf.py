"""Burstein (C.04.4.2) and Lim (C.04.4.3) tournaments through the app's TRF exchange: an exported
tournament imports with its system and edition (record 192), and the app pairs the next round as
the command line pairs the file; a Burstein 2026 tournament with the Baku acceleration (its 1.7.2)
is paired as the command line pairs each exported file."""

import random
from datetime import date

import pytest

from tests.app.conftest import boards, engine_cli_pairing, make_tournament, pair, play
from tournaments.exchange.trf import export
from tournaments.exchange.trf_import import import_tournament


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


def test_burstein_2026_with_baku_pairs_as_the_command_line(club, tmp_path):
    tournament = make_tournament(club, players=12, rounds=7, system="burstein", edition="2026", acceleration="baku")
    assert tournament.system_code == "FIDE_BURSTEIN_2026_BAKU"
    rng = random.Random(2)
    for _ in range(5):
        text = export(tournament, "16")
        round_ = pair(tournament)
        assert boards(round_) == engine_cli_pairing(text, tmp_path, "burstein")
        play(round_, rng)
