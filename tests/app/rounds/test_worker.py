"""Rounds paired by real Celery workers over Redis, on the test database (PostgreSQL), and what
happens when a worker dies in the middle of a pairing or the engine passes its time limit.

Needs REDIS_URL and a PostgreSQL DATABASE_URL (``make test`` sets both).
"""

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from config import celery_app
from pairing.engine.bench import build
from pairing.engine.trf import dump
from pairing.rounds import request
from pairing.rounds.request import request_pairing
from pairing.rounds.watch import watch_round
from tests.app.conftest import make_tournament
from tournaments.exchange.trf_import import import_tournament
from tournaments.models import Round, Tournament

ROOT = Path(__file__).resolve().parents[3]
pytestmark = pytest.mark.skipif(not os.environ.get("REDIS_URL") or connection.vendor != "postgresql",
                                reason="needs REDIS_URL and PostgreSQL (make test sets them)")


@pytest.fixture
def start_worker(transactional_db, tmp_path):
    """Start Celery workers on a queue of their own, reading the test database; each logs to a file."""
    queue = f"test-{uuid.uuid4().hex[:8]}"
    settings = connection.settings_dict
    database_url = (f"postgres://{settings['USER']}@{settings['HOST'] or '127.0.0.1'}:"
                    f"{settings['PORT'] or 5432}/{settings['NAME']}")
    started = []

    def start(pool="solo", **env):
        log = tmp_path / f"worker-{len(started)}.log"
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", f"--pool={pool}", "--concurrency=1",
             "--without-heartbeat", "--without-gossip", "--without-mingle", "-l", "info"],
            cwd=ROOT, env={**os.environ, "DATABASE_URL": database_url, "CELERY_QUEUE": queue,
                           "CELERY_TASK_ALWAYS_EAGER": "0", **env},
            stdout=log.open("w"), stderr=subprocess.STDOUT, start_new_session=True)
        process.log = log
        started.append(process)
        return process

    celery_app.conf.task_always_eager = False
    celery_app.conf.task_default_queue = queue
    try:
        yield start
    finally:
        celery_app.conf.task_always_eager = True
        for process in started:
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()


BIG = 2000


@pytest.fixture(scope="session")
def big_trf():
    """2000 players after two rounds of the bench's quick Swiss: the engine takes a few seconds
    (four on this machine, Dutch 2026) for round 3, whose brackets hold hundreds of MDPs."""
    return dump(build(BIG, 9, 3, 1, "standard", quick=True))


def log_of(worker) -> str:
    return worker.log.read_text()


