"""Pairing notices by mail (issue 25), counted at a real SMTP server on 127.0.0.1 (aiosmtpd, tests/smtp.py):
what each mail says, once per round and player, unsubscribing, the arbiter's counts and "send again";
and the faults, with real Celery workers over Redis as in test_worker.py: the server down during the
publication, a worker killed in the middle of a batch."""

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime

import pytest
from django.db import connection
from django.test import TestCase
from django.urls import reverse

from config.settings import email_settings
from pairing.rounds import notices
from pairing.rounds.mailer import deliver
from pairing.rounds.publish import publish_round
from pairing.rounds.request import request_pairing
from tests.app.conftest import make_tournament, play, request
from tests.app.rounds.test_worker import ROOT, start_worker, wait_until_done  # noqa: F401 (a fixture)
from tests.smtp import SmtpServer
from tests.sqlite_site import sqlite_env
from tournaments.models import AuditEntry, Notice, Player, PlayerSide, Registration, Round, Unsubscription
from tournaments.queries.notices import round_notices
from tournaments.services import Refused
from tournaments.services.notices import unsubscribe_token
from tournaments.services.players import register_player

START = datetime(2026, 3, 14, 15, 0, tzinfo=UTC)


@pytest.fixture
def smtp(settings):
    server = SmtpServer().start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.NOTICE_CONNECTIONS = 1  # the sender in the test's own transaction (threads would not see its data)
    settings.SITE_URL = "https://swiss.example.org"
    settings.DEFAULT_FROM_EMAIL = "Lyon Chess <arbiter@lyon.example.org>"
    yield server
    server.stop()


@pytest.fixture
def dispatched(monkeypatch):
    """The rounds handed to the sender once their publication commits (sent by hand in these tests)."""
    rounds = []
    monkeypatch.setattr(notices, "dispatch", rounds.append)
    return rounds


def with_addresses(tournament, without=()) -> dict[str, Player]:
    """Every player gets an address p<number>@example.org, but the pairing numbers in ``without``."""
    players = {}
    for player in tournament.players.all():
        if player.pairing_number not in without:
            player.email = f"P{player.pairing_number}@Example.org"
            player.save(update_fields=["email"])
            players[player.email.lower()] = player
    return players


def publish(tournament, starts_at=None) -> Round:
    round_ = request(tournament)
    assert round_.status == Round.Status.DRAFT, round_.error
    if starts_at:
        notices.set_start(round_, starts_at)
    with TestCase.captureOnCommitCallbacks(execute=True):
        publish_round(round_)
    round_.refresh_from_db()
    return round_


def expected(round_: Round) -> dict[str, list[str]]:
    """The lines each address's mail must hold, from the round's games."""
    lines = {}
    for game in round_.games.select_related("white", "black"):
        if game.black is None:
            lines[game.white.email.lower()] = ["You have the pairing-allocated bye in this round."]
            continue
        for player, colour, opponent in ((game.white, "White", game.black), (game.black, "Black", game.white)):
            lines[player.email.lower()] = [f"Board: {game.board}", f"Colour: {colour}",
                                           f"Opponent: {opponent.name} ({opponent.pairing_number})"]
    return lines


def text(message) -> str:
    return message.get_body(("plain",)).get_content()


def test_each_player_with_an_address_gets_his_board_colour_opponent_and_start(club, smtp, dispatched):
    tournament = make_tournament(club, players=11, pairing_notices=True)
    players = with_addresses(tournament, without={5})
    round_ = publish(tournament, starts_at=START)
    assert dispatched == [round_.pk]
    assert deliver(round_.pk) == 10
    mails = smtp.mailbox.messages
    assert sorted(str(m["To"]).lower() for m in mails) == sorted(players)  # player 5 has no address
    lines = expected(round_)
    for mail in mails:
        address = str(mail["To"]).lower()
        body = text(mail)
        assert mail["Subject"] == "Spring Open, round 1: your pairing"
        for line in [*lines[address], "Start: March 14, 2026, 3 p.m.",
                     f"https://swiss.example.org/t/{tournament.slug}/player/{players[address].pairing_number}/"]:
            assert line in body, (line, body)
        notice = Notice.objects.get(round=round_, player=players[address])
        assert mail["Message-ID"] == f"<pairing-notice-{round_.pk}-{notice.pk}@lyon.example.org>"
        link = str(mail["List-Unsubscribe"]).strip().strip("<>")
        assert link.startswith("https://swiss.example.org/notices/unsubscribe/") and link in body
        assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        html = mail.get_body(("html",)).get_content()
        assert "pairing-allocated bye" in html if "bye" in lines[address][0] else (
            f"<td>{lines[address][0].removeprefix('Board: ')}</td>" in html)
    assert sum("pairing-allocated bye" in text(m) for m in mails) == 1  # 11 players: one PAB
    assert set(Notice.objects.values_list("state", "attempts")) == {("sent", 1)}


