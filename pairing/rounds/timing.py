"""A round being paired: its time limit, the task it is being paired by, a round failed."""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import transaction

from tournaments import audit
from tournaments.models import Round, Tournament

log = logging.getLogger(__name__)


def duration(seconds: int) -> str:
    """``45 s``, ``10 min``, ``2 min 05 s``: a time limit or a pairing's running time."""
    minutes, seconds = divmod(max(int(seconds), 0), 60)
    if not minutes:
        return f"{seconds} s"
    return f"{minutes} min {seconds:02d} s" if seconds else f"{minutes} min"


def current(round_id: int, task_id: str | None):
    """The round while it is being paired by ``task_id`` (no ``task_id``: by whichever task, as
    when ``run_pairing`` is called directly); the watcher gives a lost round a new task id."""
    rounds = Round.objects.filter(pk=round_id, status=Round.Status.PAIRING)
    return rounds.filter(task_id=task_id) if task_id else rounds


def stale_after(tournament: Tournament) -> int:
    """Seconds after its start past which a task that still beats has overrun: no task runs longer
    than its tournament's limit plus the hard-kill delay (the watcher fails it, ``watch.py``)."""
    return tournament.pairing_time_limit + settings.PAIRING_KILL_AFTER + settings.PAIRING_STALE_MARGIN


def fail_past_time_limit(round_id: int, task_id: str | None = None) -> None:
    """The round goes back to not paired with a message: its pairing passed the tournament's limit."""
    limit = Tournament.objects.filter(round_set__pk=round_id).values_list("pairing_time_limit", flat=True).first()
    fail(round_id, f"The pairing did not finish within the tournament's time limit ({duration(limit or 0)}): "
                    f"the round is not paired. Pair again, or give the engine more time in the tournament's "
                    f"settings.", task_id)


def fail(round_id: int, message: str, task_id: str | None = None) -> None:
    """The round, if still being paired (by ``task_id`` when given), fails with ``message``."""
    with transaction.atomic():
        if current(round_id, task_id).update(status=Round.Status.FAILED, error=message):
            tournament_id, number = Round.objects.values_list("tournament_id", "number").get(pk=round_id)
            log_failure(tournament_id, number, message)


def log_failure(tournament_id: int, number: int, message: str) -> None:
    audit.record(tournament_id, audit.Kind.ROUND, "failed", f"Round {number}: the pairing failed", via="task",
                 before={"round": number, "status": Round.Status.PAIRING.label},
                 after={"round": number, "status": Round.Status.FAILED.label, "error": message})
