"""The cache of what the public pages show, keyed by the tournament's revision.

Every save or delete of a tournament, of its players, rounds, games or absences adds one to
``Tournament.revision`` in the same transaction (the signals below, sent before the row is
written, so writers take the tournament's row before the rows they change; a service that locks
a row before changing it takes the tournament's first: ``services.lock_tournament``).  A reader
takes the revision first and the data after it, so what is cached under a revision is never
older than that revision: a result entered is on the next page served.  Bulk writes send no
signal; code that makes one calls :func:`bump` itself (``services.setup.draw_lots``,
``services.assign_pairing_numbers``).

A cache that is down or slow makes the pages slower, never an error page.
"""

from __future__ import annotations

import logging

from django.core.cache import cache
from django.db.models import F
from django.db.models.signals import pre_delete, pre_save

from tournaments.models import Absence, Game, Player, Round, Tournament

log = logging.getLogger(__name__)

#: The lookup from a tournament to a row of each model, and the row's field that leads there.
TOURNAMENT_OF = {
    Player: ("pk", "tournament_id"),
    Round: ("pk", "tournament_id"),
    Game: ("round_set", "round_id"),
    Absence: ("players", "player_id"),
}


def bump(**lookup) -> None:
    """One more revision for the tournament(s) of ``lookup`` (``pk=...``)."""
    Tournament.objects.filter(**lookup).update(revision=F("revision") + 1)


def _changed(sender, instance, raw=False, **kwargs) -> None:
    if raw:
        return  # loaddata
    lookup, field = TOURNAMENT_OF[sender]
    bump(**{lookup: getattr(instance, field)})


def connect_signals() -> None:
    for model in TOURNAMENT_OF:
        pre_save.connect(_changed, sender=model, dispatch_uid=f"revision-save-{model.__name__}")
        pre_delete.connect(_changed, sender=model, dispatch_uid=f"revision-delete-{model.__name__}")


def get(key: str):
    try:
        return cache.get(key)
    except Exception:  # the cache server down or slow: compute instead
        log.warning("cache unavailable, reading %s from the database", key, exc_info=True)
        return None


def put(key: str, value) -> None:
    try:
        cache.set(key, value)
    except Exception:
        log.warning("cache unavailable, %s not stored", key, exc_info=True)