def test_a_round_paired_again_after_its_notices_went_out_says_its_notice_replaces_them(club, smtp, dispatched):
    # Round 1 published and its notices sent, then discarded (confirmed), paired and published again: each
    # new notice says it replaces the one sent before; a round discarded before its notices went out does not.
    from pairing.rounds.publish import discard_round
    tournament = make_tournament(club, players=6, pairing_notices=True)
    with_addresses(tournament)
    first = publish(tournament)
    assert deliver(first.pk) == 6
    discard_round(first, confirm=True)
    assert AuditEntry.objects.get(action="discarded").before["notices sent"] == 6
    second = publish(tournament)
    assert deliver(second.pk) == 6
    mails = smtp.mailbox.messages
    assert {m["Subject"] for m in mails[:6]} == {"Spring Open, round 1: your pairing"}
    assert not any("paired again" in text(m) for m in mails[:6])
    assert {m["Subject"] for m in mails[6:]} == {"Spring Open, round 1: paired again, your new pairing"}
    for mail in mails[6:]:
        assert "Round 1 was paired again: this notice replaces any notice of this round sent before." in text(mail)
        assert "this notice replaces any notice" in mail.get_body(("html",)).get_content()
    # Round 2 discarded before its notices went out: the next publication's notices are plain ones.
    play(second, random.Random(1))
    unsent = publish(tournament)
    discard_round(unsent, confirm=True)
    third = publish(tournament)
    assert deliver(third.pk) == 6
    assert {m["Subject"] for m in smtp.mailbox.messages[12:]} == {"Spring Open, round 2: your pairing"}


def test_without_a_start_on_the_round_the_notice_tells_the_player_sides_schedule(club, smtp, dispatched):
    """The start the check-in and the bye deadline are reckoned from is the one the players are told,
    until the arbiter sets another on the round."""
    tournament = make_tournament(club, players=4, pairing_notices=True)
    with_addresses(tournament)
    PlayerSide.objects.create(tournament=tournament, round_times=[START.isoformat(), ""])
    round_ = publish(tournament)
    assert deliver(round_.pk) == 4
    assert all("Start: March 14, 2026, 3 p.m." in text(mail) for mail in smtp.mailbox.messages)
    later = datetime(2026, 3, 14, 16, 30, tzinfo=UTC)
    notices.set_start(round_, later)  # the arbiter's time wins
    assert {notice.starts_at for notice in round_notices(round_).values()} == {later}


def test_notices_go_in_the_tournaments_language(club, smtp, dispatched):
    tournament = make_tournament(club, players=4, pairing_notices=True, notice_language="fr")
    with_addresses(tournament)
    round_ = publish(tournament)
    deliver(round_.pk)
    body = text(smtp.mailbox.messages[0])
    assert "Blancs" in body or "Noirs" in body, body  # the catalogue's "White" / "Black"


def test_a_player_who_registered_online_gets_his_notice_in_his_language(club, smtp, dispatched, django_user_model):
    """The language he registered in, as his entry's mails; the others the tournament's."""
    tournament = make_tournament(club, players=4, pairing_notices=True, notice_language="fr")
    addresses = with_addresses(tournament)
    player = addresses["p1@example.org"]
    user = django_user_model.objects.create_user("p1", "p1@example.org")
    Registration.objects.create(tournament=tournament, user=user, name=player.name, player=player, language="it",
                                status=Registration.Status.APPROVED)
    deliver(publish(tournament).pk)
    bodies = {message["To"].lower(): text(message) for message in smtp.mailbox.messages}
    assert "Colore:" in bodies["p1@example.org"] and ("Bianco" in bodies["p1@example.org"]
                                                      or "Nero" in bodies["p1@example.org"])
    assert all("Colore:" not in body and ("Blancs" in body or "Noirs" in body)
               for address, body in bodies.items() if address != "p1@example.org")
    assert len(bodies) == 4


