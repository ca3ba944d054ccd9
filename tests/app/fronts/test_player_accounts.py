"""Players' accounts: signing in by a link or a code sent by mail (each good once, for 15 minutes),
the hourly limits of sign-in mails, and a player's pages showing and changing only what is his."""

import re
import time
import types

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.db import connection
from django.urls import reverse

from tests.app.conftest import make_tournament
from tournaments.models import ByeRequest, CheckIn, Player, PlayerSide, Registration
from tournaments.services.players import register_player


@pytest.fixture
def mails(db):
    """The mails sent (``mail.outbox``, read where the locmem backend puts it), empty at first."""
    mail.outbox = []


def ask_mail(client, email, **extra):
    return client.post(reverse("player:sign_in"), {"email": email}, **extra)


def link_and_code(mail) -> tuple[str, str]:
    link = re.search(r"http://testserver(/me/sign-in/link/\?sesame=\S+)", mail.body).group(1)
    code = re.search(r"code on the sign-in page: (\d{6})", mail.body).group(1)
    return link, code


def signed_in_user(client):
    return client.get(reverse("player:home")).wsgi_request.user


@pytest.fixture
def entered(tournament):
    """An entry registered by the arbiter with the player's address."""
    return register_player(tournament, Player(name="Rossi, Paolo", rating=1800, fide_id="123456",
                                              email="Paolo@Example.org"))


def test_the_link_signs_in_once_with_a_button_and_links_the_entries(client, mails, entered):
    response = ask_mail(client, "paolo@example.org")
    assert response.status_code == 302 and response.url.startswith(reverse("player:code"))
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["paolo@example.org"]
    link, _code = link_and_code(mail.outbox[0])
    page = client.get(link)  # what a mail scanner does: nothing is spent
    assert page.status_code == 200 and 'id="link-sign-in"' in page.content.decode()
    assert not signed_in_user(client).is_authenticated
    token = link.split("sesame=")[1]
    response = client.post(reverse("player:link"), {"sesame": token})
    assert response.status_code == 302 and response.url == reverse("player:home")
    user = signed_in_user(client)
    assert user.is_authenticated and user.email == "paolo@example.org" and not user.has_usable_password()
    entered.refresh_from_db()
    assert entered.user == user
    assert entered.tournament.name in client.get(reverse("player:home")).content.decode()
    client.logout()
    response = client.post(reverse("player:link"), {"sesame": token}, follow=True)
    assert "expired or was used already" in response.content.decode()
    assert not signed_in_user(client).is_authenticated


def test_an_expired_link_is_refused(client, mails, monkeypatch, entered):
    ask_mail(client, "paolo@example.org")
    token = link_and_code(mail.outbox[0])[0].split("sesame=")[1]
    later = time.time() + 16 * 60
    monkeypatch.setattr("sesame.tokens_v2.time", types.SimpleNamespace(time=lambda: later))
    response = client.post(reverse("player:link"), {"sesame": token}, follow=True)
    assert "expired or was used already" in response.content.decode()
    assert not signed_in_user(client).is_authenticated


def test_the_code_signs_in_once_and_five_wrong_codes_end_it(client, mails, entered):
    ask_mail(client, "paolo@example.org")
    link, code = link_and_code(mail.outbox[0])
    wrong = f"{(int(code) + 1) % 10 ** 6:06d}"
    page = client.post(reverse("player:code"), {"email": "paolo@example.org", "code": wrong}).content.decode()
    assert "wrong, expired or used" in page and not signed_in_user(client).is_authenticated
    response = client.post(reverse("player:code"), {"email": "PAOLO@example.org", "code": code})
    assert response.status_code == 302 and signed_in_user(client).email == "paolo@example.org"
    client.logout()
    page = client.post(reverse("player:code"), {"email": "paolo@example.org", "code": code}).content.decode()
    assert "wrong, expired or used" in page and not signed_in_user(client).is_authenticated
    # Signing in with the code spent the link of the same mail too.
    client.post(reverse("player:link"), {"sesame": link.split("sesame=")[1]})
    assert not signed_in_user(client).is_authenticated
    # A new mail's code, tried wrong five times, no longer works even when right.
    ask_mail(client, "paolo@example.org")
    code = link_and_code(mail.outbox[-1])[1]
    wrong = f"{(int(code) + 1) % 10 ** 6:06d}"
    for _ in range(5):
        client.post(reverse("player:code"), {"email": "paolo@example.org", "code": wrong})
    client.post(reverse("player:code"), {"email": "paolo@example.org", "code": code})
    assert not signed_in_user(client).is_authenticated


