"""Pairing notices on the SQLite default, run by tests/app/rounds/test_notices.py in its own process:
``DATABASE_URL=sqlite:///FILE EMAIL_URL=file:///FOLDER python -m tests.app.sqlite_notices [MODE]`` publishes a
round of a tournament with notices on (tasks in-process: the sender is a thread) and prints, as JSON,
the notices' states once the thread is done.  MODE ``stop``: the process stops before its sender
thread starts (as a web process stopped right after the publication), its notices left queued;
``restart``: the web application starts on that file (config/wsgi.py, as the server loads it) and
its sender is waited for."""

import json
import sys
import threading

from tests.sqlite_site import setup


def main(mode: str) -> None:
    setup()
    from django.core.management import call_command

    from pairing.rounds import notices
    from pairing.rounds.publish import publish_round
    from pairing.rounds.request import request_pairing
    from tournaments.models import Club, Notice, Player
    from tournaments.services.players import register_player
    from tournaments.services.setup import create_tournament

    if mode == "restart":
        import config.wsgi  # noqa: F401 (the application loaded: what the server does at start)
    else:
        call_command("migrate", verbosity=0)
        tournament = create_tournament(Club.objects.create(name="Lyon Chess", slug="lyon"), name="Mail Open",
                                       rounds=5, initial_colour="w", pairing_notices=True)
        for i in range(7):
            register_player(tournament, Player(name=f"Player, {i}", rating=2400 - 10 * i,
                                               email=f"p{i + 1}@example.org"))
        round_ = request_pairing(tournament)  # paired in this process
        if mode == "stop":
            notices.dispatch = lambda round_id: None  # stopped before the sender started
        publish_round(round_)
    for thread in threading.enumerate():
        if thread.name.startswith("notices-"):
            thread.join(60)
    print(json.dumps({"states": sorted(Notice.objects.values_list("state", flat=True))}))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "")