def test_a_notice_is_sent_once_per_round_and_player(club, smtp, dispatched):
    tournament = make_tournament(club, players=10, pairing_notices=True)
    with_addresses(tournament)
    round_ = publish(tournament)
    assert deliver(round_.pk) == 10
    assert deliver(round_.pk) == 0 and deliver() == 0  # nothing left to send
    with TestCase.captureOnCommitCallbacks(execute=True):
        assert notices.queue_notices(round_) == 0  # a publication run again creates no second notice
    with pytest.raises(Refused):
        publish_round(round_)  # published already
    assert smtp.mailbox.count() == 10 and Notice.objects.count() == 10
    assert set(smtp.mailbox.by_address().values()) == {1}


def test_no_notices_unless_the_setting_is_on(club, smtp, dispatched):
    tournament = make_tournament(club, players=6)
    with_addresses(tournament)
    publish(tournament)
    assert not Notice.objects.exists() and not dispatched and deliver() == 0


def test_unsubscribing_from_a_tournament_and_from_all(club, smtp, dispatched, client):
    tournament = make_tournament(club, players=6, pairing_notices=True)
    other = make_tournament(club, players=6, pairing_notices=True, name="Summer Open")
    with_addresses(tournament)
    with_addresses(other)
    url = reverse("notices:unsubscribe", args=[unsubscribe_token("p1@example.org", tournament.pk)])
    page = client.get(url)  # the link only asks
    assert page.status_code == 200 and b"p1@example.org" in page.content and not Unsubscription.objects.exists()
    assert client.post(url, {"scope": "tournament"}).status_code == 200  # no CSRF token: the token is the key
    every = reverse("notices:unsubscribe", args=[unsubscribe_token("P2@example.org", tournament.pk)])
    assert b"from any tournament" in client.post(every, {"scope": "all"}).content
    client.post(every, {"scope": "all"})  # twice is once
    # A mail program's one-click unsubscribe (RFC 8058): the tournament's notices.
    one_click = reverse("notices:unsubscribe", args=[unsubscribe_token("p3@example.org", other.pk)])
    assert client.post(one_click, {"List-Unsubscribe": "One-Click"}).status_code == 200
    assert Unsubscription.objects.count() == 3

    for event in (tournament, other):
        deliver(publish(event).pk)
    got = Counter((str(m["Subject"]).split(",")[0], str(m["To"]).lower()) for m in smtp.mailbox.messages)
    assert {a for (t, a) in got if t == "Spring Open"} == {f"p{n}@example.org" for n in (3, 4, 5, 6)}
    assert {a for (t, a) in got if t == "Summer Open"} == {f"p{n}@example.org" for n in (1, 4, 5, 6)}


def test_a_bad_unsubscribe_link_says_so_and_changes_nothing(client, db):
    token = unsubscribe_token("p1@example.org", 1)
    changed = token[:1] + ("A" if token[1] != "A" else "B") + token[2:]  # another address, same signature
    for bad in (token[:-2] + ("xx" if token[-2:] != "xx" else "yy"), "nonsense", changed):
        page = client.post(reverse("notices:unsubscribe", args=[bad]), {"scope": "all"})
        assert page.status_code == 400 and b"This link is not valid" in page.content
    assert not Unsubscription.objects.exists()


