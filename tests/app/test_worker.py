"""A round paired by a real Celery worker over Redis, on the test database (PostgreSQL).

Needs REDIS_URL and a PostgreSQL DATABASE_URL (``make test`` sets both).
"""

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.db import connection

from config import celery_app
from tournaments.models import Round

from .conftest import make_tournament

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not os.environ.get("REDIS_URL") or connection.vendor != "postgresql",
                                reason="needs REDIS_URL and PostgreSQL (make test sets them)")


@pytest.fixture
def worker(transactional_db):
    """A Celery worker process on a queue of its own, reading the test database."""
    queue = f"test-{uuid.uuid4().hex[:8]}"
    settings = connection.settings_dict
    database_url = (f"postgres://{settings['USER']}@{settings['HOST'] or '127.0.0.1'}:"
                    f"{settings['PORT'] or 5432}/{settings['NAME']}")
    env = {**os.environ, "DATABASE_URL": database_url, "CELERY_QUEUE": queue,
           "CELERY_TASK_ALWAYS_EAGER": "0"}
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--concurrency=1",
         "--without-heartbeat", "--without-gossip", "--without-mingle", "-l", "info"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    celery_app.conf.task_always_eager = False
    celery_app.conf.task_default_queue = queue
    try:
        yield process
    finally:
        celery_app.conf.task_always_eager = True
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


def test_a_real_worker_pairs_the_round(worker, club):
    from pairing import services as pairing

    tournament = make_tournament(club, players=11, rounds=5)
    round_ = pairing.request_pairing(tournament)  # commits at once: the task goes to Redis
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        round_.refresh_from_db()
        if round_.status != Round.Status.PAIRING:
            break
        time.sleep(0.2)
    else:
        worker.terminate()
        pytest.fail("the worker did not pair the round within 60 s:\n" + worker.stdout.read())
    assert round_.status == Round.Status.DRAFT, round_.error
    assert round_.games.count() == 6 and round_.games.filter(black__isnull=True).count() == 1
