"""CSV files as Excel writes them in Italy, France, Germany and Spain (semicolons, Windows-1252);
birth dates a player cannot have (in the future, before 1900) refused wherever a player enters."""

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from tests.app.conftest import make_tournament
from tests.app.tournaments.test_import_limits import player_line
from tournaments.exchange.csv_import import delimiter, import_players_csv
from tournaments.exchange.trf_import import TrfImportError, import_tournament
from tournaments.services import Refused
from tournaments.validation import PlayerForm

TOMORROW = timezone.localdate() + datetime.timedelta(days=1)


@pytest.fixture
def empty(club):
    return make_tournament(club, players=0)


@pytest.mark.parametrize(("header", "mark"), [("name,rating", ","), ("name;rating;fide_id", ";"),
                                              ("name\trating", "\t"), ("name", ","), ('"Name";"Rating"', ";")])
def test_the_separator_is_read_from_the_header(header, mark):
    assert delimiter(f"\n{header}\nRossi, Paolo;1850\n") == mark


def test_an_italian_excel_file_is_imported(client, arbiter, empty):
    client.force_login(arbiter)
    text = 'name;rating;federation;birth_date\r\n"Rossi, Paolo";1850;ITA;1985-03-12\r\nCorrèa, Ana;1720;ESP;\r\n'
    upload = SimpleUploadedFile("giocatori.csv", text.encode("cp1252"))
    response = client.post(reverse("arbiter:player_import", args=[empty.slug]), {"file": upload})
    assert response.status_code == 302
    assert sorted(empty.players.values_list("name", "rating", "federation")) == [
        ("Corrèa, Ana", 1720, "ESP"), ("Rossi, Paolo", 1850, "ITA")]


def test_a_latin1_file_with_tabs_is_imported(client, arbiter, empty):
    client.force_login(arbiter)
    upload = SimpleUploadedFile("p.csv", "name\tfederation\nMüller, Jörg\tGER\nGroß, Ute\tGER\n".encode("latin-1"))
    assert client.post(reverse("arbiter:player_import", args=[empty.slug]), {"file": upload}).status_code == 302
    assert sorted(empty.players.values_list("name", flat=True)) == ["Groß, Ute", "Müller, Jörg"]


@pytest.mark.parametrize(("value", "message"), [
    (TOMORROW.isoformat(), "A birth date cannot be in the future"),
    ("1898-05-01", "A birth date before 1900 is surely mistyped (1898-05-01)."),
])
def test_a_birth_date_no_player_has_is_refused_on_the_form(value, message):
    form = PlayerForm(data={"name": "Rossi, Paolo", "birth_date": value})
    assert not form.is_valid() and message in " ".join(form.errors["birth_date"])
    assert PlayerForm(data={"name": "Rossi, Paolo", "birth_date": "1900-01-01"}).is_valid()


def test_a_birth_date_in_the_future_refuses_the_csv_file(empty):
    with pytest.raises(Refused) as refusal:
        import_players_csv(empty, f"name;birth_date\nA;2001-01-01\nB;{TOMORROW.isoformat()}\nC;1066-10-14\n")
    assert [error.split(":")[0] for error in refusal.value.errors] == ["Line 3", "Line 4"]
    assert "cannot be in the future" in refusal.value.errors[0] and "before 1900" in refusal.value.errors[1]
    assert not empty.players.exists()


def test_a_birth_date_in_the_future_refuses_the_trf_file(club):
    def born(line, date):  # columns 70-79 (shared/formats/trf.md)
        return line[:69] + date + line[79:]

    lines = [born(player_line(1, "Alpha, Anna", "2000", ["0000 - Z"]), TOMORROW.strftime("%Y/%m/%d")),
             born(player_line(2, "Bravo, Berta", "1900", ["0000 - Z"]), "1850/01/01")]
    with pytest.raises(TrfImportError) as error:
        import_tournament(club, "\n".join(["012 Future", *lines, "XXR 3"]) + "\n")
    assert any(e.startswith("line 2: A birth date cannot be in the future") for e in error.value.errors)
    assert any(e.startswith("line 3: A birth date before 1900") for e in error.value.errors)
