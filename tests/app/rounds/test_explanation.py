"""The explanation of a pairing: stored with the draft, on the arbiter's round page, published by
the chief arbiter (logged) onto the public round page."""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from pairing.rounds.manual import apply_manual_change, propose_change
from pairing.rounds.publish import publish_explanation, publish_round
from tests.app.conftest import request
from tournaments.exchange.trf_import import import_tournament
from tournaments.models import AuditEntry, Membership

#: Round 5 of a 2026 corpus tournament, 4 rounds played (see tests/engine/test_explanation.py): by
#: hand, the leaders 2 and 5 met in round 2, so both float down (MDPs); 3 is absent; 12 had a
#: pairing-allocated bye in round 1, so 11 (1 point, the lowest) receives it.
ROUND_5 = (Path(__file__).parents[2] / "engine" / "fixtures" / "dutch_2026_t0000_r05.trf").read_text()


def paired_round_5(club):
    tournament = import_tournament(club, ROUND_5)
    round_ = request(tournament)
    assert round_.status == "draft", round_.error
    return tournament, round_


def test_the_draft_stores_its_explanation(club):
    round_ = paired_round_5(club)[1]
    data = round_.explanation
    assert data["round"] == 5 and data["bye"] == 11
    assert data["brackets"][0]["residents"] == [2, 5] and data["brackets"][0]["floaters"] == [2, 5]
    assert [m["number"] for m in data["brackets"][1]["incoming"]] == [2, 5]
    assert not round_.explanation_published


def test_arbiter_reads_it_and_publishes_it(client, club, arbiter):
    tournament, round_ = paired_round_5(club)
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:round", args=[tournament.slug, 5])).content.decode()
    assert "Why this pairing" in page and 'id="publish-explanation"' in page
    assert "receives the pairing-allocated bye." in page
    assert 'id="explanation-changed"' not in page  # not changed by hand
    public = reverse("public:round", args=[tournament.slug, 5])
    publish_round(round_)
    client.logout()
    assert "Why this pairing" not in client.get(public).content.decode()
    client.force_login(arbiter)
    response = client.post(reverse("arbiter:explanation", args=[tournament.slug, 5]), {"publish": "1"})
    assert response.status_code == 302
    round_.refresh_from_db()
    assert round_.explanation_published
    entry = AuditEntry.objects.filter(tournament=tournament, action="explained").get()
    assert entry.user == arbiter and entry.after == {"round": 5, "explanation published": True}
    client.logout()
    shown = client.get(public).content.decode()
    assert "Why this pairing" in shown and "MDP Test0002 Player0002 (2) (3 points) is paired in this bracket." in shown
    client.force_login(arbiter)
    client.post(reverse("arbiter:explanation", args=[tournament.slug, 5]), {"publish": "0"})
    client.logout()
    assert "Why this pairing" not in client.get(public).content.decode()


def test_a_deputy_may_not_publish_it(client, club):
    tournament, round_ = paired_round_5(club)
    deputy = get_user_model().objects.create_user("dee", password="pw-dee-123")
    Membership.objects.create(club=club, user=deputy, role=Membership.Role.DEPUTY)
    client.force_login(deputy)
    page = client.get(reverse("arbiter:round", args=[tournament.slug, 5])).content.decode()
    assert "Why this pairing" in page and 'id="publish-explanation"' not in page
    response = client.post(reverse("arbiter:explanation", args=[tournament.slug, 5]), {"publish": "1"})
    assert response.status_code == 403
    round_.refresh_from_db()
    assert not round_.explanation_published


def test_a_fault_in_the_explanation_does_not_cost_the_pairing(club, monkeypatch):
    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr("pairing.engine.explain_pairing", broken)
    round_ = paired_round_5(club)[1]
    assert round_.games.count() == 6 and round_.explanation == {}


def test_a_round_without_an_explanation_has_nothing_to_publish(client, club, arbiter, monkeypatch):
    monkeypatch.setattr("pairing.engine.explain_pairing", lambda *args: 1 / 0)
    tournament, round_ = paired_round_5(club)
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:round", args=[tournament.slug, 5])).content.decode()
    assert "Why this pairing" not in page
    response = client.post(reverse("arbiter:explanation", args=[tournament.slug, 5]), {"publish": "1"}, follow=True)
    assert "Round 5 has no explanation to publish." in response.content.decode()
    round_.refresh_from_db()
    assert not round_.explanation_published


