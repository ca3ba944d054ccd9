"""Check-in (its window, the arbiter marking who did not come absent, C.04.2 D.4) and bye requests
(the tournament's limits, automatic or arbiter's approval; a granted one is what the engine sees)."""

import datetime
import random

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from tests.app.conftest import make_tournament, pair, play, request
from tournaments.exchange.trf import export
from tournaments.models import Absence, ByeRequest, CheckIn, PlayerSide
from tournaments.services import ConfirmationNeeded, Refused, full_stop
from tournaments.services.bye_requests import cancel, grant, refuse, request_bye
from tournaments.services.check_in import check_in, check_in_round, mark_absent, not_checked_in


def starts(*hours):
    """Round start times, ``hours`` from now."""
    return [(timezone.now() + datetime.timedelta(hours=h)).isoformat() for h in hours]


@pytest.fixture
def event(club):
    tournament = make_tournament(club, players=6, rounds=5)
    PlayerSide.objects.create(tournament=tournament, check_in=True, bye_requests=True, max_byes=2,
                              no_byes_last_rounds=1, bye_deadline=2, round_times=starts(1, 24, 48, 72, 96))
    return tournament


def players(tournament):
    return list(tournament.players.all())


def set_side(tournament, **fields):
    PlayerSide.objects.filter(tournament=tournament).update(**fields)


def test_check_in_within_the_window(event, arbiter):
    first = players(event)[0]
    assert check_in_round(event) == 1
    done = check_in(first, arbiter)
    assert done.round_number == 1 and check_in(first).pk == done.pk  # twice: nothing more
    assert event.audit_entries.filter(kind="check_in").count() == 1


@pytest.mark.parametrize(("hours", "reason"), [(3, "opens at"), (0.1, "closed at")])
def test_check_in_outside_the_window_is_refused(event, hours, reason):
    set_side(event, round_times=starts(hours))  # opens 120 min before, closes 15 min before
    with pytest.raises(Refused, match=reason):
        check_in(players(event)[0])
    assert not CheckIn.objects.exists()


def test_check_in_only_when_the_tournament_asks(event):
    set_side(event, check_in=False)
    with pytest.raises(Refused, match="no check-in now"):
        check_in(players(event)[0])
    set_side(event, check_in=True)
    pair(event)
    assert check_in_round(event) is None  # round 1 only
    set_side(event, check_in_each_round=True)
    assert check_in_round(event) == 2


def test_who_did_not_check_in_is_marked_absent_after_one_confirmation(event, arbiter):
    everybody = players(event)
    for player in everybody[:4]:
        check_in(player)
    assert not_checked_in(event, 1) == everybody[4:]
    with pytest.raises(ConfirmationNeeded, match="2 players have not checked in for round 1"):
        mark_absent(event, 1, arbiter)
    assert not Absence.objects.exists()
    assert mark_absent(event, 1, arbiter, confirm=True) == 2
    assert set(Absence.objects.values_list("player__name", "bye")) == {(p.name, "Z") for p in everybody[4:]}
    with pytest.raises(Refused, match="marked absent for round 1"):
        check_in(everybody[5])
    round_ = pair(event)
    paired = {g.white_id for g in round_.games.all()} | {g.black_id for g in round_.games.all()}
    assert paired == {p.pk for p in everybody[:4]}  # C.04.2 D.4: the absent are not paired
    with pytest.raises(Refused, match="no check-in now"):
        mark_absent(event, 1, arbiter, confirm=True)


def test_the_arbiter_page_marks_them_absent(client, event, arbiter):
    client.force_login(arbiter)
    url = reverse("arbiter:entries", args=[event.slug])
    page = client.get(url).content.decode()
    assert 'id="not-checked-in"' in page and players(event)[0].name in page
    page = client.post(reverse("arbiter:mark_absent", args=[event.slug]), {"round": 1}).content.decode()
    assert "6 players have not checked in" in page and not Absence.objects.exists()
    client.post(reverse("arbiter:mark_absent", args=[event.slug]), {"round": 1, "confirm": "1"})
    assert Absence.objects.count() == 6
    response = client.post(reverse("arbiter:mark_absent", args=[event.slug]), {"round": "x"}, follow=True)
    assert "Give a round number" in response.content.decode()


def test_a_bye_within_the_limits_is_granted_and_the_engine_sees_it(event, arbiter):
    player = players(event)[2]
    asked = request_bye(player, 2, "H", player.user)
    assert asked.status == ByeRequest.Status.GRANTED
    assert Absence.objects.get(player=player, round_number=2).bye == "H"
    play(pair(event), random.Random(1))
    round_2 = pair(event)
    assert not round_2.games.filter(white=player).exists() and not round_2.games.filter(black=player).exists()
    line = next(line for line in export(event).splitlines() if player.name in line)
    assert "0000 - H" in line  # the half-point bye in the TRF


@pytest.mark.parametrize(("number", "reason"), [
    (1, "Too late: requests for round 1 closed at"),   # round 1 starts in 1 hour, deadline 2 hours before
    (5, "No bye in the last 1 rounds"),
    (6, "only 5 rounds"),
])
def test_a_bye_outside_the_limits_is_refused_with_the_reason(event, number, reason):
    with pytest.raises(Refused, match=reason):
        request_bye(players(event)[0], number, "H")
    assert not ByeRequest.objects.exists() and not Absence.objects.exists()


