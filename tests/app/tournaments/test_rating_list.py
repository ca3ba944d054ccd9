"""FIDE rating lists: the sample files of tests/app/fixtures (both formats, per kind and combined,
written from FIDE's format description with the awkward fields first), their import, the files
refused (nothing changed), the lookups, the pages and the API, the update before round 1."""

import datetime
import io
import shutil
import zipfile
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.app.conftest import make_tournament, pair
from tournaments.exchange.rating_list import RatingListError, kind_from_name, period_from_name, read_rating_list
from tournaments.exchange.rating_list_import import import_rating_list
from tournaments.models import AuditEntry, Player, RatedPlayer, RatingList
from tournaments.queries.rating_list import search
from tournaments.services import Refused
from tournaments.services.players import register_player

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
TXT = FIXTURES / "standard_nov26frl.txt"
XML = FIXTURES / "standard_nov26frl_xml.xml"
COMBINED_TXT = FIXTURES / "players_list_foa.txt"
COMBINED_XML = FIXTURES / "players_list_xml_foa.xml"
NOV26 = datetime.date(2026, 11, 1)

# The awkward players of the samples, as FIDE's format says to read them (by hand, not by the reader):
# id, name, federation, sex, Tit, WTit, OTit, FOA, (rating, games, K), birth year, inactive.
EXPECTED = {
    1503014: ("Carlsen, Magnus", "NOR", "M", "GM", "", "", "", (2830, 0, 10), 1990, False),
    8602980: ("Hou, Yifan", "CHN", "F", "GM", "WGM", "FT", "", (2630, 0, 10), 1994, True),
    24699020: ("Müller, Jörg-Ötzi", "GER", "M", "", "", "", "", (None, None, None), 2010, True),
    322300: ("Černá, Zuzana", "CZE", "F", "WIM", "WIM", "IA,FA,IO", "AFM", (2101, 5, 20), None, False),
    2500035: ("O'Brien, Seán Mac, Jr.", "IRL", "M", "CM", "", "", "ACM", (1999, 12, 40), 2012, False),
    34567890: ("García López, José María", "ESP", "M", "FM", "", "NI", "", (2305, 3, 20), 1975, True),
}
# Their rapid and blitz ratings in the combined lists.
RAPID_BLITZ = {1503014: ((2820, 0, 20), (2886, 7, 20)), 24699020: ((1645, 9, 40), (None, None, None)),
               322300: ((None, None, None), (1988, 11, 20))}


def fields(record):
    return (record.name, record.federation, record.sex, record.title, record.w_title, record.o_title,
            record.foa_title, (record.ratings[0].rating, record.ratings[0].games, record.ratings[0].k),
            record.birth_year, record.inactive)


@pytest.mark.parametrize("path", [TXT, XML], ids=["txt", "xml"])
def test_every_field_of_the_awkward_players_is_read(path):
    file = read_rating_list(path)
    assert file.kinds == ("standard",) and file.period == NOV26
    records = list(file.records())
    assert len(records) == 300
    found = {r.fide_id: fields(r) for r in records if r.fide_id in EXPECTED}
    assert found == EXPECTED


@pytest.mark.parametrize("path", [COMBINED_TXT, COMBINED_XML], ids=["txt", "xml"])
def test_combined_lists_hold_the_three_kinds(path):
    file = read_rating_list(path)
    assert file.kinds == ("standard", "rapid", "blitz") and file.period is None
    records = {r.fide_id: r for r in file.records()}
    assert len(records) == 300
    for fide_id, (rapid, blitz) in RAPID_BLITZ.items():
        ratings = records[fide_id].ratings
        assert (ratings[1].rating, ratings[1].games, ratings[1].k) == rapid
        assert (ratings[2].rating, ratings[2].games, ratings[2].k) == blitz
    assert fields(records[322300]) == EXPECTED[322300]


PRETTY_XML = """<?xml version="1.0" encoding="utf-8"?>
<playerslist>
  <player>
    <fideid>322300</fideid>
    <name>\u010cern\u00e1, Zuzana</name>
    <country>CZE</country>
    <sex>F</sex>
    <title>WIM</title>
    <w_title>WIM</w_title>
    <o_title>IA,FA,IO</o_title>
    <foa_title>AFM</foa_title>
    <rating>2101</rating>
    <games>5</games>
    <k>20</k>
    <birthday/>
    <flag>w</flag>
  </player>
  <player><fideid>7</fideid><name>Smith &amp; Sons, <![CDATA[A&B]]></name><country>ENG</country><sex>M</sex>
    <rating>1500</rating><flag>i</flag></player>
</playerslist>
"""


