"""Pairing notices on the SQLite default, run by tests/app/rounds/test_notices.py in its own process:
``DATABASE_URL=sqlite:///FILE EMAIL_URL=file:///FOLDER python -m tests.app.sqlite_notices`` publishes a
round of a tournament with notices on (tasks in-process: the sender is a thread) and prints, as JSON,
the notices' states once the thread is done."""

import json
import threading

from tests.sqlite_site import setup


def main() -> None:
    setup()
    from django.core.management import call_command

    from pairing.rounds.publish import publish_round
    from pairing.rounds.request import request_pairing
    from tournaments.models import Club, Notice, Player
    from tournaments.services.players import register_player
    from tournaments.services.setup import create_tournament

    call_command("migrate", verbosity=0)
    tournament = create_tournament(Club.objects.create(name="Lyon Chess", slug="lyon"), name="Mail Open", rounds=5,
                                   initial_colour="w", pairing_notices=True)
    for i in range(7):
        register_player(tournament, Player(name=f"Player, {i}", rating=2400 - 10 * i, email=f"p{i + 1}@example.org"))
    round_ = request_pairing(tournament)  # paired in this process
    publish_round(round_)
    for thread in threading.enumerate():
        if thread.name.startswith("notices-"):
            thread.join(60)
    print(json.dumps({"states": sorted(Notice.objects.values_list("state", flat=True))}))


if __name__ == "__main__":
    main()
