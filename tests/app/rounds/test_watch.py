"""A pairing whose task is lost is found within seconds: the outbox (a task never sent is sent),
the heartbeat (a task that stops beating is sent again once, then its round fails with a
message), and the stage the arbiter's page and the API report.

Tasks are sent to a broker here as in production (recorded, not run); the real workers killed
with SIGKILL are in test_worker.py.
"""

import os
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest
import yaml
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from config import celery_app
from pairing.rounds import run
from pairing.rounds.request import request_pairing
from pairing.rounds.run import run_pairing
from pairing.rounds.tasks import pair_round_task
from pairing.rounds.watch import Watcher, watch_all, watch_round
from tests.app.conftest import make_tournament
from tournaments.models import AuditEntry, Round

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def sent(monkeypatch):
    """A broker: the tasks sent, by their options; none runs."""
    monkeypatch.setattr(celery_app.conf, "task_always_eager", False)
    tasks = []
    monkeypatch.setattr(pair_round_task, "apply_async", lambda args, **options: tasks.append((args, options)))
    return tasks


def ago(seconds: float):
    return timezone.now() - timedelta(seconds=seconds)


def stage(client, round_) -> dict:
    return client.get(f"/api/tournaments/{round_.tournament.slug}/rounds/{round_.number}/status/").json()


@pytest.fixture
def api(arbiter):
    client = APIClient()
    client.force_authenticate(arbiter)
    return client


def test_an_unsent_outbox_entry_is_sent_once(tournament, sent, django_capture_on_commit_callbacks):
    # The web process died between committing the round and queueing its task: the commit's
    # callback has not run.
    with django_capture_on_commit_callbacks() as callbacks:
        round_ = request_pairing(tournament)
    assert (round_.task_sent, sent) == (False, []) and round_.task_id

    assert not watch_round(round_)  # sent: nothing else to do
    assert sent == [((round_.pk,), {"task_id": round_.task_id, "retry": True, "soft_time_limit": 600,
                                    "time_limit": 615})]
    round_.refresh_from_db()
    assert round_.task_sent and round_.status == Round.Status.PAIRING
    watch_round(round_)
    for callback in callbacks:  # the commit's callbacks (the outbox's among them), had the process lived on
        callback()
    assert len(sent) == 1  # once, however often it is looked at


def test_a_task_sent_at_commit_is_not_sent_again(club, sent, django_capture_on_commit_callbacks):
    tournament = make_tournament(club)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = request_pairing(tournament)
    round_.refresh_from_db()
    assert round_.task_sent and len(sent) == 1
    watch_all()
    assert len(sent) == 1


def test_a_task_whose_heartbeat_stops_is_sent_again_then_the_round_fails(tournament, sent, api):
    round_ = request_pairing(tournament)
    watch_round(round_)  # sent
    first = round_.task_id
    assert stage(api, round_)["stage"] == "queued"

    # A worker took it and beats; five seconds of silence are not yet a lost task.
    Round.objects.filter(pk=round_.pk).update(started_at=ago(30), heartbeat_at=ago(5))
    assert not watch_round(round_) and stage(api, round_)["stage"] == "computing"
    # Its worker died: eleven seconds without a beat.
    Round.objects.filter(pk=round_.pk).update(heartbeat_at=ago(11), progress_done=3, progress_total=9)
    assert watch_round(round_)
    assert (round_.status, round_.resent, round_.started_at, round_.progress_total) == (Round.Status.PAIRING, 1,
                                                                                        None, 0)
    assert round_.task_id != first and sent[-1][1]["task_id"] == round_.task_id and len(sent) == 2
    assert stage(api, round_) | {"error": ""} == {
        "number": 1, "status": "pairing", "stage": "resent", "resent": 1, "error": "", "progress_done": 0,
        "progress_total": 0, "progress_size": 0, "draft_revision": None}
    assert AuditEntry.objects.filter(action="resent").count() == 1

    # The old task, arriving late, does nothing; the new one is taken, then its worker dies too.
    run_pairing(round_.pk, first)
    round_.refresh_from_db()
    assert round_.started_at is None
    Round.objects.filter(pk=round_.pk).update(started_at=ago(20), heartbeat_at=ago(12))
    assert watch_round(round_)
    assert round_.status == Round.Status.FAILED and len(sent) == 2  # not sent a third time
    assert round_.error.startswith("The pairing stopped without finishing (2 tries): the process pairing it was "
                                   "lost")
    assert "Nothing was paired and nothing was lost: pair again" in round_.error
    assert stage(api, round_)["stage"] == "failed"
    assert AuditEntry.objects.filter(action="failed").count() == 1
    # Back to pairable: the arbiter pairs again.
    assert request_pairing(tournament).number == 1


def test_the_round_page_shows_a_pairing_sent_again(client, arbiter, tournament, sent):
    round_ = request_pairing(tournament)
    Round.objects.filter(pk=round_.pk).update(task_sent=True, started_at=ago(40), heartbeat_at=ago(30))
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:round", args=[tournament.slug, 1]), {"status": 1},
                      headers={"HX-Request": "true"}).content.decode()
    assert 'data-stage="resent"' in page
    assert "The pairing service lost the pairing: it was sent again (1 time)." in page
    assert "Queued: waiting for the pairing service to take it" in page


