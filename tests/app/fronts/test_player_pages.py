"""The player pages' safety nets: a player entered twice, a CSV file imported twice."""

import pytest
from django.urls import reverse

from tests.app.conftest import make_tournament
from tournaments.models import Player
from tournaments.services.players import register_player


@pytest.fixture
def field(club):
    tournament = make_tournament(club, players=0)
    register_player(tournament, Player(name="Rossi, Paolo", rating=1850))
    register_player(tournament, Player(name="Müller, Hans", rating=2100, fide_id="4611"))
    return tournament


def test_a_fide_id_typed_again_is_refused_on_the_form(client, arbiter, field):
    client.force_login(arbiter)
    response = client.post(reverse("arbiter:player_add", args=[field.slug]),
                           {"name": "Mueller, H", "rating": 2000, "fide_id": "4611"}, follow=True)
    assert response.status_code == 200
    assert "FIDE id 4611 is registered already: Müller, Hans, #1." in response.content.decode()
    assert field.players.count() == 2


def test_a_namesake_is_registered_once_the_arbiter_confirms(client, arbiter, field):
    client.force_login(arbiter)
    url = reverse("arbiter:player_add", args=[field.slug])
    response = client.post(url, {"name": "Paolo Rossi", "rating": 1850})
    page = response.content.decode()
    assert response.status_code == 200 and 'id="confirm-namesake"' in page
    assert "Rossi, Paolo (#2) is registered already with the same name and rating" in page
    assert 'value="Paolo Rossi"' in page  # the form keeps what was typed
    assert field.players.count() == 2
    response = client.post(url, {"name": "Paolo Rossi", "rating": 1850, "confirm": "1"})
    assert response.status_code == 302 and field.players.count() == 3


def test_the_import_page_says_which_rows_were_skipped(client, arbiter, field):
    client.force_login(arbiter)
    url = reverse("arbiter:player_import", args=[field.slug])
    text = "name,rating,fide_id\nPaolo Rossi,1850,\nNew, 1500,\nX,1400,4611\n"
    response = client.post(url, {"text": text}, follow=True)
    page = response.content.decode()
    assert "1 player imported." in page
    assert "2 players of the file are registered already and were skipped: #2 Rossi, Paolo, #1 Müller, Hans." in page
    assert field.players.count() == 3


def test_find_my_board_reads_a_name_first_name_first_and_german_spellings(client, club):
    from tests.app.conftest import pair

    tournament = make_tournament(club, players=4)
    register_player(tournament, Player(name="Müller, Hans", rating=1000))
    register_player(tournament, Player(name="Rossi, Paolo", rating=900))
    pair(tournament)
    url = reverse("public:round", args=[tournament.slug, 1])
    for query in ("Paolo Rossi", "hans mueller"):
        page = client.get(url, {"q": query}).content.decode()
        assert "1 board found" in page, query
    assert "Rossi, Paolo" in client.get(url, {"q": "Paolo Rossi"}).content.decode()


def test_titles_read_as_fide_writes_them(client, arbiter, field):
    player = register_player(field, Player(name="Carlsen, Magnus", title="GM", rating=2830))
    assert player.get_title_display() == "GM"
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:player_edit", args=[field.slug, player.pk])).content.decode()
    for title in ("GM", "IM", "WGM", "WCM"):
        assert f'<option value="{title}"' in page and f">{title}</option>" in page
    assert ">Gm<" not in page and ">Wgm<" not in page


def test_the_absence_form_chooses_nothing_and_says_when_nothing_changed(client, arbiter, field):
    client.force_login(arbiter)
    player = field.players.get(name="Rossi, Paolo")
    page = client.get(reverse("arbiter:player_edit", args=[field.slug, player.pk])).content.decode()
    assert '<option value="" selected>' in page  # no bye chosen in advance
    url = reverse("arbiter:player_absence", args=[field.slug, player.pk])
    response = client.post(url, {"round_number": 1, "bye": ""}, follow=True)
    assert "Choose a bye, or remove the absence." in response.content.decode()
    assert not player.absences.exists()
    response = client.post(url, {"round_number": 1, "bye": "H"}, follow=True)
    assert "Rossi, Paolo: absence saved." in response.content.decode()
    entries = field.audit_entries.count()
    response = client.post(url, {"round_number": 1, "bye": "H"}, follow=True)
    assert "Rossi, Paolo: nothing changed." in response.content.decode()
    assert "absence saved" not in response.content.decode() and field.audit_entries.count() == entries
    client.post(url, {"round_number": 1, "bye": "-"})
    assert not player.absences.exists()
    response = client.post(url, {"round_number": 1, "bye": "-"}, follow=True)
    assert "Rossi, Paolo: nothing changed." in response.content.decode()


def test_a_withdrawal_sent_again_says_nothing_changed(client, arbiter, field):
    client.force_login(arbiter)
    player = field.players.get(name="Rossi, Paolo")
    url = reverse("arbiter:player_withdraw", args=[field.slug, player.pk])
    assert "withdrawal saved" in client.post(url, {"from_round": 2}, follow=True).content.decode()
    assert "Rossi, Paolo: nothing changed." in client.post(url, {"from_round": 2}, follow=True).content.decode()


def test_removing_a_player_asks_first_naming_him(client, arbiter, field):
    client.force_login(arbiter)
    player = field.players.get(name="Rossi, Paolo")
    url = reverse("arbiter:player_delete", args=[field.slug, player.pk])
    for response in (client.get(url), client.post(url)):  # a POST without the answer asks too
        page = response.content.decode()
        assert response.status_code == 200 and 'id="remove-player-question"' in page
        assert "Remove #2 Rossi, Paolo from Spring Open?" in page
    assert field.players.filter(pk=player.pk).exists()
    response = client.post(url, {"confirm": "1"}, follow=True)
    assert "Rossi, Paolo removed." in response.content.decode()
    assert not field.players.filter(pk=player.pk).exists()
