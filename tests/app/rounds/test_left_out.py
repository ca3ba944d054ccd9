"""Publishing a draft in which players to be paired have no board (unpaired by hand): asked first,
naming them; refused in FIDE mode when a pairing could give them a board (C.04.3 1.9.1)."""

import random

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from pairing.rounds.manual import apply_manual_change, could_be_paired, propose_change, unpaired_players
from pairing.rounds.publish import publish_round
from tests.app.conftest import make_tournament, pair, play, request
from tournaments.models import AuditEntry, Result, Round
from tournaments.services import ConfirmationNeeded, Refused
from tournaments.services.results import enter_result
from tournaments.services.setup import leave_fide_mode


def _unpair_board_1(draft, user=None):
    proposal = propose_change(draft, "unpair", board=1)
    apply_manual_change(draft, "unpair", proposal.fingerprint, user, board=1)
    return sorted(p.pairing_number for p in unpaired_players(draft))


@pytest.fixture
def club_draft(club):
    """Round 1 of eight players as a draft, out of FIDE mode."""
    tournament = make_tournament(club, players=8)
    leave_fide_mode(tournament, confirmations=2)
    return request(tournament)


def test_publishing_with_players_left_out_names_them_and_needs_a_confirmation(club_draft, arbiter):
    assert _unpair_board_1(club_draft, arbiter) == [1, 5]
    with pytest.raises(ConfirmationNeeded, match=r"1\. Player, A0, 5\. Player, E4 will have no board in round 1"):
        publish_round(club_draft, arbiter)
    assert Round.objects.get(pk=club_draft.pk).status == Round.Status.DRAFT
    publish_round(club_draft, arbiter, confirm=True)
    assert Round.objects.get(pk=club_draft.pk).status == Round.Status.PUBLISHED
    entry = AuditEntry.objects.get(tournament=club_draft.tournament, action="published")
    assert entry.after["left without a board"] == "1. Player, A0, 5. Player, E4" and entry.user == arbiter
    assert "left without a board" in entry.summary


def test_in_fide_mode_it_is_refused_when_a_pairing_gives_them_a_board(club, arbiter):
    tournament = make_tournament(club, players=8)
    draft = request(tournament)
    _unpair_board_1(draft, arbiter)
    assert could_be_paired(draft, {1, 5})  # the engine's pairing did, breaking no absolute criterion
    with pytest.raises(Refused, match=r"FIDE mode: 1\. Player, A0, 5\. Player, E4 have no board") as refusal:
        publish_round(draft, arbiter, confirm=True)
    assert not isinstance(refusal.value, ConfirmationNeeded)
    assert Round.objects.get(pk=draft.pk).status == Round.Status.DRAFT


def test_the_round_page_asks_before_publishing(club_draft, arbiter, client):
    _unpair_board_1(club_draft, arbiter)
    client.force_login(arbiter)
    answer = client.post(reverse("arbiter:publish", args=[club_draft.tournament.slug, 1]))
    page = answer.content.decode()
    assert answer.status_code == 200 and 'id="publish-question"' in page and "5. Player, E4" in page
    assert Round.objects.get(pk=club_draft.pk).status == Round.Status.DRAFT


def test_the_api_asks_as_the_page_does_then_publishes_on_confirm(club, arbiter):
    """POST .../rounds/<n>/publish/: an out-of-date draft leaving players without a board answers 409
    with confirm_required and each reason (the players named), changes nothing; {"confirm": true}
    publishes, logged as the page's button is."""
    tournament = make_tournament(club, players=8)
    leave_fide_mode(tournament, confirmations=2)
    play(pair(tournament), random.Random(5))
    draft = request(tournament)
    left_out = _unpair_board_1(draft, arbiter)
    game = tournament.round_set.get(number=1).games.exclude(result=Result.BYE).first()
    enter_result(game, Result.DRAW if game.result != Result.DRAW else Result.WHITE_WINS, confirm=True)
    names = {p.pairing_number: f"{p.pairing_number}. {p.name}" for p in tournament.players.all()}

    api = APIClient()
    api.force_authenticate(arbiter)
    url = f"/api/tournaments/{tournament.slug}/rounds/2/publish/"
    answer = api.post(url, {}, format="json")
    assert answer.status_code == 409 and answer.json()["confirm_required"] is True
    stale, missing = answer.json()["reasons"]
    assert "out of date: results of earlier rounds changed" in stale
    assert all(names[n] in missing for n in left_out) and "will have no board in round 2" in missing
    assert Round.objects.get(pk=draft.pk).status == Round.Status.DRAFT
    assert api.post(url, {"confirm": "maybe"}, format="json").status_code == 400  # bad input: nothing changed
    assert Round.objects.get(pk=draft.pk).status == Round.Status.DRAFT

    answer = api.post(url, {"confirm": True}, format="json")
    assert answer.status_code == 200 and answer.json()["status"] == "published"
    entry = AuditEntry.objects.get(tournament=tournament, action="published", after__round=2)
    assert entry.user == arbiter and "out of date" in entry.after and "left without a board" in entry.after