def test_how_many_byes_and_rounds_paired(event):
    player = players(event)[0]
    request_bye(player, 2, "H")
    with pytest.raises(Refused, match="asked for a bye in round 2 already"):
        request_bye(player, 2, "Z")
    request_bye(player, 3, "Z")
    with pytest.raises(Refused, match="You have 2 bye requests already: the tournament allows 2"):
        request_bye(player, 4, "H")
    event.half_point_byes = False
    event.save()
    with pytest.raises(Refused, match="does not give half-point byes"):
        request_bye(players(event)[1], 2, "H")
    set_side(event, round_times=[])  # no start time: until the round is paired
    pair(event)
    with pytest.raises(Refused, match="Round 1 has been paired already"):
        request_bye(players(event)[1], 1, "Z")


def test_the_arbiter_grants_or_refuses_when_the_tournament_says_so(event, arbiter):
    set_side(event, bye_approval="arbiter")
    first, second = players(event)[:2]
    asked = request_bye(first, 2, "H")
    assert asked.status == ByeRequest.Status.PENDING and not Absence.objects.exists()
    grant(asked, arbiter)
    assert Absence.objects.get(player=first).round_number == 2
    other = request_bye(second, 3, "H")
    refuse(other, "Team match that day", arbiter)
    other.refresh_from_db()
    assert other.status == "refused" and other.reason == "Team match that day"
    assert not Absence.objects.filter(player=second).exists()
    with pytest.raises(Refused, match="refused already"):
        grant(other, arbiter)
    cancel(asked, first.user)  # taken back before round 2 is paired: the player plays
    assert not Absence.objects.exists()


def test_a_granted_bye_cannot_be_taken_back_once_its_round_is_paired(event):
    set_side(event, round_times=[])
    player = players(event)[0]
    asked = request_bye(player, 1, "H")
    request(event)
    with pytest.raises(Refused, match="Round 1 has been paired already"):
        cancel(asked)
    asked.refresh_from_db()
    assert asked.status == "granted"


def test_a_request_left_pending_until_its_round_is_paired_no_longer_counts(event, arbiter):
    # The arbiter did not decide before round 1 was paired: it can no longer be granted, so it does not
    # hold one of the player's byes (max 1 here); a granted one does.
    set_side(event, round_times=[], bye_approval="arbiter", max_byes=1)
    player = players(event)[0]
    lapsed = request_bye(player, 1, "H")
    with pytest.raises(Refused, match="You have 1 bye requests already"):
        request_bye(player, 2, "H")
    play(pair(event), random.Random(3))
    with pytest.raises(Refused, match="Round 1 has been paired already"):
        grant(lapsed, arbiter)
    later = request_bye(player, 3, "H")
    assert later.status == ByeRequest.Status.PENDING
    grant(later, arbiter)
    with pytest.raises(Refused, match="You have 1 bye requests already"):
        request_bye(player, 4, "Z")


def test_no_bye_requests_unless_the_tournament_takes_them(event):
    set_side(event, bye_requests=False)
    with pytest.raises(Refused, match="takes no bye requests"):
        request_bye(players(event)[0], 2, "H")


def test_the_players_pages_check_in_and_ask_for_byes(client, event):
    player = players(event)[1]
    user = get_user_model().objects.create_user("p@example.org", email="p@example.org")
    player.user = user
    player.save()
    client.force_login(user)
    page = client.get(reverse("player:venue_check_in", args=[event.slug])).content.decode()
    assert 'id="check-in-button"' in page  # the venue's QR code leads here
    response = client.post(reverse("player:check_in", args=[player.pk]), follow=True)
    assert 'id="checked-in"' in response.content.decode() and CheckIn.objects.filter(player=player).exists()
    url = reverse("player:bye_request", args=[player.pk])
    page = client.post(url, {"round_number": 1, "bye": "H"}, follow=True).content.decode()
    assert "Too late: requests for round 1 closed at" in page
    page = client.post(url, {"round_number": 2, "bye": "H"}, follow=True).content.decode()
    assert "Your bye in round 2 is granted" in page and Absence.objects.get(player=player).bye == "H"
    page = client.post(url, {"round_number": "", "bye": "H"}, follow=True).content.decode()
    assert "Give a round number" in page
    other = get_user_model().objects.create_user("q@example.org", email="q@example.org")
    client.force_login(other)
    page = client.get(reverse("player:venue_check_in", args=[event.slug])).content.decode()
    assert 'id="no-entry"' in page


def test_the_venue_qr_code_leads_to_the_check_in(client, event, arbiter):
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:check_in_qr", args=[event.slug])).content.decode()
    target = "http://testserver" + reverse("player:venue_check_in", args=[event.slug])
    assert "<svg" in page and f"<title>{target}</title>" in page


def test_a_check_in_time_ending_a_sentence_in_english_gives_one_full_stop(client, event, arbiter, settings):
    """Round 1 at 11:30 a.m.: check-in opens at 9:30 a.m. and closes at 11:15 a.m., each said once with
    one full stop, to the player refused and on the arbiter's page."""
    settings.TIME_ZONE = "UTC"
    set_side(event, round_times=["2030-06-01T11:30:00+00:00"])
    with pytest.raises(Refused) as refused:
        check_in(players(event)[0])
    assert refused.value.message == "Check-in for round 1 opens at June 1, 2030, 9:30 a.m."
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:entries", args=[event.slug])).content.decode()
    assert "Check-in closes at June 1, 2030, 11:15 a.m.</p>" in page and "m.." not in page


@pytest.mark.parametrize(("sentence", "once"), [
    ("Opens at 9:30 a.m..", "Opens at 9:30 a.m."), ("Ouvre à 09:30.", "Ouvre à 09:30."),
    ("Wait for it...", "Wait for it..."),
    ("Opens at 9:30 a.m.: see the arbiter.", "Opens at 9:30 a.m.: see the arbiter."),
])
def test_full_stop_takes_off_only_a_doubled_one(sentence, once):
    assert full_stop(sentence) == once