def test_the_api_gives_the_published_explanation_to_all_and_the_draft_to_the_arbiters(club, arbiter, outsider):
    tournament, round_ = paired_round_5(club)
    public = reverse("api:explanation", args=[tournament.slug, 5])
    arbiters = reverse("api:arbiter_explanation", args=[tournament.slug, 5])
    anybody, chief, other_club = APIClient(), APIClient(), APIClient()
    chief.force_authenticate(arbiter)
    other_club.force_authenticate(outsider)
    # The draft: its arbiters read why, nobody else (not even as the public explanation).
    assert anybody.get(public).status_code == 404 and chief.get(public).status_code == 404
    draft = chief.get(arbiters).json()
    assert (draft["number"], draft["status"], draft["published"]) == (5, "draft", False)
    assert draft["explanation"]["bye"] == 11 and draft["explanation"]["brackets"][0]["floaters"] == [2, 5]
    assert anybody.get(arbiters).status_code in (401, 403) and other_club.get(arbiters).status_code == 404
    # Published with the round: everybody reads the same explanation.
    publish_round(round_)
    assert anybody.get(public).status_code == 404  # the round, but not yet its explanation
    publish_explanation(round_, True)
    shown = anybody.get(public).json()
    assert shown["published"] and shown["explanation"] == round_.explanation
    assert shown["explanation"]["text"][0][0] == "Round 5: FIDE Dutch system, C.04.3 (2026)"
    publish_explanation(round_, False)
    assert anybody.get(public).status_code == 404
    assert chief.post(arbiters, {}).status_code == 403  # read only


def test_a_round_paired_without_an_explanation_says_so(club, arbiter, monkeypatch):
    monkeypatch.setattr("pairing.engine.explain_pairing", lambda *args: 1 / 0)
    tournament, _ = paired_round_5(club)
    chief = APIClient()
    chief.force_authenticate(arbiter)
    data = chief.get(reverse("api:arbiter_explanation", args=[tournament.slug, 5])).json()
    assert data["explanation"] is None


def test_an_explanation_changed_by_hand_says_so(client, club, arbiter):
    # The explanation is the engine's: after a manual change the round page, the public page and the
    # API say the boards were changed since, so nobody reads it as the reasons of the changed boards.
    tournament, round_ = paired_round_5(club)
    proposal = propose_change(round_, "swap", board=1)
    apply_manual_change(round_, "swap", proposal.fingerprint, arbiter, board=1)
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:round", args=[tournament.slug, 5])).content.decode()
    assert 'id="explanation-changed"' in page and "changed by hand (1 change, see" in page
    publish_round(round_)
    publish_explanation(round_, True)
    client.logout()
    public = client.get(reverse("public:round", args=[tournament.slug, 5])).content.decode()
    assert "the chief arbiter then changed its pairing by hand (1 change)" in public
    assert APIClient().get(reverse("api:explanation", args=[tournament.slug, 5])).json()["manual_changes"] == 1


def test_the_public_explanation_in_the_reader_language(club):
    """The stored facts written in Italian: the engine's wordings from the catalogue, the scores as
    the pages write them, the articles and the players' names as they are."""
    tournament, round_ = paired_round_5(club)
    publish_round(round_)
    publish_explanation(round_, True)
    page = Client().get(reverse("public:round", args=[tournament.slug, 5]), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Perché questo abbinamento" in page and "Why this pairing" not in page
    assert "Turno 5: FIDE Dutch system, C.04.3 (2026)" in page
    assert "L&#x27;MDP Test0002 Player0002 (2) (3 punti) è abbinato in questa fascia." in page
    assert "Test0011 Player0011 (11) (1 punto) riceve il bye assegnato dagli abbinamenti." in page
    assert "[C1]" in page and "si sono già incontrati" in page and "is paired" not in page
    # English readers get the engine's own words; scores, here as on every page, with their halves.
    english = Client().get(reverse("public:round", args=[tournament.slug, 5])).content.decode()
    assert "MDP Test0004 Player0004 (4) (2½ points) is paired in this bracket." in english
    assert "Bracket 2: scoregroup 2½" in english and "Bracket 3: scoregroup 2<" in english
