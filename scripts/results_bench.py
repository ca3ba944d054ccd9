"""Results from the board under load (issue 25): 500 players (250 boards) report and confirm their
results through the player's pages of a real server, on PostgreSQL, within one minute, none lost.

    .venv/bin/python scripts/results_bench.py [--players 500] [--threads 16] [--workers 3] [--accept]

As in production: gunicorn (sync workers, DEBUG off), PostgreSQL (``DATABASE_URL``, by default the
``swiss_results`` database on 127.0.0.1, created when missing, its data made again each run).  The
set-up (not timed) makes a tournament of ``--players`` players, each with his account signed in (a
session cookie, as after the mail's link), pairs and publishes round 1 and turns results from the
board on (``--accept``: with confirmed results accepted automatically, so each confirmation enters
the official result too).  Then ``--threads`` clients play the players, boards in a shuffled order:
White posts his result to his entry's page, Black confirms it (``player:result_report``, then
``player:result_answer``: the forms' POSTs with their CSRF token, answered by a redirect).  Prints the
throughput, the latency percentiles, the errors (any answer but 302) and ``lost``: the boards whose
report is not in the database as confirmed (or official) afterwards, and the server's CPU time a
request (what the machine's load does not change much).  Exits 1 if one is lost, a
request failed, or it took a minute or more.
"""

from __future__ import annotations

import argparse
import http.client
import logging
import os
import random
import secrets
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.load_public import cpu_seconds, create_database, percentile, start_server  # noqa: E402

ENVIRONMENT = {
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/swiss_results",
    "REDIS_URL": "redis://127.0.0.1:6379/11",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_DEBUG": "0",
    "DJANGO_SECURE_SSL_REDIRECT": "0",  # plain HTTP on 127.0.0.1: no TLS proxy in front here
    "DJANGO_SECURE_HSTS_SECONDS": "0",
    "DATABASE_CONN_MAX_AGE": "60",
    "CELERY_QUEUE": "results-bench",  # the tables' rebuilds (build_soon) wait there, no worker takes them
}
CSRF = "b" * 32  # the CSRF cookie's secret; the forms send it back unmasked, as Django accepts


def prepare(players: int, accept: bool) -> list[tuple[int, str, int, str]]:
    """The tournament made anew, round 1 published; each board as (white's entry, his session, black's
    entry, his session)."""
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "1"  # the set-up pairs round 1 in this process
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    logging.getLogger("axes").setLevel(logging.WARNING)  # a line for each of the sessions made
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from pairing.rounds.publish import publish_round
    from pairing.rounds.request import request_pairing
    from pairing.rounds.run import run_pairing
    from tournaments.exchange.csv_import import import_players_csv
    from tournaments.models import Club, Game, Player, PlayerSide
    from tournaments.services.setup import create_tournament

    create_database(os.environ["DATABASE_URL"])
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)  # the pages' static files, DEBUG off
    Game.objects.filter(round__tournament__club__slug="results-bench").delete()  # they protect their players
    Club.objects.filter(slug="results-bench").delete()
    get_user_model().objects.filter(username__startswith="results-bench-").delete()
    club = Club.objects.create(name="Results Bench Club", slug="results-bench")
    tournament = create_tournament(club, name="Results Bench Open", rounds=9, initial_colour="w")
    PlayerSide.objects.create(tournament=tournament, board_results=True, accept_confirmed=accept)
    import_players_csv(tournament, "name,rating\n" + "".join(
        f'"Player, {i:05d}",{2700 - (i * 1500) // players}\n' for i in range(players)))
    people = list(tournament.players.all())
    users = get_user_model().objects.bulk_create([get_user_model()(
        username=f"results-bench-{p.pairing_number}", email=f"results-bench-{p.pairing_number}@example.org")
        for p in people])
    for player, user in zip(people, users, strict=True):
        player.user = user
    Player.objects.bulk_update(people, ["user"], batch_size=1000)
    round_ = request_pairing(tournament)
    run_pairing(round_.pk)
    round_.refresh_from_db()
    publish_round(round_)
    sessions = {}
    for player in people:
        client = Client()
        client.force_login(player.user)
        sessions[player.pk] = client.cookies["sessionid"].value
    boards = [(g.white_id, sessions[g.white_id], g.black_id, sessions[g.black_id])
              for g in round_.games.exclude(black__isnull=True)]
    print(f"set-up: {players} players signed in, round 1 published ({len(boards)} boards), "
          f"confirmed results accepted automatically: {'yes' if accept else 'no'}")
    return boards


