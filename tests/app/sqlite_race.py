"""Concurrent actions on the SQLite default, run by tests/app/test_sqlite_default.py in its own process:
``DATABASE_URL=sqlite:///FILE python -m tests.app.sqlite_race`` prints what happened as JSON."""

import json
import threading
import time

from tests.sqlite_site import create_site, setup

THREADS = 10


def in_threads(actions) -> list[str]:
    """Run the actions in threads (each with its own connection); "ok" or the error of each."""
    outcomes = [""] * len(actions)

    def run(i):
        from django.db import connections

        try:
            actions[i]()
            outcomes[i] = "ok"
        except Exception as error:  # every error is reported to the test
            outcomes[i] = repr(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(actions))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def result_saved_while_another_is_being_saved() -> dict:
    """Board 1's save is held up between its read and its write (a busy server) while board 2 is saved."""
    from django.db import connection

    from tournaments.models import Game
    from tournaments.services.results import enter_result

    first, second = Game.objects.filter(round__number=1).order_by("board")[:2]
    held = threading.Event()

    def hold_after_reading(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if sql.startswith("SELECT") and "tournaments_game" in sql and not held.is_set():
            held.set()
            time.sleep(0.5)
        return result

    def save_first():
        with connection.execute_wrapper(hold_after_reading):
            enter_result(first, "1-0")

    def save_second():
        held.wait(10)
        enter_result(second, "0-1")

    outcomes = in_threads([save_first, save_second])
    stored = [g.result for g in Game.objects.filter(pk__in=[first.pk, second.pk]).order_by("board")]
    return {"outcomes": outcomes, "stored": stored}


def players_registered_at_once() -> dict:
    from tournaments.models import Club, Player
    from tournaments.services.players import register_player
    from tournaments.services.setup import create_tournament

    tournament = create_tournament(Club.objects.get(slug="lyon"), name="Late Open", rounds=5)
    barrier = threading.Barrier(THREADS)

    def register(i):
        barrier.wait(10)
        register_player(tournament, Player(name=f"Entry, {i}", rating=2000 + i))

    outcomes = in_threads([lambda i=i: register(i) for i in range(THREADS)])
    numbers = sorted(tournament.players.values_list("pairing_number", flat=True))
    return {"outcomes": outcomes, "numbers": numbers}


def tournaments_of_one_name_created_at_once() -> dict:
    from tournaments.models import Club, Tournament
    from tournaments.services.setup import create_tournament

    club = Club.objects.get(slug="lyon")
    barrier = threading.Barrier(THREADS)

    def create():
        barrier.wait(10)
        create_tournament(club, name="Blitz Night", rounds=7)

    outcomes = in_threads([create] * THREADS)
    return {"outcomes": outcomes, "created": Tournament.objects.filter(name="Blitz Night").count(),
            "slugs": len(set(Tournament.objects.filter(name="Blitz Night").values_list("slug", flat=True)))}


if __name__ == "__main__":
    setup()
    create_site(players=4)
    from django.db import connection

    with connection.cursor() as cursor:
        journal_mode = cursor.execute("PRAGMA journal_mode").fetchone()[0]
    print(json.dumps({"journal_mode": journal_mode, "results": result_saved_while_another_is_being_saved(),
                      "registrations": players_registered_at_once(),
                      "creations": tournaments_of_one_name_created_at_once()}))
