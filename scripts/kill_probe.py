"""Results and pairings under kill -9: is anything the server acknowledged lost?

    .venv/bin/python scripts/kill_probe.py [--boards 300] [--seconds 60] [--kill-every 3] [--workers 3]

Runs the app as in production: gunicorn, DEBUG off, a Celery worker over Redis, PostgreSQL
(``DATABASE_URL``, by default the ``swiss_kill`` database on 127.0.0.1, created when missing, its
probe data made again each run; ``REDIS_URL``, by default database 2 on 127.0.0.1).  The set-up,
with the app's own services: an arbiter and his API token, a tournament of 2 x ``--boards`` players
with round 1 published, and ``--pairings`` small tournaments waiting for round 1.

Then writers enter every board's result through the API (8 at once), and the arbiter asks for each
small tournament's round 1 (the Celery worker pairs it), both spread over ``--seconds``, while
every ``--kill-every`` seconds gunicorn (its whole process group: master and workers) or the Celery
worker is killed with SIGKILL and started again.  A request that got no answer is sent again, as
the arbiter's page does, until it is answered.  At the end: every result answered 200 must be in
the database, every pairing answered 202 must be paired once (the killed worker's task is given to
the new one after ``PAIRING_REDELIVERY_AFTER``, set to 20 s here), and no answer a 5xx.  Prints the
figures; exits 1 on any loss.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import secrets
import signal
import socket
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
RESULTS = ("1-0", "0-1", "½-½")
REDELIVERY = 20

ENVIRONMENT = {
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/swiss_kill",
    "REDIS_URL": "redis://127.0.0.1:6379/2",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_DEBUG": "0",
    "DJANGO_SECURE_SSL_REDIRECT": "0",  # plain HTTP on 127.0.0.1
    "CELERY_QUEUE": "kill-probe",
    "PAIRING_REDELIVERY_AFTER": str(REDELIVERY),
}


def prepare(boards: int, pairings: int) -> tuple[str, str, list[str]]:
    """The big tournament's slug, the token and the small tournaments' slugs (made anew)."""
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "1"  # the set-up pairs round 1 in this process
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    from scripts.load_public import create_database

    create_database(os.environ["DATABASE_URL"])
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    return build(boards, pairings)


def build(boards: int, pairings: int) -> tuple[str, str, list[str]]:
    from django.contrib.auth import get_user_model
    from django.db import connections
    from rest_framework.authtoken.models import Token

    from pairing.rounds.publish import publish_round
    from pairing.rounds.request import request_pairing
    from pairing.rounds.run import run_pairing
    from tournaments.exchange.csv_import import import_players_csv
    from tournaments.models import Club, Game, Membership
    from tournaments.services.setup import create_tournament

    Game.objects.filter(round__tournament__club__slug="kill-probe").delete()  # they protect their players
    Club.objects.filter(slug="kill-probe").delete()
    get_user_model().objects.filter(username="kill-probe").delete()
    club = Club.objects.create(name="Kill Probe Club", slug="kill-probe")
    user = get_user_model().objects.create_user("kill-probe", password=secrets.token_urlsafe(12))
    Membership.objects.create(club=club, user=user, role=Membership.Role.CHIEF)
    rng = random.Random(24)

    def tournament(name: str, players: int):
        made = create_tournament(club, name=name, rounds=5, initial_colour="w")
        import_players_csv(made, "name,rating\n" + "".join(
            f'"Player, {i:04d}",{rng.randint(1200, 2700)}\n' for i in range(players)))
        return made

    big = tournament("Kill Probe Open", 2 * boards)
    round_ = request_pairing(big, user)
    run_pairing(round_.pk)
    round_.refresh_from_db()
    publish_round(round_)
    small = [tournament(f"Kill Probe Rapid {i}", 30).slug for i in range(pairings)]
    token = Token.objects.create(user=user).key
    connections.close_all()
    return big.slug, token, small


class Servers:
    """Gunicorn and the Celery worker, each in a process group of its own, killed and restarted."""

    def __init__(self, port: int, workers: int, log: Path):
        self.port, self.workers, self.log = port, workers, log.open("a")
        self.env = {**os.environ, "CELERY_TASK_ALWAYS_EAGER": "0"}
        self.processes: dict[str, subprocess.Popen] = {}
        self.kills = {"gunicorn": 0, "celery": 0}

    def command(self, name: str) -> list[str]:
        if name == "gunicorn":
            return [sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{self.port}",
                    "--workers", str(self.workers), "--log-level", "warning"]
        return [sys.executable, "-m", "celery", "-A", "config", "worker", "-l", "warning", "--concurrency", "2",
                "-Q", self.env["CELERY_QUEUE"]]

    def start(self, name: str) -> None:
        self.processes[name] = subprocess.Popen(self.command(name), cwd=ROOT, env=self.env, start_new_session=True,
                                                stdout=self.log, stderr=self.log)

    def kill(self, name: str) -> None:
        process = self.processes[name]
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # the master and its workers at once
        process.wait()
        self.kills[name] += 1

    def stop(self) -> None:
        for name in list(self.processes):
            self.kill(name)
            self.kills[name] -= 1
        self.log.close()


def call(url: str, token: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    """The status and JSON of one POST; (0, error) when no answer came (the server was killed)."""
    request = urllib.request.Request(url + path, method="POST", data=json.dumps(body or {}).encode(),
                                     headers={"Authorization": f"Token {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, {"detail": error.read().decode(errors="replace")[:200]}
    except OSError as error:
        return 0, {"detail": repr(error)}


class Probe:
    """What was sent and what the server acknowledged."""

    def __init__(self, url: str, token: str):
        self.url, self.token = url, token
        self.acknowledged_results: dict[int, str] = {}
        self.acknowledged_pairings: list[str] = []
        self.refused_pairings: list[str] = []
        self.retries, self.errors = 0, []
        self.lock = threading.Lock()

    def until_answered(self, path: str, body: dict | None = None) -> tuple[int, dict]:
        while True:
            status, answer = call(self.url, self.token, path, body)
            if status:
                if status >= 500:
                    with self.lock:
                        self.errors.append(f"{path}: HTTP {status} {answer}")
                return status, answer
            with self.lock:
                self.retries += 1
            time.sleep(0.3)

    def paced(self, items: list, seconds: float):
        """The items one by one, spread over ``seconds`` (so that the kills find requests under way)."""
        start = time.monotonic()
        for i, item in enumerate(items):
            time.sleep(max(0.0, start + i * seconds / len(items) - time.monotonic()))
            yield item

    def enter_results(self, slug: str, boards: list[int], seconds: float) -> None:
        for board in self.paced(boards, seconds):
            result = RESULTS[board % len(RESULTS)]
            status, answer = self.until_answered(f"/api/tournaments/{slug}/rounds/1/boards/{board}/result/",
                                                 {"result": result})
            with self.lock:
                if status == 200:
                    self.acknowledged_results[board] = result
                else:
                    self.errors.append(f"board {board}: HTTP {status} {answer}")

    def ask_pairings(self, slugs: list[str], seconds: float) -> None:
        for slug in self.paced(slugs, seconds):
            status, _ = self.until_answered(f"/api/tournaments/{slug}/pair/")
            with self.lock:
                (self.acknowledged_pairings if status == 202 else self.refused_pairings).append(slug)


def wait_ready(servers: Servers, seconds: float = 60) -> None:
    """Until this gunicorn answers (never another server on the port: it must be running)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and servers.processes["gunicorn"].poll() is None:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{servers.port}/api/", timeout=2)
            return
        except OSError:
            time.sleep(0.2)
    servers.stop()
    raise SystemExit(f"gunicorn did not start on port {servers.port}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def killer(servers: Servers, every: float, done: threading.Event) -> None:
    """Kill gunicorn and the worker in turn, at random moments around ``every`` seconds after the
    last restart was ready to answer, and start it again."""
    rng, names = random.Random(9), ["gunicorn", "celery"]
    while not done.wait(rng.uniform(every / 2, every * 1.5)):
        name = names[servers.kills["gunicorn"] + servers.kills["celery"] & 1]
        servers.kill(name)
        servers.start(name)
        if name == "gunicorn":
            wait_ready(servers)


def run(options, slug: str, token: str, small: list[str], log: Path) -> tuple[Probe, Servers, float]:
    servers = Servers(options.port or free_port(), options.workers, log)
    servers.start("gunicorn")
    servers.start("celery")
    wait_ready(servers)
    probe = Probe(f"http://127.0.0.1:{servers.port}", token)
    boards = list(range(1, options.boards + 1))
    random.Random(1).shuffle(boards)
    threads = [threading.Thread(target=probe.enter_results, args=(slug, boards[i::8], options.seconds))
               for i in range(8)]
    threads.append(threading.Thread(target=probe.ask_pairings, args=(small, options.seconds)))
    done = threading.Event()
    kills = threading.Thread(target=killer, args=(servers, options.kill_every, done))
    started = time.monotonic()
    for thread in [*threads, kills]:
        thread.start()
    for thread in threads:
        thread.join()
    done.set()
    kills.join()
    return probe, servers, time.monotonic() - started


def check(probe: Probe, slug: str, small: list[str], wait: float) -> list[str]:
    """What the database lost of what was acknowledged, once the pairings had ``wait`` seconds."""
    from django.db import connections

    from tournaments.models import Game, Round

    deadline = time.monotonic() + wait
    while time.monotonic() < deadline and Round.objects.filter(
            tournament__slug__in=probe.acknowledged_pairings, status=Round.Status.PAIRING).exists():
        time.sleep(1)
    stored = dict(Game.objects.filter(round__tournament__slug=slug, round__number=1).values_list("board", "result"))
    lost = [f"board {board}: acknowledged {result}, stored {stored.get(board)!r}"
            for board, result in probe.acknowledged_results.items() if stored.get(board) != result]
    for small_slug in probe.acknowledged_pairings:
        rounds = list(Round.objects.filter(tournament__slug=small_slug))
        boards = [r.games.count() for r in rounds]
        if [(r.number, r.status) for r in rounds] != [(1, Round.Status.DRAFT)] or boards != [15]:
            lost.append(f"{small_slug}: rounds {[(r.number, r.status, r.error[:80]) for r in rounds]}, boards {boards}")
    connections.close_all()
    return lost


def stuck_pairings(probe: Probe) -> int:
    """Rounds asked for whose 202 never arrived (gunicorn killed between the commit and the answer)
    and still being paired: not a loss of anything acknowledged, but a round waiting for its
    release (``pairing.rounds.timing.release_if_stale``)."""
    from django.db import connections

    from tournaments.models import Round

    count = Round.objects.filter(tournament__slug__in=probe.refused_pairings, status=Round.Status.PAIRING).count()
    connections.close_all()
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, default=300)
    parser.add_argument("--pairings", type=int, default=12, help="small tournaments whose round 1 is asked for")
    parser.add_argument("--seconds", type=float, default=60, help="the requests spread over this time")
    parser.add_argument("--kill-every", type=float, default=3, help="seconds between kills, on average")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers")
    parser.add_argument("--port", type=int, default=0, help="default: a free one")
    options = parser.parse_args()
    for name, value in ENVIRONMENT.items():
        os.environ.setdefault(name, value)
    print(f"Setting up: {2 * options.boards} players with round 1 published, {options.pairings} tournaments "
          "to pair...", flush=True)
    slug, token, small = prepare(options.boards, options.pairings)
    log = Path(tempfile.gettempdir()) / "kill_probe.log"
    log.unlink(missing_ok=True)
    probe, servers, elapsed = run(options, slug, token, small, log)
    try:  # both run again after the last kill: the worker finishes the pairings
        lost = check(probe, slug, small, wait=3 * REDELIVERY + 30)
    finally:
        servers.stop()
    print(f"{len(probe.acknowledged_results)} results and {len(probe.acknowledged_pairings)} pairings acknowledged "
          f"in {elapsed:.1f} s; {len(probe.refused_pairings)} pairing requests refused (asked again after a kill)")
    print(f"killed with SIGKILL: gunicorn {servers.kills['gunicorn']} times, the Celery worker "
          f"{servers.kills['celery']} times; requests sent again after no answer: {probe.retries}")
    print(f"pairing requests refused as already asked (their first answer lost), left being paired: "
          f"{stuck_pairings(probe)}")
    print(f"5xx or unexpected answers: {len(probe.errors)}" + "".join(f"\n  {e}" for e in probe.errors[:10]))
    print(f"acknowledged but lost: {len(lost)}" + "".join(f"\n  {x}" for x in lost[:20]))
    print(f"(the servers' log: {log})")
    sys.exit(1 if lost or probe.errors else 0)


if __name__ == "__main__":
    main()
