"""The cache of what the public pages show, keyed by the tournament's revision.

Every save or delete of a tournament, of its players, rounds, games or absences adds one to
``Tournament.revision`` in the same transaction (the signals below, sent before the row is
written, so writers take the tournament's row before the rows they change; a service that locks
a row before changing it takes the tournament's first: ``services.lock_tournament``).  A reader
takes the revision first and the data after it, so what is cached under a revision is never
older than that revision: a result entered is on the next page served (by another web process,
within ``REVISION_TTL``, a second: the revisions it read, it trusts that long).  Bulk writes send no
signal; code that makes one calls :func:`bump` itself (``services.setup.draw_lots``,
``services.assign_pairing_numbers``).

The tables cached are plain data (tuples of numbers and strings: no model instance, no lazy
translation), so that they pickle small and read back fast; the pages, their responses.
:func:`shared` builds a value once per key, whatever the number of readers asking at once (one
builds under a lock in the cache, the others wait for its copy), and keeps the last values read
in this process's memory too: a key names a revision, so a copy never goes stale.

A cache that is down or slow makes the pages slower, never an error page.
"""

from __future__ import annotations

import contextvars
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.db import transaction
from django.db.models import F
from django.db.models.signals import post_delete, post_save, pre_delete, pre_save

from tournaments.models import Absence, Game, Player, Prize, Round, Tournament

log = logging.getLogger(__name__)
T = TypeVar("T")

#: How long a reader waits for another's build of a value before building it himself (seconds).
WAIT = 20.0
#: How often a waiting reader looks for the value.
POLL = 0.02
#: How long a reader waits for another's build of a value that has a previous revision, before he
#: is served that previous revision (a big event's table takes seconds to build).
BRIEF = 0.5

#: Whether this request was served a previous revision of a value (so its page is not kept).
_stale = contextvars.ContextVar("stale", default=False)


def fresh() -> None:
    """A request starts: nothing stale served yet."""
    _stale.set(False)


def stale() -> bool:
    """Whether a value served to this request since :func:`fresh` was a previous revision's."""
    return _stale.get()

#: The lookup from a tournament to a row of each model, and the row's field that leads there.
TOURNAMENT_OF = {
    Player: ("pk", "tournament_id"),
    Round: ("pk", "tournament_id"),
    Game: ("round_set", "round_id"),
    Absence: ("players", "player_id"),
    Prize: ("pk", "tournament_id"),
}


def bump(**lookup) -> None:
    """One more revision for the tournament(s) of ``lookup`` (``pk=...``): this process reads the
    revisions again, now and once the change is committed."""
    Tournament.objects.filter(**lookup).update(revision=F("revision") + 1)
    _revisions.clear()
    transaction.on_commit(_revisions.clear)


def _changed(sender, instance, raw=False, **kwargs) -> None:
    if raw:
        return  # loaddata
    lookup, field = TOURNAMENT_OF[sender]
    bump(**{lookup: getattr(instance, field)})


def _saved(sender, **kwargs) -> None:
    """A tournament saved (``Tournament.save`` moves its revision on itself): this process reads the
    revisions again."""
    _revisions.clear()


def connect_signals() -> None:
    for model in TOURNAMENT_OF:
        pre_save.connect(_changed, sender=model, dispatch_uid=f"revision-save-{model.__name__}")
        pre_delete.connect(_changed, sender=model, dispatch_uid=f"revision-delete-{model.__name__}")
    post_save.connect(_saved, sender=Tournament, dispatch_uid="revisions-read-again")
    post_delete.connect(_saved, sender=Tournament, dispatch_uid="revisions-read-again-delete")


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


class Local:
    """The last values read in this process, newest last: a key names a revision, so a copy never
    goes stale; the oldest are dropped past ``size``."""

    def __init__(self, size: int):
        self.size, self.values, self.lock = size, OrderedDict(), threading.Lock()

    def get(self, key: str):
        with self.lock:
            value = self.values.get(key)
            if value is not None:
                self.values.move_to_end(key)
            return value

    def put(self, key: str, value) -> None:
        with self.lock:
            self.values[key] = value
            self.values.move_to_end(key)
            while len(self.values) > self.size:
                self.values.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.values.clear()


