"""Demo data: a club, an arbiter login, and a 30-player Dutch tournament with three rounds played."""

import random
from datetime import date, timedelta

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from pairing.rounds.publish import publish_round
from pairing.rounds.request import request_pairing
from pairing.rounds.run import run_pairing
from tournaments.models import Club, Membership, Player, Result, Tournament
from tournaments.services.players import register_player
from tournaments.services.results import enter_result
from tournaments.services.setup import create_tournament

USERNAME, PASSWORD = "arbiter", "swiss-demo"
FIRST = ["Anna", "Boris", "Chloé", "Dmitri", "Elif", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Kira", "Luca",
         "Maya", "Nikolai", "Olga", "Pablo", "Qiu", "Rosa", "Sven", "Tara", "Umar", "Vera", "Wim", "Xenia",
         "Yusuf", "Zoé", "Arjun", "Bea", "Cyril", "Dalia"]
LAST = ["Petrova", "Lindqvist", "Moreau", "Ivanov", "Kaya", "Haddad", "Schmidt", "Lefebvre", "García", "Berg",
        "Tanaka", "Rossi", "Cohen", "Popov", "Nowak", "Ruiz", "Chen", "Silva", "Larsen", "Singh", "Aziz",
        "Kovač", "de Vries", "Volkova", "Demir", "Laurent", "Patel", "Novak", "Dubois", "Mansour"]
FEDERATIONS = ["FRA", "GER", "ESP", "ITA", "NED", "SWE", "POL", "TUR", "IND", "NOR"]
TITLES = ["GM", "IM", "FM", "WIM", "IM", "CM"]


class Command(BaseCommand):
    help = "Create demo data: a club, an arbiter login and a tournament with round 4 ready to pair."

    def handle(self, *args, **options):
        user, created = get_user_model().objects.get_or_create(username=USERNAME)
        if created:
            user.set_password(PASSWORD)
            user.save()
        club, _ = Club.objects.get_or_create(slug="demo-chess-club", defaults={"name": "Demo Chess Club"})
        Membership.objects.get_or_create(club=club, user=user, defaults={"role": Membership.Role.ADMIN})
        if not Tournament.objects.filter(club=club).exists():
            self.create_tournament(club, user)
        self.stdout.write(self.style.SUCCESS(
            f"Demo ready. Arbiter login: {USERNAME} / {PASSWORD} (club: {club})."))

    def create_tournament(self, club, user):
        rng = random.Random(2026)
        start = date.today() - timedelta(days=3)
        with transaction.atomic():
            tournament = create_tournament(
                club, name="Demo Open", place="Lyon", start_date=start, end_date=start + timedelta(days=6),
                rounds=7, initial_colour=Tournament.InitialColour.WHITE, listing=Tournament.Listing.LISTED)
            for i in range(30):
                rating = 2500 - i * 28 - rng.randint(0, 20)
                player = Player(name=f"{LAST[i]}, {FIRST[i]}", rating=rating,
                                title=TITLES[i] if i < len(TITLES) else "",
                                federation=rng.choice(FEDERATIONS), sex="w" if i % 3 == 0 else "m",
                                fide_id=str(1_000_000 + i * 7919))
                register_player(tournament, player)
        for _ in range(3):
            round_ = request_pairing(tournament, user)
            run_pairing(round_.pk)  # no-op if the task has run already (eager mode)
            round_.refresh_from_db()
            publish_round(round_)
            for game in round_.games.exclude(result=Result.BYE):
                outcome = rng.choices([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS], weights=[4, 3, 3])[0]
                enter_result(game, outcome, user)
