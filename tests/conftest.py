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


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts in the default language: a request's LocaleMiddleware leaves its language
    active in the thread, so a test after an Italian page would otherwise read Italian."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()
