"""The embedded default (SQLite, no DATABASE_URL) under concurrent actions: nothing lost, no error.

The suite runs on PostgreSQL, so the app runs here in a process of its own on a SQLite file
(tests/app/sqlite_race.py), with the settings it has when nothing is configured.
"""

import json
import subprocess
import sys
from pathlib import Path

from tests.app.sqlite_race import THREADS
from tests.sqlite_site import sqlite_env

ROOT = Path(__file__).resolve().parents[3]


def test_concurrent_actions_on_the_sqlite_default(tmp_path):
    run = subprocess.run([sys.executable, "-m", "tests.app.sqlite_race"], cwd=ROOT,
                         env=sqlite_env(tmp_path / "race.sqlite3"), capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    # Readers do not wait for the writer.
    assert report["journal_mode"] == "wal"
    # A save held up between its read and its write, while another board is saved: both are stored
    # (a deferred transaction fails here with "database is locked" and the first result is lost).
    assert report["results"] == {"outcomes": ["ok", "ok"], "stored": ["1-0", "0-1"]}
    # Players registered at the same moment: every one, numbered 1..N.
    assert report["registrations"] == {"outcomes": ["ok"] * THREADS, "numbers": list(range(1, THREADS + 1))}
    # Tournaments of one name created at the same moment: every one, each at its own address.
    assert report["creations"] == {"outcomes": ["ok"] * THREADS, "created": THREADS, "slugs": THREADS}
