"""A draft paired from what has changed since: marked on the round page, published only once the
arbiter decides, paired again in one action (pairing/rounds/stale.py)."""

import random

import pytest
from django.test import TestCase
from django.urls import reverse

from pairing.rounds.publish import publish_round
from pairing.rounds.stale import changed_parts
from tests.app.conftest import pair, play, request
from tournaments.models import AuditEntry, Player, Result, Round
from tournaments.services import ConfirmationNeeded
from tournaments.services.players import register_player, update_player
from tournaments.services.results import enter_result


@pytest.fixture
def draft(tournament):
    """Round 1 played, round 2 a draft."""
    play(pair(tournament), random.Random(3))
    return request(tournament)


def _correct_a_result(draft):
    game = draft.tournament.round_set.get(number=1).games.exclude(result=Result.BYE).first()
    new = Result.BLACK_WINS if game.result != Result.BLACK_WINS else Result.WHITE_WINS
    enter_result(game, new, confirm=True)


def test_a_fresh_draft_is_up_to_date(draft):
    assert draft.status == Round.Status.DRAFT
    assert set(draft.paired_from) == {"results", "players", "absences", "forbidden pairs", "settings"}
    assert changed_parts(draft) == []
    publish_round(draft)  # no question asked
    draft.refresh_from_db()
    assert draft.status == Round.Status.PUBLISHED


def test_a_corrected_result_makes_the_draft_out_of_date(draft):
    _correct_a_result(draft)
    assert changed_parts(draft) == ["results"]
    with pytest.raises(ConfirmationNeeded, match="out of date: results of earlier rounds changed"):
        publish_round(draft)
    draft.refresh_from_db()
    assert draft.status == Round.Status.DRAFT  # nothing changed


def test_a_rating_corrected_makes_the_draft_out_of_date_a_late_entry_does_not(draft):
    register_player(draft.tournament, Player(name="Late, Comer", rating=1000))  # plays from round 3 on, numbered last
    assert changed_parts(draft) == []
    player = draft.tournament.players.get(pairing_number=4)
    player.rating += 1  # a typo corrected; the order by rating stays
    update_player(player)
    assert changed_parts(draft) == ["players"]


def test_publishing_an_out_of_date_draft_is_confirmed_and_logged(draft, arbiter):
    _correct_a_result(draft)
    publish_round(draft, arbiter, confirm=True)
    draft.refresh_from_db()
    assert draft.status == Round.Status.PUBLISHED
    entry = AuditEntry.objects.get(tournament=draft.tournament, action="published", after__round=2)
    assert entry.summary == "Round 2 published although out of date"
    assert entry.after["out of date"] == ["results"] and entry.user == arbiter


def test_round_page_marks_the_draft_and_publish_asks_first(draft, arbiter, client):
    client.force_login(arbiter)
    url = reverse("arbiter:round", args=[draft.tournament.slug, 2])
    assert 'id="stale-draft"' not in client.get(url).content.decode()
    _correct_a_result(draft)
    page = client.get(url).content.decode()
    assert 'id="stale-draft"' in page and "results of earlier rounds" in page
    publish = reverse("arbiter:publish", args=[draft.tournament.slug, 2])
    answer = client.post(publish)
    assert answer.status_code == 200 and 'id="publish-question"' in answer.content.decode()
    assert Round.objects.get(pk=draft.pk).status == Round.Status.DRAFT
    client.post(publish, {"confirm": "1"})
    assert Round.objects.get(pk=draft.pk).status == Round.Status.PUBLISHED


def test_pair_again_discards_and_pairs_in_one_action(draft, arbiter, client):
    _correct_a_result(draft)
    client.force_login(arbiter)
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = client.post(reverse("arbiter:pair_again", args=[draft.tournament.slug, 2]))
    assert response.status_code == 302 and response["Location"].endswith("/round/2/")
    round_ = Round.objects.get(tournament=draft.tournament, number=2)
    assert round_.pk != draft.pk and round_.status == Round.Status.DRAFT
    assert changed_parts(round_) == []
    actions = list(AuditEntry.objects.filter(tournament=draft.tournament, kind="round", after__round=2)
                   .order_by("pk").values_list("action", flat=True))
    assert actions[-2:] == ["requested", "paired"]
    assert AuditEntry.objects.filter(tournament=draft.tournament, action="discarded", user=arbiter).exists()


def test_pair_again_refuses_a_published_round(draft, arbiter, client):
    publish_round(draft)
    client.force_login(arbiter)
    client.post(reverse("arbiter:pair_again", args=[draft.tournament.slug, 2]))
    assert Round.objects.get(pk=draft.pk).status == Round.Status.PUBLISHED
