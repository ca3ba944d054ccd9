import pytest


@pytest.fixture(autouse=True, scope="session")
def eager_celery():
    """Tasks run in-process unless a test starts a real worker (tests/app/rounds/test_worker.py)."""
    from config import celery_app

    celery_app.conf.task_always_eager = True
    yield


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with an empty cache, and no copy kept in this process's memory (SQLite
    numbers rows again after a rollback)."""
    from django.core.cache import cache

    from tournaments.cache import forget

    cache.clear()
    forget()


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts in the default language: a request's LocaleMiddleware leaves its language
    active in the thread, so a test after an Italian page would otherwise read Italian."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture
def task_threads(monkeypatch):
    """Pairing tasks run each in a thread of its own, as in a worker (each closes its database
    connection when done); the threads started, joined at the test's end."""
    import threading

    from django.db import connection

    from pairing.rounds.run import run_pairing
    from pairing.rounds.tasks import pair_round_task

    threads: list[threading.Thread] = []

    def run(round_id):
        try:
            run_pairing(round_id)
        finally:
            connection.close()

    def send(args, **options):
        threads.append(threading.Thread(target=run, args=args))
        threads[-1].start()

    monkeypatch.setattr(pair_round_task, "apply_async", send)
    yield threads
    for thread in threads:
        thread.join(30)
