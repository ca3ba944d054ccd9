"""A round being paired: its time limit, and a round whose task was lost released
(``stale_after``: no beat process needed)."""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from tournaments import audit
from tournaments.models import Round, Tournament

log = logging.getLogger(__name__)


def duration(seconds: int) -> str:
    """``45 s``, ``10 min``, ``2 min 05 s``: a time limit or a pairing's running time."""
    minutes, seconds = divmod(max(int(seconds), 0), 60)
    if not minutes:
        return f"{seconds} s"
    return f"{minutes} min {seconds:02d} s" if seconds else f"{minutes} min"


def stale_after(tournament: Tournament) -> int:
    """Seconds after which a round still being paired has certainly lost its task: no task runs
    longer than its tournament's limit plus the hard-kill delay.  A worker that died whole is not
    waited for (Redis would give its task back only after PAIRING_REDELIVERY_AFTER, an hour): the
    arbiter gets the round back with a message, and a task arriving later finds it no longer being
    paired and stores nothing."""
    return tournament.pairing_time_limit + settings.PAIRING_KILL_AFTER + settings.PAIRING_STALE_MARGIN


def release_if_stale(round_: Round) -> bool:
    """Fail a round being paired for longer than any task can take (its task was lost)."""
    stale = stale_after(round_.tournament)
    if round_.status != Round.Status.PAIRING or timezone.now() - round_.requested_at < timedelta(seconds=stale):
        return False
    message = (f"The pairing did not finish within {duration(stale)}: the pairing service may have stopped. "
               f"Nothing was paired; pair again or discard.")
    released = Round.objects.filter(pk=round_.pk, status=Round.Status.PAIRING).update(
        status=Round.Status.FAILED, error=message)
    if released:
        log.warning("%s released: its pairing task was lost", round_)
        log_failure(round_.tournament_id, round_.number, message)
        round_.status, round_.error = Round.Status.FAILED, message
    return bool(released)


def fail_past_time_limit(round_id: int) -> None:
    """The round goes back to not paired with a message: its pairing passed the tournament's limit."""
    limit = Tournament.objects.filter(round_set__pk=round_id).values_list("pairing_time_limit", flat=True).first()
    fail(round_id, f"The pairing did not finish within the tournament's time limit ({duration(limit or 0)}): "
                    f"the round is not paired. Pair again, or give the engine more time in the tournament's "
                    f"settings.")


def fail(round_id: int, message: str) -> None:
    with transaction.atomic():
        if Round.objects.filter(pk=round_id, status=Round.Status.PAIRING).update(status=Round.Status.FAILED,
                                                                                 error=message):
            tournament_id, number = Round.objects.values_list("tournament_id", "number").get(pk=round_id)
            log_failure(tournament_id, number, message)


def log_failure(tournament_id: int, number: int, message: str) -> None:
    audit.record(tournament_id, audit.Kind.ROUND, "failed", f"Round {number}: the pairing failed", via="task",
                 before={"round": number, "status": Round.Status.PAIRING.label},
                 after={"round": number, "status": Round.Status.FAILED.label, "error": message})
