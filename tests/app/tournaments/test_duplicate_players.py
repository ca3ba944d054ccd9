"""A player entered twice: the same FIDE id refused, a namesake with the same rating asked about,
a CSV file imported twice registering nobody twice."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.app.conftest import make_tournament
from tournaments.audit import Kind
from tournaments.exchange.csv_import import import_players_csv
from tournaments.models import Player
from tournaments.services import ConfirmationNeeded, Refused
from tournaments.services.players import register_player, update_player


@pytest.fixture
def field(club):
    tournament = make_tournament(club, players=0)
    register_player(tournament, Player(name="Rossi, Paolo", rating=1850))
    register_player(tournament, Player(name="Carlsen, Magnus", rating=2830, fide_id="1503014"))
    return tournament


def test_a_fide_id_registered_already_is_refused_naming_the_player(field):
    with pytest.raises(Refused) as refusal:
        register_player(field, Player(name="Someone, Else", rating=1500, fide_id="1503014"))
    assert not isinstance(refusal.value, ConfirmationNeeded)
    assert "1503014" in refusal.value.message and "Carlsen, Magnus, #1" in refusal.value.message
    assert field.players.count() == 2


def test_a_correction_cannot_give_a_player_the_fide_id_of_another(field):
    rossi = field.players.get(name="Rossi, Paolo")
    rossi.fide_id = "1503014"
    with pytest.raises(Refused, match="Carlsen"):
        update_player(rossi)
    assert Player.objects.get(pk=rossi.pk).fide_id == ""


@pytest.mark.parametrize("name", ["Paolo Rossi", "ROSSI, Paolo", "Rossì,  paolo"])
def test_the_same_name_and_rating_asks_first(field, name):
    with pytest.raises(ConfirmationNeeded) as question:
        register_player(field, Player(name=name, rating=1850))
    assert "Rossi, Paolo (#2)" in question.value.message
    assert field.players.count() == 2
    register_player(field, Player(name=name, rating=1850), confirm=True)
    assert field.players.count() == 3


def test_a_namesake_with_another_rating_or_fide_id_is_another_player(field):
    register_player(field, Player(name="Paolo Rossi", rating=1700))
    register_player(field, Player(name="Magnus Carlsen", rating=2830, fide_id="99"))
    assert field.players.count() == 4


def test_a_csv_file_imported_twice_registers_nobody_twice(field, arbiter):
    text = "name,rating,fide_id\nPaolo Rossi,1850,\nBianchi, 1700,\nMagnus Carlsen,2830,1503014\nVerdi,1600,77\n"
    first = import_players_csv(field, text, arbiter)
    assert [p.name for p in first] == ["Bianchi", "Verdi"]
    assert first.skipped == ["#2 Rossi, Paolo", "#1 Carlsen, Magnus"]
    entry = field.audit_entries.filter(kind=Kind.PLAYER).first()
    assert "2 already registered skipped" in entry.summary
    assert entry.after["skipped (already registered)"] == first.skipped
    again = import_players_csv(field, text, arbiter)
    assert list(again) == [] and len(again.skipped) == 4
    assert field.players.count() == 4


def test_a_csv_file_holding_a_player_twice_is_refused_naming_the_lines(field):
    with pytest.raises(Refused) as refusal:
        import_players_csv(field, "name,rating,fide_id\nNew One,1500,5\nOther,1400,\nTwice,1300,5\n"
                                  "\"One, New\",1500,\n")
    assert "twice" in refusal.value.message
    assert refusal.value.errors == ["Line 4: Twice is the player of line 2 again.",
                                    "Line 5: One, New is the player of line 2 again."]
    assert field.players.count() == 2


def test_the_database_keeps_a_fide_id_once_per_tournament(field, club):
    from django.db import IntegrityError, transaction
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(tournament=field, name="X", fide_id="1503014")
    other = make_tournament(club, players=0, name="Other")
    register_player(other, Player(name="Carlsen, Magnus", fide_id="1503014"))  # another tournament: allowed


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_tournaments_holding_a_fide_id_twice():
    executor = MigrationExecutor(connection)
    before, after = [("tournaments", "0009_public_home")], [("tournaments", "0010_player_unique_fide_id")]
    latest = executor.loader.graph.leaf_nodes()
    try:
        executor.migrate(before)
        old = executor.loader.project_state(before).apps
        club = old.get_model("tournaments", "Club").objects.create(name="Old", slug="old")
        tournament = old.get_model("tournaments", "Tournament").objects.create(club=club, name="T", slug="t",
                                                                               rounds=5)
        OldPlayer = old.get_model("tournaments", "Player")
        for number, name in ((1, "First, A"), (2, "Second, B"), (3, "Third, C")):
            OldPlayer.objects.create(tournament=tournament, name=name, fide_id="42", pairing_number=number)
        MigrationExecutor(connection).migrate(after)
        new = MigrationExecutor(connection).loader.project_state(after).apps
        ids = dict(new.get_model("tournaments", "Player").objects.values_list("name", "fide_id"))
        assert ids == {"First, A": "42", "Second, B": "", "Third, C": ""}
        summaries = sorted(new.get_model("tournaments", "AuditEntry").objects.values_list("summary", flat=True))
        assert summaries[0].startswith("Second, B (#2): FIDE id 42 cleared, registered already for First, A (#1)")
    finally:
        MigrationExecutor(connection).migrate(latest)


def test_a_trf_file_holding_a_fide_id_twice_is_refused_naming_the_lines(club):
    from tests.app.tournaments.test_import_limits import player_line
    from tournaments.exchange.trf_import import TrfImportError, import_tournament

    def with_fide_id(line, fide_id):  # columns 58-68 (shared/formats/trf.md)
        return line[:57] + fide_id.rjust(11) + line[68:]

    lines = [with_fide_id(player_line(n, name, "2000", ["0000 - Z"]), "4611")
             for n, name in ((1, "Alpha, Anna"), (2, "Bravo, Berta"))]
    with pytest.raises(TrfImportError) as error:
        import_tournament(club, "\n".join(["012 Twice", *lines, "XXR 3"]) + "\n")
    assert "line 3: FIDE id 4611 is the one of line 2: a player is registered once" in error.value.errors
