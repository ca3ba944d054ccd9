"""A round is never stuck and no lock is held while the engine computes.

The pairing task runs here in a thread, as a worker would, with the engine held at its start
until the test releases it; the tests with real workers (kill -9, time limit) are in
test_worker.py.
"""

import threading
from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connection
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from config import celery_app
from pairing.rounds import run
from pairing.rounds.publish import discard_round
from pairing.rounds.request import request_pairing
from pairing.rounds.run import run_pairing
from pairing.rounds.tasks import pair_round_task
from tests.app.conftest import boards, make_tournament, request
from tournaments.models import Game, Player, Round
from tournaments.services import Busy, Refused
from tournaments.services.players import register_player

postgresql_only = pytest.mark.skipif(connection.vendor != "postgresql", reason="lock_timeout is PostgreSQL's")


class HeldEngine:
    """The real engine, held at its start until released; it records what it was given and gave."""

    def __init__(self):
        self.started, self.released = threading.Semaphore(0), threading.Event()
        self.documents, self.pairings = [], []

    def __call__(self, document, *args, **kwargs):
        self.documents.append(document)
        self.started.release()
        assert self.released.wait(30), "the test never released the engine"
        pairing_ = ENGINE(document, *args, **kwargs)
        self.pairings.append(pairing_)
        return pairing_

    def wait_started(self):
        assert self.started.acquire(timeout=10), "the pairing task did not reach the engine"


ENGINE = run.pair_round


@pytest.fixture
def held_engine(transactional_db, monkeypatch, task_threads):
    """Pairing tasks run in threads with the engine held; this thread gives up on a lock after 3 s."""
    engine = HeldEngine()
    monkeypatch.setattr(run, "pair_round", engine)
    with connection.cursor() as cursor:
        cursor.execute("SET lock_timeout = '3s'")  # waiting for the engine would fail the test
    engine.join = lambda: [thread.join(30) for thread in task_threads]
    yield engine
    engine.released.set()
    engine.join()
    with connection.cursor() as cursor:
        cursor.execute("SET lock_timeout = 0")


@postgresql_only
def test_registration_and_a_second_click_do_not_wait_for_the_engine(held_engine, club):
    tournament = make_tournament(club, players=10, rounds=5)
    round_ = request_pairing(tournament)
    held_engine.wait_started()

    # The engine computes; a late entry (rated highest: everybody's number changes) and a second
    # click go through at once.
    late = register_player(tournament, Player(name="Late, Comer", rating=2800))
    assert (late.pairing_number, late.entry_round) == (1, 2)
    with pytest.raises(Refused, match="Round 1 is being paired"):
        request_pairing(tournament)

    held_engine.released.set()
    held_engine.join()
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT, round_.error
    # The numbers changed under the first run: the round was paired again, on the new numbers.
    assert len(held_engine.documents) == 2 and held_engine.documents[0] != held_engine.documents[1]
    assert boards(round_) == [(white, black or 0) for white, black in held_engine.pairings[1].as_numbers()]
    assert not Game.objects.filter(white=late).exists() and not Game.objects.filter(black=late).exists()


@postgresql_only
def test_a_cancelled_pairing_stores_nothing_when_its_task_finishes(held_engine, club):
    tournament = make_tournament(club, players=10, rounds=5)
    cancelled = request_pairing(tournament)
    held_engine.wait_started()
    discard_round(cancelled)  # the arbiter's "cancel": no wait for the engine
    assert not Round.objects.filter(pk=cancelled.pk).exists()

    again = request_pairing(tournament)  # round 1 again, while the first task still runs
    held_engine.wait_started()
    held_engine.released.set()
    held_engine.join()
    # The cancelled task's engine stopped at its first bracket (its progress found no round).
    assert len(held_engine.documents) == 2 and len(held_engine.pairings) == 1
    assert list(tournament.round_set.values_list("pk", "status")) == [(again.pk, Round.Status.DRAFT)]
    assert Game.objects.filter(round__tournament=tournament).count() == 5  # only the second task's boards


