"""The 1992 edition of the Dutch system (the FIDE rating-based Swiss rules of 1992) in the app: the
tournament form offers it under the Dutch system and refuses an acceleration for it; a tournament
paired under it exports record 192 ``FIDE_DUTCH_1992``, imports with it, and the app pairs (and
explains) the next round as the command line pairs the exported file."""

import random
from datetime import date

from tests.app.conftest import boards, engine_cli_pairing, make_tournament, pair, play
from tests.app.tournaments.test_editions import form_errors
from tournaments.exchange.trf import export
from tournaments.exchange.trf_import import import_tournament
from tournaments.fronts.arbiter.forms import TournamentForm


def test_the_form_offers_1992_under_the_dutch_system_without_acceleration():
    groups = dict(TournamentForm().fields["edition"].choices)
    assert [value for value, _ in groups["FIDE Dutch system"]] == ["1992", "2017", "2026"]
    assert form_errors(edition="1992") == {}
    assert form_errors(edition="1992", acceleration="baku")["acceleration"] == [
        "The 1992 edition of the FIDE Dutch system provides for no acceleration: choose none, or the edition "
        "that has the Baku method (2017: C.04.5.1, 2026: C.04.7)."]


def test_round_trip_keeps_the_1992_edition_and_pairs_as_the_command_line(club, tmp_path):
    # A start date in 2026 would select the 2026 edition: record 192 must carry 1992 back.
    tournament = make_tournament(club, players=11, rounds=5, edition="1992", start_date=date(2026, 3, 1))
    assert tournament.system_code == "FIDE_DUTCH_1992"
    assert tournament.pairing_rules() == "FIDE Dutch system (C.04.3), 1992 edition"
    rng = random.Random(3)
    for _ in range(2):
        play(pair(tournament), rng)
    for version in ("16", "26"):
        text = export(tournament, version)
        assert "192 FIDE_DUTCH_1992" in text
        again = import_tournament(club, text)
        assert (again.system, again.edition, again.acceleration) == ("dutch", "1992", "")
        round_ = pair(again)
        assert boards(round_) == engine_cli_pairing(text, tmp_path)
        assert round_.explanation["edition"] == "1992"
        assert {board["article"] for board in round_.explanation["boards"]} <= {"E1", "E2", "E3", "E4"}
