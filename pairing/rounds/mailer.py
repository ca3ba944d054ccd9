"""The sender of the pairing notices (issue 25): claim a batch, send it over one SMTP connection,
mark each notice sent in its own commit right after the server took it.  The outbox holds a team
player's board notices (the line-ups in) and a registration's mails too (approved, refused, moved up
from the waiting list: ``Notice.Kind``), sent the same way.

A claim is a lease (``Notice.claimed_until``, ``NOTICE_LEASE`` seconds), taken with
``select_for_update(skip_locked=True)``: any number of senders share the queued notices and never
send one twice, and the notices of a sender that was killed are claimed again once its lease runs
out.  One window remains, as with any SMTP client: a sender killed after the server accepted a mail
and before its mark was committed (a millisecond or so) sends that one mail again; its Message-ID is
the same (``message_id``), so the copy is recognisable (and dropped by mail services that deduplicate).
With ``NOTICE_CONNECTIONS`` above 1 (connections side by side), the window is one mail per connection.

A server that cannot be reached (or answers 4xx) puts the batch back with the next try after
``NOTICE_RETRY_AFTER`` seconds, doubled at each try (at most 10 minutes), ``NOTICE_ATTEMPTS`` tries
in all; a server that refuses the address for good (5xx) fails the notice at once.  The arbiter sends
failed notices again from the round page (``notices.send_failed_again``).
"""

from __future__ import annotations

import contextlib
import logging
import smtplib
import threading
import time
from dataclasses import replace
from datetime import timedelta
from email.utils import parseaddr

from django import db
from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import transaction
from django.db.models import F, Min, Q
from django.db.models.functions import Now
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.models import Notice, Player, Registration, Round
from tournaments.queries.notices import PairingNotice, board_notice, round_notices
from tournaments.services.notices import unsubscribe_token

log = logging.getLogger(__name__)


def due() -> Q:
    """Notices to send now: queued, their next try due, claimed by nobody (or by a sender whose lease ran out)."""
    return (Q(state=Notice.State.QUEUED, next_try_at__lte=Now())
            & (Q(claimed_until__isnull=True) | Q(claimed_until__lt=Now())))


def claim(round_id: int | None = None) -> list[Notice]:
    """Up to ``NOTICE_BATCH`` due notices (of the round, or of any), leased to this sender."""
    notices = Notice.objects.filter(due())
    if round_id is not None:
        notices = notices.filter(round_id=round_id)
    with transaction.atomic():
        ids = list(notices.select_for_update(skip_locked=True).order_by("pk")
                   .values_list("pk", flat=True)[:settings.NOTICE_BATCH])
        Notice.objects.filter(pk__in=ids).update(claimed_until=Now() + timedelta(seconds=settings.NOTICE_LEASE),
                                                 attempts=F("attempts") + 1)
    return list(Notice.objects.filter(pk__in=ids).order_by("pk"))


