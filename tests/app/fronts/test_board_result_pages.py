"""Results from the board through the pages and the API: a player reaches his own board only, never
changes the arbiter's result; the arbiter's round page counts and filters the reports and makes them
official; a helper's token works until it is revoked, for its tournament's empty boards only."""

from django.urls import reverse
from rest_framework.test import APIClient

from tests.app.conftest import make_tournament, pair
from tournaments.models import ResultReport
from tournaments.services.board_results import answer, enrol_helper, report
from tournaments.services.results import enter_result


def games(tournament):
    return list(tournament.round_set.get(number=1).games.select_related("white", "black").order_by("board"))


def test_a_player_reports_from_his_entry_page_and_his_opponent_confirms(client, reporting):
    game = games(reporting)[0]
    client.force_login(game.white.user)
    page = client.get(reverse("player:entry", args=[game.white.pk])).content.decode()
    assert 'id="board-result"' in page and 'id="report-form"' in page
    response = client.post(reverse("player:result_report", args=[game.white.pk]), {"result": "1-0"}, follow=True)
    assert "Your result 1-0 is reported" in response.content.decode()
    client.post(reverse("player:result_report", args=[game.white.pk]), {"result": "1-0"})  # a second click
    assert ResultReport.objects.get().state == "reported"
    client.force_login(game.black.user)
    page = client.get(reverse("player:entry", args=[game.black.pk])).content.decode()
    assert 'id="result-to-answer"' in page and 'id="confirm-result"' in page
    client.post(reverse("player:result_answer", args=[game.black.pk]), {"answer": "confirm"})
    assert ResultReport.objects.get().state == "confirmed"
    assert 'id="result-confirmed"' in client.get(reverse("player:entry", args=[game.black.pk])).content.decode()
    audit_entry = reporting.audit_entries.get(action="report confirmed")
    assert (audit_entry.user, audit_entry.via) == (game.black.user, "player")


def test_a_player_cannot_report_another_board_nor_change_the_arbiters_result(client, reporting, arbiter):
    mine, other = games(reporting)[:2]
    client.force_login(mine.white.user)
    for name in ("player:result_report", "player:result_withdraw", "player:result_answer"):
        response = client.post(reverse(name, args=[other.white.pk]), {"result": "1-0", "answer": "confirm"})
        assert response.status_code == 404  # another player's entry: invisible
    assert not ResultReport.objects.exists()
    enter_result(mine, "0-1", arbiter)
    response = client.post(reverse("player:result_report", args=[mine.white.pk]), {"result": "1-0"}, follow=True)
    assert response.status_code == 200 and "official (0-1): only the arbiter can change it" in response.content.decode()
    mine.refresh_from_db()
    assert mine.result == "0-1" and not ResultReport.objects.exists()


def test_once_the_arbiter_decided_a_disputed_board_its_reporter_is_offered_nothing_to_change(client, reporting,
                                                                                            arbiter):
    game = games(reporting)[0]
    report(game.white, "1-0", game.white.user)
    answer(game.black, False, game.black.user)
    client.force_login(game.white.user)
    url = reverse("player:entry", args=[game.white.pk])
    page = client.get(url).content.decode()
    assert 'id="result-disputed"' in page and 'id="report-form"' in page  # he may still change his report
    enter_result(game, "½-½", arbiter)  # the arbiter decides in the board's row
    page = client.get(url).content.decode()
    assert 'id="result-official"' in page
    assert 'id="report-form"' not in page and 'id="withdraw-report"' not in page


def test_the_round_page_shows_the_reports_by_state_and_makes_them_official(client, reporting, arbiter):
    first, second, third = games(reporting)
    report(first.white, "1-0")
    answer(first.black, True)
    report(second.white, "½-½")
    answer(second.black, False)
    report(third.black, "0-1")
    client.force_login(arbiter)
    url = reverse("arbiter:round", args=[reporting.slug, 1])
    page = client.get(url).content.decode()
    for state in ("reported", "confirmed", "disputed"):
        assert f'id="reports-{state}"' in page
    assert page.count('<strong class="report-count">1</strong>') == 3
    disputed = client.get(url, {"reports": "disputed"}).content.decode()
    assert f'id="report-{second.board}"' in disputed and f'id="report-{first.board}"' not in disputed
    client.post(reverse("arbiter:reports_accept_confirmed", args=[reporting.slug, 1]))
    client.post(reverse("arbiter:report_accept", args=[reporting.slug, second.pk]))
    # A second click: refused, no change.
    client.post(reverse("arbiter:report_accept", args=[reporting.slug, second.pk]))
    for game in (first, second, third):
        game.refresh_from_db()
    assert (first.result, second.result, third.result) == ("1-0", "½-½", "")
    assert reporting.audit_entries.filter(action="entered", user=arbiter).count() == 2


def test_make_official_enters_the_report_the_arbiter_read_not_a_later_one(client, reporting, arbiter):
    # A reports 1-0, B disputes; the arbiter's page shows "1-0, disputed"; A changes his report to ½-½
    # before the arbiter's click: the click on the 1-0 read is refused with the report as it is now.
    game = games(reporting)[0]
    report(game.white, "1-0", game.white.user)
    answer(game.black, False, game.black.user)
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:round", args=[reporting.slug, 1])).content.decode()
    row = page[page.index(f'id="report-{game.board}"'):]
    assert 'name="result" value="1-0"' in row[:row.index("</tr>")]
    report(game.white, "½-½", game.white.user)
    answer_page = client.post(reverse("arbiter:report_accept", args=[reporting.slug, game.pk]), {"result": "1-0"},
                              follow=True).content.decode()
    assert "changed since you read it: it is now ½-½" in answer_page
    game.refresh_from_db()
    assert game.result == ""
    client.post(reverse("arbiter:report_accept", args=[reporting.slug, game.pk]), {"result": "½-½"})
    game.refresh_from_db()
    assert game.result == "½-½"


