"""The arbiter's pages and the API do what the services do, with clear messages on bad input."""

import random

from django.core.management import call_command
from django.urls import reverse
from rest_framework.test import APIClient

from pairing.rounds.request import request_pairing
from pairing.rounds.run import run_pairing
from tests.app.conftest import make_tournament, pair, play
from tournaments.models import Game, Round, Tournament


def test_create_tournament_and_register_players(client, arbiter, club):
    client.force_login(arbiter)
    response = client.post(reverse("arbiter:tournament_create"), {
        "name": "Autumn Cup", "rounds": 5, "system": "dutch", "edition": "2026", "acceleration": "",
        "points_win": "1", "points_draw": "0.5",
        "points_loss": "0", "points_pairing_bye": "1", "points_half_bye": "0.5", "initial_colour": "",
        "half_point_byes": "on", "late_entry_bye": "Z", "tiebreaks": "DE,BH/C1,BH,SB,PS,WIN",
        "tiebreak_edition": "2026"})
    tournament = Tournament.objects.get(name="Autumn Cup")
    assert response.status_code == 302 and tournament.club == club
    client.post(reverse("arbiter:player_add", args=[tournament.slug]), {"name": "Carlsen, Magnus", "rating": 2830})
    response = client.post(reverse("arbiter:player_import", args=[tournament.slug]),
                           {"text": "name,rating\nCaruana, Fabiano,2800\n"})
    assert "Nothing was imported" in response.content.decode()  # an unquoted comma: a bad line
    assert "Line 2" in response.content.decode()
    client.post(reverse("arbiter:player_import", args=[tournament.slug]),
                {"text": 'name,rating\n"Caruana, Fabiano",2800\n'})
    assert list(tournament.players.values_list("name", "pairing_number")) == [
        ("Carlsen, Magnus", 1), ("Caruana, Fabiano", 2)]