def test_a_refused_address_fails_and_the_arbiter_sends_again(club, smtp, dispatched, arbiter, client):
    tournament = make_tournament(club, players=6, pairing_notices=True)
    with_addresses(tournament)
    smtp.mailbox.refuse["p2@example.org"] = "550 5.1.1 No such user"
    round_ = publish(tournament)
    assert deliver(round_.pk) == 5
    failed = Notice.objects.get(state=Notice.State.FAILED)
    assert failed.address.lower() == "p2@example.org" and "No such user" in failed.last_error
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:round", args=[tournament.slug, 1])).content.decode()
    assert "Notices: 0 queued, 5 sent, 1 failed" in page and 'id="notices-resend"' in page

    # The arbiter corrects the player's address (a typo), then sends again: to the address as it is now.
    Player.objects.filter(email__iexact="p2@example.org").update(email="P2.fixed@Example.org")
    with TestCase.captureOnCommitCallbacks(execute=True):
        client.post(reverse("arbiter:notices_resend", args=[tournament.slug, 1]))
    assert dispatched == [round_.pk, round_.pk]
    assert AuditEntry.objects.filter(action="notices resent").count() == 1
    assert deliver(round_.pk) == 1
    assert smtp.mailbox.by_address()["p2.fixed@example.org"] == 1 and smtp.mailbox.count() == 6
    page = client.get(reverse("arbiter:round", args=[tournament.slug, 1])).content.decode()
    assert "Notices: 0 queued, 6 sent, 0 failed" in page and 'id="notices-resend"' not in page
    # Nothing failed any more: a second click is refused with a message, nothing changes.
    answer = client.post(reverse("arbiter:notices_resend", args=[tournament.slug, 1]), follow=True)
    assert "No notice of this round has failed." in answer.content.decode()


def test_the_server_down_puts_the_batch_back_for_a_later_try(club, smtp, dispatched, settings):
    settings.NOTICE_RETRY_AFTER = 0.2
    tournament = make_tournament(club, players=8, pairing_notices=True)
    with_addresses(tournament)
    smtp.stop()
    round_ = publish(tournament)
    assert round_.status == Round.Status.PUBLISHED  # published whatever the mail does
    assert deliver(round_.pk) == 0
    assert set(Notice.objects.values_list("state", "attempts", "claimed_until")) == {("queued", 1, None)}
    assert "Connection refused" in Notice.objects.first().last_error
    smtp.start()
    assert deliver(round_.pk) == 0  # not due yet
    time.sleep(0.25)
    assert deliver(round_.pk) == 8
    assert set(smtp.mailbox.by_address().values()) == {1} and smtp.mailbox.count() == 8


def test_a_batch_sends_only_the_notices_still_its_own(club, smtp, dispatched):
    # A batch is read once, then sent mail after mail: a notice deleted meanwhile (its round discarded)
    # or taken by another sender after this one's lease ran out (a slow server) is not sent from it.
    from datetime import timedelta

    from django.utils import timezone

    from pairing.rounds.mailer import claim, send_batch
    tournament = make_tournament(club, players=6, pairing_notices=True)
    with_addresses(tournament)
    round_ = publish(tournament)
    batch = claim(round_.pk)
    assert len(batch) == 6
    batch[0].delete()  # as the round's discard does
    Notice.objects.filter(pk=batch[1].pk).update(claimed_until=timezone.now() + timedelta(minutes=5))  # another's
    sent, reachable = send_batch(batch)
    assert (sent, reachable) == (4, True) and smtp.mailbox.count() == 4
    assert Notice.objects.get(pk=batch[1].pk).state == Notice.State.QUEUED  # the other sender's to send


def test_a_mail_that_cannot_be_made_fails_alone(club, smtp, dispatched, monkeypatch):
    # An error that is no SMTP one (a header refused, a row gone meanwhile) stopped the batch, and the
    # notice was claimed again and again, never failed.
    from pairing.rounds import mailer
    tournament = make_tournament(club, players=4, pairing_notices=True)
    with_addresses(tournament)
    round_ = publish(tournament)
    compose, broken = mailer._compose, Notice.objects.order_by("pk").first().pk

    def compose_or_fail(notice, *args):
        if notice.pk == broken:
            raise ValueError("Header values can't contain newlines")
        return compose(notice, *args)

    monkeypatch.setattr(mailer, "_compose", compose_or_fail)
    assert deliver(round_.pk) == 3
    failed = Notice.objects.get(state=Notice.State.FAILED)
    assert failed.pk == broken and "newlines" in failed.last_error


def test_the_last_try_fails_the_notice(club, smtp, dispatched, settings):
    settings.NOTICE_RETRY_AFTER, settings.NOTICE_ATTEMPTS = 0, 2
    tournament = make_tournament(club, players=2, pairing_notices=True)
    with_addresses(tournament)
    smtp.stop()
    round_ = publish(tournament)
    deliver(round_.pk)
    deliver(round_.pk)
    assert set(Notice.objects.values_list("state", "attempts")) == {("failed", 2)}