def post(port: int, path: str, session: str, fields: dict) -> tuple[int, float]:
    """One form's POST as the player's browser makes it; its status and how long it took (ms)."""
    body = urlencode({**fields, "csrfmiddlewaretoken": CSRF})
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("POST", path, body, {
            "Host": "127.0.0.1", "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"sessionid={session}; csrftoken={CSRF}"})
        response = connection.getresponse()
        response.read()
        return response.status, (time.perf_counter() - started) * 1000
    except OSError:
        return 0, (time.perf_counter() - started) * 1000
    finally:
        connection.close()


def play(port: int, boards: list, threads: int) -> tuple[list[float], list[int], float]:
    """Each board reported by White then confirmed by Black, ``threads`` boards at a time."""
    queue = list(boards)
    random.Random(25).shuffle(queue)
    lock, latencies, statuses = threading.Lock(), [], []

    def client():
        while True:
            with lock:
                if not queue:
                    return
                white, white_session, black, black_session = queue.pop()
            results = [post(port, f"/me/entries/{white}/result/", white_session, {"result": "1-0"}),
                       post(port, f"/me/entries/{black}/result/answer/", black_session, {"answer": "confirm"})]
            with lock:
                for status, took in results:
                    statuses.append(status)
                    latencies.append(took)

    started = time.monotonic()
    workers = [threading.Thread(target=client) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return latencies, statuses, time.monotonic() - started


def lost(boards: list, accept: bool) -> int:
    """The boards whose confirmed report (or, accepted, official result) is not in the database."""
    from tournaments.models import Game, ResultReport

    whites = [white for white, *_ in boards]
    if accept:
        done = Game.objects.filter(white_id__in=whites, result="1-0", report__state="official").count()
    else:
        done = ResultReport.objects.filter(game__white_id__in=whites, result="1-0", state="confirmed").count()
    return len(boards) - done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--threads", type=int, default=16, help="players acting at once")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers")
    parser.add_argument("--accept", action="store_true", help="confirmed results accepted automatically")
    parser.add_argument("--port", type=int, default=0)
    options = parser.parse_args()
    for name, value in ENVIRONMENT.items():
        os.environ.setdefault(name, value)
    boards = prepare(options.players, options.accept)
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "0"  # the server queues the tables' rebuilds, as in production
    server = start_server(options)
    try:
        before = cpu_seconds(server.pid)
        latencies, statuses, seconds = play(options.port, boards, options.threads)
        cpu = cpu_seconds(server.pid) - before
    finally:
        server.terminate()
        server.wait(timeout=30)
    errors = sum(status != 302 for status in statuses)
    missing = lost(boards, options.accept)
    print(f"{len(statuses)} requests ({len(boards)} reports, {len(boards)} confirmations) by {options.threads} "
          f"players at once on gunicorn ({options.workers} workers) in {seconds:.1f} s: "
          f"{len(statuses) / seconds:.0f} requests/s")
    print(f"latency ms: median {percentile(latencies, .5):.0f}, p95 {percentile(latencies, .95):.0f}, "
          f"p99 {percentile(latencies, .99):.0f}, max {max(latencies):.0f}")
    print(f"CPU: gunicorn {cpu:.1f} s ({cpu / max(len(statuses), 1) * 1000:.0f} ms a request)")
    print(f"errors: {errors}")
    print(f"lost: {missing}")
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    if missing or errors or seconds >= 60:
        raise SystemExit("missed: a report lost, a request failed or over a minute")


if __name__ == "__main__":
    main()
