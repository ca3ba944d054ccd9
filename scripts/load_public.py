"""Load benchmark of the public pages: 50 readers on a 300-player, 9-round tournament.

    .venv/bin/python scripts/load_public.py [--readers 50] [--seconds 25] [--workers 5]

Runs the app as in production: gunicorn, DEBUG off, PostgreSQL (``DATABASE_URL``, by default the
``swiss_load`` database on 127.0.0.1, created when missing) and the cache in Redis (``REDIS_URL``,
by default database 1 on 127.0.0.1, emptied first so the run starts cold).  The tournament is made
once with the app's own services and engine (players, nine rounds paired, published and played),
then kept for the next runs.  Each reader visits, again and again: the home page, the tournament,
one round's boards, the standings, the crosstable and one player's page.  Prints requests per
second, latency percentiles and the number of errors (any answer but 200, or no answer).
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import os
import random
import secrets
import statistics
import subprocess
import sys
import time
from pathlib import Path

from pairing.rounds.publish import publish_round
from pairing.rounds.request import request_pairing
from pairing.rounds.run import run_pairing
from tournaments.exchange.csv_import import import_players_csv
from tournaments.services.results import enter_result
from tournaments.services.setup import create_tournament

ROOT = Path(__file__).resolve().parents[1]
PLAYERS, ROUNDS, NAME = 300, 9, "Load Test Open"

ENVIRONMENT = {
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/swiss_load",
    "REDIS_URL": "redis://127.0.0.1:6379/1",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_DEBUG": "0",
    "DJANGO_SECURE_SSL_REDIRECT": "0",  # plain HTTP on 127.0.0.1: no TLS proxy in front here
    "DATABASE_CONN_MAX_AGE": "60",
    "CELERY_TASK_ALWAYS_EAGER": "1",  # the set-up pairs in this process
}


def create_database(url: str) -> None:
    import psycopg
    from dj_database_url import parse

    config = parse(url)
    if config["ENGINE"] != "django.db.backends.postgresql":
        return
    with psycopg.connect(host=config["HOST"] or "127.0.0.1", port=config["PORT"] or 5432, user=config["USER"],
                         password=config["PASSWORD"] or None, dbname="postgres", autocommit=True) as connection:
        if not connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [config["NAME"]]).fetchone():
            connection.execute(f'CREATE DATABASE "{config["NAME"]}"')


def build_tournament() -> str:
    """The tournament's slug: nine rounds of 300 players, paired by the engine, every result in."""
    from tournaments.models import Club, Result, Tournament

    club, _ = Club.objects.get_or_create(slug="load-test", defaults={"name": "Load Test Club"})
    existing = Tournament.objects.filter(club=club, name=NAME).first()
    if existing and existing.completed_rounds() == ROUNDS and existing.players.count() == PLAYERS:
        return existing.slug
    if existing:
        existing.delete()
    rng = random.Random(2026)
    tournament = create_tournament(club, name=NAME, rounds=ROUNDS, initial_colour="w", listing="")
    import_players_csv(tournament, "name,rating\n" + "\n".join(
        f'"Player, {i:03d}",{rng.randint(1200, 2700)}' for i in range(PLAYERS)))
    for number in range(1, ROUNDS + 1):
        started = time.monotonic()
        round_ = request_pairing(tournament)
        run_pairing(round_.pk)  # nothing to do when the task has run already
        round_.refresh_from_db()
        if round_.status != round_.Status.DRAFT:
            raise SystemExit(f"round {number} was not paired: {round_.error}")
        publish_round(round_)
        for game in round_.games.exclude(result=Result.BYE):
            enter_result(game, rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS]))
        print(f"  round {number} paired and played ({time.monotonic() - started:.1f} s)", flush=True)
    return tournament.slug


def prepare() -> str:
    create_database(os.environ["DATABASE_URL"])
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django
    from django.core.cache import cache
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    print(f"Setting up {NAME} ({PLAYERS} players, {ROUNDS} rounds) unless it exists...", flush=True)
    slug = build_tournament()
    cache.clear()  # start cold
    from django.db import connections

    connections.close_all()
    return slug


