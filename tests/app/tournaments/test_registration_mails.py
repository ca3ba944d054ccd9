"""A registration's mails (issue 25): approved or refused by the arbiter, moved up from the waiting list
(a place freed by a cancelled entry, a refusal, a player withdrawn before round 1), put in the notices'
outbox and delivered to a real SMTP server on 127.0.0.1 (tests/smtp.py) once each, in the player's
language, never to an unsubscribed address."""

import pytest
from django.contrib.auth import get_user_model
from django.test import TestCase
from django.urls import reverse

from pairing.rounds import notices
from pairing.rounds.mailer import deliver
from tests.app.conftest import make_tournament, pair
from tests.app.rounds.test_notices import smtp, text  # noqa: F401 (a fixture)
from tournaments.models import AuditEntry, Notice, PlayerSide, Registration, Unsubscription
from tournaments.services.registration import approve, cancel, refuse, register_online, withdraw

Status = Registration.Status


@pytest.fixture
def dispatched(monkeypatch):
    """What was handed to the sender once the transactions committed (sent by hand in these tests)."""
    handed = []
    monkeypatch.setattr(notices, "dispatch", handed.append)
    return handed


@pytest.fixture
def full_tournament(club):
    """Four players, room for five: the first entry takes the last place, the next ones wait."""
    tournament = make_tournament(club, players=4, rounds=5)
    PlayerSide.objects.create(tournament=tournament, registration=True, max_players=5)
    return tournament


def enter(tournament, name: str, address: str, language: str = "") -> Registration:
    user = get_user_model().objects.create_user(address, email=address)
    with TestCase.captureOnCommitCallbacks(execute=True):
        return register_online(tournament, Registration(name=name, rating=1700, email=address, language=language),
                               user)


def committed(action):
    with TestCase.captureOnCommitCallbacks(execute=True):
        return action()


def mails_to(server) -> dict[str, list]:
    found = {}
    for message in server.mailbox.messages:
        found.setdefault(str(message["To"]).lower(), []).append(message)
    return found


def test_approved_refused_and_moved_up_each_get_one_mail(full_tournament, arbiter, smtp, dispatched):  # noqa: F811
    first = enter(full_tournament, "One, Ann", "one@example.org")
    second = enter(full_tournament, "Two, Bob", "two@example.org")
    assert [first.status, second.status] == [Status.PENDING, Status.WAITING]
    assert Notice.objects.count() == 0 and dispatched == []  # entering online: he reads it on the page

    committed(lambda: refuse(first, "No licence this season", arbiter))  # the place goes to the next entry
    committed(lambda: approve(second, arbiter))
    assert set(dispatched) == {None}  # handed to the sender once committed
    assert deliver(None) == 3
    assert deliver(None) == 0  # never twice

    mails = mails_to(smtp)
    assert sorted((a, len(m)) for a, m in mails.items()) == [("one@example.org", 1), ("two@example.org", 2)]
    refused = mails["one@example.org"][0]
    assert refused["Subject"] == "Spring Open: your entry is refused"
    assert "Reason: No licence this season" in text(refused)
    promoted, approved = sorted(mails["two@example.org"], key=lambda m: "approved" in str(m["Subject"]))
    assert promoted["Subject"] == "Spring Open: you moved up from the waiting list"
    assert "your entry moved up from the waiting list" in text(promoted)
    second.refresh_from_db()
    assert approved["Subject"] == "Spring Open: your entry is approved"
    assert f"your pairing number is {second.player.pairing_number}." in text(approved)
    assert f"/me/entries/{second.player_id}/" in text(approved)
    link = str(approved["List-Unsubscribe"]).strip().strip("<>")
    assert link.startswith("https://swiss.example.org/notices/unsubscribe/") and link in text(approved)
    assert approved["Message-ID"].startswith("<registration-approved-")
    assert set(Notice.objects.values_list("kind", "state")) == {("refused", "sent"), ("promoted", "sent"),
                                                                ("approved", "sent")}


def test_moved_up_with_automatic_approval_is_one_mail_saying_approved(full_tournament, smtp, dispatched):  # noqa: F811
    PlayerSide.objects.filter(tournament=full_tournament).update(approval="auto")
    first = enter(full_tournament, "One, Ann", "one@example.org")
    second = enter(full_tournament, "Two, Bob", "two@example.org")
    assert [first.status, second.status] == [Status.APPROVED, Status.WAITING]
    committed(lambda: cancel(first, first.user))
    second.refresh_from_db()
    assert second.status == Status.APPROVED
    assert deliver(None) == 1
    (mail,) = smtp.mailbox.messages
    assert str(mail["To"]) == "two@example.org"
    assert f"It is approved: your pairing number is {second.player.pairing_number}." in text(mail)