def test_the_round_start_time_is_set_on_the_round_page_and_shown_on_the_players_page(club, arbiter, client,
                                                                                        dispatched):
    tournament = make_tournament(club, players=5, pairing_notices=True)
    round_ = request(tournament)
    client.force_login(arbiter)
    url = reverse("arbiter:round_start", args=[tournament.slug, 1])
    assert "Enter a valid date/time." in client.post(url, {"starts_at": "tomorrow"}, follow=True).content.decode()
    client.post(url, {"starts_at": "2026-03-14T15:00"})
    round_.refresh_from_db()
    assert round_.starts_at == START
    assert AuditEntry.objects.filter(action="start time").count() == 1
    publish_round(round_)
    game = round_.games.exclude(black=None).select_related("white", "black").first()
    client.logout()
    page = client.get(reverse("public:player", args=[tournament.slug, game.black.pairing_number])).content.decode()
    assert 'id="pairing-notice"' in page
    assert f'<dd id="notice-board">{game.board}</dd>' in page and "March 14, 2026, 3 p.m." in page
    assert game.white.name in page.split('id="notice-opponent">')[1].split("</dd>")[0]


def test_email_url_settings():
    assert email_settings("smtp://ann:p%40ss@mail.example.org:587?tls=1") == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend", "EMAIL_HOST": "mail.example.org",
        "EMAIL_PORT": 587, "EMAIL_HOST_USER": "ann", "EMAIL_HOST_PASSWORD": "p@ss", "EMAIL_USE_SSL": False,
        "EMAIL_USE_TLS": True}
    assert email_settings("smtps://mail.example.org")["EMAIL_PORT"] == 465
    assert email_settings("console://")["EMAIL_BACKEND"].endswith("console.EmailBackend")
    assert email_settings("file:///var/mail/swiss")["EMAIL_FILE_PATH"] == "/var/mail/swiss"
    from django.core.exceptions import ImproperlyConfigured
    for bad in ("imap://mail.example.org", "smtp://mail.example.org:port"):
        with pytest.raises(ImproperlyConfigured):
            email_settings(bad)


# Faults, with real workers over Redis --------------------------------------------------------------

real_worker = pytest.mark.skipif(not os.environ.get("REDIS_URL") or connection.vendor != "postgresql",
                                 reason="needs REDIS_URL and PostgreSQL (make test sets them)")


def wait_for_mail(server, count: int, workers, timeout: float = 60) -> float:
    started = time.monotonic()
    while server.mailbox.count() < count:
        if time.monotonic() - started > timeout:
            pytest.fail(f"{server.mailbox.count()} of {count} mails after {timeout} s:\n"
                        + "\n".join(w.log.read_text() for w in workers))
        time.sleep(0.1)
    return time.monotonic() - started


def published_by_worker(club, worker, players: int) -> Round:
    tournament = make_tournament(club, players=0, pairing_notices=True)
    for i in range(players):
        register_player(tournament, Player(name=f"Player, {i:03d}", rating=2500 - 3 * i))
    addresses = with_addresses(tournament)
    round_ = wait_until_done(request_pairing(tournament), [worker])
    assert round_.status == Round.Status.DRAFT, round_.error
    publish_round(round_)  # commits: the sender goes to Redis
    return round_, addresses


WORKER_ENV = {"NOTICE_RETRY_AFTER": "1", "NOTICE_LEASE": "3", "NOTICE_BATCH": "20", "PAIRING_HEARTBEAT_EVERY": "0.5",
              "PAIRING_HEARTBEAT_TIMEOUT": "5"}


@real_worker
def test_the_server_down_during_publication_then_back_delivers_each_once(start_worker, club):  # noqa: F811
    server = SmtpServer()  # not started: down
    worker = start_worker(EMAIL_URL=server.url, **WORKER_ENV)
    try:
        round_, addresses = published_by_worker(club, worker, players=30)
        assert Round.objects.get(pk=round_.pk).status == Round.Status.PUBLISHED
        deadline = time.monotonic() + 30
        while not Notice.objects.filter(round=round_, attempts__gte=1).exclude(last_error="").exists():
            assert time.monotonic() < deadline, worker.log.read_text()
            time.sleep(0.1)
        server.start()  # back: the worker's watcher sends the notices once their next try is due
        took = wait_for_mail(server, 30, [worker])
        time.sleep(2)  # nothing more comes
        print(f"\nserver down during the publication: 30 notices delivered {took:.1f} s after it came back")
        assert server.mailbox.by_address() == Counter(dict.fromkeys(addresses, 1))
        assert set(Notice.objects.filter(round=round_).values_list("state", flat=True)) == {"sent"}
    finally:
        server.stop()


