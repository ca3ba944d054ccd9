"""The engine's progress on the round's page, and the tournament's time limit on a pairing.

The task runs eagerly here (in the test's process, as without a worker); the engine is the real one,
preceded by progress calls of a slow pairing where the test needs one.  Real workers:
test_worker.py.
"""

import re
import time
from datetime import timedelta

import pytest
from django.test import TestCase
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from config import celery_app
from pairing.rounds import run
from pairing.rounds.publish import discard_round
from pairing.rounds.request import request_pairing
from pairing.rounds.tasks import pair_round_task
from tests.app.conftest import request
from tournaments.audit import Kind
from tournaments.fronts.arbiter.forms import TournamentForm
from tournaments.limits import MAX_PAIRING_TIME_LIMIT
from tournaments.models import AuditEntry, Round, Tournament

ENGINE = run.pair_round


def status_partial(client, tournament) -> str:
    """What the round's page polls every second while the round is being paired."""
    response = client.get(reverse("arbiter:round", args=[tournament.slug, 1]), {"status": 1},
                          HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


def progress_of(tournament) -> tuple[int, int, int]:
    return Round.objects.values_list("progress_done", "progress_total", "progress_size").get(tournament=tournament)


def test_the_round_page_shows_the_engines_progress(client, arbiter, tournament, monkeypatch):
    client.force_login(arbiter)
    seen = {}

    def engine(document, *args, progress, **kwargs):
        # What the engine reports of a big round, then the real pairing of this one.
        progress(0, 40, 500)
        seen["first"] = progress_of(tournament)
        progress(11, 40, 321)  # within a second of the first: not written
        seen["throttled"] = progress_of(tournament)
        with monkeypatch.context() as later:
            later.setattr(run, "PROGRESS_EVERY", 0)  # a second later
            progress(11, 40, 321)
        seen["written"] = progress_of(tournament)
        Round.objects.filter(tournament=tournament).update(requested_at=timezone.now() - timedelta(seconds=75))
        seen["page"] = status_partial(client, tournament)
        return ENGINE(document, *args, progress=progress, **kwargs)

    monkeypatch.setattr(run, "pair_round", engine)
    round_ = request(tournament)
    assert round_.status == Round.Status.DRAFT, round_.error
    assert (seen["first"], seen["throttled"], seen["written"]) == ((0, 40, 500), (0, 40, 500), (11, 40, 321))
    done, total, size = progress_of(tournament)  # the real engine's last report is always written
    assert done == total > 0 and size == 0
    page = seen["page"]
    assert "Bracket 12 of 40 (current bracket 321 players)" in page
    assert '<progress id="pairing-bar" value="11" max="40">' in page
    assert re.search(r'id="pairing-elapsed">1 min 1[5-7] s</span>\s*<span class="note">\(time limit 10 min\)<', page)
    assert 'hx-trigger="every 1s"' in page  # still polling
    assert "style=" not in page  # the CSP allows no inline style


def test_the_status_before_the_first_bracket_and_after_the_last(client, arbiter, tournament, monkeypatch):
    monkeypatch.setattr(pair_round_task, "apply_async", lambda *args, **options: None)  # the worker is busy
    round_ = request(tournament)
    client.force_login(arbiter)
    page = status_partial(client, tournament)
    assert "Queued: waiting for the pairing service to take it" in page and "<progress" not in page
    assert 'data-stage="queued"' in page
    Round.objects.filter(pk=round_.pk).update(started_at=timezone.now(), heartbeat_at=timezone.now())
    assert "Waiting for the engine to start" in status_partial(client, tournament)
    Round.objects.filter(pk=round_.pk).update(progress_done=2, progress_total=3, progress_size=1)
    assert "Bracket 3 of 3 (current bracket 1 player)" in status_partial(client, tournament)
    api = APIClient()
    api.force_authenticate(arbiter)
    assert api.get(f"/api/tournaments/{tournament.slug}/rounds/1/status/").json() == {
        "number": 1, "status": "pairing", "stage": "computing", "resent": 0, "error": "", "progress_done": 2,
        "progress_total": 3, "progress_size": 1, "draft_revision": None}  # no draft while it is paired
    Round.objects.filter(pk=round_.pk).update(progress_done=3, progress_total=3, progress_size=0)
    assert "All 3 brackets paired: storing the boards" in status_partial(client, tournament)


def test_a_pairing_past_the_tournaments_time_limit_goes_back_to_not_paired(client, arbiter, tournament,
                                                                           monkeypatch):
    # A limit below the form's 10 s keeps the test short; the engine reports a bracket every 0.1 s
    # and would take a minute: without a worker only its progress callback can stop it.
    Tournament.objects.filter(pk=tournament.pk).update(pairing_time_limit=1)
    tournament.refresh_from_db()
    reports = []

    def slow(document, *args, progress, **kwargs):
        for done in range(600):
            reports.append(done)
            progress(done, 600, 12)
            time.sleep(0.1)
        return ENGINE(document, *args, progress=progress, **kwargs)

    monkeypatch.setattr(run, "pair_round", slow)
    started = time.monotonic()
    round_ = request(tournament)
    assert 1 <= time.monotonic() - started < 5  # stopped at the limit, not after the minute
    assert 8 <= len(reports) <= 30
    assert round_.status == Round.Status.FAILED and not round_.games.exists()
    assert round_.error == ("The pairing did not finish within the tournament's time limit (1 s): the round is not "
                            "paired. Pair again, or give the engine more time in the tournament's settings.")
    entry = AuditEntry.objects.filter(tournament=tournament, kind=Kind.ROUND).latest("pk")
    assert (entry.action, entry.after["status"], entry.after["error"]) == ("failed", "Pairing failed", round_.error)

    client.force_login(arbiter)
    page = client.get(reverse("arbiter:round", args=[tournament.slug, 1])).content.decode()
    assert "did not finish within the tournament&#x27;s time limit (1 s)" in page
    assert "Pair again" in page and "Discard" in page
    manage = client.get(tournament.get_manage_url()).content.decode()
    assert "Round 1</a> — Pairing failed" in manage

    # Given more time, the same pairing goes through, on the same round.
    monkeypatch.setattr(run, "pair_round", ENGINE)
    again = request(tournament)
    assert (again.number, again.status) == (1, Round.Status.DRAFT) and again.games.count() == 5


def test_a_cancelled_pairing_stops_the_engine_at_its_next_bracket(tournament, monkeypatch):
    monkeypatch.setattr(run, "PROGRESS_EVERY", 0)
    reports = []

    def engine(document, *args, progress, **kwargs):
        progress(0, 3, 4)
        reports.append(0)
        discard_round(Round.objects.get(tournament=tournament))  # the arbiter cancels
        progress(1, 3, 4)
        reports.append(1)
        return ENGINE(document, *args, progress=progress, **kwargs)

    monkeypatch.setattr(run, "pair_round", engine)
    with TestCase.captureOnCommitCallbacks(execute=True):
        request_pairing(tournament)
    assert reports == [0] and not tournament.round_set.exists()
    assert AuditEntry.objects.filter(tournament=tournament, kind=Kind.ROUND).latest("pk").action == "cancelled"


def test_the_task_is_sent_with_the_tournaments_time_limits(tournament, monkeypatch, settings):
    sent = []
    monkeypatch.setattr(pair_round_task, "apply_async", lambda args, **options: sent.append(options))
    Tournament.objects.filter(pk=tournament.pk).update(pairing_time_limit=900)
    tournament.refresh_from_db()
    request(tournament)
    assert sent[0]["soft_time_limit"] == 900  # then Celery raises SoftTimeLimitExceeded in the task
    assert sent[0]["time_limit"] == 900 + settings.PAIRING_KILL_AFTER  # then it kills the process


def test_a_running_pairing_is_never_handed_to_a_second_worker():
    # Redis hands an unacknowledged task to another worker after the visibility timeout: it must be
    # longer than the longest pairing may run, the hard limit of the longest time limit.
    longest = MAX_PAIRING_TIME_LIMIT + celery_app.conf.task_time_limit - celery_app.conf.task_soft_time_limit
    assert celery_app.conf.broker_transport_options["visibility_timeout"] > longest
    assert celery_app.conf.task_soft_time_limit == MAX_PAIRING_TIME_LIMIT


@pytest.mark.parametrize(("value", "error"), [
    ("9", "greater than or equal to 10"), ("3601", "less than or equal to 3600"), ("ten", "whole number")])
def test_the_time_limit_is_bounded(tournament, value, error):
    form = TournamentForm(data={**_form_data(tournament), "pairing_time_limit": value}, instance=tournament)
    assert not form.is_valid() and error in form.errors["pairing_time_limit"][0]


def test_the_time_limit_is_a_setting_of_the_tournament_and_is_logged(client, arbiter, tournament):
    client.force_login(arbiter)
    url = reverse("arbiter:tournament_edit", args=[tournament.slug])
    page = client.get(url).content.decode()
    assert 'name="pairing_time_limit" value="600" min="10" max="3600"' in page
    response = client.post(url, {**_form_data(tournament), "pairing_time_limit": "1200"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.pairing_time_limit == 1200
    entry = AuditEntry.objects.filter(tournament=tournament, kind=Kind.SETTINGS).latest("pk")
    assert (entry.before, entry.after) == ({"pairing_time_limit": 600}, {"pairing_time_limit": 1200})
    # A form that does not send it (an older page) keeps it.
    client.post(url, {**_form_data(tournament), "pairing_time_limit": ""})
    tournament.refresh_from_db()
    assert tournament.pairing_time_limit == 1200


def _form_data(tournament) -> dict:
    """The tournament's settings as its form sends them."""
    return {"name": tournament.name, "rounds": tournament.rounds, "system": tournament.system,
            "edition": tournament.edition, "points_win": 1, "points_draw": 0.5, "points_loss": 0,
            "points_pairing_bye": 1, "points_half_bye": 0.5, "initial_colour": tournament.initial_colour,
            "half_point_byes": "on", "late_entry_bye": "Z", "tiebreak_edition": tournament.tiebreak_edition,
            "tiebreaks": tournament.tiebreaks, "pairing_time_limit": tournament.pairing_time_limit}


def test_a_pairing_killed_at_the_hard_limit_goes_back_to_not_paired(tournament, monkeypatch):
    from celery.exceptions import TimeLimitExceeded

    monkeypatch.setattr(pair_round_task, "apply_async", lambda *args, **options: None)
    round_ = request(tournament)
    # What the worker's main process calls once it has killed the pool process that ran the task.
    pair_round_task.on_failure(TimeLimitExceeded(615), round_.task_id, (round_.pk,), {}, None)
    round_.refresh_from_db()
    assert round_.status == Round.Status.FAILED and not round_.games.exists()
    assert "did not finish within the tournament's time limit (10 min)" in round_.error