def test_the_mail_is_in_the_language_the_player_registered_in(full_tournament, arbiter, smtp, dispatched):  # noqa: F811
    entry = enter(full_tournament, "Un, Anne", "un@example.org", language="fr")
    committed(lambda: refuse(entry, "Pas de licence", arbiter))
    deliver(None)
    assert "Motif : Pas de licence" in text(smtp.mailbox.messages[0]).replace("Motif:", "Motif :")


def test_a_mail_no_longer_true_is_not_sent(full_tournament, arbiter, smtp, dispatched):  # noqa: F811
    entry = enter(full_tournament, "One, Ann", "one@example.org")
    committed(lambda: approve(entry, arbiter))
    committed(lambda: cancel(entry, entry.user))  # before the sender came
    assert deliver(None) == 0 and smtp.mailbox.count() == 0
    assert Notice.objects.get().state == Notice.State.FAILED


def test_an_unsubscribed_address_gets_no_mail(full_tournament, arbiter, smtp, dispatched):  # noqa: F811
    entry = enter(full_tournament, "One, Ann", "one@example.org")
    Unsubscription.objects.create(address="one@example.org", tournament=full_tournament)
    committed(lambda: approve(entry, arbiter))
    assert Notice.objects.count() == 0 and deliver(None) == 0 and smtp.mailbox.count() == 0


def test_a_player_withdrawn_before_round_1_frees_his_place(client, full_tournament, arbiter, dispatched):
    taken = enter(full_tournament, "One, Ann", "one@example.org")
    waiting = enter(full_tournament, "Two, Bob", "two@example.org")
    assert (taken.status, waiting.status) == (Status.PENDING, Status.WAITING)
    client.force_login(arbiter)
    leaving = full_tournament.players.first()
    with TestCase.captureOnCommitCallbacks(execute=True):
        client.post(reverse("arbiter:player_withdraw", args=[full_tournament.slug, leaving.pk]), {"from_round": 1})
    waiting.refresh_from_db()
    assert waiting.status == Status.PENDING
    promoted = AuditEntry.objects.get(tournament=full_tournament, action="promoted")
    assert promoted.user == arbiter and "Two, Bob moved up" in promoted.summary
    assert list(Notice.objects.values_list("kind", "address")) == [("promoted", "two@example.org")]
    assert dispatched == [None]

    withdraw(leaving, None, arbiter)  # reinstated: the field is over its maximum, nobody is sent back
    withdraw(leaving, 1, arbiter)  # withdrawn again: nobody else waits
    assert Notice.objects.count() == 1


def test_a_withdrawal_after_round_1_frees_no_place(full_tournament, arbiter, dispatched):
    taken = enter(full_tournament, "One, Ann", "one@example.org")
    approve(taken, arbiter, mail=False)
    waiting = enter(full_tournament, "Two, Bob", "two@example.org")
    pair(full_tournament)
    assert withdraw(full_tournament.players.first(), 2, arbiter)
    waiting.refresh_from_db()
    assert waiting.status == Status.WAITING and not Notice.objects.exists()


def test_a_failed_registration_mail_is_shown_and_sent_again(full_tournament, arbiter, smtp, dispatched,  # noqa: F811
                                                            client):
    # The server refuses the approved player's address for good: the entries page counts it failed with the
    # reason; the arbiter corrects the player's address and sends again, once (a second click: a message).
    from tournaments.models import Player
    first = enter(full_tournament, "One, Ann", "one@example.org")
    smtp.mailbox.refuse["one@example.org"] = "550 5.1.1 No such user"
    committed(lambda: approve(first, arbiter))
    assert deliver(None) == 0
    client.force_login(arbiter)
    url = reverse("arbiter:entries", args=[full_tournament.slug])
    page = client.get(url).content.decode()
    assert "Mails: 0 queued, 0 sent, 1 failed" in page and "550 5.1.1 No such user" in page  # not a Python repr
    assert 'id="registration-mails-resend"' in page
    Player.objects.filter(pk=Registration.objects.get(pk=first.pk).player_id).update(email="one.fixed@example.org")
    resend = reverse("arbiter:registration_mails_resend", args=[full_tournament.slug])
    with TestCase.captureOnCommitCallbacks(execute=True):
        client.post(resend)
    assert dispatched == [None, None]
    assert AuditEntry.objects.filter(action="mails resent", user=arbiter).count() == 1
    assert deliver(None) == 1
    assert [str(m["To"]) for m in smtp.mailbox.messages] == ["one.fixed@example.org"]
    page = client.get(url).content.decode()
    assert "Mails: 0 queued, 1 sent, 0 failed" in page and 'id="registration-mails-resend"' not in page
    answer = client.post(resend, follow=True).content.decode()
    assert "No registration mail of this tournament has failed" in answer
    assert AuditEntry.objects.filter(action="mails resent").count() == 1
