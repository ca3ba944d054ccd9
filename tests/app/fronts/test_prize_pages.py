"""The prize pages: the arbiter's table (add a category at once, bad input refused with a message,
remove a place, the rules), the public list (provisional, then final) and its PDF, the API."""

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader
from rest_framework.test import APIClient

from tests.app.conftest import make_tournament, pair
from tournaments.models import Result
from tournaments.queries.standings import crosstable
from tournaments.services.prizes import add_category
from tournaments.services.results import enter_result


def white_wins(round_):
    for game in round_.games.exclude(result=Result.BYE):
        enter_result(game, Result.WHITE_WINS)


@pytest.fixture
def event(club):
    tournament = make_tournament(club, players=6, rounds=2)
    white_wins(pair(tournament))
    return tournament


@pytest.fixture
def signed_in(arbiter):
    client = Client()
    client.force_login(arbiter)
    return client


def test_the_arbiter_enters_a_category_at_once(event, signed_in):
    url = reverse("arbiter:prizes", args=[event.slug])
    response = signed_in.post(url, {"kind": "overall", "values": "1000\n500,50\nTrophy"}, follow=True)
    assert response.status_code == 200
    assert [(p.place, p.amount, p.object) for p in event.prizes.all()] == [(1, 100000, ""), (2, 50050, ""),
                                                                          (3, 0, "Trophy")]
    page = response.content.decode()
    assert "3 prizes added." in page and "1,000.00 EUR" in page and "Trophy" in page


def test_the_form_sent_twice_adds_its_places_once(event, signed_in):
    # A double click (or the page sent again) used to append the same places after the first ones.
    url = reverse("arbiter:prizes", args=[event.slug])
    once = signed_in.get(url).context["once"]
    data = {"kind": "overall", "values": "500\n300", "once": once}
    signed_in.post(url, data)
    again = signed_in.post(url, data, follow=True).content.decode()
    assert "These prizes were added already" in again
    assert [(p.place, p.amount) for p in event.prizes.all()] == [(1, 50000), (2, 30000)]
    more = {**data, "values": "200", "once": signed_in.get(url).context["once"]}  # a new form: added
    signed_in.post(url, more)
    assert event.prizes.count() == 3


@pytest.mark.parametrize(("data", "message"), [
    ({"kind": "rating", "values": "100"}, "A rating band needs a lowest or a highest rating"),
    ({"kind": "juniors", "values": "100"}, "need a year of birth"),
    ({"kind": "overall", "values": "0"}, "A prize of nothing is no prize"),
    ({"kind": "martians", "values": "100"}, "Prizes not saved"),
    ({"kind": "overall", "values": ""}, "Prizes not saved"),
])
def test_bad_input_is_refused_with_a_message_and_changes_nothing(event, signed_in, data, message):
    response = signed_in.post(reverse("arbiter:prizes", args=[event.slug]), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not event.prizes.exists()


def test_rules_and_removal(event, signed_in):
    prize = add_category(event, "women", ["50", "20"])[0]
    response = signed_in.post(reverse("arbiter:prize_rules", args=[event.slug]), {
        "prize_sharing": "split", "prize_ties": "tiebreaks", "prize_currency": "chf"}, follow=True)
    assert "Prize rules saved." in response.content.decode()
    event.refresh_from_db()
    assert (event.prize_sharing, event.prize_ties, event.one_prize_per_player, event.prize_currency) == (
        "split", "tiebreaks", False, "CHF")
    response = signed_in.post(reverse("arbiter:prize_rules", args=[event.slug]), {
        "prize_sharing": "split", "prize_ties": "points", "prize_currency": "€"}, follow=True)
    assert "A currency is a three-letter code such as EUR." in response.content.decode()
    event.refresh_from_db()
    assert event.prize_ties == "tiebreaks"
    signed_in.post(reverse("arbiter:prize_remove", args=[event.slug, prize.pk]))
    assert [(p.place, p.amount) for p in event.prizes.all()] == [(1, 2000)]


def test_public_list_provisional_then_final_and_its_pdf(event):
    add_category(event, "overall", ["100", "60"])
    url = reverse("public:prizes", args=[event.slug])
    page = Client().get(url).content.decode()
    assert "Provisional prize list after round 1" in page and "Provisional:" in page
    white_wins(pair(event))
    rows = list(crosstable(event))
    leader = rows[0].player
    page = Client().get(url).content.decode()
    assert "Provisional" not in page and "Prize list" in page
    assert leader.name in page and "The working" in page
    assert f'href="{url}"' in Client().get(reverse("public:standings", args=[event.slug])).content.decode()
    response = Client().get(reverse("public:prizes_pdf", args=[event.slug]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Prize list" in text and leader.name in text and "Prize fund: 160.00 EUR" in text


def test_no_list_before_a_round_is_complete(club):
    tournament = make_tournament(club, players=4, rounds=2)
    add_category(tournament, "overall", ["10"])
    page = Client().get(reverse("public:prizes", args=[tournament.slug])).content.decode()
    assert "10.00 EUR" in page and "Provisional" not in page and "prizes.pdf" not in page
    assert Client().get(reverse("public:prizes_pdf", args=[tournament.slug])).status_code == 404


def test_no_prize_list(event):
    assert "no prize list" in Client().get(reverse("public:prizes", args=[event.slug])).content.decode()
    assert Client().get(reverse("public:prizes_pdf", args=[event.slug])).status_code == 404


def test_the_api_reads_and_the_arbiter_writes(event, arbiter):
    url = reverse("api:prizes", args=[event.slug])
    assert APIClient().post(url, {"kind": "overall", "values": ["10"]}, format="json").status_code in (401, 403)
    client = APIClient()
    client.force_authenticate(arbiter)
    response = client.post(url, {"kind": "seniors", "values": ["10"]}, format="json")
    assert response.status_code == 400 and "year of birth" in str(response.json())
    response = client.post(url, {"kind": "overall", "values": ["100", "Cup"]}, format="json")
    assert response.status_code == 201
    data = APIClient().get(url).json()
    assert data["final"] is False and data["completed_rounds"] == 1 and data["fund"] == 10000
    assert data["categories"] == [{"name": "Overall", "fund": 10000, "places": [
        {"place": 1, "amount": 10000, "object": ""}, {"place": 2, "amount": 0, "object": "Cup"}]}]
    assert sum(a["amount"] for a in data["awards"]) == data["awarded"]


def test_the_api_awards_nothing_before_a_round_is_complete_and_refuses_control_characters(club, arbiter):
    # As the page (no award shown) and the PDF (404): no distribution from an empty table.  The API's
    # category goes through the page's checks (a control character refused, nothing added).
    tournament = make_tournament(club, players=4, rounds=2)
    add_category(tournament, "overall", ["100", "Cup", "50"])
    data = APIClient().get(reverse("api:prizes", args=[tournament.slug])).json()
    assert data["completed_rounds"] == 0 and data["fund"] == 15000 and len(data["categories"]) == 1
    assert (data["awards"], data["working"], data["not_awarded"], data["awarded"]) == ([], [], [], 0)
    client = APIClient()
    client.force_authenticate(arbiter)
    response = client.post(reverse("api:prizes", args=[tournament.slug]),
                           {"kind": "club", "values": ["Cup\u001b[31m"], "label": "Best\u0007 club", "club": "Lyon"},
                           format="json")
    assert response.status_code in (400, 409) and "Control characters" in str(response.json())
    assert tournament.prizes.count() == 3