def test_xml_laid_out_otherwise_entities_cdata_empty_elements(tmp_path):
    path = tmp_path / "standard_nov26frl.xml"
    path.write_text(PRETTY_XML, encoding="utf-8")
    records = list(read_rating_list(path).records())
    assert [r.line for r in records] == [3, 18]
    assert fields(records[0]) == EXPECTED[322300]
    assert (records[1].name, records[1].federation, records[1].ratings[0].rating, records[1].inactive) == (
        "Smith & Sons, A&B", "ENG", 1500, True)


def test_xml_with_something_else_than_players_is_refused(tmp_path):
    path = tmp_path / "standard_nov26frl.xml"
    path.write_text(PRETTY_XML.replace("  <player><fideid>7", "  <club>x</club>\n  <player><fideid>7"),
                    encoding="utf-8")
    with pytest.raises(RatingListError) as error:
        list(read_rating_list(path).records())
    assert error.value.line == 18 and "<club> where a <player> was expected" in error.value.reason


def test_the_kind_and_month_from_fides_file_names():
    assert (kind_from_name("standard_nov26frl.txt"), period_from_name("standard_nov26frl.txt")) == ("standard", NOV26)
    assert (kind_from_name("blitz_jan27frl_xml.xml"), period_from_name("blitz_jan27frl_xml.xml")) == (
        "blitz", datetime.date(2027, 1, 1))
    assert (kind_from_name("players_list_foa.txt"), period_from_name("players_list_foa.txt")) == (None, None)
    assert period_from_name("list_dec2024.txt") is None  # not December 2020


def test_the_format_is_found_from_the_content_not_the_name(tmp_path):
    renamed = tmp_path / "standard_nov26.dat"
    shutil.copy(XML, renamed)
    assert read_rating_list(renamed).format == "xml"
    renamed.write_bytes(TXT.read_bytes())
    assert read_rating_list(renamed).format == "txt"


# --- Import -------------------------------------------------------------------------------------------

@pytest.mark.django_db
@pytest.mark.parametrize("path", [TXT, XML], ids=["txt", "xml"])
def test_import_makes_the_months_list(path):
    (rating_list,) = import_rating_list(path)
    assert (rating_list.kind, rating_list.period, rating_list.count) == ("standard", NOV26, 300)
    assert RatedPlayer.objects.filter(list=rating_list).count() == 300
    hou = RatedPlayer.objects.get(list=rating_list, fide_id=8602980)
    assert (hou.name, hou.title, hou.w_title, hou.o_title, hou.rating, hou.k, hou.birth_year, hou.inactive) == (
        "Hou, Yifan", "GM", "WGM", "FT", 2630, 10, 1994, True)
    muller = RatedPlayer.objects.get(list=rating_list, fide_id=24699020)
    assert (muller.rating, muller.games, muller.k) == (None, None, None)


@pytest.mark.django_db
def test_a_combined_list_makes_three_lists_of_the_month_given():
    lists = import_rating_list(COMBINED_TXT, kind=None, period=datetime.date(2026, 10, 1))
    assert [(rl.kind, rl.period, rl.count) for rl in lists] == [
        ("standard", datetime.date(2026, 10, 1), 300), ("rapid", datetime.date(2026, 10, 1), 300),
        ("blitz", datetime.date(2026, 10, 1), 300)]
    assert RatedPlayer.objects.get(list=lists[1], fide_id=24699020).rating == 1645
    assert RatedPlayer.objects.get(list=lists[2], fide_id=1503014).games == 7


@pytest.mark.django_db
def test_a_file_without_its_month_asks_for_it():
    with pytest.raises(Refused, match="month"):
        import_rating_list(COMBINED_XML)
    assert not RatingList.objects.exists()


@pytest.mark.django_db
def test_a_zip_as_fide_serves_it(tmp_path):
    archive = tmp_path / "standard_nov26frl.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.write(TXT, "standard_nov26frl.txt")
    (rating_list,) = import_rating_list(archive)
    assert (rating_list.kind, rating_list.period, rating_list.count) == ("standard", NOV26, 300)