def deliver(round_id: int | None = None) -> int:
    """Send the due notices over ``NOTICE_CONNECTIONS`` connections side by side (a thread each, with its
    own database connection), until none is left or the server fails; how many were sent."""
    if settings.NOTICE_CONNECTIONS <= 1:
        return _deliver_batches(round_id)
    counts = []

    def run() -> None:
        try:
            counts.append(_deliver_batches(round_id))
        finally:
            db.connection.close()

    threads = [threading.Thread(target=run, name=f"notices-sender-{i}") for i in range(settings.NOTICE_CONNECTIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(counts)


def _deliver_batches(round_id: int | None) -> int:
    """Claim and send batch after batch over one connection at a time."""
    sent = 0
    with marks_without_flush():
        while batch := claim(round_id):
            done, reachable = send_batch(batch)
            sent += done
            if not reachable:
                break
    return sent


@contextlib.contextmanager
def marks_without_flush():
    """PostgreSQL commits the marks without waiting for its disk (synchronous_commit off, this session only):
    a mark committed is kept whatever happens to the sender; only a crash of the database server itself
    could lose the last few marks (their mails then sent again, with their Message-ID).  A tenth of the time."""
    if db.connection.vendor != "postgresql":
        yield
        return
    with db.connection.cursor() as cursor:
        cursor.execute("SET synchronous_commit TO off")
    try:
        yield
    finally:
        with db.connection.cursor() as cursor:
            cursor.execute("RESET synchronous_commit")


def deliver_until_done(round_id: int | None) -> None:
    """Send the round's notices (None: the registrations' mails and any due), waiting for each next try,
    until none is queued (tasks run in-process: no worker's watcher to try again)."""
    while True:
        deliver(round_id)
        next_try = Notice.objects.filter(round_id=round_id, state=Notice.State.QUEUED).aggregate(
            at=Min("next_try_at"))["at"]
        if next_try is None:
            return
        time.sleep(min(max((next_try - timezone.now()).total_seconds(), 0.5), 600))


def still_mine(notice: Notice) -> bool:
    """Whether ``notice`` is still queued and leased to this sender (its lease as this sender set it),
    its lease then renewed: a batch on a slow server keeps it mail after mail, and a notice whose round
    was discarded meanwhile (deleted with it) or that another sender took after a lapsed lease is not
    sent from this batch's copy."""
    renewed = timezone.now() + timedelta(seconds=settings.NOTICE_LEASE)
    if not Notice.objects.filter(pk=notice.pk, state=Notice.State.QUEUED,
                                 claimed_until=notice.claimed_until).update(claimed_until=renewed):
        return False
    notice.claimed_until = renewed
    return True


def send_batch(batch: list[Notice]) -> tuple[int, bool]:
    """Send the batch over one connection; (how many were sent, whether the server could be reached)."""
    rounds, players, contents = _read(batch)
    connection = get_connection(fail_silently=False)
    try:
        connection.open()
    except (smtplib.SMTPException, OSError) as error:
        put_back(batch, error)
        return 0, False
    sent = 0
    try:
        for i, notice in enumerate(batch):
            if not still_mine(notice):  # its round discarded meanwhile, or its lease ran out: another has it
                continue
            try:
                message = _compose(notice, rounds, players, contents)
                if message is None:  # no board in the round any more, or the entry changed since
                    fail([notice], "nothing to tell any more: the board or the entry changed")
                    continue
                connection.send_messages([message])
            except (smtplib.SMTPException, OSError) as error:
                if refused_for_good(error):
                    fail([notice], error)
                    continue
                put_back(batch[i:], error)
                return sent, False
            except Exception as error:  # a mail that cannot be made (a header, a row gone): it, not the batch
                log.exception("notice %s cannot be sent", notice.pk)
                fail([notice], error)
                continue
            # Its own commit, right after the server took it: a kill now loses at most this mark.
            Notice.objects.filter(pk=notice.pk).update(state=Notice.State.SENT, sent_at=Now(), claimed_until=None,
                                                       last_error="")
            sent += 1
    finally:
        with contextlib.suppress(smtplib.SMTPException, OSError):
            connection.close()
    return sent, True


def _compose(notice: Notice, rounds: dict[int, Round], players: dict[int, Player],
             contents: dict[tuple[int, int], PairingNotice]) -> EmailMultiAlternatives | None:
    """The mail of ``notice`` by its kind; None when what it would tell is no longer true."""
    if notice.kind == Notice.Kind.BOARD:
        content = board_notice(notice, rounds[notice.round_id])
    elif notice.kind == Notice.Kind.PAIRING:
        content = contents.get((notice.round_id, notice.player_id))
        if content is not None and notice.sequence:  # the round paired again after its notices went out
            content = replace(content, corrected=True)
    else:
        return compose_registration(notice)
    return None if content is None else compose(notice, rounds[notice.round_id], players[notice.player_id], content)


def _read(batch: list[Notice]) -> tuple[dict[int, Round], dict[int, Player], dict[tuple[int, int], PairingNotice]]:
    """The batch's rounds, players, and what each notice says, by (round, player)."""
    rounds = {r.pk: r for r in Round.objects.defer(*Round.JSON_FIELDS).select_related("tournament")
              .filter(pk__in={n.round_id for n in batch if n.round_id})}
    # with each player's entry, whose language his mails are written in (compose)
    players = Player.objects.select_related("registration").in_bulk([n.player_id for n in batch if n.player_id])
    contents = {(round_id, player_id): content for round_id, round_ in rounds.items()
                for player_id, content in round_notices(round_, [n.player_id for n in batch if n.round_id == round_id
                                                                 and n.kind == Notice.Kind.PAIRING]).items()}
    return rounds, players, contents


def refused_for_good(error: Exception) -> bool:
    """The server refused this mail with a permanent (5xx) answer: trying again would not help."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _message in error.recipients.values())
    return isinstance(error, smtplib.SMTPResponseException) and error.smtp_code >= 500 and not isinstance(
        error, smtplib.SMTPServerDisconnected)


def reason(error) -> str:
    """What the server answered, as the arbiter reads it (``550 5.1.1 No such user``), not as Python writes it."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return "; ".join(f"{code} {message.decode(errors='replace') if isinstance(message, bytes) else message}"
                         for code, message in error.recipients.values())[:300]
    if isinstance(error, smtplib.SMTPResponseException):
        message = error.smtp_error
        return f"{error.smtp_code} {message.decode(errors='replace') if isinstance(message, bytes) else message}"[:300]
    return str(error)[:300] or type(error).__name__


def put_back(notices: list[Notice], error) -> None:
    """The server could not take them: tried again later with a growing delay, or failed after the last try."""
    text = reason(error)
    log.warning("pairing notices not sent (%s): %s", len(notices), text)
    last = [n.pk for n in notices if n.attempts >= settings.NOTICE_ATTEMPTS]
    fail([n for n in notices if n.pk in last], text)
    for attempts in {n.attempts for n in notices if n.pk not in last}:
        delay = min(settings.NOTICE_RETRY_AFTER * 2 ** (attempts - 1), 600)
        Notice.objects.filter(pk__in=[n.pk for n in notices if n.attempts == attempts], state=Notice.State.QUEUED
                              ).update(claimed_until=None, next_try_at=Now() + timedelta(seconds=delay),
                                       last_error=text)


def fail(notices: list[Notice], error) -> None:
    Notice.objects.filter(pk__in=[n.pk for n in notices]).update(
        state=Notice.State.FAILED, claimed_until=None, last_error=reason(error))


def message_id(notice: Notice) -> str:
    """The same for every sending of one notice: a copy sent again after a kill is recognisable."""
    domain = parseaddr(settings.DEFAULT_FROM_EMAIL)[1].rpartition("@")[2] or "localhost"
    if notice.kind != Notice.Kind.PAIRING:
        return f"<registration-{notice.kind}-{notice.registration_id}-{notice.pk}@{domain}>"
    return f"<{notice.kind}-notice-{notice.round_id}-{notice.pk}@{domain}>"  # pairing-notice-..., board-notice-...


def _unsubscribe_url(notice: Notice, tournament) -> str:
    return settings.SITE_URL + reverse("notices:unsubscribe", args=[unsubscribe_token(notice.address, tournament.pk)])


def _message(notice: Notice, subject: str, template: str, context: dict, unsubscribe_url: str
             ) -> EmailMultiAlternatives:
    """The mail: ``template``.txt and .html rendered in the active language, with its headers."""
    text = render_to_string(f"mail/{template}.txt", context)
    html = render_to_string(f"mail/{template}.html", context)
    message = EmailMultiAlternatives(subject, text, to=[notice.address], headers={
        "Message-ID": message_id(notice),
        "List-Unsubscribe": f"<{unsubscribe_url}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",  # RFC 8058: the link answers a POST too
    })
    message.attach_alternative(html, "text/html")
    return message


def compose(notice: Notice, round_: Round, player: Player, content: PairingNotice) -> EmailMultiAlternatives:
    """The mail of one notice, plain text and simple HTML, in the language the player registered in (else the
    tournament's notices', else the site's), as his entry's mails."""
    tournament = round_.tournament
    unsubscribe_url = _unsubscribe_url(notice, tournament)
    context = {"tournament": tournament, "player": player, "notice": content, "unsubscribe_url": unsubscribe_url,
               "player_url": settings.SITE_URL + reverse("public:player", args=[tournament.slug,
                                                                                player.pairing_number])}
    entry = getattr(player, "registration", None)  # none: not entered online
    with translation.override((entry and entry.language) or tournament.notice_language or settings.LANGUAGE_CODE):
        subject = _subject(content) % {"tournament": tournament.name, "number": content.round_number}
        return _message(notice, subject, "pairing_notice", context, unsubscribe_url)


def _subject(content: PairingNotice) -> str:
    """A notice's subject, in the active language: the pairing, or a team player's board (C.04.6)."""
    if not content.line_up:
        if content.corrected:
            return _("%(tournament)s, round %(number)s: paired again, your new pairing")
        return _("%(tournament)s, round %(number)s: your pairing")
    if not content.board:
        return _("%(tournament)s, round %(number)s: not in the line-up")
    if content.corrected:
        return _("%(tournament)s, round %(number)s: your board has changed")
    return _("%(tournament)s, round %(number)s: your board")


#: The states of an entry in which each of its mails still says the truth.
STILL_TRUE = {Notice.Kind.APPROVED: {Registration.Status.APPROVED}, Notice.Kind.REFUSED: {Registration.Status.REFUSED},
              Notice.Kind.PROMOTED: {Registration.Status.PENDING, Registration.Status.APPROVED}}


def compose_registration(notice: Notice) -> EmailMultiAlternatives | None:
    """A registration's mail (approved, refused, moved up), in the player's language (the one he registered
    in), else the tournament's notices' (or the site's); it says what the entry is when it is sent
    (None: the entry changed since, e.g. cancelled: the mail would not be true any more)."""
    entry = Registration.objects.select_related("tournament", "player").get(pk=notice.registration_id)
    if entry.status not in STILL_TRUE[notice.kind] or (entry.status == Registration.Status.APPROVED
                                                       and entry.player is None):
        return None
    tournament = entry.tournament
    unsubscribe_url = _unsubscribe_url(notice, tournament)
    context = {"tournament": tournament, "entry": entry, "kind": notice.kind, "unsubscribe_url": unsubscribe_url,
               "entry_url": settings.SITE_URL + (reverse("player:entry", args=[entry.player_id]) if entry.player_id
                                                 else reverse("player:home"))}
    with translation.override(entry.language or tournament.notice_language or settings.LANGUAGE_CODE):
        subject = {
            Notice.Kind.APPROVED: _("%(tournament)s: your entry is approved"),
            Notice.Kind.REFUSED: _("%(tournament)s: your entry is refused"),
            Notice.Kind.PROMOTED: _("%(tournament)s: you moved up from the waiting list"),
        }[notice.kind] % {"tournament": tournament.name}
        return _message(notice, subject, "registration", context, unsubscribe_url)
