"""The tables of a tournament built again in the background once a change is committed (a Celery
task: in the worker, or in the process itself when tasks run eagerly), so that the first reader
of the new revision finds them made (tournaments/cache.py)."""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import transaction

from tournaments.models import Tournament
from tournaments.queries.standings import crosstable, points_before

log = logging.getLogger(__name__)


@shared_task(name="tournaments.build_tables", ignore_result=True)
def build_tables(tournament_id: int) -> None:
    """The tables the public pages read of the tournament as it now stands: the standings after the
    last complete round, and the points before the last published round (its board list)."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return
    completed = tournament.completed_rounds()
    if completed:
        crosstable(tournament, completed)
    latest = max(tournament.published_round_numbers(), default=None)
    if latest is not None:
        points_before(tournament, latest)


def build_soon(tournament: Tournament) -> None:
    """Build the tournament's tables once the current transaction commits; a broker that is down
    leaves them to the first reader."""
    def send():
        try:
            build_tables.apply_async((tournament.pk,), retry=False)
        except Exception:
            log.warning("tables of tournament %s left to the first reader", tournament.pk, exc_info=True)
    transaction.on_commit(send, robust=True)
