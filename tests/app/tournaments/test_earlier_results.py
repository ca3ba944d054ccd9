"""Results of a round whose successor is paired: never cleared, changed only when the arbiter
confirms, and never a rematch."""

import random

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from pairing.rounds.request import request_pairing
from tests.app.conftest import boards, make_tournament, pair, play
from tournaments.models import Game, Result
from tournaments.services import ConfirmationNeeded, Refused
from tournaments.services.results import enter_result


@pytest.fixture
def two_rounds(club):
    """Round 1 played, round 2 published."""
    tournament = make_tournament(club, players=8, rounds=5)
    play(pair(tournament), random.Random(7))
    pair(tournament)
    return tournament


def first_board(tournament) -> Game:
    return Game.objects.get(round__tournament=tournament, round__number=1, board=1)


def test_a_result_of_an_earlier_round_cannot_be_cleared(two_rounds):
    game = first_board(two_rounds)
    with pytest.raises(Refused, match="Round 2 has been paired with the result of board 1 of round 1: "
                                               "it cannot be cleared"):
        enter_result(game, Result.PENDING, confirm=True)
    assert Game.objects.get(pk=game.pk).result == game.result


def test_changing_a_result_of_an_earlier_round_needs_the_arbiters_confirmation(two_rounds, arbiter):
    game = first_board(two_rounds)
    new = Result.DRAW if game.result != Result.DRAW else Result.WHITE_WINS
    with pytest.raises(ConfirmationNeeded) as question:
        enter_result(game, new, arbiter)
    assert question.value.message == (
        f"Round 2 has been paired with the old result of board 1 of round 1 ({game.result}). Changing it to "
        f"{new} changes the scores and standings but not the pairings already made. Confirm to change it.")
    assert Game.objects.get(pk=game.pk).result == game.result
    enter_result(game, new, arbiter, confirm=True)
    assert Game.objects.get(pk=game.pk).result == new
    assert game.changes.filter(before={"result": game.result}, after={"result": new}, user=arbiter).exists()


def test_the_last_round_is_corrected_freely(two_rounds):
    game = Game.objects.filter(round__number=2).exclude(result=Result.BYE).first()
    enter_result(game, Result.WHITE_WINS)
    enter_result(game, Result.PENDING)
    assert Game.objects.get(pk=game.pk).result == ""


def test_every_earlier_round_needs_its_results_before_pairing(two_rounds):
    play(two_rounds.round_set.get(number=2), random.Random(8))
    Game.objects.filter(pk=first_board(two_rounds).pk).update(result="")  # data from before the rule
    with pytest.raises(Refused, match="Round 1 still has missing results"):
        request_pairing(two_rounds)


def test_no_rematch_when_every_round_is_corrected_along_the_way(club):
    tournament = make_tournament(club, players=8, rounds=5)
    rng = random.Random(11)
    for number in range(1, 6):
        round_ = pair(tournament)
        play(round_, rng)
        for game in Game.objects.filter(round__tournament=tournament, round__number__lt=number).exclude(
                result=Result.BYE):
            with pytest.raises(Refused, match="cannot be cleared"):  # the way to the rematch
                enter_result(game, Result.PENDING, confirm=True)
    pairs = [frozenset(b) for r in tournament.round_set.all() for b in boards(r) if 0 not in b]
    assert len(pairs) == len(set(pairs)) == 5 * 4  # 20 games, no two between the same players


def test_the_result_row_warns_and_asks_for_confirmation(client, arbiter, two_rounds):
    game = first_board(two_rounds)
    new = Result.DRAW if game.result != Result.DRAW else Result.WHITE_WINS
    client.force_login(arbiter)
    url = reverse("arbiter:result", args=[two_rounds.slug, game.pk])
    row = client.post(url, {"result": new}, HTTP_HX_REQUEST="true").content.decode()
    assert "Round 2 has been paired with the old result of board 1 of round 1" in row
    assert 'name="confirm" value="1"' in row and f"Change to {new}" in row
    assert Game.objects.get(pk=game.pk).result == game.result
    row = client.post(url, {"result": new, "confirm": "1"}, HTTP_HX_REQUEST="true").content.decode()
    assert Game.objects.get(pk=game.pk).result == new
    assert 'name="confirm"' not in row and 'role="alert"' not in row
    row = client.post(url, {"result": ""}, HTTP_HX_REQUEST="true").content.decode()
    assert "it cannot be cleared" in row and Game.objects.get(pk=game.pk).result == new