#: The tables (a 10,000-player event's takes some 50 MB) and the pages kept in this process.
TABLES, PAGES = Local(6), Local(300)
#: How long this process trusts a revision it read (seconds): a page served from this process's
#: memory asks nothing of the database or the cache server for that long.  A change made in this
#: process is seen at once (``bump`` forgets them); one made in another, within this delay.
REVISION_TTL = 1.0
#: At most this many kept: addresses of tournaments that do not exist are asked for too (anybody may
#: type one), and must not grow a process's memory without end.
MAX_REVISIONS = 10_000
_revisions: dict[object, tuple[float, object]] = {}


def revisions(key, read: Callable[[], T]) -> T:
    """What ``read()`` gives (revisions of tournaments), read again once ``REVISION_TTL`` is past."""
    now = time.monotonic()
    found = _revisions.get(key)
    if found is not None and found[0] > now:
        return found[1]
    value = read()
    if len(_revisions) >= MAX_REVISIONS:
        _revisions.clear()  # each is read again within a second anyway
    _revisions[key] = (now + REVISION_TTL, value)
    return value


def tournament_revision(slug: str) -> int | None:
    """The revision of the tournament ``slug`` (None: there is none), read as the public pages read it
    (``fronts.public.views.shared_page``: the same key, so one read a second per process)."""
    found = revisions(slug, lambda: list(Tournament.objects.order_by("pk").values_list("pk", "revision")
                                         .filter(slug=slug)))
    return found[0][1] if found else None


def forget() -> None:
    """Empty this process's copies (the tests do when they empty the cache)."""
    TABLES.clear()
    PAGES.clear()
    _revisions.clear()


def _claim(key: str) -> bool:
    """Whether this reader builds ``key`` (the others wait for his copy): the first to add the lock."""
    try:
        return cache.add(f"{key}:building", 1, timeout=int(WAIT) + 5)
    except Exception:
        log.warning("cache unavailable, building %s without a lock", key, exc_info=True)
        return True


def _release(key: str) -> None:
    try:
        cache.delete(f"{key}:building")
    except Exception:
        log.warning("cache unavailable, %s:building left to expire", key, exc_info=True)


def _awaited(key: str, wait: float):
    """The value another reader is building, once stored; None if he takes longer than ``wait``."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        time.sleep(POLL)
        value = get(key)
        if value is not None:
            return value
        try:
            if not cache.has_key(f"{key}:building"):  # he failed: build it here
                return None
        except Exception:
            return None
    return None


def shared(key: str, build: Callable[[], T], keep: Callable[[T], bool] = lambda value: True,
           local: Local | None = TABLES, family: str | None = None) -> T:
    """The value of ``key``, built by ``build()`` once for every process and reader asking at once.

    From this process's memory (``local``, if any), else the cache; else the first reader builds it
    under a lock while the others wait for it (``WAIT`` at most, then build it themselves).  With a
    ``family`` (the key without its revision), a reader who finds it being built waits ``BRIEF``,
    then is served the family's previous value if there is one (:func:`stale` tells him).  A value
    that ``keep`` refuses (an error page) is returned but not stored.  ``key`` must name everything
    the value depends on (a revision): a stored value is never replaced."""
    value = local.get(key) if local else None
    if value is None:
        value = get(key)
        if value is None:
            value, current = _built(key, build, keep, family)
            if not current:
                return value  # the previous revision's, for this reader only: never kept under ``key``
        if local and keep(value):
            local.put(key, value)
    return value


def _built(key: str, build: Callable[[], T], keep: Callable[[T], bool], family: str | None) -> tuple[T, bool]:
    """The value of ``key`` and True; or, while another reader builds it, the family's previous
    value and False."""
    claimed = _claim(key)
    if not claimed:
        value = _awaited(key, BRIEF if family else WAIT)
        if value is None and family:
            value = _previous(family)
            if value is not None:
                _stale.set(True)
                return value, False
            value = _awaited(key, WAIT)
        if value is not None:
            return value, True
    try:
        value = build()
        if keep(value):
            put(key, value)
            if family:
                put(f"latest:{family}", key)
    finally:
        if claimed:
            _release(key)
    return value, True


def _previous(family: str):
    """The last value built of ``family`` (a previous revision), or None."""
    key = get(f"latest:{family}")
    return None if key is None else (TABLES.get(key) or get(key))
