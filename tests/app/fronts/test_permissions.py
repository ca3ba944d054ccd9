"""An arbiter sees and changes only his club's tournaments; the public reads only what is published."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.app.conftest import pair, request
from tournaments.models import Round


@pytest.fixture
def paired(tournament):
    """Round 1 published (with a game to score), round 2 not yet."""
    round_ = pair(tournament)
    return tournament, round_


def private_pages(tournament, round_):
    slug, game, player = tournament.slug, round_.games.first(), tournament.players.first()
    return {
        "get": [
            reverse("arbiter:tournament", args=[slug]),
            reverse("arbiter:tournament_edit", args=[slug]),
            reverse("arbiter:player_add", args=[slug]),
            reverse("arbiter:player_import", args=[slug]),
            reverse("arbiter:player_edit", args=[slug, player.pk]),
            reverse("arbiter:trf_export", args=[slug]),
            reverse("arbiter:round", args=[slug, round_.number]),
        ],
        "post": [
            reverse("arbiter:tournament_edit", args=[slug]),
            reverse("arbiter:player_add", args=[slug]),
            reverse("arbiter:player_import", args=[slug]),
            reverse("arbiter:player_edit", args=[slug, player.pk]),
            reverse("arbiter:player_delete", args=[slug, player.pk]),
            reverse("arbiter:player_withdraw", args=[slug, player.pk]),
            reverse("arbiter:player_absence", args=[slug, player.pk]),
            reverse("arbiter:result", args=[slug, game.pk]),
            reverse("arbiter:pair", args=[slug]),
            reverse("arbiter:publish", args=[slug, round_.number]),
            reverse("arbiter:discard", args=[slug, round_.number]),
        ],
    }


def test_another_clubs_arbiter_gets_404_everywhere(client, paired, outsider):
    tournament, round_ = paired
    client.force_login(outsider)
    pages = private_pages(tournament, round_)
    for url in pages["get"]:
        assert client.get(url).status_code == 404, url
    for url in pages["post"]:
        assert client.post(url, {"result": "1-0", "from_round": 2, "round_number": 2, "name": "X, Y",
                                 "rounds": 9}).status_code == 404, url
    # Nor can he create or import a tournament into the other club.
    for name in ("arbiter:tournament_create", "arbiter:tournament_import"):
        url = f"{reverse(name)}?club={tournament.club.pk}"
        assert client.get(url).status_code == 404 and client.post(url, {"name": "Sneaky"}).status_code == 404
    round_.refresh_from_db()
    assert round_.status == Round.Status.PUBLISHED and tournament.round_set.count() == 1
    assert not round_.games.exclude(result__in=["", "bye"]).exists()
    assert not tournament.club.tournaments.exclude(pk=tournament.pk).exists()


def test_anonymous_is_sent_to_login(client, paired):
    tournament, round_ = paired
    for url in private_pages(tournament, round_)["get"]:
        response = client.get(url)
        assert response.status_code == 302 and response.url.startswith(reverse("login")), url


def test_another_clubs_arbiter_cannot_write_through_the_api(paired, outsider):
    tournament, _ = paired
    api = APIClient()
    api.force_authenticate(outsider)
    assert api.post(f"/api/tournaments/{tournament.slug}/pair/").status_code == 404
    assert api.post(f"/api/tournaments/{tournament.slug}/rounds/1/boards/1/result/",
                    {"result": "1-0"}).status_code == 404
    assert api.get(f"/api/tournaments/{tournament.slug}/rounds/1/status/").status_code == 404
    anonymous = APIClient()
    assert anonymous.post(f"/api/tournaments/{tournament.slug}/pair/").status_code in (401, 403)
    assert anonymous.post(f"/api/tournaments/{tournament.slug}/rounds/1/boards/1/result/",
                          {"result": "1-0"}).status_code in (401, 403)
    assert tournament.round_set.count() == 1


def test_dashboard_lists_only_own_clubs_tournaments(client, paired, outsider, arbiter):
    tournament, _ = paired
    client.force_login(outsider)
    assert tournament.name not in client.get(reverse("arbiter:dashboard")).content.decode()
    client.force_login(arbiter)
    assert tournament.name in client.get(reverse("arbiter:dashboard")).content.decode()


def test_draft_round_is_not_public(client, api_client, paired):
    tournament, round1 = paired
    for game in round1.games.exclude(result="bye"):
        game.result = "1-0"
        game.save()
    draft = request(tournament)
    assert draft.status == Round.Status.DRAFT
    assert client.get(reverse("public:round", args=[tournament.slug, 2])).status_code == 404
    assert api_client.get(f"/api/tournaments/{tournament.slug}/rounds/2/").status_code == 404
    assert [r["number"] for r in api_client.get(f"/api/tournaments/{tournament.slug}/rounds/").json()] == [1]


def test_public_player_data_has_no_birth_date(api_client, tournament):
    player = tournament.players.first()
    player.birth_date = "2001-02-03"
    player.save()
    data = api_client.get(f"/api/tournaments/{tournament.slug}/players/").json()
    assert "birth_date" not in data[0]


@pytest.fixture
def api_client():
    return APIClient()