def test_the_round_page_cancels_a_pairing_and_shows_how_long_it_runs(client, arbiter, tournament, monkeypatch):
    monkeypatch.setattr(pair_round_task, "apply_async", lambda *args, **options: None)  # never runs
    round_ = request(tournament)
    Round.objects.filter(pk=round_.pk).update(requested_at=timezone.now() - timedelta(seconds=42))
    client.force_login(arbiter)
    url = reverse("arbiter:round", args=[tournament.slug, 1])
    page = client.get(url).content.decode()
    assert "Cancel the pairing" in page and "42 s" in page
    response = client.post(reverse("arbiter:discard", args=[tournament.slug, 1]), follow=True)
    assert "The pairing of round 1 was cancelled." in response.content.decode()
    assert not tournament.round_set.exists()


def test_a_lost_pairing_fails_when_anybody_looks_at_it(client, arbiter, tournament, monkeypatch,
                                                       django_capture_on_commit_callbacks):
    # Tasks run in the web process here (no Redis): the watcher sends nothing again, it fails
    # the round once no process took its task within the queue grace.
    with monkeypatch.context() as lost:
        lost.setattr(pair_round_task, "apply_async", lambda *args, **options: None)  # the task is lost
        round_ = request(tournament)
    client.force_login(arbiter)
    url = reverse("arbiter:round", args=[tournament.slug, 1])
    grace = timedelta(seconds=settings.PAIRING_QUEUE_GRACE)
    Round.objects.filter(pk=round_.pk).update(queued_at=timezone.now() - grace + timedelta(seconds=5))
    assert "Cancel the pairing" in client.get(url).content.decode()  # not yet: it may still come
    round_.refresh_from_db()
    assert round_.status == Round.Status.PAIRING

    Round.objects.filter(pk=round_.pk).update(queued_at=timezone.now() - grace - timedelta(seconds=1))
    page = client.get(url).content.decode()
    assert "No pairing worker took the round within 15 s (1 try)" in page and "Pair again" in page
    round_.refresh_from_db()
    assert round_.status == Round.Status.FAILED and "pair again" in round_.error
    run_pairing(round_.pk, round_.task_id)  # the task, should it arrive after all, stores nothing
    assert not round_.games.exists()

    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("arbiter:pair", args=[tournament.slug]))  # "Pair again"
    (again,) = tournament.round_set.all()
    assert (again.number, again.status) == (1, Round.Status.DRAFT)


def test_a_pairing_waits_its_turn_while_a_worker_is_alive(tournament, monkeypatch):
    # The worker beats (its watcher) but is busy with other tasks, a long delivery of notices: a task
    # not taken within the queue grace is not lost, it waits up to PAIRING_QUEUE_WAIT; once no worker
    # beats, the grace decides again.
    from django.core.cache import cache

    from pairing.rounds.watch import _worker_key, watch_round
    with monkeypatch.context() as queued:
        queued.setattr(pair_round_task, "apply_async", lambda *args, **options: None)  # waiting in the queue
        round_ = request(tournament)
    cache.set(_worker_key(), True, timeout=60)
    try:
        Round.objects.filter(pk=round_.pk).update(
            queued_at=timezone.now() - timedelta(seconds=settings.PAIRING_QUEUE_GRACE + 60))
        round_.refresh_from_db()
        assert not watch_round(round_) and round_.status == Round.Status.PAIRING
        Round.objects.filter(pk=round_.pk).update(
            queued_at=timezone.now() - timedelta(seconds=settings.PAIRING_QUEUE_WAIT + 1))
        round_.refresh_from_db()
        assert watch_round(round_) and round_.status == Round.Status.FAILED
        assert round_.error.startswith("No pairing worker took the round within 10 min"), round_.error
    finally:
        cache.delete(_worker_key())