@pytest.mark.django_db
def test_a_damaged_zip_is_refused_with_a_message(tmp_path):
    # Its member's checksum wrong (a download cut and mended, a disk error): the list reads to its
    # end, where the zip module finds the CRC-32 bad; it was a 500.
    archive = tmp_path / "standard_nov26frl.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.write(TXT, "standard_nov26frl.txt")
    data = bytearray(archive.read_bytes())
    crc = data.index(b"PK\x01\x02") + 16  # the central directory's CRC-32 of the member
    data[crc] ^= 0xFF
    archive.write_bytes(bytes(data))
    with pytest.raises(Refused, match="The zip file cannot be read"):
        import_rating_list(archive)
    assert not RatingList.objects.exists()


@pytest.mark.django_db
def test_a_zip_too_large_unpacked_is_refused_before_reading(tmp_path, monkeypatch):
    monkeypatch.setattr("tournaments.exchange.rating_list.MAX_RATING_LIST_BYTES", 30_000)
    archive = tmp_path / "standard_nov26frl.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.write(TXT, "standard_nov26frl.txt")  # 39,754 bytes
    with pytest.raises(Refused, match="too large"):
        import_rating_list(archive)
    assert not RatingList.objects.exists()


@pytest.mark.django_db
def test_the_same_month_again_replaces_it_and_earlier_months_stay():
    older = import_rating_list(COMBINED_TXT, period=datetime.date(2026, 10, 1))
    first = import_rating_list(TXT)[0]
    again = import_rating_list(XML, "standard_nov26frl_xml.xml")[0]
    assert not RatingList.objects.filter(pk=first.pk).exists()
    assert RatingList.objects.filter(kind="standard").count() == 2
    assert RatedPlayer.objects.filter(list=again).count() == 300
    assert all(RatingList.objects.filter(pk=rl.pk).exists() for rl in older)
    assert RatingList.objects.latest_of("standard") == again


# --- Refused files ---------------------------------------------------------------------------------

def _truncated_txt(tmp_path):
    data = TXT.read_bytes()
    cut = data.index(b"Sample100")  # in the middle of line 108
    (tmp_path / "standard_nov26frl.txt").write_bytes(data[:cut + 5])
    return tmp_path / "standard_nov26frl.txt", "line 108", "truncated"


def _wrong_header(tmp_path):
    data = TXT.read_bytes().replace(b"Fed Sex", b"Fed Sx ", 1)
    (tmp_path / "standard_nov26frl.txt").write_bytes(data)
    return tmp_path / "standard_nov26frl.txt", "line 1", "header"


def _duplicate_txt(tmp_path):
    lines = TXT.read_bytes().splitlines(keepends=True)
    lines.insert(200, lines[3])  # Müller (line 4) again as line 201
    (tmp_path / "standard_nov26frl.txt").write_bytes(b"".join(lines))
    return tmp_path / "standard_nov26frl.txt", "line 201: FIDE id 24699020 appears twice (first on line 4)", "twice"


def _truncated_xml(tmp_path):
    data = XML.read_bytes()
    (tmp_path / "standard_nov26frl.xml").write_bytes(data[:data.index(b"Sample100") + 5])
    return tmp_path / "standard_nov26frl.xml", "line 109", "truncated"


def _duplicate_xml(tmp_path):
    lines = XML.read_bytes().splitlines(keepends=True)
    lines.insert(250, lines[2])  # Carlsen (line 3) again as line 251
    (tmp_path / "standard_nov26frl.xml").write_bytes(b"".join(lines))
    return tmp_path / "standard_nov26frl.xml", "line 251: FIDE id 1503014 appears twice (first on line 3)", "twice"


def _bad_rating_xml(tmp_path):
    data = XML.read_bytes().replace(b"<rating>2101</rating>", b"<rating>21O1</rating>")
    (tmp_path / "standard_nov26frl.xml").write_bytes(data)
    return tmp_path / "standard_nov26frl.xml", "line 6", "21O1"


def _entities_xml(tmp_path):
    bomb = (b'<?xml version="1.0"?>\n<!DOCTYPE playerslist [<!ENTITY a "aaaaaaaaaa">'
            b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<playerslist><player><fideid>1</fideid>'
            b"<name>&b;</name><country>FRA</country><sex>M</sex></player></playerslist>\n")
    (tmp_path / "standard_nov26frl.xml").write_bytes(bomb)
    return tmp_path / "standard_nov26frl.xml", "DTD", "entities"


def _not_a_list(tmp_path):
    (tmp_path / "standard_nov26frl.txt").write_bytes(b"name,rating\nRossi,2000\n")
    return tmp_path / "standard_nov26frl.txt", "line 1", "no FIDE rating list"


