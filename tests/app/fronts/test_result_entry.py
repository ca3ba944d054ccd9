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