def test_a_pairing_is_stored_once_a_long_action_frees_the_tournament(tournament, monkeypatch):
    # An import holds the tournament past the lock's wait when the engine is done: the pairing waits
    # and is stored, not thrown away (it was: the task failed, was sent again and paired again).
    store, tries = run._store, []

    def busy_twice(*args):
        tries.append(1)
        if len(tries) <= 2:
            raise Busy("Another action on this tournament is still under way")
        return store(*args)

    monkeypatch.setattr(run, "_store", busy_twice)
    round_ = request(tournament)
    assert round_.status == Round.Status.DRAFT and round_.games.exists() and len(tries) == 3


def test_a_failure_reading_the_tournament_fails_the_round_with_a_message(tournament, monkeypatch):
    def broken(*args):
        raise RuntimeError("a bug")

    monkeypatch.setattr(run, "_document", broken)
    round_ = request(tournament)
    assert round_.status == Round.Status.FAILED and "failed unexpectedly" in round_.error


def test_a_lost_pairing_is_released_when_the_arbiter_pairs_again(tournament, monkeypatch):
    with monkeypatch.context() as lost:
        lost.setattr(pair_round_task, "apply_async", lambda *args, **options: None)
        round_ = request(tournament)
    Round.objects.filter(pk=round_.pk).update(
        queued_at=timezone.now() - timedelta(seconds=settings.PAIRING_QUEUE_GRACE + 1))
    again = request(tournament)
    assert (again.number, again.status) == (1, Round.Status.DRAFT)
    assert not Round.objects.filter(pk=round_.pk).exists()


def test_a_task_that_arrives_after_its_round_was_sent_again_does_not_pair(tournament, monkeypatch):
    monkeypatch.setattr(pair_round_task, "apply_async", lambda *args, **options: None)
    round_ = request(tournament)
    first = round_.task_id
    Round.objects.filter(pk=round_.pk).update(task_id="the-task-sent-again")  # what the watcher does
    monkeypatch.setattr(run, "pair_round", lambda *args, **kwargs: pytest.fail("the engine ran"))
    run_pairing(round_.pk, first)
    round_.refresh_from_db()
    assert round_.status == Round.Status.PAIRING and round_.started_at is None and not round_.games.exists()


@pytest.fixture
def broker_down(monkeypatch):
    """A real broker connection to a closed port: Redis is down."""
    monkeypatch.setattr(celery_app.conf, "task_always_eager", False)
    monkeypatch.setattr(celery_app.conf, "broker_url", "redis://127.0.0.1:1/0")
    monkeypatch.setattr(celery_app, "_pool", None)  # no connection made with the real URL
    monkeypatch.setattr(celery_app.amqp, "_producer_pool", None)


def test_a_broker_that_is_down_gives_a_message_and_leaves_no_round(client, arbiter, club, broker_down,
                                                                  transactional_db):
    tournament = make_tournament(club, players=6, initial_colour="")
    client.force_login(arbiter)
    response = client.post(reverse("arbiter:pair", args=[tournament.slug]), follow=True)
    assert response.status_code == 200
    assert response.redirect_chain == [(tournament.get_manage_url(), 302)]
    assert "The pairing service cannot be reached: nothing was changed." in response.content.decode()
    assert not tournament.round_set.exists()
    tournament.refresh_from_db()
    assert (tournament.initial_colour, tournament.initial_colour_by_lot) == ("", False)  # no lot drawn

    api = APIClient()
    api.force_authenticate(arbiter)
    response = api.post(f"/api/tournaments/{tournament.slug}/pair/")
    assert response.status_code == 503 and "cannot be reached" in response.json()["detail"]
    assert not tournament.round_set.exists()


def test_an_engine_past_its_time_limit_fails_the_round(tournament, monkeypatch):
    from celery.exceptions import SoftTimeLimitExceeded

    def slow(*args, **kwargs):
        raise SoftTimeLimitExceeded  # what Celery raises in the task at the tournament's time limit

    monkeypatch.setattr(run, "pair_round", slow)
    round_ = request(tournament)
    assert round_.status == Round.Status.FAILED and not round_.games.exists()
    assert "did not finish within the tournament's time limit (10 min)" in round_.error