def test_a_player_answers_the_report_he_read_not_a_later_one(client, reporting):
    # White reports 1-0; Black's page shows it; White changes it to ½-½; Black's "Confirm" of the 1-0 he
    # read is refused with the report as it is now (page and API alike); answered on what he sees, it holds.
    from rest_framework.test import APIClient
    game = games(reporting)[0]
    report(game.white, "1-0", game.white.user)
    client.force_login(game.black.user)
    page = client.get(reverse("player:entry", args=[game.black.pk])).content.decode()
    assert 'name="read" value="1-0"' in page
    report(game.white, "½-½", game.white.user)
    answer_page = client.post(reverse("player:result_answer", args=[game.black.pk]),
                              {"answer": "confirm", "read": "1-0"}, follow=True).content.decode()
    assert "changed the report since you read it: it is now ½-½" in answer_page
    assert ResultReport.objects.get().state == "reported"
    api = APIClient()
    api.force_authenticate(game.black.user)
    url = f"/api/me/entries/{game.black.pk}/board/"
    refused = api.post(url, {"action": "confirm", "result": "1-0"}, format="json")
    assert refused.status_code == 400 and "it is now ½-½" in refused.json()["detail"]
    assert api.post(url, {"action": "confirm", "result": "½-½"}, format="json").status_code == 200
    assert ResultReport.objects.get().state == "confirmed"


def test_a_helper_enrolled_by_qr_fills_an_empty_board_until_revoked(client, reporting, arbiter, club):
    client.force_login(arbiter)
    page = client.post(reverse("arbiter:result_helpers", args=[reporting.slug]), {"label": "Hall B"}).content.decode()
    assert 'id="helper-qr"' in page and "<svg" in page
    url = page.split('id="helper-url">')[1].split("<")[0]
    client.logout()  # a helper has no account
    game, filled = games(reporting)[:2]
    enter_result(filled, "½-½", arbiter)
    helper_page = client.get(url).content.decode()
    assert f'id="helper-board-{game.board}"' in helper_page and f'id="helper-board-{filled.board}"' not in helper_page
    question = client.post(f"{url}games/{game.pk}/", {"result": "1-0"}).content.decode()
    assert 'id="fill-question"' in question  # asked first: a helper cannot take it back
    game.refresh_from_db()
    assert game.result == ""
    client.post(f"{url}games/{game.pk}/", {"result": "1-0", "confirm": "1"})
    client.post(f"{url}games/{filled.pk}/", {"result": "1-0", "confirm": "1"})
    other = pair(make_tournament(club, players=4, name="Other Open")).games.first()
    client.post(f"{url}games/{other.pk}/", {"result": "1-0", "confirm": "1"})
    for board in (game, filled, other):
        board.refresh_from_db()
    assert (game.result, filled.result, other.result) == ("1-0", "½-½", "")
    client.force_login(arbiter)
    helper = reporting.result_helpers.get()
    client.post(reverse("arbiter:result_helper_revoke", args=[reporting.slug, helper.pk]))
    client.logout()
    assert client.get(url).status_code == 404
    last = games(reporting)[2]
    assert client.post(f"{url}games/{last.pk}/", {"result": "1-0", "confirm": "1"}).status_code == 404
    last.refresh_from_db()
    assert last.result == ""
    client.force_login(arbiter)
    log = client.get(reverse("arbiter:audit", args=[reporting.slug])).content.decode()
    assert "· result helper</p>" in log and "by result helper “Hall B”" in log


def test_a_helper_token_never_opens_the_arbiters_pages(client, reporting, arbiter):
    _helper, token = enrol_helper(reporting, "Desk", arbiter)
    assert client.get(reverse("player:helper", args=["x" + token])).status_code == 404
    response = client.get(reverse("arbiter:round", args=[reporting.slug, 1]), {"token": token})
    assert response.status_code == 302  # the login page


def test_the_api_gives_a_player_his_board_and_takes_his_report(reporting, arbiter):
    game, other = games(reporting)[:2]
    api = APIClient()
    api.force_authenticate(game.black.user)
    url = reverse("api:my_board", args=[game.black.pk])
    body = api.get(url).json()
    assert (body["board"], body["colour"], body["black"]["name"], body["report"]) == (game.board, "b", game.black.name,
                                                                                      None)
    body = api.post(url, {"action": "report", "result": "0-1"}, format="json").json()
    assert body["report"] == {"result": "0-1", "state": "reported", "reporter": game.black.name, "reported_by_me": True}
    assert api.post(url, {"action": "report", "result": "+-"}, format="json").status_code == 400
    assert api.post(url, {"action": "confirm"}, format="json").status_code == 400  # his own report
    assert api.get(reverse("api:my_board", args=[other.white.pk])).status_code == 404
    assert api.post(reverse("api:my_board", args=[other.white.pk]), {"action": "withdraw"},
                    format="json").status_code == 404
    api.force_authenticate(game.white.user)
    body = api.post(reverse("api:my_board", args=[game.white.pk]), {"action": "confirm"}, format="json").json()
    assert body["report"]["state"] == "confirmed" and body["result"] == ""
    enter_result(game, "½-½", arbiter)
    response = api.post(reverse("api:my_board", args=[game.white.pk]), {"action": "report", "result": "1-0"},
                        format="json")
    assert response.status_code == 400 and "only the arbiter" in response.json()["detail"]
    assert APIClient().get(url).status_code in (401, 403)
