"""The result row of the arbiter's round page: a refusal answers 422 with the row and its reason."""

from django.urls import reverse

from tests.app.conftest import pair
from tournaments.models import AuditEntry, Game


def test_a_refused_result_answers_422_with_the_row_and_changes_nothing(client, arbiter, tournament):
    pair(tournament)
    game = Game.objects.filter(round__tournament=tournament).order_by("board").first()
    url = reverse("arbiter:result", args=[tournament.slug, game.pk])
    client.force_login(arbiter)

    response = client.post(url, {"result": "2-0"}, HTTP_HX_REQUEST="true")
    row = response.content.decode()
    assert response.status_code == 422
    assert f'id="game-{game.pk}"' in row and "result-row unsaved" in row
    assert 'value="2-0"' in row and "“2-0” is not a result" in row and 'role="alert"' in row
    assert Game.objects.get(pk=game.pk).result == "" and not AuditEntry.objects.filter(kind="result").exists()

    response = client.post(url, {"result": "="}, HTTP_HX_REQUEST="true")
    row = response.content.decode()
    assert response.status_code == 200
    assert "result-row saved" in row and 'value="½-½"' in row and 'role="alert"' not in row
    assert Game.objects.get(pk=game.pk).result == "½-½"


def test_a_refused_result_without_htmx_goes_back_to_the_round_with_the_message(client, arbiter, tournament):
    pair(tournament)
    game = Game.objects.filter(round__tournament=tournament).order_by("board").first()
    client.force_login(arbiter)
    response = client.post(reverse("arbiter:result", args=[tournament.slug, game.pk]), {"result": "x"}, follow=True)
    assert response.status_code == 200
    assert "“x” is not a result" in response.content.decode()
    assert Game.objects.get(pk=game.pk).result == ""


def test_an_htmx_request_without_a_login_is_401_and_never_the_login_page(client, arbiter, tournament):
    """A lapsed session: the row must not be replaced by the login page, and nothing is stored."""
    round_ = pair(tournament)
    game = Game.objects.filter(round__tournament=tournament).order_by("board").first()
    url = reverse("arbiter:result", args=[tournament.slug, game.pk])

    response = client.post(url, {"result": "1"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 401 and response["HX-Reswap"] == "none"
    assert "Location" not in response and "You were signed out: log in again." in response.content.decode()
    assert Game.objects.get(pk=game.pk).result == "" and not AuditEntry.objects.filter(kind="result").exists()

    # The pairing status the round page polls, and any other arbiter's page asked by htmx: the same.
    status = client.get(reverse("arbiter:round", args=[tournament.slug, round_.number]) + "?status=1",
                        HTTP_HX_REQUEST="true")
    assert status.status_code == 401 and status["HX-Reswap"] == "none"

    # Without htmx (a plain form), still the login page, coming back afterwards.
    plain = client.post(url, {"result": "1"})
    assert plain.status_code == 302 and plain["Location"].startswith(reverse("login"))
    assert Game.objects.get(pk=game.pk).result == ""



def test_each_saved_row_brings_the_count_of_results_in(client, arbiter, tournament):
    round_ = pair(tournament)
    games = list(Game.objects.filter(round=round_).order_by("board"))
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:round", args=[tournament.slug, round_.number])).content.decode()
    assert 'id="results-count"' in page and "0 of 5 results in" in page
    assert page.count('name="result" value="½-½"') == 5  # a tap button on each board

    response = client.post(reverse("arbiter:result", args=[tournament.slug, games[0].pk]), {"result": "-+"},
                           HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200 and Game.objects.get(pk=games[0].pk).result == "-+"
    assert 'id="results-count"' in html and 'hx-swap-oob="true"' in html and "1 of 5 results in" in html

    # A refused result: the count stays as it was.
    response = client.post(reverse("arbiter:result", args=[tournament.slug, games[1].pk]), {"result": "x"},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 422 and "1 of 5 results in" in response.content.decode()
