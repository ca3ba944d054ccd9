"""Pairing notices (issue 25): created with the round's publication, sent by a Celery task.

``queue_notices`` runs in the publishing transaction: one ``Notice`` per player with a board and an
e-mail address who did not unsubscribe, when the tournament's "pairing notices" setting is on;
(round, player) is unique, so a notice is never created twice.  Once that commits, ``dispatch`` hands
the round to the sender (``mailer.py``): a Celery task, or a thread of the web process when tasks
run in-process; publishing never waits for mail.  A registration's mails (services/registration.py)
are handed to the sender the same way, once their transaction commits (``services.notices.queued``,
connected by ``connect``).  The arbiter sets the round's start time and sends
the failed notices again from the round page (both audited).
"""

from __future__ import annotations

import logging
import threading
import time

from celery import current_app
from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.db.models import Q
from django.db.models.functions import Now
from django.utils.translation import gettext as _
from kombu.exceptions import OperationalError as BrokerError

from tournaments import audit, cache
from tournaments.models import AuditEntry, Notice, Round, is_team_event
from tournaments.queries.notices import team_players
from tournaments.services import Refused, lock_tournament
from tournaments.services.notices import addressed, queued

log = logging.getLogger(__name__)


def queue_notices(round_: Round) -> int:
    """Create the notices of ``round_`` (being published, in its transaction); how many were created."""
    tournament = round_.tournament
    if not tournament.pairing_notices:
        return 0
    paired = Q(pk__in=round_.games.values("white_id")) | Q(pk__in=round_.games.values("black_id"))
    if is_team_event(tournament):  # every player of a team paired
        paired = Q(pk__in=team_players(round_))
    told = Notice.objects.filter(round=round_, kind=Notice.Kind.PAIRING).values("player_id")
    players = addressed(tournament, paired & ~Q(pk__in=told))
    again = int(_told_before(round_))  # sequence 1: it replaces a discarded publication's notice
    created = Notice.objects.bulk_create([Notice(round=round_, player_id=pk, address=email, sequence=again)
                                          for pk, email in players],
                                         ignore_conflicts=True, batch_size=1000)  # (round, player) is unique
    if created:
        transaction.on_commit(lambda: dispatch(round_.pk))
    return len(created)


def notices_sent(round_: Round) -> int:
    """How many of the round's pairing notices were sent (recorded when it is discarded)."""
    return Notice.objects.filter(round=round_, kind=Notice.Kind.PAIRING, state=Notice.State.SENT).count()


def _told_before(round_: Round) -> bool:
    """Whether this round's number was published, its notices sent, then discarded (the audit log says)."""
    discarded = AuditEntry.objects.filter(tournament_id=round_.tournament_id, kind=audit.Kind.ROUND,
                                          action="discarded", before__round=round_.number)
    return any(before.get("notices sent") for before in discarded.values_list("before", flat=True))


def connect() -> None:
    """Send the mails the services put in the outbox once their transaction commits (PairingConfig.ready)."""
    queued.connect(_queued, sender=Notice, dispatch_uid="pairing.rounds.notices.dispatch")


def _queued(sender, round_id: int | None = None, **kwargs) -> None:
    dispatch(round_id)


def dispatch(round_id: int | None) -> None:
    """Hand the round's notices to the sender, without waiting for it.  A broker that cannot be reached
    loses nothing: the notices stay queued and a worker's watcher sends them (``mailer.watch_notices``)."""
    from pairing.rounds.mailer import deliver_until_done
    from pairing.rounds.tasks import send_notices_task

    if current_app.conf.task_always_eager:
        threading.Thread(target=_in_thread, args=(deliver_until_done, round_id), daemon=True,
                         name=f"notices-{round_id or 'registrations'}").start()
        return
    try:
        send_notices_task.apply_async((round_id,), retry=False)
    except (BrokerError, OSError):
        log.warning("the notices of round %s could not be queued: the watcher will send them", round_id)


