import pytest


@pytest.fixture(autouse=True, scope="session")
def eager_celery():
    """Tasks run in-process unless a test starts a real worker (tests/app/test_worker.py)."""
    from config import celery_app

    celery_app.conf.task_always_eager = True
    yield


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with an empty cache (SQLite numbers rows again after a rollback)."""
    from django.core.cache import cache

    cache.clear()
