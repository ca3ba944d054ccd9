"""The Celery application: pairing runs as a task (``pairing.rounds.tasks``)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("swiss")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["pairing.rounds", "tournaments.queries"])
