"""The queueing's outbox: a round being paired records its task (``Round.task_id``, ``queued_at``,
``task_sent``) in the transaction that creates it; the task is sent once that is committed, and
an entry left unsent (the web process died in between) is sent by the watcher (``watch.py``).

Whoever sends first claims the entry by a conditional UPDATE, so it is sent once however many
look at it; a task arriving for a round whose ``task_id`` changed since (sent again) does nothing.
"""

from __future__ import annotations

import logging
import uuid

from django.conf import settings
from kombu.exceptions import OperationalError as BrokerError

from tournaments.models import Round

log = logging.getLogger(__name__)


def new_task_id() -> str:
    return str(uuid.uuid4())


def send(round_id: int) -> bool:
    """Send the round's task unless it was sent already; False if the broker cannot be reached
    (the entry stays unsent, for the watcher to try again)."""
    from pairing.rounds.tasks import pair_round_task

    unsent = Round.objects.filter(pk=round_id, status=Round.Status.PAIRING, task_sent=False)
    if not unsent.update(task_sent=True):
        return True  # sent by somebody else, or no longer being paired
    round_ = Round.objects.select_related("tournament").get(pk=round_id)
    if not round_.task_id:  # a round being paired when the outbox was added (migration 0012)
        round_.task_id = new_task_id()
        Round.objects.filter(pk=round_id).update(task_id=round_.task_id)
    limit = round_.tournament.pairing_time_limit
    try:
        # Retries and timeouts: CELERY_TASK_PUBLISH_RETRY_POLICY, CELERY_BROKER_TRANSPORT_OPTIONS.
        # The tournament's time limit: Celery raises SoftTimeLimitExceeded in the task, then kills it.
        pair_round_task.apply_async((round_id,), task_id=round_.task_id, retry=True, soft_time_limit=limit,
                                    time_limit=limit + settings.PAIRING_KILL_AFTER)
    except (BrokerError, OSError):
        log.exception("the pairing of %s could not be queued", round_)
        Round.objects.filter(pk=round_id, task_id=round_.task_id).update(task_sent=False)
        return False
    return True