def get(port: int, path: str) -> int:
    """The status of one GET (the set-up's readiness check)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


async def fetch(port: int, path: str) -> int:
    """One GET as a reader's browser makes it, the body read to the end; its status.  Gunicorn's sync
    workers close every connection after the response, so reading to EOF is reading the response."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        response = await reader.read()
        return int(response[9:12]) if response.startswith(b"HTTP/1.") else 0
    finally:
        writer.close()


async def reader(port: int, slug: str, stop: float, seed: int, latencies: list, errors: list) -> None:
    """One reader's visits until ``stop``: home, tournament, a round, standings, crosstable, a player."""
    rng = random.Random(seed)
    while True:
        for path in ("/", f"/t/{slug}/", f"/t/{slug}/round/{rng.randint(1, ROUNDS)}/", f"/t/{slug}/standings/",
                     f"/t/{slug}/crosstable/", f"/t/{slug}/player/{rng.randint(1, PLAYERS)}/"):
            if time.monotonic() >= stop:
                return
            started = time.monotonic()
            try:
                status = await asyncio.wait_for(fetch(port, path), timeout=30)
            except (OSError, TimeoutError) as error:
                errors.append(f"{path}: {error!r}")
                continue
            latencies.append(time.monotonic() - started)
            if status != 200:
                errors.append(f"{path}: HTTP {status}")


async def readers(count: int, port: int, slug: str, seconds: float, latencies: list, errors: list) -> None:
    stop = time.monotonic() + seconds
    await asyncio.gather(*(reader(port, slug, stop, seed, latencies, errors) for seed in range(count)))


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its children (gunicorn's workers), from /proc."""
    children = Path(f"/proc/{pid}/task/{pid}/children")
    total = 0.0
    for each in [pid, *map(int, children.read_text().split() if children.exists() else [])]:
        fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def percentile(values: list[float], fraction: float) -> float:
    return statistics.quantiles(values, n=100)[round(fraction * 100) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--readers", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=25)
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1) + 1, help="gunicorn workers")
    parser.add_argument("--port", type=int, default=8765)
    options = parser.parse_args()
    for name, value in ENVIRONMENT.items():
        os.environ.setdefault(name, value)
    slug = prepare()

    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{options.port}",
         "--workers", str(options.workers), "--log-level", "warning"], cwd=ROOT, env=os.environ)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if get(options.port, "/") == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("gunicorn did not start")
            time.sleep(0.2)
        print(f"{options.readers} readers for {options.seconds:g} s on gunicorn ({options.workers} workers)...",
              flush=True)
        latencies: list[float] = []
        errors: list[str] = []
        started, cpu, server_cpu = time.monotonic(), time.process_time(), cpu_seconds(server.pid)
        asyncio.run(readers(options.readers, options.port, slug, options.seconds, latencies, errors))
        elapsed, cpu = time.monotonic() - started, time.process_time() - cpu
        server_cpu = cpu_seconds(server.pid) - server_cpu
    finally:
        server.terminate()
        server.wait(timeout=30)

    requests = len(latencies) + sum(1 for e in errors if "HTTP" not in e)
    print(f"requests: {requests} in {elapsed:.1f} s = {requests / elapsed:.0f} requests/s")
    if latencies:
        p50, p95 = (percentile(latencies, f) * 1000 for f in (0.5, 0.95))
        print(f"latency: p50 {p50:.0f} ms, p95 {p95:.0f} ms, max {max(latencies) * 1000:.0f} ms")
    print(f"errors: {len(errors)}" + "".join(f"\n  {e}" for e in errors[:10]))
    print(f"CPU: gunicorn {server_cpu:.1f} s ({server_cpu / max(requests, 1) * 1000:.1f} ms a request), "
          f"the readers {cpu:.1f} s, in {elapsed:.1f} s on {os.cpu_count()} cores")
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
