"""The watcher: a round whose pairing task is lost is sent again once, then failed with a message.

A task is lost when its heartbeat stopped (``heartbeat.py``: the worker was killed, restarted or
ran out of memory) or when no worker took it within ``PAIRING_QUEUE_GRACE`` seconds while no
other pairing computes (the web process died between the commit and the queueing, or no worker
runs); while a worker beats (``worker_alive``) it may wait ``PAIRING_QUEUE_WAIT`` seconds behind
the other tasks of the queue.  It is sent again with a new task id (a late delivery of the old one then does nothing),
up to ``PAIRING_RESTARTS`` times; then the round fails (back to pairable, nothing lost) with a
message that says what happened and what to do.  An entry of the outbox left unsent is sent.

It runs wherever somebody looks at a round being paired (the round page's status poll, the API's
round status, a request to pair) and in every Celery worker, in a thread of its main process
every ``PAIRING_HEARTBEAT_EVERY`` seconds (``Watcher``, started by ``tasks.py``): no beat process.
Every change is one conditional UPDATE, so any number of watchers act once.  When tasks run in
the web process (no Redis), the watcher never sends: a lost pairing fails at once.
"""

from __future__ import annotations

import logging
import threading
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.db.models import Exists, F, OuterRef, Q
from django.db.models.functions import Now

from pairing.rounds.notices import watch_notices
from pairing.rounds.outbox import new_task_id, send
from pairing.rounds.timing import duration, fail_past_time_limit, log_failure, stale_after
from tournaments import audit
from tournaments.models import Round

log = logging.getLogger(__name__)

STOPPED = ("The pairing stopped without finishing ({tries}): the process pairing it was lost (a worker "
           "stopped, restarted or ran out of memory). Nothing was paired and nothing was lost: pair again; if it "
           "happens again, ask whoever runs the server to check the pairing worker.")
NOT_TAKEN = ("No pairing worker took the round within {grace} ({tries}): the pairing service seems to be "
             "stopped. Nothing was paired and nothing was lost: pair again once it runs (whoever runs the server "
             "starts the Celery worker), or discard.")


STAGES = ("queued", "computing", "resent", "failed", "done")


def stage(round_: Round) -> str:
    """What the arbiter's page and the API say of a round: queued, computing, resent (sent again,
    not yet taken), failed, or done (a draft or published)."""
    if round_.status == Round.Status.FAILED:
        return "failed"
    if round_.status != Round.Status.PAIRING:
        return "done"
    if round_.started_at:
        return "computing"
    return "resent" if round_.resent else "queued"


def _eager() -> bool:
    return bool(current_app.conf.task_always_eager)


def _worker_key() -> str:
    return f"pairing:worker-alive:{current_app.conf.task_default_queue}"


def worker_alive() -> bool:
    """Whether a worker of this queue beat within ``PAIRING_HEARTBEAT_TIMEOUT`` seconds (``Watcher``);
    a cache that cannot be read says no (as before there was this beat)."""
    try:
        return bool(cache.get(_worker_key()))
    except Exception:  # Redis down: the queue grace alone decides
        return False


def _queue_grace() -> float:
    """How long a task may wait to be taken: the queue grace when no worker beats, else
    ``PAIRING_QUEUE_WAIT`` (the worker is busy with other tasks, a long delivery of notices say:
    the pairing waits its turn)."""
    return settings.PAIRING_QUEUE_WAIT if worker_alive() else settings.PAIRING_QUEUE_GRACE


def _lost(grace: float) -> tuple[Q, Q]:
    """Rounds whose task stopped beating, and rounds whose task no worker took within ``grace`` s."""
    timeout = Now() - timedelta(seconds=settings.PAIRING_HEARTBEAT_TIMEOUT)
    busy = Round.objects.filter(status=Round.Status.PAIRING, heartbeat_at__gte=timeout).exclude(pk=OuterRef("pk"))
    not_taken = Q(started_at__isnull=True, queued_at__lt=Now() - timedelta(seconds=grace))
    return Q(started_at__isnull=False, heartbeat_at__lt=timeout), not_taken & ~Exists(busy)


def watch_round(round_: Round) -> bool:
    """Act on ``round_`` if it is being paired and its task is lost, unsent or overran; True if
    it changed (``round_`` is then read again).  Called outside a transaction: what it sends goes
    at once, and what it writes must not be rolled back."""
    if round_.status != Round.Status.PAIRING:
        return False
    changed = _act(round_)
    if changed:
        round_.refresh_from_db()
    return changed


def _act(round_: Round) -> bool:
    if not round_.task_sent and not _eager():
        send(round_.pk)  # the outbox's entry left unsent: sent once, whoever comes first
    mine = Round.objects.filter(pk=round_.pk, status=Round.Status.PAIRING, task_id=round_.task_id)
    if mine.filter(started_at__lt=Now() - timedelta(seconds=stale_after(round_.tournament))).exists():
        fail_past_time_limit(round_.pk, round_.task_id)  # beats, but never stopped at its limit
        return True
    grace = _queue_grace()
    stopped, not_taken = _lost(grace)
    restarts = 0 if _eager() else settings.PAIRING_RESTARTS
    task_id = new_task_id()
    if mine.filter(stopped | not_taken, resent__lt=restarts).update(
            task_id=task_id, queued_at=Now(), task_sent=False, started_at=None, heartbeat_at=None,
            resent=F("resent") + 1, progress_done=0, progress_total=0, progress_size=0):
        log.warning("%s: its pairing task was lost; sent again", round_)
        audit.record(round_.tournament_id, audit.Kind.ROUND, "resent",
                     f"Round {round_.number}: the pairing task was lost and sent again", via="task")
        send(round_.pk)
        return True
    tries = f"{round_.resent + 1} {'try' if round_.resent == 0 else 'tries'}"
    for lost, message in ((stopped, STOPPED.format(tries=tries)),
                          (not_taken, NOT_TAKEN.format(grace=duration(grace), tries=tries))):
        if mine.filter(lost).update(status=Round.Status.FAILED, error=message):
            log.warning("%s failed: its pairing task was lost", round_)
            log_failure(round_.tournament_id, round_.number, message)
            return True
    return False


def watch_all() -> int:
    """Watch every round being paired; how many changed."""
    return sum(watch_round(round_) for round_ in
               Round.objects.filter(status=Round.Status.PAIRING).select_related("tournament"))


class Watcher(threading.Thread):
    """The watcher in a worker's main process: ``watch_all`` every ``PAIRING_HEARTBEAT_EVERY`` s."""

    def __init__(self):
        super().__init__(name="pairing-watcher", daemon=True)
        self.stopped = threading.Event()

    def run(self) -> None:
        try:
            while not self.stopped.wait(settings.PAIRING_HEARTBEAT_EVERY):
                try:
                    cache.set(_worker_key(), True, timeout=settings.PAIRING_HEARTBEAT_TIMEOUT)  # worker_alive()
                    watch_all()
                    watch_notices()  # pairing notices left unsent (notices.py)
                except Exception:  # a database or broker that blinks: the next pass tries again
                    log.exception("the pairing watcher failed")
                    connection.close()
        finally:
            connection.close()
