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