def test_pair_publish_and_enter_results_through_the_pages(client, arbiter, tournament,
                                                          django_capture_on_commit_callbacks):
    client.force_login(arbiter)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("arbiter:pair", args=[tournament.slug]))
    assert response.url == reverse("arbiter:round", args=[tournament.slug, 1])
    # A second click is refused with a message, and nothing changes.
    response = client.post(reverse("arbiter:pair", args=[tournament.slug]), follow=True)
    assert "not published" in response.content.decode()
    assert Round.objects.filter(tournament=tournament).count() == 1
    client.post(reverse("arbiter:publish", args=[tournament.slug, 1]))
    game = Game.objects.filter(round__tournament=tournament).first()
    response = client.post(reverse("arbiter:result", args=[tournament.slug, game.pk]), {"result": "="},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and 'value="½-½"' in response.content.decode()
    response = client.post(reverse("arbiter:result", args=[tournament.slug, game.pk]), {"result": "2-0"},
                           HTTP_HX_REQUEST="true")
    assert "is not a result" in response.content.decode()
    assert Game.objects.get(pk=game.pk).result == "½-½"


def test_pairing_page_polls_while_the_task_runs(client, arbiter, tournament):

    client.force_login(arbiter)
    request_pairing(tournament)  # the commit callback does not run here: still pairing
    url = reverse("arbiter:round", args=[tournament.slug, 1])
    page = client.get(url).content.decode()
    assert 'hx-trigger="every 1s"' in page and "Pairing round 1" in page
    run_pairing(Round.objects.get(tournament=tournament).pk)
    response = client.get(url + "?status=1", HTTP_HX_REQUEST="true")
    assert response["HX-Refresh"] == "true"


def test_result_for_a_board_of_another_round_is_refused_via_api(arbiter, club):
    tournament = make_tournament(club, players=6)
    round1 = pair(tournament)
    play(round1, random.Random(3))
    pair(tournament)
    api = APIClient()
    api.force_authenticate(arbiter)
    # Round 1, board 9 does not exist (3 boards): not found, nothing changed.
    assert api.post(f"/api/tournaments/{tournament.slug}/rounds/1/boards/9/result/",
                    {"result": "1-0"}).status_code == 404
    response = api.post(f"/api/tournaments/{tournament.slug}/rounds/2/boards/1/result/", {"result": "1-1"})
    assert response.status_code == 400 and "not a result" in response.json()["result"]
    response = api.post(f"/api/tournaments/{tournament.slug}/rounds/2/boards/1/result/", {"result": "0-1"})
    assert response.status_code == 200 and response.json()["result"] == "0-1"


def test_api_pairs_a_round(arbiter, tournament, django_capture_on_commit_callbacks):
    api = APIClient()
    api.force_authenticate(arbiter)
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(f"/api/tournaments/{tournament.slug}/pair/")
    assert response.status_code == 202 and response.json()["number"] == 1
    assert api.get(f"/api/tournaments/{tournament.slug}/rounds/1/status/").json()["status"] == "draft"
    assert api.post(f"/api/tournaments/{tournament.slug}/pair/").status_code == 409


def test_public_pages_show_published_results(client, club):
    tournament = make_tournament(club, players=5, rounds=3)
    round1 = pair(tournament)
    play(round1, random.Random(9))
    slug = tournament.slug
    boards = client.get(reverse("public:round", args=[slug, 1])).content.decode()
    for game in round1.games.select_related("white", "black"):
        assert game.white.name in boards
    standings = client.get(reverse("public:standings", args=[slug])).content.decode()
    assert "Standings after round 1" in standings
    crosstable = client.get(reverse("public:crosstable", args=[slug])).content.decode()
    assert "bye" in crosstable
    data = APIClient().get(f"/api/tournaments/{slug}/standings/").json()
    assert len(data) == 5 and sum(row["points"] for row in data) == 3  # two decisive-or-drawn games + the bye
    ranks = [row["rank"] for row in data]
    assert ranks[0] == 1 and ranks == sorted(ranks)  # players still equal share the place


def test_openapi_schema(client, tmp_path):
    assert client.get("/api/schema/").status_code == 200
    # Valid OpenAPI 3, and every view and field typed (a warning fails too).
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yml"))


def test_corrected_result_shows_its_history(client, arbiter, tournament):
    client.force_login(arbiter)
    game = pair(tournament).games.exclude(result="bye").first()
    url = reverse("arbiter:result", args=[tournament.slug, game.pk])
    client.post(url, {"result": "1"}, HTTP_HX_REQUEST="true")
    row = client.post(url, {"result": "0"}, HTTP_HX_REQUEST="true").content.decode()
    assert "corrected" in row and "1-0 → 0-1" in row


def test_api_publishes_a_draft_with_the_pages_refusals(arbiter, tournament, club):
    from django.contrib.auth import get_user_model

    from tests.app.conftest import request as request_round
    from tournaments.models import Membership, Round

    round_ = request_round(tournament)
    url = f"/api/tournaments/{tournament.slug}/rounds/1/publish/"
    # A deputy arbiter may enter results, not publish; nobody outside the club; nobody signed out.
    deputy = get_user_model().objects.create_user("dan", password="pw-dan-123")
    Membership.objects.create(club=club, user=deputy, role=Membership.Role.DEPUTY)
    api = APIClient()
    assert api.post(url).status_code in (401, 403)  # signed out: DRF answers 403 with session auth first
    api.force_authenticate(deputy)
    assert api.post(url).status_code == 403
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT

    api.force_authenticate(arbiter)
    response = api.post(url)
    assert response.status_code == 200 and response.json()["status"] == "published"
    round_.refresh_from_db()
    assert round_.status == Round.Status.PUBLISHED
    assert tournament.audit_entries.filter(kind="round", action="published", user=arbiter).exists()
    # Published already: refused, with the page's reason.
    response = api.post(url)
    assert response.status_code == 409 and "no draft pairing to publish" in response.json()["detail"]
    assert api.post(f"/api/tournaments/{tournament.slug}/rounds/7/publish/").status_code == 404


def test_an_arbiter_creates_sees_once_and_revokes_his_api_token(client, arbiter, tournament):
    from rest_framework.authtoken.models import Token

    client.force_login(arbiter)
    url = reverse("arbiter:api_token")
    assert "You have no API token." in client.get(url).content.decode()
    page = client.post(url, {"action": "create"}).content.decode()
    key = Token.objects.get(user=arbiter).key
    assert key in page and "it will not be shown again" in page
    assert key not in client.get(url).content.decode()  # seen once
    entry = tournament.audit_entries.get(action="api_token")
    assert entry.user == arbiter and "API token created for ann" in entry.summary and key not in entry.summary

    # The token works with the API, as its arbiter.
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.post(f"/api/tournaments/{tournament.slug}/pair/").status_code == 202

    client.post(url, {"action": "revoke"})
    assert not Token.objects.filter(user=arbiter).exists()
    assert tournament.audit_entries.filter(action="api_token", summary__contains="revoked").exists()
    assert api.get(f"/api/tournaments/{tournament.slug}/rounds/1/status/").status_code in (401, 403)
    # Nonsense is refused, nothing made.
    assert client.post(url, {"action": "steal"}).status_code == 302 and not Token.objects.exists()
