"""Registration online: dates, entry conditions, duplicates, approval (automatic or the arbiter's),
the waiting list, late entries (C.04.2 C.2), and the pages of both sides."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone, translation

from tests.app.conftest import make_tournament, pair
from tournaments.exchange.trf import export, tournament_document
from tournaments.models import Player, PlayerSide, RatedPlayer, RatingList, Registration
from tournaments.services import Refused
from tournaments.services.players import register_player
from tournaments.services.registration import approve, cancel, refuse, register_online, save_player_side

Status = Registration.Status


def person(email):
    return get_user_model().objects.create_user(email, email=email)


def entry(name="Verdi, Anna", rating=1700, **fields) -> Registration:
    return Registration(name=name, rating=rating, **fields)


@pytest.fixture
def open_tournament(club):
    tournament = make_tournament(club, players=4, rounds=5)
    PlayerSide.objects.create(tournament=tournament, registration=True)
    return tournament


def side_of(tournament, **fields):
    PlayerSide.objects.filter(tournament=tournament).update(**fields)
    tournament.refresh_from_db()
    return tournament


def test_a_pending_entry_is_not_paired_until_approved(open_tournament, arbiter):
    anna = person("anna@example.org")
    registration = register_online(open_tournament, entry(fide_id="2200001", email="anna@example.org"), anna)
    assert registration.status == Status.PENDING and registration.player is None
    document = tournament_document(open_tournament, 1)
    assert "Verdi" not in export(open_tournament) and len(document.players) == 4
    player = approve(registration, arbiter)
    assert player.user == anna and player.pairing_number is not None and player.email == "anna@example.org"
    registration.refresh_from_db()
    assert registration.status == Status.APPROVED and registration.player == player
    assert "Verdi, Anna" in export(open_tournament)
    actions = list(open_tournament.audit_entries.filter(kind="entry").values_list("action", "user__username"))
    assert actions == [("approved", "ann"), ("entered", "anna@example.org")]
    with pytest.raises(Refused, match="no longer"):
        approve(registration, arbiter)


def test_automatic_approval(open_tournament):
    side_of(open_tournament, approval="auto")
    registration = register_online(open_tournament, entry(), person("anna@example.org"))
    assert registration.status == Status.APPROVED and registration.player.pairing_number


@pytest.mark.parametrize(("fields", "reason"), [
    ({"registration": False}, "takes no entries online"),
    ({"opens_at": timezone.now() + datetime.timedelta(days=1)}, "Registration opens on"),
    ({"closes_at": timezone.now() - datetime.timedelta(minutes=1)}, "Registration closed on"),
    ({"min_rating": 1800}, "rated 1800 or more"),
    ({"max_rating": 1600}, "rated 1600 or less"),
    ({"born_from": datetime.date(2010, 1, 1)}, "born on or after 2010-01-01"),
    ({"born_until": datetime.date(1980, 1, 1)}, "born on or before 1980-01-01"),
    ({"federations": "ITA,SUI"}, "federations ITA, SUI"),
])
def test_dates_and_conditions_refuse_with_the_reason(open_tournament, fields, reason):
    side_of(open_tournament, **fields)
    with pytest.raises(Refused, match=reason):
        register_online(open_tournament, entry(birth_date=datetime.date(1990, 5, 1), federation="FRA"),
                        person("anna@example.org"))
    assert not open_tournament.registrations.exists()


def test_an_entry_within_the_conditions_is_taken(open_tournament):
    side_of(open_tournament, min_rating=1600, max_rating=1800, born_from=datetime.date(1980, 1, 1),
            federations="FRA,ITA")
    registration = register_online(open_tournament, entry(birth_date=datetime.date(1990, 5, 1), federation="ITA"),
                                   person("anna@example.org"))
    assert registration.status == Status.PENDING


def test_duplicates_are_refused(open_tournament):
    register_player(open_tournament, Player(name="Bianchi, Luca", rating=2000, fide_id="2200002"))
    anna = person("anna@example.org")
    register_online(open_tournament, entry(fide_id="2200001"), anna)
    with pytest.raises(Refused, match="You are registered in this tournament already"):
        register_online(open_tournament, entry(name="Verdi, Anna Maria"), anna)
    with pytest.raises(Refused, match="FIDE id 2200002 is registered already"):
        register_online(open_tournament, entry(name="Bianchi, L.", fide_id="2200002"), person("l@example.org"))
    with pytest.raises(Refused, match="FIDE id 2200001 is registered already"):
        register_online(open_tournament, entry(name="Other, Name", fide_id="2200001"), person("o@example.org"))
    with pytest.raises(Refused, match="Bianchi, Luca is registered already"):  # the same person: name and rating
        register_online(open_tournament, entry(name="luca BIANCHI", rating=2000), person("b@example.org"))
    assert open_tournament.registrations.count() == 1


def test_the_waiting_list_moves_up_when_a_place_frees(open_tournament, arbiter):
    side_of(open_tournament, max_players=5)
    first = register_online(open_tournament, entry("One, A"), person("a@example.org"))
    second = register_online(open_tournament, entry("Two, B"), person("b@example.org"))
    third = register_online(open_tournament, entry("Three, C"), person("c@example.org"))
    assert [first.status, second.status, third.status] == [Status.PENDING, Status.WAITING, Status.WAITING]
    refuse(first, "No licence", arbiter)
    second.refresh_from_db()
    third.refresh_from_db()
    assert second.status == Status.PENDING and third.status == Status.WAITING
    side_of(open_tournament, approval="auto")
    cancel(second, second.user)  # the player takes his entry back: the next one is approved at once
    third.refresh_from_db()
    assert third.status == Status.APPROVED and third.player.tournament == open_tournament
    assert open_tournament.players.count() == 5


def test_a_late_entry_gets_a_number_and_the_past_rounds_as_absences(open_tournament, arbiter):
    pair(open_tournament)
    registration = register_online(open_tournament, entry(rating=2500), person("late@example.org"))
    player = approve(registration, arbiter)
    assert player.entry_round == 2  # C.04.2 C.2 b: paired from the next round
    line = next(line for line in export(open_tournament).splitlines() if "Verdi, Anna" in line)
    assert line.rstrip().endswith("0000 - Z")  # round 1: the late entry's zero-point bye
    assert player.pairing_number == 1  # C.04.2 C.3: a late entry takes his place in the list by rating


def test_cancel_after_a_game_is_refused(open_tournament, arbiter):
    side_of(open_tournament, approval="auto")
    registration = register_online(open_tournament, entry(rating=2500), person("anna@example.org"))
    pair(open_tournament)
    with pytest.raises(Refused, match="ask the arbiter to withdraw you"):
        cancel(registration, registration.user)
    registration.refresh_from_db()
    assert registration.status == Status.APPROVED


def test_the_pages_register_and_approve(client, open_tournament, arbiter):
    public = client.get(open_tournament.get_absolute_url()).content.decode()
    assert reverse("player:register", args=[open_tournament.slug]) in public
    anna = person("anna@example.org")
    client.force_login(anna)
    url = reverse("player:register", args=[open_tournament.slug])
    page = client.post(url, {"name": "Verdi, Anna", "rating": "abc"}).content.decode()
    assert "Enter a whole number" in page and not open_tournament.registrations.exists()
    response = client.post(url, {"name": "Verdi, Anna", "rating": 1700, "federation": "ita"}, follow=True)
    assert "waits for the arbiter" in response.content.decode()
    registration = open_tournament.registrations.get()
    assert registration.federation == "ITA" and registration.email == "anna@example.org"
    page = client.post(url, {"name": "Verdi, Anna", "rating": 1700}, follow=True).content.decode()
    assert "registered in this tournament already" in page
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:entries", args=[open_tournament.slug])).content.decode()
    assert "Verdi, Anna" in page and 'id="pending-entries"' in page
    client.post(reverse("arbiter:registration_decide", args=[open_tournament.slug, registration.pk]),
                {"action": "approve"})
    registration.refresh_from_db()
    assert registration.status == Status.APPROVED


def test_the_settings_page_saves_and_checks(client, open_tournament, arbiter):
    client.force_login(arbiter)
    url = reverse("arbiter:player_side", args=[open_tournament.slug])
    data = {"registration": "on", "approval": "auto", "check_in_opens": 120, "check_in_closes": 15,
            "bye_approval": "auto", "max_byes": 2, "no_byes_last_rounds": 1, "bye_deadline": 2,
            "federations": "fra, ita", "round_times": "2026-12-05 14:00\n2026-12-05 19:00"}
    page = client.post(url, {**data, "round_times": "5 December"}).content.decode()
    assert "Line 1: write the date and time" in page
    page = client.post(url, {**data, "round_times": "0001-01-01 00:00"}).content.decode()
    assert "Line 1: write the date and time" in page
    page = client.post(url, {**data, "check_in_opens": 99_999_999}).content.decode()
    assert "less than or equal to 10080" in page
    page = client.post(url, {**data, "federations": "France"}).content.decode()
    assert "three-letter code" in page
    page = client.post(url, {**data, "min_rating": 2000, "max_rating": 1000}).content.decode()
    assert "comes before the other end" in page
    for opens, closes in ((10, 15), (15, 15)):  # a window that never opens: nobody could check in
        page = client.post(url, {**data, "check_in_opens": opens, "check_in_closes": closes}).content.decode()
        assert "no player could check in" in page
    assert PlayerSide.objects.get(tournament=open_tournament).approval == "arbiter"  # nothing saved
    assert client.post(url, data).status_code == 302
    side = PlayerSide.objects.get(tournament=open_tournament)
    assert side.federations == "FRA,ITA" and side.approval == "auto" and side.max_byes == 2
    assert timezone.localtime(side.round_start(2)).hour == 19 and side.round_start(3) is None
    assert open_tournament.audit_entries.filter(action="player side").exists()


def test_a_player_removed_by_the_arbiter_frees_a_place(client, open_tournament, arbiter):
    side_of(open_tournament, max_players=4)
    waiting = register_online(open_tournament, entry(), person("anna@example.org"))
    assert waiting.status == Status.WAITING
    client.force_login(arbiter)
    removed = open_tournament.players.last()
    client.post(reverse("arbiter:player_delete", args=[open_tournament.slug, removed.pk]), {"confirm": "1"})
    waiting.refresh_from_db()
    assert waiting.status == Status.PENDING


def test_a_player_entered_online_then_removed_is_refused_and_may_enter_again(client, open_tournament, arbiter):
    # His entry stayed "approved" with no player: listed so on his page, and barring a new entry.
    side_of(open_tournament, approval="auto")
    anna = person("anna@example.org")
    player = register_online(open_tournament, entry(email="anna@example.org"), anna).player
    client.force_login(arbiter)
    client.post(reverse("arbiter:player_delete", args=[open_tournament.slug, player.pk]), {"confirm": "1"})
    assert not Player.objects.filter(pk=player.pk).exists()
    assert Registration.objects.get(user=anna).status == Status.REFUSED
    assert Registration.objects.get(user=anna).notices.filter(kind="refused").exists()
    assert register_online(open_tournament, entry(email="anna@example.org"), anna).status == Status.APPROVED


def test_a_promotion_in_doubt_waits_for_the_arbiter_and_fails_nothing(open_tournament, arbiter):
    # The waiting player turned up at the desk and was registered by hand: moving up, his entry is no
    # longer approved automatically (it failed the cancel that freed the place, or entered him twice).
    side_of(open_tournament, approval="auto", max_players=6)
    bob = register_online(open_tournament, entry("Neri, Bob", 1500), person("bob@example.org"))
    carl = register_online(open_tournament, entry("Bruno, Carl", 1550), person("carl@example.org"))
    anna = register_online(open_tournament, entry(fide_id="2200001"), person("anna@example.org"))
    ugo = register_online(open_tournament, entry("Rossi, Ugo", 1600), person("ugo@example.org"))
    assert (anna.status, ugo.status) == (Status.WAITING, Status.WAITING)
    register_player(open_tournament, Player(name="Verdi, Anna", rating=1700, fide_id="2200001"), arbiter)
    cancel(bob)
    cancel(carl)  # a place: Anna's entry moves up, and is left to the arbiter (her FIDE id is in)
    for entry_ in (carl, anna, ugo):
        entry_.refresh_from_db()
    assert carl.status == Status.CANCELLED and anna.status == Status.PENDING and anna.player is None
    assert open_tournament.players.filter(fide_id="2200001").count() == 1
    register_player(open_tournament, Player(name="Rossi, Ugo", rating=1600), arbiter, confirm=True)
    side = PlayerSide.objects.get(tournament=open_tournament)
    side.max_players = 8
    save_player_side(side, arbiter)  # a place for Ugo, whose namesake with his rating is in: left too
    ugo.refresh_from_db()
    assert ugo.status == Status.PENDING and open_tournament.players.filter(name="Rossi, Ugo").count() == 1
    assert open_tournament.audit_entries.filter(action="left pending").count() == 2


MORNING, EVENING = "2030-06-01T09:30:00+00:00", "2030-06-01T18:00:00+00:00"


def test_a_date_ending_a_sentence_in_english_gives_one_full_stop(open_tournament, client, settings):
    """English writes "9:30 a.m.": the sentence it ends has no second full stop, the page and the refusal;
    French writes "09:30": its full stop stays."""
    settings.TIME_ZONE = "UTC"
    side_of(open_tournament, opens_at=datetime.datetime.fromisoformat(MORNING))
    with pytest.raises(Refused) as refused:
        register_online(open_tournament, entry(), person("anna@example.org"))
    assert refused.value.message == "Registration opens on June 1, 2030, 9:30 a.m."
    with translation.override("fr"), pytest.raises(Refused) as refused:
        register_online(open_tournament, entry(), person("anne@example.org"))
    assert refused.value.message.endswith(" 09:30.")
    side_of(open_tournament, opens_at=None, closes_at=datetime.datetime.fromisoformat(EVENING))
    client.force_login(person("bea@example.org"))
    page = client.get(reverse("player:register", args=[open_tournament.slug])).content.decode()
    assert "<li>Entries until June 1, 2030, 6 p.m.</li>" in page and "m.." not in page


@pytest.fixture
def fide_list(db):
    """November's standard list: 2200001 rated 1750, 2200002 in the list unrated."""
    rating_list = RatingList.objects.create(kind="standard", period=datetime.date(2026, 11, 1))
    RatedPlayer.objects.create(list=rating_list, fide_id=2200001, name="Verdi, Anna", federation="ITA", sex="F",
                               rating=1750)
    RatedPlayer.objects.create(list=rating_list, fide_id=2200002, name="Neri, Ugo", federation="ITA", sex="M")
    return rating_list


def test_an_entry_in_the_fide_list_counts_with_the_lists_rating(open_tournament, fide_list):
    """A rating typed lower than FIDE's does not enter a tournament for players rated 1600 or less;
    unrated in the list, the rating typed counts (a national one); the entry keeps the list's."""
    side_of(open_tournament, max_rating=1600, approval="auto")
    anna = person("anna@example.org")
    with pytest.raises(Refused, match="rated 1600 or less"):
        register_online(open_tournament, entry(rating=1550, fide_id="2200001"), anna)
    assert not open_tournament.registrations.exists()
    national = register_online(open_tournament, entry("Neri, Ugo", rating=1580, fide_id="2200002"),
                               person("ugo@example.org"))
    assert national.player.rating == 1580
    side_of(open_tournament, max_rating=None)
    listed = register_online(open_tournament, entry(rating=1550, fide_id="2200001"), anna)
    assert (listed.rating, listed.player.rating) == (1750, 1750)
