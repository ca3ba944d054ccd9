"""The Celery application: pairing runs as a task (``pairing.rounds.tasks``)."""

import os

from celery import Celery
from celery.signals import worker_ready, worker_shutdown

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("swiss")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["pairing.rounds", "tournaments.queries"])


@worker_ready.connect
def start_watcher(**kwargs) -> None:
    """Every worker watches the rounds being paired (pairing/rounds/watch.py): no beat process."""
    from pairing.rounds.watch import Watcher  # once Django is set up

    app.pairing_watcher = Watcher()
    app.pairing_watcher.start()


@worker_shutdown.connect
def stop_watcher(**kwargs) -> None:
    if getattr(app, "pairing_watcher", None):
        app.pairing_watcher.stopped.set()