def test_wrong_codes_tried_at_once_are_all_counted(transactional_db, mails):
    """Eight wrong tries at the same moment (eight phones, or a script): each is counted (one atomic
    increment), so the right code no longer works after them, and four wrong ones leave the fifth try."""
    import threading

    from tournaments.services.accounts import new_code, user_for_code, user_for_email
    user = user_for_email("paolo@example.org")
    code = new_code(user)
    wrong = f"{(int(code) + 1) % 10 ** 6:06d}"
    start = threading.Barrier(8)

    def guess():
        try:
            start.wait()
            assert user_for_code("paolo@example.org", wrong) is None
        finally:
            connection.close()

    threads = [threading.Thread(target=guess) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert user_for_code("paolo@example.org", code) is None
    code = new_code(user)
    for _ in range(4):
        assert user_for_code("paolo@example.org", f"{(int(code) + 1) % 10 ** 6:06d}") is None
    assert user_for_code("paolo@example.org", code) == user


def test_a_wrong_code_does_not_extend_the_code_life(mails, entered, monkeypatch):
    """The code lives 15 minutes from its mail, however many wrong tries (each used to start them again)."""
    import time

    from tournaments.services.accounts import CODE_SECONDS, new_code, user_for_code, user_for_email
    now = [time.time()]
    monkeypatch.setattr(time, "time", lambda: now[0])  # the cache's clock
    user = user_for_email("paolo@example.org")
    code = new_code(user)
    now[0] += CODE_SECONDS - 100
    assert user_for_code("paolo@example.org", f"{(int(code) + 1) % 10 ** 6:06d}") is None
    now[0] += 200  # 15 minutes and 100 seconds after the mail
    assert user_for_code("paolo@example.org", code) is None


def test_sign_in_mails_are_limited_per_address_and_per_ip(client, mails, db):
    for _ in range(3):
        assert ask_mail(client, "anna@example.org").status_code == 302
    response = ask_mail(client, "anna@example.org")
    assert response.status_code == 429 and "Too many sign-in mails" in response.content.decode()
    assert len(mail.outbox) == 3
    for i in range(7):  # 10 from this address in all
        assert ask_mail(client, f"other{i}@example.org").status_code == 302
    response = ask_mail(client, "new@example.org")
    assert response.status_code == 429 and len(mail.outbox) == 10
    assert ask_mail(client, "new@example.org", REMOTE_ADDR="10.0.0.9").status_code == 302


def test_the_mail_server_down_is_a_message_and_costs_no_try(client, db, settings):
    # The sign-in mail is sent while the player waits: a server that refuses was a 500, and the try
    # counted (three of them locked him out for an hour once the server was back).
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 9, 2  # nobody listens
    for _ in range(4):
        response = ask_mail(client, "anna@example.org")
        assert response.status_code == 503 and "could not be sent just now" in response.content.decode()
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    assert ask_mail(client, "anna@example.org").status_code == 302 and len(mail.outbox) == 1


def test_an_arbiter_account_gets_no_link(client, mails, arbiter):
    arbiter.email = "ann@example.org"
    arbiter.save()
    ask_mail(client, "ann@example.org")
    assert "log in with it" in mail.outbox[0].body and "sesame=" not in mail.outbox[0].body
    assert "code" not in mail.outbox[0].body.lower().split("log in")[0]


def test_bad_input_gets_a_message(client, db):
    page = client.post(reverse("player:sign_in"), {"email": "not an address"})
    assert page.status_code == 200 and "valid email" in page.content.decode()
    page = client.post(reverse("player:code"), {"email": "a@example.org", "code": "12ab"})
    assert "six digits" in page.content.decode()
    assert client.post(reverse("player:link"), {"sesame": "garbage"}).status_code == 302


def make_player(tournament, name, email):
    user = get_user_model().objects.create_user(email, email=email)
    player = register_player(tournament, Player(name=name, rating=1500, email=email))
    Player.objects.filter(pk=player.pk).update(user=user)
    return user, player


def test_a_player_sees_and_changes_only_what_is_his(client, tournament):
    PlayerSide.objects.create(tournament=tournament, check_in=True, bye_requests=True, max_byes=3)
    me, mine = make_player(tournament, "Mine, Me", "me@example.org")
    other, theirs = make_player(tournament, "Theirs, Other", "other@example.org")
    their_bye = ByeRequest.objects.create(player=theirs, round_number=2)
    their_entry = Registration.objects.create(tournament=tournament, user=other, name="Theirs, Other")
    client.force_login(me)
    assert client.get(reverse("player:entry", args=[mine.pk])).status_code == 200
    assert client.get(reverse("player:entry", args=[theirs.pk])).status_code == 404
    assert client.post(reverse("player:check_in", args=[theirs.pk])).status_code == 404
    assert client.post(reverse("player:bye_request", args=[theirs.pk]),
                       {"round_number": 3, "bye": "H"}).status_code == 404
    assert client.post(reverse("player:bye_cancel", args=[their_bye.pk])).status_code == 404
    assert client.post(reverse("player:registration_cancel", args=[their_entry.pk])).status_code == 404
    assert not CheckIn.objects.filter(player=theirs).exists()
    assert list(theirs.bye_requests.values_list("status", flat=True)) == ["pending"]
    their_entry.refresh_from_db()
    assert their_entry.status == "pending"
    page = client.get(reverse("player:home")).content.decode()
    assert "Mine, Me" not in page or tournament.name in page
    assert "Theirs" not in page
    # Nor does he reach the arbiter's pages: approving entries or byes, his own included.
    mine_entry = Registration.objects.create(tournament=tournament, user=me, name="Mine, Again")
    assert client.post(reverse("arbiter:registration_decide", args=[tournament.slug, mine_entry.pk]),
                       {"action": "approve"}).status_code == 404
    my_bye = ByeRequest.objects.create(player=mine, round_number=2)
    assert client.post(reverse("arbiter:bye_request_decide", args=[tournament.slug, my_bye.pk]),
                       {"action": "approve"}).status_code == 404
    mine_entry.refresh_from_db()
    my_bye.refresh_from_db()
    assert mine_entry.status == "pending" and my_bye.status == "pending" and not mine.absences.exists()


def test_the_players_pages_ask_for_the_sign_in(client, tournament):
    response = client.get(reverse("player:home"))
    assert response.status_code == 302 and response.url.startswith(reverse("player:sign_in"))
    response = client.get(reverse("player:venue_check_in", args=[tournament.slug]))
    assert response.url == reverse("player:sign_in") + "?next=" + reverse("player:venue_check_in",
                                                                          args=[tournament.slug])


def test_entries_are_linked_by_address_never_by_fide_id(client, mails, club, entered):
    """The address is proved by the sign-in; a FIDE id is public and typed by whoever registers: an
    entry with the same FIDE id but no address (the arbiter's, say) is not given to the account, or
    anybody could take another player's entries (byes, check-in, results) by typing his id."""
    other = make_tournament(club, players=2, name="Autumn Open")
    same_id = register_player(other, Player(name="Rossi, P.", rating=1810, fide_id="123456"))
    same_address = register_player(other, Player(name="Rossi, Paolo", rating=1810, email="paolo@example.org"))
    someone_else = register_player(other, Player(name="Rossi, Pia", rating=1500, fide_id="999999",
                                                 email="pia@example.org"))
    ask_mail(client, "paolo@example.org")
    client.post(reverse("player:code"), {"email": "paolo@example.org", "code": link_and_code(mail.outbox[0])[1]})
    user = signed_in_user(client)
    assert set(user.entries.values_list("pk", flat=True)) == {entered.pk, same_address.pk}
    same_id.refresh_from_db()
    someone_else.refresh_from_db()
    assert same_id.user is None and someone_else.user is None
    assert other.audit_entries.get(action="linked").summary == "Rossi, Paolo linked to the account of paolo@example.org"
    page = client.get(reverse("player:home")).content.decode()
    assert "Spring Open" in page and "Autumn Open" in page


def test_an_arbiter_logging_in_with_his_password_is_linked_too(client, arbiter, entered):
    arbiter.email = "paolo@example.org"
    arbiter.save()
    client.post(reverse("login"), {"username": "ann", "password": "pw-ann-123"})
    entered.refresh_from_db()
    assert entered.user == arbiter
    assert "Spring Open" in client.get(reverse("player:home")).content.decode()