def test_a_task_no_worker_takes_is_sent_again_then_the_round_fails(tournament, sent):
    round_ = request_pairing(tournament)
    watch_round(round_)
    Round.objects.filter(pk=round_.pk).update(queued_at=ago(10))
    assert not watch_round(round_)  # within the queue grace (15 s)
    Round.objects.filter(pk=round_.pk).update(queued_at=ago(16))
    assert watch_round(round_) and round_.resent == 1 and len(sent) == 2
    Round.objects.filter(pk=round_.pk).update(queued_at=ago(16))
    assert watch_round(round_) and round_.status == Round.Status.FAILED
    assert round_.error.startswith("No pairing worker took the round within 15 s (2 tries): the pairing service "
                                   "seems to be stopped.")


def test_a_queued_task_waits_while_another_pairing_computes(club, sent):
    busy = request_pairing(make_tournament(club, name="Busy Open"))
    waiting = request_pairing(make_tournament(club, name="Waiting Open"))
    Round.objects.filter(pk=busy.pk).update(task_sent=True, started_at=ago(300), heartbeat_at=ago(1))
    Round.objects.filter(pk=waiting.pk).update(task_sent=True, queued_at=ago(120))
    assert watch_all() == 0  # the worker is busy pairing the other round: its turn comes
    Round.objects.filter(pk=busy.pk).update(heartbeat_at=ago(11))
    assert watch_all() == 2  # both lost: sent again
    assert set(Round.objects.values_list("resent", flat=True)) == {1}


def test_a_task_that_beats_past_its_time_limit_fails_its_round(tournament, sent):
    round_ = request_pairing(tournament)
    Round.objects.filter(pk=round_.pk).update(task_sent=True, started_at=ago(600 + 15 + 61), heartbeat_at=ago(1))
    assert watch_round(round_) and round_.status == Round.Status.FAILED
    assert "did not finish within the tournament's time limit (10 min)" in round_.error


def test_the_heartbeat_beats_while_the_engine_computes(transactional_db, club, settings, monkeypatch):
    settings.PAIRING_HEARTBEAT_EVERY = 0.2
    tournament = make_tournament(club)
    monkeypatch.setattr(pair_round_task, "apply_async", lambda *args, **options: None)
    round_ = request_pairing(tournament)  # committed (no test transaction): the task is "sent"
    beats, engine = set(), run.pair_round

    def slow(*args, **kwargs):  # one long bracket: the engine reports no progress for 1.5 s
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline:
            beats.add(Round.objects.values_list("heartbeat_at", flat=True).get(pk=round_.pk))
            time.sleep(0.05)
        return engine(*args, **kwargs)

    monkeypatch.setattr(run, "pair_round", slow)
    run_pairing(round_.pk, round_.task_id)
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT, round_.error
    assert round_.started_at is not None and len(beats - {None}) >= 5, beats
    assert not [t for t in threading.enumerate() if t.name.startswith("heartbeat-")]  # stopped with the task


def test_the_workers_watcher_sends_a_lost_task_again(transactional_db, club, settings, monkeypatch):
    settings.PAIRING_HEARTBEAT_EVERY = 0.1
    monkeypatch.setattr(celery_app.conf, "task_always_eager", False)
    sent = []
    monkeypatch.setattr(pair_round_task, "apply_async", lambda args, **options: sent.append(options["task_id"]))
    round_ = request_pairing(make_tournament(club))
    Round.objects.filter(pk=round_.pk).update(started_at=ago(30), heartbeat_at=ago(20))
    watcher = Watcher()
    watcher.start()
    try:
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and len(sent) < 2:
            time.sleep(0.05)
    finally:
        watcher.stopped.set()
        watcher.join(5)
    round_.refresh_from_db()
    assert round_.resent == 1 and sent == [sent[0], round_.task_id]


def settings_of(**env: str) -> subprocess.CompletedProcess:
    show = "from django.conf import settings as s; print(s.PAIRING_HEARTBEAT_TIMEOUT, s.PAIRING_RESTARTS)"
    return subprocess.run([sys.executable, "manage.py", "shell", "--verbosity", "0", "-c", show], cwd=ROOT,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "1", **env})


def test_the_watchers_settings_come_from_the_environment_and_bad_ones_are_named():
    assert settings_of().stdout.split() == ["10", "1"]
    assert settings_of(PAIRING_HEARTBEAT_TIMEOUT="30", PAIRING_RESTARTS="2").stdout.split() == ["30.0", "2"]
    refused = settings_of(PAIRING_QUEUE_GRACE="soon")
    assert refused.returncode and "PAIRING_QUEUE_GRACE must be a number of seconds (or times), not 'soon'." in \
        refused.stderr
    refused = settings_of(PAIRING_HEARTBEAT_TIMEOUT="3")  # a beat every 2 s: one late beat would lose the task
    assert refused.returncode and "PAIRING_HEARTBEAT_TIMEOUT must be at least twice PAIRING_HEARTBEAT_EVERY" in \
        refused.stderr


def test_docker_compose_starts_a_dead_worker_again():
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]
    assert services["worker"]["restart"] == "unless-stopped"
