"""The app on its own SQLite file, for the tests of the embedded default (the suite itself runs on
PostgreSQL, so these tests run the app in a separate process with a ``sqlite:///`` DATABASE_URL).

``DATABASE_URL=sqlite:///FILE python -m tests.sqlite_site [PLAYERS]`` migrates the file and creates
the arbiter ann (password pw-ann-123) of Lyon Chess and the tournament "Typing Open" (slug
typing-open) of PLAYERS players (default 200) with round 1 paired and published.
"""

import os
import sys

import django


def sqlite_env(database) -> dict:
    """The environment of a process of the app on ``database``: SQLite, in-process Celery, as
    ``make run`` starts it (DJANGO_DEBUG=1: plain HTTP on this machine)."""
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DJANGO_SETTINGS_MODULE")}
    env["DATABASE_URL"] = f"sqlite:///{database}"
    env["DJANGO_DEBUG"] = "1"
    return env


def setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.conf import settings

    if not settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        sys.exit("give a sqlite:/// DATABASE_URL")


def create_site(players: int) -> None:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from pairing.rounds.publish import publish_round
    from pairing.rounds.request import request_pairing
    from pairing.rounds.run import run_pairing
    from tournaments.exchange.csv_import import import_players_csv
    from tournaments.models import Club, Membership
    from tournaments.services.setup import create_tournament

    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Lyon Chess", slug="lyon")
    user = get_user_model().objects.create_user("ann", password="pw-ann-123")
    Membership.objects.create(club=club, user=user, role=Membership.Role.CHIEF)
    tournament = create_tournament(club, name="Typing Open", rounds=5, initial_colour="w")
    import_players_csv(tournament, "name,rating\n" + "".join(
        f"\"Player, {i:03d}\",{2600 - 3 * i}\n" for i in range(players)))
    round_ = request_pairing(tournament, user)
    run_pairing(round_.pk)  # no-op when the task ran on commit already (eager Celery)
    round_.refresh_from_db()
    publish_round(round_)


if __name__ == "__main__":
    setup()
    create_site(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
