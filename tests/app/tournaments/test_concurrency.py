"""Actions that arrive at the same moment: each succeeds or is refused with a message, never a 500.

Real concurrency: every thread has its own database connection (``transactional_db``), and a
barrier releases them together.
"""

import threading

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from tests.app.conftest import make_tournament
from tournaments.models import Player, Tournament
from tournaments.services.players import initial_order_key, register_player
from tournaments.services.setup import create_tournament

THREADS = 10
pytestmark = pytest.mark.django_db(transaction=True)


def at_once(action, count: int = THREADS) -> list:
    """Run ``action(i)`` in ``count`` threads released together; their results (or exceptions) in order."""
    barrier = threading.Barrier(count)
    results = [None] * count

    def run(i):
        try:
            barrier.wait(timeout=30)
            results[i] = action(i)
        except Exception as error:  # every error is reported to the test
            results[i] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def numbers_in_initial_order(tournament) -> list[tuple[int, str]]:
    players = sorted(tournament.players.all(), key=initial_order_key)
    return [(p.pairing_number, p.name) for p in players]


def test_players_registered_at_once_get_the_numbers_1_to_n(club):
    tournament = make_tournament(club, players=2)
    results = at_once(lambda i: register_player(
        tournament, Player(name=f"Entry, {i}", rating=2000 + 10 * i)))
    assert [r for r in results if not isinstance(r, Player)] == []
    numbered = numbers_in_initial_order(tournament)
    assert [number for number, _ in numbered] == list(range(1, THREADS + 3))


def test_tournaments_of_one_name_created_at_once_get_distinct_slugs(club):
    results = at_once(lambda i: create_tournament(club, name="Rapid Open", rounds=5))
    assert [r for r in results if not isinstance(r, Tournament)] == []
    slugs = sorted(Tournament.objects.values_list("slug", flat=True))
    assert len(set(slugs)) == THREADS
    assert "rapid-open" in slugs


def test_an_event_sent_ten_times_at_once_is_made_once(club):
    # The form sent twice is refused when the first is in; sent at the same moment too (both used to
    # pass the check, the second then made "lyon-open-2").
    from tournaments.models import Event
    from tournaments.services import Refused
    from tournaments.services.events import create_event
    results = at_once(lambda i: create_event(club, name="Lyon Open"))
    assert sum(isinstance(r, Event) for r in results) == 1
    assert all(isinstance(r, (Event, Refused)) for r in results), results
    assert list(Event.objects.values_list("slug", flat=True)) == ["lyon-open"]


def logged_in_clients(user, count: int = THREADS) -> list[Client]:
    clients = [Client(raise_request_exception=False) for _ in range(count)]
    for client in clients:
        client.force_login(user)
    return clients


def test_ten_players_added_at_once_through_the_page(arbiter, club):
    tournament = make_tournament(club, players=3)
    clients = logged_in_clients(arbiter)
    url = reverse("arbiter:player_add", args=[tournament.slug])
    responses = at_once(lambda i: clients[i].post(url, {"name": f"Entry, {i}", "rating": 1800 + i,
                                                        "entry_round": 1}))
    assert [r.status_code for r in responses] == [302] * THREADS
    assert [number for number, _ in numbers_in_initial_order(tournament)] == list(range(1, THREADS + 4))


def test_ten_tournaments_of_one_name_created_at_once_through_the_page(arbiter, club):
    clients = logged_in_clients(arbiter)
    form = {"name": "Blitz Night", "rounds": 7, "system": "dutch", "edition": "2026", "acceleration": "",
            "points_win": "1", "points_draw": "0.5", "points_loss": "0", "points_pairing_bye": "1",
            "points_half_bye": "0.5", "initial_colour": "", "late_entry_bye": "Z",
            "tiebreaks": "DE,BH/C1,BH,SB,PS,WIN", "tiebreak_edition": "2026"}
    responses = at_once(lambda i: clients[i].post(reverse("arbiter:tournament_create"), form))
    assert [r.status_code for r in responses] == [302] * THREADS
    redirects = {r.url for r in responses}
    assert len(redirects) == THREADS
    assert redirects == {t.get_manage_url() for t in Tournament.objects.filter(name="Blitz Night")}


@pytest.mark.skipif(connections["default"].vendor != "postgresql", reason="lock_timeout is PostgreSQL's")
def test_an_action_on_a_busy_tournament_is_refused_at_once(club):
    """Another action holds the tournament (a long import, say): pairing a round, registering a
    player or entering a result is refused within the lock's wait with "busy", and changes nothing,
    instead of waiting until the web server gives up (a 500)."""
    import time

    from django.db import transaction

    from pairing.rounds.request import request_pairing
    from tournaments.services import LOCK_WAIT_SECONDS, Refused, lock_tournament

    tournament = make_tournament(club, players=6)
    held, release = threading.Event(), threading.Event()

    def long_action():
        with transaction.atomic():
            lock_tournament(tournament)
            held.set()
            release.wait(30)
        connections.close_all()

    holder = threading.Thread(target=long_action)
    holder.start()
    try:
        assert held.wait(10)
        for action in (lambda: request_pairing(tournament),
                       lambda: register_player(tournament, Player(name="Late, Comer", rating=2000))):
            started = time.monotonic()
            with pytest.raises(Refused, match="still under way"):
                action()
            assert time.monotonic() - started < LOCK_WAIT_SECONDS + 3
        assert not tournament.round_set.exists() and tournament.players.count() == 6
    finally:
        release.set()
        holder.join(30)
    assert request_pairing(tournament).number == 1  # free again


def test_twenty_pair_requests_at_once_pair_the_round_exactly_once(arbiter, club, monkeypatch):
    """Twenty "pair round" clicks and API calls released together (a double click, two arbiters, a
    script): one is accepted, the others refused with a message (the page's redirect, the API's
    409), none is a 500; one round, paired once by one engine run, one request in the audit log."""
    from rest_framework.test import APIClient

    from pairing.rounds import run
    from tournaments.models import AuditEntry, Round

    tournament = make_tournament(club, players=12)
    engine_runs, engine, lock = [], run.pair_round, threading.Lock()

    def counted(*args, **kwargs):
        with lock:
            engine_runs.append(1)
        return engine(*args, **kwargs)

    monkeypatch.setattr(run, "pair_round", counted)
    pages = logged_in_clients(arbiter, 10)
    apis = [APIClient() for _ in range(10)]
    for api in apis:
        api.force_authenticate(arbiter)
    page_url, api_url = reverse("arbiter:pair", args=[tournament.slug]), reverse("api:pair", args=[tournament.slug])
    responses = at_once(lambda i: pages[i].post(page_url) if i < 10 else apis[i - 10].post(api_url), count=20)

    assert [getattr(r, "status_code", r) for r in responses[:10]] == [302] * 10
    api_statuses = sorted(getattr(r, "status_code", r) for r in responses[10:])
    assert set(api_statuses) <= {202, 409} and api_statuses.count(202) <= 1
    rounds = Round.objects.filter(tournament=tournament)
    assert [(r.number, r.status) for r in rounds] == [(1, Round.Status.DRAFT)]
    assert len(engine_runs) == 1
    assert rounds.get().games.count() == 6
    assert AuditEntry.objects.filter(tournament=tournament, kind=AuditEntry.Kind.ROUND,
                                     action="requested").count() == 1