def _bad_federation_txt(tmp_path):
    data = TXT.read_bytes().replace(b"CZE F   WIM", b"C7E F   WIM", 1)
    (tmp_path / "standard_nov26frl.txt").write_bytes(data)
    return tmp_path / "standard_nov26frl.txt", "line 5", "three-letter"


@pytest.mark.django_db
@pytest.mark.parametrize("bad", [_truncated_txt, _wrong_header, _duplicate_txt, _truncated_xml, _duplicate_xml,
                                 _bad_rating_xml, _entities_xml, _not_a_list, _bad_federation_txt])
def test_a_bad_file_is_refused_with_its_line_and_changes_nothing(tmp_path, bad):
    kept = import_rating_list(TXT)[0]  # the same month, imported before: must survive the refusal
    path, where, reason = bad(tmp_path)
    with pytest.raises(Refused) as refused:
        import_rating_list(path)
    assert where in refused.value.message and reason in refused.value.message, refused.value.message
    assert list(RatingList.objects.all()) == [kept]
    assert RatedPlayer.objects.count() == 300


def test_the_reader_stops_at_the_first_bad_record(tmp_path):
    path, _where, _reason = _bad_federation_txt(tmp_path)
    with pytest.raises(RatingListError) as error:
        list(read_rating_list(path).records())
    assert error.value.line == 5 and "'C7E'" in error.value.reason


# --- Lookups ------------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_lookup_by_name_prefix_and_by_id():
    rating_list = import_rating_list(TXT)[0]
    assert [p.fide_id for p in search(rating_list, "mül")] == [24699020]
    assert [p.name for p in search(rating_list, "černá, z")] == ["Černá, Zuzana"]
    assert [p.name for p in search(rating_list, "  o'brien,   seán")] == ["O'Brien, Seán Mac, Jr."]
    assert [p.name for p in search(rating_list, "322300")] == ["Černá, Zuzana"]
    samples = search(rating_list, "sample")
    assert len(samples) == 20 and [p.name for p in samples] == sorted(p.name for p in samples)
    assert search(rating_list, "") == [] and search(rating_list, "zzz") == [] and search(None, "carlsen") == []


# --- The command, the pages, the API ------------------------------------------------------------------

@pytest.mark.django_db
def test_the_command_imports_and_refuses():
    out = io.StringIO()
    call_command("import_rating_list", str(COMBINED_TXT), "--month", "2026-09", stdout=out)
    assert "Standard 2026-09: 300 players imported" in out.getvalue()
    assert RatingList.objects.count() == 3
    with pytest.raises(CommandError, match="does not say its month"):
        call_command("import_rating_list", str(COMBINED_XML))
    assert RatingList.objects.count() == 3


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_user("root", password="pw-root-123", is_staff=True)


def test_only_the_sites_staff_upload_lists(client, staff, arbiter):
    url = reverse("arbiter:rating_lists")
    client.force_login(arbiter)
    assert client.get(url).status_code == 403
    with open(TXT, "rb") as upload:
        assert client.post(url, {"file": upload}).status_code == 403
    assert not RatingList.objects.exists()
    client.force_login(staff)
    with open(TXT, "rb") as upload:
        page = client.post(url, {"file": upload}, follow=True)
    assert "300 players imported" in page.content.decode()
    assert RatingList.objects.get().count == 300


def test_an_upload_refused_says_why(client, staff, tmp_path):
    client.force_login(staff)
    path, _where, _reason = _duplicate_txt(tmp_path)
    with open(path, "rb") as upload:
        page = client.post(reverse("arbiter:rating_lists"), {"file": upload}, follow=True)
    assert page.status_code == 200
    assert "line 201: FIDE id 24699020 appears twice (first on line 4)" in page.content.decode()
    assert not RatingList.objects.exists()
    with open(COMBINED_TXT, "rb") as upload:
        page = client.post(reverse("arbiter:rating_lists"), {"file": upload, "month": "11/2026"})
    assert "Give the month as YYYY-MM" in page.content.decode() and not RatingList.objects.exists()


def test_the_type_ahead_and_the_filled_form(client, arbiter, tournament):
    import_rating_list(TXT)
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:rating_lookup", args=[tournament.slug]), {"lookup": "hou"},
                      headers={"HX-Request": "true"})
    text = page.content.decode()
    assert "Hou, Yifan" in text and "8602980" in text and "2630" in text
    form = client.get(reverse("arbiter:player_add", args=[tournament.slug]), {"fide": "8602980"})
    initial = form.context["form"].initial
    assert initial == {"name": "Hou, Yifan", "fide_id": "8602980", "federation": "CHN", "sex": "w",
                       "title": "GM", "rating": 2630, "k_factor": 10, "birth_year": 1994}