def test_the_api_goes_through_the_same_rules(arbiter, two_rounds):
    game = first_board(two_rounds)
    new = Result.DRAW if game.result != Result.DRAW else Result.WHITE_WINS
    api = APIClient()
    api.force_authenticate(arbiter)
    url = f"/api/tournaments/{two_rounds.slug}/rounds/1/boards/1/result/"
    response = api.post(url, {"result": ""})
    assert response.status_code == 400 and "cannot be cleared" in response.json()["result"]
    response = api.post(url, {"result": new})
    assert response.status_code == 409 and response.json()["confirm_required"] is True
    assert "Round 2 has been paired with the old result" in response.json()["detail"]
    assert Game.objects.get(pk=game.pk).result == game.result
    response = api.post(url, {"result": new, "confirm": True})
    assert response.status_code == 200 and response.json()["result"] == new


def _form_fields(row: str) -> dict[str, str]:
    """The hidden fields of the confirmation form in ``row``, as the browser sends them."""
    import re
    form = row[row.index('class="warning"'):]
    form = form[:form.index("</form>")]
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))


def test_a_result_changed_meanwhile_by_another_arbiter_is_not_overwritten(client, arbiter, tournament):
    # Arbiter A's page shows board 1 empty; arbiter B saves 1-0; A taps 0-1 from his old page: refused
    # with the result as it is now, nothing changed; the row he gets back shows 1-0.
    round_ = pair(tournament)
    game = round_.games.exclude(result="bye").get(board=1)
    enter_result(game, Result.WHITE_WINS)  # arbiter B
    client.force_login(arbiter)
    url = reverse("arbiter:result", args=[tournament.slug, game.pk])
    answer = client.post(url, {"result": "0-1", "was": ""}, HTTP_HX_REQUEST="true")
    row = answer.content.decode()
    assert answer.status_code == 422 and "Board 1 was changed meanwhile" in row and "its result is now 1-0" in row
    assert Game.objects.get(pk=game.pk).result == Result.WHITE_WINS
    assert 'name="was" value="1-0"' in row  # the next try is made on what is there now
    assert client.post(url, {"result": "0-1", "was": "1-0"}, HTTP_HX_REQUEST="true").status_code == 200
    assert Game.objects.get(pk=game.pk).result == Result.BLACK_WINS
    # The same click twice (the result already stored): saved, not refused.
    assert client.post(url, {"result": "0-1", "was": "1-0"}, HTTP_HX_REQUEST="true").status_code == 200


def test_a_confirmation_changes_only_the_result_it_named(client, arbiter, two_rounds):
    # A is asked to confirm "old X → new"; meanwhile B changes the result (confirming too): A's
    # confirmation, which named X, is refused instead of overwriting B's.
    game = first_board(two_rounds)
    old = game.result
    new, other = [r for r in (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS) if r != old][:2]
    client.force_login(arbiter)
    url = reverse("arbiter:result", args=[two_rounds.slug, game.pk])
    row = client.post(url, {"result": new, "was": old}, HTTP_HX_REQUEST="true").content.decode()
    fields = _form_fields(row)
    assert fields.pop("csrfmiddlewaretoken") and fields == {"result": new, "confirm": "1", "was": old}
    enter_result(game, other, confirm=True)  # arbiter B
    answer = client.post(url, fields, HTTP_HX_REQUEST="true").content.decode()
    assert "was changed meanwhile" in answer and Game.objects.get(pk=game.pk).result == other


def test_the_api_refuses_a_result_changed_since_the_client_read_it(arbiter, tournament):
    round_ = pair(tournament)
    game = round_.games.exclude(result="bye").get(board=1)
    api = APIClient()
    api.force_authenticate(arbiter)
    url = f"/api/tournaments/{tournament.slug}/rounds/1/boards/1/result/"
    assert api.post(url, {"result": "1-0", "was": ""}, format="json").status_code == 200
    refused = api.post(url, {"result": "½-½", "was": ""}, format="json")
    assert refused.status_code == 400 and "changed meanwhile" in refused.json()["result"]
    assert api.post(url, {"result": "=", "was": "1-0"}, format="json").status_code == 200
    assert Game.objects.get(pk=game.pk).result == Result.DRAW
