"""Concurrent writers on the embedded SQLite default: does any write fail with "database is locked"?

    .venv/bin/python scripts/sqlite_probe.py [--writers 10] [--seconds 60] [--workers 2] [--threads 4]

Runs the app as ``make run`` configures it (no DATABASE_URL: SQLite, Celery in the web process), on a
SQLite file of its own in a temporary folder (never ``db.sqlite3``), under gunicorn.  The site is
tests/sqlite_site.py's: the arbiter ann, a tournament with round 1 published, one board per writer.
Each writer enters and corrects its board's result through the API (the arbiter's token) as fast
as the server answers, for the given seconds: every result is a write transaction under the
tournament's lock, with its audit entry.  Prints the writes per second, latencies, every answer
but 200, every "database is locked" (in an answer or in the server's log), and checks that each
board holds the last result the server acknowledged.  Exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.sqlite_site import create_site, setup, sqlite_env  # noqa: E402

RESULTS = ("1-0", "0-1", "½-½")
LOCKED = "database is locked"


def make_site(database: Path, boards: int) -> tuple[str, str]:
    """The site on ``database``; the tournament's slug and ann's API token."""
    os.environ.update(sqlite_env(database))
    setup()
    create_site(2 * boards)
    from django.db import connections
    from rest_framework.authtoken.models import Token

    from tournaments.models import Tournament

    token = Token.objects.create(user_id=Tournament.objects.get().club.memberships.get().user_id).key
    slug = Tournament.objects.get().slug
    connections.close_all()
    return slug, token


def start_server(database: Path, workers: int, threads: int, log: Path, port: int = 0) -> tuple[subprocess.Popen, str]:
    port = port or free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{port}", "--workers", str(workers),
         "--threads", str(threads), "--log-level", "warning"],
        cwd=ROOT, env=sqlite_env(database), stdout=subprocess.DEVNULL, stderr=log.open("w"))
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(url + "/accounts/login/", timeout=2)
            return server, url
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("gunicorn did not start:\n" + log.read_text()[-2000:])


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post_result(url: str, token: str, slug: str, board: int, result: str) -> tuple[int, str]:
    request = urllib.request.Request(
        f"{url}/api/tournaments/{slug}/rounds/1/boards/{board}/result/", method="POST",
        data=json.dumps({"result": result}).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


class Writers:
    """Each writer's answers; the last result acknowledged per board."""

    def __init__(self, url: str, token: str, slug: str):
        self.url, self.token, self.slug = url, token, slug
        self.latencies: list[float] = []
        self.failures: list[str] = []
        self.acknowledged: dict[int, str] = {}
        self.lock = threading.Lock()

    def write(self, board: int, stop: float) -> None:
        i = 0
        while time.monotonic() < stop:
            result = RESULTS[i % len(RESULTS)]
            i += 1
            started = time.monotonic()
            try:
                status, body = post_result(self.url, self.token, self.slug, board, result)
            except OSError as error:
                status, body = 0, repr(error)
            with self.lock:
                if status == 200:
                    self.latencies.append(time.monotonic() - started)
                    self.acknowledged[board] = result
                else:
                    self.failures.append(f"board {board}: HTTP {status} {body[:200]}")

    def run(self, boards: int, seconds: float) -> float:
        stop = time.monotonic() + seconds
        threads = [threading.Thread(target=self.write, args=(board, stop)) for board in range(1, boards + 1)]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return time.monotonic() - started


def stored_results(database: Path) -> dict[int, str]:
    import sqlite3

    with sqlite3.connect(database) as connection:
        return dict(connection.execute("SELECT board, result FROM tournaments_game g JOIN tournaments_round r "
                                       "ON g.round_id = r.id WHERE r.number = 1"))


def report(writers: Writers, elapsed: float, log: str, stored: dict[int, str]) -> bool:
    writes = len(writers.latencies)
    print(f"writes acknowledged: {writes} in {elapsed:.1f} s = {writes / elapsed:.0f} writes/s")
    if len(writers.latencies) > 1:
        cuts = statistics.quantiles(writers.latencies, n=100)
        print(f"latency: p50 {cuts[49] * 1000:.0f} ms, p95 {cuts[94] * 1000:.0f} ms, "
              f"max {max(writers.latencies) * 1000:.0f} ms")
    locked = sum(LOCKED in failure for failure in writers.failures) + log.count(LOCKED)
    lost = {board: (result, stored.get(board)) for board, result in writers.acknowledged.items()
            if stored.get(board) != result}
    print(f'"{LOCKED}": {locked}')
    print(f"answers but 200: {len(writers.failures)}" + "".join(f"\n  {f}" for f in writers.failures[:10]))
    print(f"acknowledged results lost: {len(lost)}" + "".join(f"\n  board {b}: acknowledged {a}, stored {s}"
                                                               for b, (a, s) in lost.items()))
    return not (locked or writers.failures or lost or not writes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--writers", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn processes")
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn process")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sqlite-probe-") as folder:
        database, log = Path(folder) / "probe.sqlite3", Path(folder) / "server.log"
        slug, token = make_site(database, options.writers)
        server, url = start_server(database, options.workers, options.threads, log)
        print(f"{options.writers} writers for {options.seconds:g} s on SQLite ({database.name}), gunicorn "
              f"{options.workers} processes x {options.threads} threads...", flush=True)
        try:
            writers = Writers(url, token, slug)
            elapsed = writers.run(options.writers, options.seconds)
        finally:
            server.terminate()
            server.wait(timeout=30)
        ok = report(writers, elapsed, log.read_text(), stored_results(database))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