def kill_at(worker, message: int, answer: str | None):
    """Kill the whole worker (SIGKILL) while the server holds its ``message``-th mail: before it is
    accepted (``answer``: the server then refuses it, the sender never hears) or, with None, right after."""
    def kill(number):
        if number == message:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()
            return answer
        return None
    return kill


@real_worker
@pytest.mark.parametrize("pool", ["prefork", "solo"])
def test_a_worker_killed_mid_batch_sends_each_notice_exactly_once(start_worker, club, pool):  # noqa: F811
    server = SmtpServer().start()
    first = start_worker(pool=pool, EMAIL_URL=server.url, **WORKER_ENV)
    try:
        server.mailbox.before_accept = kill_at(first, 50, "451 4.3.0 Try again later")
        round_, addresses = published_by_worker(club, first, players=120)
        wait_for_mail(server, 49, [first])
        first.wait(timeout=30)
        assert server.mailbox.count() == 49  # killed in the middle of the third batch
        second = start_worker(pool=pool, EMAIL_URL=server.url, **WORKER_ENV)  # what docker compose restarts
        took = wait_for_mail(server, 120, [first, second])
        time.sleep(2)
        print(f"\nworker killed at mail 50 of 120: the rest delivered by a new worker in {took:.1f} s")
        assert server.mailbox.by_address() == Counter(dict.fromkeys(addresses, 1))  # none twice, none lost
        assert Notice.objects.filter(round=round_, state=Notice.State.SENT).count() == 120
    finally:
        server.stop()


@real_worker
def test_the_one_window_a_kill_after_the_server_took_the_mail_resends_it_recognisably(start_worker, club):  # noqa: F811
    # The window mailer.py documents: the server accepted mail 30, the sender was killed before its mark
    # was committed.  That one mail comes twice, with the same Message-ID; every other once.
    server = SmtpServer().start()
    first = start_worker(EMAIL_URL=server.url, **WORKER_ENV)
    try:
        server.mailbox.after_accept = kill_at(first, 30, None)
        _round, addresses = published_by_worker(club, first, players=60)
        first.wait(timeout=60)
        second = start_worker(EMAIL_URL=server.url, **WORKER_ENV)
        wait_for_mail(server, 61, [first, second])
        time.sleep(2)
        twice = [a for a, n in server.mailbox.by_address().items() if n == 2]
        assert len(twice) == 1 and set(server.mailbox.by_address().values()) <= {1, 2}
        assert set(server.mailbox.by_address()) == set(addresses)
        ids = [m["Message-ID"] for m in server.mailbox.messages if str(m["To"]).lower() == twice[0]]
        assert len(ids) == 2 and ids[0] == ids[1]
    finally:
        server.stop()


