"""The pairing notices' benchmark (issue 25): publish a round of a 5,000-player event, then count the
notices at a real SMTP server on 127.0.0.1.

    .venv/bin/python scripts/notices_bench.py [--players 5000] [--concurrency 2]

As in production: PostgreSQL (``DATABASE_URL``, by default the ``swiss_notices`` database on 127.0.0.1,
created when missing, its data made again each run), a Celery worker over Redis (``REDIS_URL``, by
default database 4 on 127.0.0.1) sending through SMTP to an aiosmtpd server started by this script
in a process of its own (tests/smtp.py).  The set-up imports the players (each with an address) and
pairs round 1 in this process; then it times the publication (the notices created in its
transaction and the sender queued once it commits: the goal, under 5 s) and the delivery from the
commit until the server holds a mail for every player (the goal, under 2 minutes).  Prints the
figures; exits 1 if a notice is missing or came twice, or a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ENVIRONMENT = {
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/swiss_notices",
    "REDIS_URL": "redis://127.0.0.1:6379/4",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_DEBUG": "0",
    "CELERY_QUEUE": "notices-bench",
}


def prepare(players: int):
    """A tournament of ``players`` players with addresses, round 1 paired (a draft), made anew."""
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "1"  # the set-up pairs round 1 in this process
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    from pairing.rounds.request import request_pairing
    from pairing.rounds.run import run_pairing
    from scripts.load_public import create_database
    from tournaments.exchange.csv_import import import_players_csv
    from tournaments.models import Club, Game, Player
    from tournaments.services.setup import create_tournament

    create_database(os.environ["DATABASE_URL"])
    call_command("migrate", verbosity=0)
    Game.objects.filter(round__tournament__club__slug="notices-bench").delete()  # they protect their players
    Club.objects.filter(slug="notices-bench").delete()
    club = Club.objects.create(name="Notices Bench Club", slug="notices-bench")
    tournament = create_tournament(club, name="Notices Bench Open", rounds=9, initial_colour="w",
                                   pairing_notices=True)
    import_players_csv(tournament, "name,rating\n" + "".join(
        f'"Player, {i:05d}",{2700 - (i * 1500) // players}\n' for i in range(players)))
    people = list(tournament.players.all())
    for player in people:
        player.email = f"player{player.pairing_number}@example.org"
    Player.objects.bulk_update(people, ["email"], batch_size=1000)
    started = time.monotonic()
    round_ = request_pairing(tournament)
    run_pairing(round_.pk)
    round_.refresh_from_db()
    print(f"set-up: {players} players, round 1 paired in {time.monotonic() - started:.1f} s "
          f"({round_.games.count()} boards)")
    return round_


def start_worker(concurrency: int, email_url: str, log: Path) -> subprocess.Popen:
    """A Celery worker as in production, sending to ``email_url``."""
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "-l", "warning", f"--concurrency={concurrency}",
         "-Q", os.environ["CELERY_QUEUE"], "--without-heartbeat", "--without-gossip", "--without-mingle"],
        cwd=ROOT, env={**os.environ, "CELERY_TASK_ALWAYS_EAGER": "0", "EMAIL_URL": email_url},
        stdout=log.open("w"), stderr=subprocess.STDOUT, start_new_session=True)


def start_server(port: int, stats: Path) -> subprocess.Popen:
    """The SMTP server in a process of its own (tests/smtp.py), writing its counts to ``stats``."""
    return subprocess.Popen([sys.executable, "-m", "tests.smtp", str(port), str(stats)], cwd=ROOT,
                            start_new_session=True)


def counts(stats: Path) -> dict:
    try:
        return json.loads(stats.read_text())
    except (OSError, ValueError):
        return {"mails": 0, "addresses": 0, "twice": 0}


def measure(round_, stats: Path, expected: int, timeout: float = 300) -> tuple[float, float]:
    """Seconds to publish (the notices queued) and from the commit until every mail is at the server."""
    from config import celery_app
    from pairing.rounds.publish import publish_round
    from tournaments.models import Notice

    celery_app.conf.task_always_eager = False  # the sender goes to the worker
    started = time.monotonic()
    publish_round(round_)  # its own transaction: the sender is queued once it commits
    published = time.monotonic() - started
    queued = Notice.objects.filter(round=round_).count()
    assert queued == expected, f"{queued} notices queued for {expected} players"
    while counts(stats)["mails"] < expected and time.monotonic() - started < timeout:
        time.sleep(0.2)
    delivered = time.monotonic() - started - published
    time.sleep(3)  # anything sent twice arrives meanwhile
    return published, delivered


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--concurrency", type=int, default=2, help="the worker's pool processes")
    parser.add_argument("--connections", type=int, default=1, help="NOTICE_CONNECTIONS: SMTP connections at once")
    args = parser.parse_args()
    os.environ["NOTICE_CONNECTIONS"] = str(args.connections)
    for name, value in ENVIRONMENT.items():
        os.environ.setdefault(name, value)
    round_ = prepare(args.players)
    from tests.smtp import free_port

    folder = Path(tempfile.mkdtemp(prefix="notices_bench"))
    port, stats = free_port(), folder / "smtp.json"
    server = start_server(port, stats)
    worker = start_worker(args.concurrency, f"smtp://127.0.0.1:{port}", folder / "worker.log")
    try:
        time.sleep(5)  # the worker ready
        published, delivered = measure(round_, stats, args.players)
    finally:
        for process in (worker, server):
            process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
    got = counts(stats)
    missing = args.players - got["addresses"]
    print(f"publication of round 1 ({args.players} notices queued): {published:.2f} s (goal: under 5 s)")
    print(f"delivered to the SMTP server: {got['mails']} mails in {delivered:.1f} s after the commit "
          f"({got['mails'] / delivered:.0f} a second; goal: under 120 s), missing {missing}, twice {got['twice']}; "
          f"the worker's log: {folder / 'worker.log'}")
    return 0 if not missing and not got["twice"] and published < 5 and delivered < 120 else 1


if __name__ == "__main__":
    sys.exit(main())