def wait_for_log(worker, text: str, count: int = 1, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while log_of(worker).count(text) < count:
        if time.monotonic() > deadline:
            pytest.fail(f"no {text!r} in the worker's log within {timeout} s:\n{log_of(worker)}")
        time.sleep(0.1)


def wait_until_done(round_: Round, workers, timeout: float = 120) -> Round:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        round_.refresh_from_db()
        if round_.status != Round.Status.PAIRING:
            return round_
        time.sleep(0.2)
    pytest.fail(f"round {round_.number} still being paired after {timeout} s:\n"
                + "\n".join(log_of(w) for w in workers))


def pool_children(worker) -> list[int]:
    return [int(pid) for pid in Path(f"/proc/{worker.pid}/task/{worker.pid}/children").read_text().split()]


def test_a_real_worker_pairs_the_round(start_worker, club):
    worker = start_worker()
    tournament = make_tournament(club, players=11, rounds=5)
    round_ = request_pairing(tournament)  # commits at once: the task goes to Redis
    round_ = wait_until_done(round_, [worker], timeout=60)
    assert round_.status == Round.Status.DRAFT, round_.error
    assert round_.games.count() == 6 and round_.games.filter(black__isnull=True).count() == 1


def test_a_pairing_survives_the_kill_of_its_worker_process(start_worker, club, big_trf):
    worker = start_worker(pool="prefork")
    tournament = import_tournament(club, big_trf)
    round_ = request_pairing(tournament)
    wait_for_log(worker, "pairing.pair_round[")
    time.sleep(1.5)  # into the engine
    round_.refresh_from_db()
    assert round_.status == Round.Status.PAIRING, "the engine finished before the kill: pair a bigger round"
    (child,) = pool_children(worker)
    os.kill(child, signal.SIGKILL)

    round_ = wait_until_done(round_, [worker])
    assert "signal 9" in log_of(worker)
    assert round_.status == Round.Status.DRAFT, round_.error  # redelivered to the new pool process
    assert round_.games.count() == BIG // 2


def test_a_pairing_survives_the_kill_of_the_whole_worker(start_worker, club, big_trf):
    first = start_worker(pool="prefork")
    tournament = import_tournament(club, big_trf)
    round_ = request_pairing(tournament)
    wait_for_log(first, "pairing.pair_round[")
    time.sleep(1.5)
    round_.refresh_from_db()
    assert round_.status == Round.Status.PAIRING, "the engine finished before the kill: pair a bigger round"
    os.killpg(first.pid, signal.SIGKILL)  # the worker and its pool: nobody acknowledges the task
    first.wait()

    # Another worker takes the task over once it has been unacknowledged for PAIRING_REDELIVERY_AFTER.
    second = start_worker(pool="prefork", PAIRING_REDELIVERY_AFTER="3")
    round_ = wait_until_done(round_, [first, second])
    assert round_.status == Round.Status.DRAFT, round_.error
    assert "pairing.pair_round[" in log_of(second)
    assert round_.games.count() == BIG // 2


def test_a_real_worker_reports_the_engines_progress(start_worker, club, big_trf):
    worker = start_worker(pool="prefork")
    tournament = import_tournament(club, big_trf)
    round_ = request_pairing(tournament)
    seen = set()
    deadline = time.monotonic() + 120
    while round_.status == Round.Status.PAIRING and time.monotonic() < deadline:
        seen.add((round_.progress_done, round_.progress_total, round_.progress_size))
        time.sleep(0.05)
        round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT, round_.error + log_of(worker)
    reported = [(done, total, size) for done, total, size in seen if total]
    assert reported, "no progress was written while the worker paired the round"
    # Before each bracket: (done, total, its size); the last report, while the boards are stored:
    # (total, total, 0).  The poll may see either.
    assert all((0 <= done < total and 0 < size <= BIG) or (done == total and size == 0)
               for done, total, size in reported), reported


@pytest.mark.parametrize("pool", ["prefork", "solo"])
def test_a_pairing_past_its_time_limit_goes_back_to_not_paired(start_worker, club, big_trf, pool):
    # prefork: Celery's soft limit, sent with the task, or the engine's progress callback, whichever
    # comes first; solo: Celery has no time limits there, the callback stops the engine.
    worker = start_worker(pool=pool)
    tournament = import_tournament(club, big_trf)
    Tournament.objects.filter(pk=tournament.pk).update(pairing_time_limit=1)  # below the form's 10 s
    round_ = wait_until_done(request_pairing(tournament), [worker])
    assert round_.status == Round.Status.FAILED
    assert round_.error.startswith("The pairing did not finish within the tournament's time limit (1 s): "
                                   "the round is not paired."), round_.error
    assert not round_.games.exists()
    # The worker is free again: the next pairing, with the default ten minutes, goes through.
    Tournament.objects.filter(pk=tournament.pk).update(pairing_time_limit=600)
    tournament.refresh_from_db()
    round_ = wait_until_done(request_pairing(tournament), [worker])
    assert round_.status == Round.Status.DRAFT, round_.error


def wait_for(round_: Round, reached, what: str, workers, timeout: float = 90, poll=None) -> float:
    """Seconds until ``reached(round_)``, looking every 0.2 s (``poll(round_)`` first, as the
    arbiter's page does)."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        round_.refresh_from_db()
        if poll:
            poll(round_)
        if reached(round_):
            return time.monotonic() - started
        time.sleep(0.2)
    pytest.fail(f"round {round_.number}: not {what} after {timeout} s:\n" + "\n".join(log_of(w) for w in workers))


def kill_mid_pairing(start_worker, club, big_trf):
    """A round being computed by a prefork worker, which is then killed whole (SIGKILL)."""
    worker = start_worker(pool="prefork")
    round_ = request_pairing(import_tournament(club, big_trf))
    wait_for(round_, lambda r: r.started_at is not None, "started", [worker], timeout=60)
    time.sleep(1.5)  # into the engine
    round_.refresh_from_db()
    assert round_.status == Round.Status.PAIRING, "the engine finished before the kill: pair a bigger round"
    os.killpg(worker.pid, signal.SIGKILL)  # the worker and its pool: nobody acknowledges the task
    worker.wait()
    return worker, round_


def test_a_killed_worker_is_found_and_its_pairing_sent_to_the_restarted_worker(start_worker, club, big_trf):
    first, round_ = kill_mid_pairing(start_worker, club, big_trf)
    second = start_worker(pool="prefork")  # what docker compose's restart policy does
    resent = wait_for(round_, lambda r: r.resent == 1, "sent again", [first, second])
    done = resent + wait_for(round_, lambda r: r.status != Round.Status.PAIRING, "paired", [first, second])
    print(f"\nworker killed mid-pairing, a new worker started: sent again after {resent:.1f} s, "
          f"paired after {done:.1f} s")
    assert round_.status == Round.Status.DRAFT, round_.error
    assert round_.games.count() == BIG // 2
    # Found by the new worker's watcher once the heartbeat had been silent for its timeout (10 s).
    assert resent < settings.PAIRING_HEARTBEAT_TIMEOUT + 8, resent


def test_a_killed_worker_not_restarted_fails_the_round_with_a_message(start_worker, club, big_trf):
    worker, round_ = kill_mid_pairing(start_worker, club, big_trf)
    resent = wait_for(round_, lambda r: r.resent == 1, "sent again", [worker], poll=watch_round)
    failed = resent + wait_for(round_, lambda r: r.status == Round.Status.FAILED, "failed", [worker],
                               poll=watch_round)
    print(f"\nworker killed mid-pairing, none left: sent again after {resent:.1f} s, failed after {failed:.1f} s")
    assert round_.error.startswith("No pairing worker took the round within 15 s (2 tries)"), round_.error
    assert not round_.games.exists()
    # The arbiter's page, polled every second, finds the silent heartbeat, then no worker.
    assert resent < settings.PAIRING_HEARTBEAT_TIMEOUT + 3, resent
    assert failed < settings.PAIRING_HEARTBEAT_TIMEOUT + settings.PAIRING_QUEUE_GRACE + 6, failed


def test_a_pairing_never_queued_is_sent_by_the_workers_watcher(start_worker, club, monkeypatch):
    worker = start_worker()
    wait_for_log(worker, "ready.")
    tournament = make_tournament(club, players=11, rounds=5)
    monkeypatch.setattr(request, "_queue", lambda *args: None)  # the web process died after the commit
    round_ = request_pairing(tournament)
    round_.refresh_from_db()
    assert round_.status == Round.Status.PAIRING and not round_.task_sent
    took = wait_for(round_, lambda r: r.status != Round.Status.PAIRING, "paired", [worker], timeout=30)
    print(f"\nround committed, its task never queued: paired by the worker after {took:.1f} s")
    assert round_.status == Round.Status.DRAFT, round_.error
    assert round_.resent == 0 and took < 2 * settings.PAIRING_HEARTBEAT_EVERY + 3, took