def resume() -> int:
    """Tasks in-process (the embedded default: no worker, so no watcher): hand the notices a previous run of
    the web process left queued (stopped while sending, or waiting for a server's next try) to a sender, at
    the process's start (config/wsgi.py); how many rounds' (None counted: the registrations' mails)."""
    if not current_app.conf.task_always_eager:
        return 0
    try:
        rounds = list(Notice.objects.filter(state=Notice.State.QUEUED).values_list("round_id", flat=True)
                      .order_by().distinct())
    except DatabaseError as error:  # not migrated yet: nothing can be queued
        log.warning("the notices left queued could not be read: %s", error)
        return 0
    for round_id in rounds:
        dispatch(round_id)
    return len(rounds)


def _in_thread(deliver, round_id: int) -> None:
    try:
        deliver(round_id)
    except Exception:
        log.exception("the notices of round %s were not all sent", round_id)
    finally:
        connection.close()


#: When this process last queued a sender from its watcher (``watch_notices``).
_last_watch = {"queued": 0.0}


def watch_notices() -> bool:
    """Queue a sender when notices are due and nobody sends (no live claim): after a broker that was down,
    a server that was down (their next try due) or a killed sender (its lease run out).  Run by every
    worker's watcher (``watch.Watcher``), at most once per ``NOTICE_RETRY_AFTER`` seconds."""
    from pairing.rounds.mailer import due
    from pairing.rounds.tasks import send_notices_task

    if time.monotonic() - _last_watch["queued"] < settings.NOTICE_RETRY_AFTER:
        return False
    if Notice.objects.filter(state=Notice.State.QUEUED, claimed_until__gt=Now()).exists():
        return False  # a sender is at work
    if not Notice.objects.filter(due()).exists():
        return False
    _last_watch["queued"] = time.monotonic()
    send_notices_task.apply_async((None,), retry=False)
    return True


def send_failed_again(round_: Round, user=None) -> int:
    """Queue the round's failed notices again (their tries counted afresh); how many (audited)."""
    with transaction.atomic():
        lock_tournament(round_.tournament)
        failed = Notice.objects.filter(round=round_, state=Notice.State.FAILED)
        # To each player's address as it is now (corrected since, say), never to one unsubscribed since.
        current = dict(addressed(round_.tournament, Q(pk__in=failed.values("player_id"))))
        failed = failed.filter(player_id__in=current)  # the others stay failed: no address, or unsubscribed
        for notice in failed:
            if notice.address != current[notice.player_id]:
                notice.address = current[notice.player_id]
                notice.save(update_fields=["address"])
        count = failed.update(state=Notice.State.QUEUED, attempts=0, next_try_at=Now(), claimed_until=None)
        if not count:
            raise Refused(_("No notice of this round has failed."))
        audit.record(round_.tournament, audit.Kind.ROUND, "notices resent",
                     f"Round {round_.number}: {count} failed pairing notices sent again", user=user,
                     after={"round": round_.number, "notices": count})
        transaction.on_commit(lambda: dispatch(round_.pk))
    return count


def set_start(round_: Round, starts_at, user=None) -> None:
    """Set (or clear) when the round starts: told in its notices not yet sent and on the players' pages."""
    with transaction.atomic():
        stored = Round.objects.select_for_update().get(pk=round_.pk)
        if stored.starts_at == starts_at:
            return
        Round.objects.filter(pk=round_.pk).update(starts_at=starts_at)
        cache.bump(pk=round_.tournament_id)  # the players' pages show it
        audit.record(round_.tournament, audit.Kind.ROUND, "start time",
                     f"Round {round_.number}: start time set", user=user,
                     before={"round": round_.number, "starts at": _iso(stored.starts_at)},
                     after={"round": round_.number, "starts at": _iso(starts_at)})
    round_.starts_at = starts_at


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None
