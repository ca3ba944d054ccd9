"""Imports beyond the limits of tournaments/limits.py, and the kinds of bad input the fuzzer found:
each refused with a message naming the problem, nothing saved."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.exchange import trf_import
from tournaments.exchange.csv_import import import_players_csv
from tournaments.exchange.trf_import import TrfImportError, import_tournament
from tournaments.limits import MAX_FILE_BYTES
from tournaments.models import ForbiddenPair, Player, Tournament
from tournaments.services import Refused, players
from tournaments.services.players import register_player
from tournaments.services.setup import create_tournament


def player_line(number: int, name: str, rating: str, blocks: list[str]) -> str:
    """A 001 line, columns as in shared/formats/trf.md; the round blocks from column 92."""
    return f"001 {number:4d}      {name:<33} {rating:>4} FRA {'':>11} {'':<10} {'0.0':>4} {'':>4}" + "".join(
        f"  {block}" for block in blocks)


def trf_file(*records: str, name: str = "Spring Open", rating: str = "2100", rounds: int = 1) -> str:
    one = player_line(1, "Alpha, Anna", rating, [("   2 w 1", "   2 b 0")[r % 2] for r in range(rounds)])
    two = player_line(2, "Bravo, Berta", "2000", [("   1 b 0", "   1 w 1")[r % 2] for r in range(rounds)])
    three = player_line(3, "Charlie, Carl", "1900", ["0000 - Z"] * rounds)
    return "\n".join([f"012 {name}", one, two, three, *records]) + "\n"


def test_the_file_of_these_tests_is_imported(club):
    tournament = import_tournament(club, trf_file("XXR 3", "XXP 1 3"))
    assert tournament.players.count() == 3 and tournament.round_set.get().games.get().result == "1-0"


@pytest.mark.parametrize(("text", "message"), [
    (trf_file("XXR 32768"), "line 5, column 5: XXR needs the number of rounds (1 to 999)"),
    (trf_file("XXR 100"), "XXR/142 announces 100 rounds: a tournament has at most 99 rounds"),
    (trf_file(rounds=100), "the 001 lines hold 100 rounds: a tournament has at most 99 rounds"),
    (trf_file("XXR 3", name="N" * 121), "name (record 012): Ensure this value has at most 120 characters (it has 121)"),
    (trf_file("XXR 3", "102 " + "IA " * 50), "chief arbiter (record 102): Ensure this value has at most 120"),
    (trf_file("XXR 3", "BBW 9999.9"), "points win (record BBW/162/XXS): Ensure that there are no more than 4 digits"),
    (trf_file("XXR 3", rating="9999"), "line 2: rating: Ensure this value is less than or equal to 3500"),
    (trf_file("XXR 3", rating="21²0"), "line 2, column 49: rating must be a number, not '21²0'"),
    (trf_file("XXR 3", name="Open\x00"), "line 1, column 9: control character U+0000"),
], ids=["XXR 32768", "XXR 100", "100 rounds played", "long 012", "long 102", "BBW 9999.9", "rating 9999",
        "superscript digit", "NUL"])
def test_a_file_beyond_the_limits_is_refused_whole(club, text, message):
    with pytest.raises(TrfImportError) as error:
        import_tournament(club, text)
    assert message in " ".join(error.value.errors)
    assert not Tournament.objects.exists() and not Player.objects.exists()


def test_too_many_forbidden_pairs_are_refused(club, monkeypatch):
    monkeypatch.setattr(trf_import, "MAX_FORBIDDEN_PAIRS", 2)
    with pytest.raises(TrfImportError, match="XXP/260 keep 3 pairs of players apart: the app keeps at most 2"):
        import_tournament(club, trf_file("XXR 3", "XXP 1 2 3"))
    assert not ForbiddenPair.objects.exists() and not Tournament.objects.exists()


def test_too_many_round_results_are_refused_before_anything_else(club, monkeypatch):
    monkeypatch.setattr(trf_import, "MAX_ROUND_RESULTS", 5)
    with pytest.raises(TrfImportError, match="3 players of 2 rounds: the app imports at most 5 round results"):
        import_tournament(club, trf_file("XXR 3", rounds=2))
    assert not Tournament.objects.exists()


def test_a_refusal_lists_the_first_fifty_problems(club):
    lines = [player_line(n, "", "2000", []) for n in range(1, 81)]  # 80 players without a name
    with pytest.raises(TrfImportError) as error:
        import_tournament(club, "012 Nameless\n" + "\n".join(lines) + "\n")
    assert len(error.value.errors) == 51 and error.value.errors[-1] == "and 30 more problems"


def test_the_import_page_states_the_limits_and_refuses_a_file_too_large(client, arbiter):
    client.force_login(arbiter)
    url = reverse("arbiter:tournament_import")
    page = client.get(url).content.decode()
    assert "at most 3.0 MB, 9999 players, 99 rounds and 120,000 results in all (one per player and round)" in page
    assert "name, city, chief arbiter, time control at most 120 characters" in page
    big = SimpleUploadedFile("t.trf", trf_file("XXR 3").encode() + b" " * MAX_FILE_BYTES)
    response = client.post(url, {"file": big})
    assert response.status_code == 200 and "The file is too large: at most 3.0 MB can be imported." in (
        response.content.decode())
    assert not Tournament.objects.exists()


def test_an_old_windows_file_is_read_as_windows_1252(client, arbiter):
    client.force_login(arbiter)
    text = trf_file("XXR 3", name="Open \u2013 Lyon")  # the en dash is byte 0x96 in Windows-1252
    response = client.post(reverse("arbiter:tournament_import"),
                           {"file": SimpleUploadedFile("t.trf", text.encode("cp1252"))})
    assert response.status_code == 302 and Tournament.objects.get().name == "Open \u2013 Lyon"


# CSV ----------------------------------------------------------------------------------------------------

@pytest.fixture
def empty(club):
    return create_tournament(club, name="Autumn Open", rounds=7)


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n", "\r\r\n"], ids=["CR", "CRLF", "LF", "CRCRLF"])
def test_csv_with_any_line_ends_is_imported(empty, end):
    players = import_players_csv(empty, end.join(["name,rating", "Alpha,", "Bravo,1900", ""]))
    assert [p.name for p in players] == ["Alpha", "Bravo"] and players[1].rating == 1900


@pytest.mark.parametrize(("text", "message"), [
    ("name\n" + "x" * 200_000 + "\n", "line 2 cannot be read as CSV (field larger than field limit"),
    ("name,name\nA,B\n", "Column(s) named twice: name."),
])
def test_csv_that_cannot_be_read_is_refused(empty, text, message):
    with pytest.raises(Refused) as refusal:
        import_players_csv(empty, text)
    assert message in refusal.value.message and not empty.players.exists()


@pytest.mark.parametrize(("row", "message"), [
    ("Al\x00pha,,", "Line 2: name: Null characters are not allowed."),
    ("Al\x1bpha,,", "Line 2: name: Control characters (tab, escape...) are not allowed."),
    ("Alpha,²³,", "Line 2: fide_id: A FIDE id has digits only."),
    ("Alpha,,ÄÖÜ", "Line 2: federation: A federation is a three-letter code such as FRA."),
    ("A" * 34 + ",,", "Line 2: name: Ensure this value has at most 33 characters (it has 34)."),
])
def test_csv_with_a_bad_field_names_it(empty, row, message):
    with pytest.raises(Refused) as refusal:
        import_players_csv(empty, f"name,fide_id,federation\n{row}\nBravo,,\n")
    assert message in refusal.value.errors and not empty.players.exists()


def test_no_more_players_than_pairing_numbers_hold(empty, monkeypatch):
    monkeypatch.setattr(players, "MAX_PLAYERS", 3)
    import_players_csv(empty, "name\nA\nB\n")
    with pytest.raises(Refused, match=r"at most 3 players .* this one has 2, and 2 more would make 4"):
        import_players_csv(empty, "name\nC\nD\n")
    register_player(empty, Player(name="C"))
    with pytest.raises(Refused, match="at most 3 players"):
        register_player(empty, Player(name="D"))
    assert empty.players.count() == 3


def test_the_csv_page_reads_utf16_and_refuses_what_is_too_large(client, arbiter, empty):
    client.force_login(arbiter)
    url = reverse("arbiter:player_import", args=[empty.slug])
    spreadsheet = SimpleUploadedFile("p.csv", "name,federation\r\n\"Müller, Jörg\",GER\r\n".encode("utf-16"))
    assert client.post(url, {"file": spreadsheet}).status_code == 302
    assert empty.players.get().name == "Müller, Jörg"
    pasted = "name\n" + "x" * MAX_FILE_BYTES
    response = client.post(url, {"text": pasted})
    assert response.status_code == 200 and "The file is too large" in response.content.decode()
    assert empty.players.count() == 1