def test_the_api_searches_the_latest_list(arbiter):
    api = APIClient()
    assert api.get(reverse("api:rating_list"), {"q": "carlsen"}).status_code in (401, 403)
    api.force_authenticate(arbiter)
    nothing = api.get(reverse("api:rating_list"), {"q": "carlsen"})
    assert nothing.status_code == 200 and nothing.json() == [] and "X-Rating-List" not in nothing
    import_rating_list(TXT)
    answer = api.get(reverse("api:rating_list"), {"q": "carlsen"})
    assert answer.status_code == 200 and answer["X-Rating-List"] == "standard 2026-11"
    assert answer.json() == [{"fide_id": 1503014, "name": "Carlsen, Magnus", "federation": "NOR", "sex": "M",
                              "title": "GM", "w_title": "", "o_title": "", "foa_title": "", "rating": 2830,
                              "games": 0, "k": 10, "birth_year": 1990, "inactive": False}]
    assert api.get(reverse("api:rating_list"), {"q": "carlsen", "kind": "bullet"}).status_code == 400
    # Input PostgreSQL or int() cannot take (they were 500s): nobody found, or no such page.
    assert api.get(reverse("api:rating_list"), {"q": "carl\x00sen"}).status_code == 200
    client = Client()
    client.force_login(arbiter)
    assert client.get(reverse("arbiter:tournament_create"), {"club": "abc"}).status_code == 404
    assert client.get(reverse("arbiter:event_create"), {"club": "1²"}).status_code == 404


# --- Ratings updated before round 1 -------------------------------------------------------------------

def test_update_before_round_1_shows_then_applies_and_renumbers(client, arbiter, club):
    import_rating_list(TXT)
    tournament = make_tournament(club, players=0)
    for name, rating, fide_id in (("Hou, Yifan", 2500, "8602980"), ("Carlsen, Magnus", 2800, "1503014"),
                                  ("Somebody, Else", 2600, ""), ("Müller, Jörg-Ötzi", 1500, "24699020")):
        register_player(tournament, Player(name=name, rating=rating, fide_id=fide_id))
    assert [p.name for p in tournament.players.order_by("pairing_number")] == [
        "Carlsen, Magnus", "Somebody, Else", "Hou, Yifan", "Müller, Jörg-Ötzi"]
    client.force_login(arbiter)
    url = reverse("arbiter:rating_update", args=[tournament.slug])
    preview = client.get(url).content.decode()
    assert "2500 → 2630" in preview and "— → GM" in preview and "2800 → 2830" in preview
    assert "Saving moves 2 players:" in preview and "#3 → #2 Hou, Yifan" in preview
    assert "#2 → #3 Somebody, Else" in preview
    assert tournament.players.get(fide_id="8602980").rating == 2500  # the preview changed nothing
    client.post(url)
    assert [(p.pairing_number, p.name, p.rating, p.title) for p in tournament.players.order_by("pairing_number")] == [
        (1, "Carlsen, Magnus", 2830, "GM"), (2, "Hou, Yifan", 2630, "GM"), (3, "Somebody, Else", 2600, ""),
        (4, "Müller, Jörg-Ötzi", 1500, "")]  # unrated in the list: his typed (national) rating stays
    entry = AuditEntry.objects.get(tournament=tournament, action="rated")
    assert entry.after["Hou, Yifan"] == {"rating": 2630, "title": "GM", "federation": "CHN", "k_factor": 10,
                                         "birth_year": 1994}
    # No K in the list (unrated): none stored; his birth year is.
    assert entry.after["Müller, Jörg-Ötzi"] == {"federation": "GER", "birth_year": 2010}
    assert list(tournament.players.values_list("name", "k_factor", "birth_year")) == [
        ("Carlsen, Magnus", 10, 1990), ("Hou, Yifan", 10, 1994), ("Somebody, Else", None, None),
        ("Müller, Jörg-Ötzi", None, 2010)]


def test_no_update_once_round_1_is_paired(client, arbiter, tournament):
    import_rating_list(TXT)
    pair(tournament)
    client.force_login(arbiter)
    url = reverse("arbiter:rating_update", args=[tournament.slug])
    page = client.post(url, follow=True).content.decode()
    assert "before round 1 is paired only" in page
