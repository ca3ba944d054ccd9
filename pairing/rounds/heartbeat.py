"""The task's heartbeat: while the engine computes, a small thread says every
``PAIRING_HEARTBEAT_EVERY`` seconds that the task is alive (``Round.heartbeat_at``, a one-row
UPDATE in autocommit: no lock is held), so that the watcher (``watch.py``) sees within seconds a
task whose worker died.  Times are the database's (``Now()``): the web and worker machines'
clocks never meet."""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import connection
from django.db.models.functions import Now

from pairing.rounds.timing import current

log = logging.getLogger(__name__)


class Heartbeat:
    """``start()`` marks the task started, then it beats until the ``with`` block ends.  A round
    that is no longer this task's (cancelled, sent again) is not touched: the engine's progress
    callback finds that out and stops it (``run.RoundProgress``)."""

    def __init__(self, round_id: int, task_id: str | None):
        self.round_id, self.task_id = round_id, task_id
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"heartbeat-{round_id}", daemon=True)

    def start(self) -> bool:
        """Mark the task started; False if the round is not this task's to pair."""
        if not current(self.round_id, self.task_id).update(started_at=Now(), heartbeat_at=Now()):
            return False
        self._thread.start()
        return True

    def __enter__(self) -> Heartbeat:
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def _run(self) -> None:
        try:
            while not self._stop.wait(settings.PAIRING_HEARTBEAT_EVERY):
                try:
                    current(self.round_id, self.task_id).update(heartbeat_at=Now())
                except Exception:  # a database that blinks: the next beat tries again
                    log.exception("the heartbeat of round %s failed", self.round_id)
        finally:
            connection.close()  # this thread's own connection
