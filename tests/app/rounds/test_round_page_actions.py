"""The round page's smaller safety nets: discarding a published round asks first; a draft is
published only if it is the one the arbiter read; the "missing results" refusal names the boards."""

import random

import pytest
from django.test import TestCase
from django.urls import reverse

from pairing.rounds.request import request_pairing
from tests.app.conftest import make_tournament, pair, play, request
from tournaments.models import Result, Round
from tournaments.services import Refused
from tournaments.services.results import enter_result


def test_discarding_a_published_round_is_confirmed_on_its_page(tournament, arbiter, client):
    round_ = pair(tournament)
    client.force_login(arbiter)
    url = reverse("arbiter:discard", args=[tournament.slug, 1])
    answer = client.post(url)
    page = answer.content.decode()
    assert answer.status_code == 200 and 'id="discard-question"' in page and "Round 1 is published" in page
    assert Round.objects.filter(pk=round_.pk).exists()
    assert client.post(url, {"confirm": "1"}).status_code == 302
    assert not Round.objects.filter(pk=round_.pk).exists()


def test_only_the_draft_the_arbiter_read_is_published(club, arbiter, client):
    # Arbiter A reads the draft; arbiter B (or A's other tab) pairs it again, then changes it by hand.
    # A's "Publish" must not publish boards nobody reviewed; the draft read is published.
    from pairing.rounds.manual import apply_manual_change, propose_change
    from pairing.rounds.request import pair_again
    tournament = make_tournament(club, players=6)
    first = request(tournament)
    client.force_login(arbiter)
    url = reverse("arbiter:publish", args=[tournament.slug, 1])
    read = client.get(reverse("arbiter:round", args=[tournament.slug, 1])).context["draft_revision"]
    with TestCase.captureOnCommitCallbacks(execute=True):  # the task runs once it commits, as in request()
        again = pair_again(first, arbiter)
    again.refresh_from_db()
    assert again.status == Round.Status.DRAFT and again.pk != first.pk
    refused = client.post(url, {"revision": read}, follow=True).content.decode()
    assert "changed since you read it" in refused
    assert Round.objects.get(number=1).status == Round.Status.DRAFT
    read = client.get(reverse("arbiter:round", args=[tournament.slug, 1])).context["draft_revision"]
    apply_manual_change(again, "swap", propose_change(again, "swap", board=1).fingerprint, arbiter, board=1)
    assert "changed since you read it" in client.post(url, {"revision": read}, follow=True).content.decode()
    read = client.get(reverse("arbiter:round", args=[tournament.slug, 1])).context["draft_revision"]
    assert "Round 1 published" in client.post(url, {"revision": read}, follow=True).content.decode()
    assert Round.objects.get(number=1).status == Round.Status.PUBLISHED


def test_publishing_a_draft_discarded_meanwhile_says_so(club, arbiter):
    from pairing.rounds.publish import discard_round, publish_round
    tournament = make_tournament(club, players=6)
    draft = request(tournament)
    discard_round(Round.objects.get(pk=draft.pk), arbiter)
    with pytest.raises(Refused, match="discarded meanwhile"):
        publish_round(draft, arbiter)


def _missing(tournament, round_, boards):
    for game in round_.games.exclude(result=Result.BYE):
        if game.board not in boards:
            enter_result(game, Result.DRAW)


def test_missing_results_name_the_boards(club):
    tournament = make_tournament(club, players=12)
    _missing(tournament, pair(tournament), {2, 4, 5})
    with pytest.raises(Refused, match=r"^Round 1 still has missing results: boards 2, 4 and 5\.$"):
        request_pairing(tournament)


def test_missing_results_of_two_rounds_name_each_round_s_boards(club):
    tournament = make_tournament(club, players=12)
    first = pair(tournament)
    play(first, random.Random(1))
    _missing(tournament, pair(tournament), {3})
    game = first.games.get(board=6)
    game.result = Result.PENDING  # cleared behind the app's back (an import, the admin)
    game.save()
    with pytest.raises(Refused, match=r"^Rounds 1 and 2 still have missing results: round 1, board 6; "
                                      r"round 2, board 3\.$"):
        request_pairing(tournament)


def test_the_api_publishes_only_the_draft_its_client_read(club, arbiter):
    # The status gives the draft's revision; a publish sent with it is refused once the draft changed.
    from rest_framework.test import APIClient

    from pairing.rounds.request import pair_again
    tournament = make_tournament(club, players=6)
    first = request(tournament)
    api = APIClient()
    api.force_authenticate(arbiter)
    status_url = f"/api/tournaments/{tournament.slug}/rounds/1/status/"
    url = f"/api/tournaments/{tournament.slug}/rounds/1/publish/"
    read = api.get(status_url).json()["draft_revision"]
    assert read
    with TestCase.captureOnCommitCallbacks(execute=True):
        pair_again(first, arbiter)
    refused = api.post(url, {"revision": read}, format="json")
    assert refused.status_code == 409 and "changed since you read it" in refused.json()["detail"]
    assert Round.objects.get(number=1).status == Round.Status.DRAFT
    read = api.get(status_url).json()["draft_revision"]
    published = api.post(url, {"revision": read}, format="json")
    assert published.status_code == 200 and published.json()["status"] == "published"
    assert published.json()["draft_revision"] is None  # no draft left