def test_on_the_sqlite_default_a_thread_sends_the_notices_to_files(tmp_path):
    # No Redis: the sender is a thread of the web process; no EMAIL_URL but a folder: one file per batch.
    env = {**sqlite_env(tmp_path / "mail.sqlite3"), "EMAIL_URL": f"file://{tmp_path / 'mail'}"}
    run = subprocess.run([sys.executable, "-m", "tests.app.sqlite_notices"], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["states"] == ["sent"] * 7
    written = "".join(path.read_text() for path in (tmp_path / "mail").iterdir())
    assert all(written.count(f"To: p{n}@example.org") == 1 for n in range(1, 8)), written


def test_on_the_sqlite_default_notices_left_queued_are_sent_when_the_app_starts_again(tmp_path):
    # No worker, so no watcher: a web process stopped before its sender thread ran leaves the notices
    # queued; the next start of the application (config/wsgi.py) hands them to a sender.
    env = {**sqlite_env(tmp_path / "mail.sqlite3"), "EMAIL_URL": f"file://{tmp_path / 'mail'}"}

    def run(mode: str) -> list[str]:
        done = subprocess.run([sys.executable, "-m", "tests.app.sqlite_notices", mode], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout.strip().splitlines()[-1])["states"]

    assert run("stop") == ["queued"] * 7
    assert not (tmp_path / "mail").exists() or not any((tmp_path / "mail").iterdir())
    assert run("restart") == ["sent"] * 7
    written = "".join(path.read_text() for path in (tmp_path / "mail").iterdir())
    assert all(written.count(f"To: p{n}@example.org") == 1 for n in range(1, 8)), written


@real_worker
def test_with_connections_side_by_side_a_kill_loses_none_and_repeats_at_most_one_per_connection(
        start_worker, club):  # noqa: F811
    server = SmtpServer().start()
    env = {**WORKER_ENV, "NOTICE_CONNECTIONS": "4"}
    first = start_worker(EMAIL_URL=server.url, **env)
    try:
        server.mailbox.before_accept = kill_at(first, 50, "451 4.3.0 Try again later")
        _round, addresses = published_by_worker(club, first, players=120)
        first.wait(timeout=60)
        second = start_worker(EMAIL_URL=server.url, **env)
        wait_for_mail(server, 120, [first, second])
        time.sleep(2)
        counts = server.mailbox.by_address()
        assert set(counts) == set(addresses)  # none lost
        again = [a for a, n in counts.items() if n > 1]
        assert len(again) <= 3 and max(counts.values()) <= 2, counts  # the other connections' mails in flight
        for address in again:
            ids = {m["Message-ID"] for m in server.mailbox.messages if str(m["To"]).lower() == address}
            assert len(ids) == 1  # the copy is recognisable
    finally:
        server.stop()


def test_a_team_event_tells_every_player_his_teams_match_not_a_bye(club, smtp, dispatched):
    """C.04.6: at publication the boards are not known (the line-ups come later): each player of a team
    is told the match, the opposing team, his team's colour on board 1 and the start; the players of the
    team with the PAB are told their team's bye, no individual "pairing-allocated bye"."""
    from django.test import Client

    from tests.app.teams import make_league
    from tournaments.queries.notices import player_notice
    league = make_league(club, teams=5, boards=2, roster=3, rounds=3)
    league.pairing_notices = True
    league.save(update_fields=["pairing_notices"])
    players = with_addresses(league)
    round_ = publish(league, starts_at=START)
    assert deliver(round_.pk) == 15  # every player of the five teams, the PAB's too
    mails = {str(m["To"]).lower(): text(m) for m in smtp.mailbox.messages}
    assert sorted(mails) == sorted(players)
    for match in round_.matches.select_related("white_team", "black_team"):
        for team, other, colour in ((match.white_team, match.black_team, "White"),
                                    (match.black_team, match.white_team, "Black")):
            for member in team.members.all() if team else []:
                body = mails[member.player.email.lower()]
                assert "You have the pairing-allocated bye" not in body and "Start: March 14, 2026, 3 p.m." in body
                if other is None:
                    assert f"Your team {team.name} has the pairing-allocated bye in this round" in body
                else:
                    assert f"Your team {team.name} plays match {match.number}." in body
                    assert f"Opposing team: {other.name}" in body
                    assert f"Your team's colour on board 1: {colour}" in body
    assert sum("has the pairing-allocated bye" in body for body in mails.values()) == 3  # one team of three
    bye_team = round_.matches.get(black_team=None).white_team
    notice = player_notice(bye_team.members.first().player)
    assert notice.team == bye_team.name and notice.bye and notice.board == 0
    match = round_.matches.get(number=1)
    member = match.black_team.members.first().player
    page = Client().get(reverse("public:player", args=[league.slug, member.pairing_number])).content.decode()
    assert f"Your team {match.black_team.name} plays match 1." in page
    assert f'<dd id="notice-opponent-team">{match.white_team.name}</dd>' in page


def test_the_start_of_an_unmigrated_site_reads_no_notice_and_says_so(monkeypatch, settings, caplog):
    # config/wsgi.py calls resume() before any migration has run on a new machine: a line in the log, no crash.
    from celery import current_app
    from django.db import OperationalError

    monkeypatch.setattr(current_app.conf, "task_always_eager", True)

    def unmigrated(*args, **kwargs):
        raise OperationalError("no such table: tournaments_notice")

    monkeypatch.setattr(Notice.objects, "filter", unmigrated)
    assert notices.resume() == 0
    assert "the notices left queued could not be read: no such table" in caplog.text
