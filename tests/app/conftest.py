"""Fixtures for the app: two clubs with an arbiter each, and a way to run a tournament."""

import random
import subprocess
import sys

import pytest
from django.contrib.auth import get_user_model
from django.test import TestCase

from pairing.rounds.publish import publish_round
from pairing.rounds.request import request_pairing
from tournaments.models import Club, Membership, Player, PlayerSide, Result, Tournament
from tournaments.services.players import register_player
from tournaments.services.results import enter_result
from tournaments.services.setup import create_tournament


@pytest.fixture
def club(db):
    return Club.objects.create(name="Lyon Chess", slug="lyon")


@pytest.fixture
def arbiter(club):
    user = get_user_model().objects.create_user("ann", password="pw-ann-123")
    Membership.objects.create(club=club, user=user, role=Membership.Role.CHIEF)
    return user


@pytest.fixture
def outsider(db):
    """An arbiter of another club."""
    other = Club.objects.create(name="Paris Chess", slug="paris")
    user = get_user_model().objects.create_user("bob", password="pw-bob-123")
    Membership.objects.create(club=other, user=user, role=Membership.Role.ADMIN)
    return user


def make_tournament(club, players=10, rounds=5, **fields) -> Tournament:
    fields.setdefault("initial_colour", "w")
    fields.setdefault("listing", Tournament.Listing.LISTED)  # as an arbiter lists it (new ones start hidden)
    tournament = create_tournament(club, name=fields.pop("name", "Spring Open"), rounds=rounds, **fields)
    for i in range(players):
        register_player(tournament, Player(name=f"Player, {chr(65 + i)}{i}", rating=2400 - 37 * i))
    return tournament


def request(tournament, user=None):
    """Ask for the next round as the views do; the task runs (eagerly) once the request commits."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        round_ = request_pairing(tournament, user)
    round_.refresh_from_db()
    return round_


def pair(tournament, user=None):
    """Pair the next round through the app and publish it."""
    round_ = request(tournament, user)
    assert round_.status == "draft", round_.error
    publish_round(round_)
    round_.refresh_from_db()
    return round_


def play(round_, rng: random.Random, user=None, forfeits: int = 0):
    games = list(round_.games.exclude(result=Result.BYE))
    for i, game in enumerate(games):
        if i < forfeits:
            outcome = rng.choice([Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT])
        else:
            outcome = rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS])
        enter_result(game, outcome, user)


@pytest.fixture
def tournament(club):
    return make_tournament(club)


@pytest.fixture
def reporting(club):
    """Six players with accounts, round 1 published, the tournament taking results from the board."""
    tournament = make_tournament(club, players=6, rounds=5)
    PlayerSide.objects.create(tournament=tournament, board_results=True)
    for player in tournament.players.all():
        player.user = get_user_model().objects.create_user(f"p{player.pairing_number}@example.org")
        player.save(update_fields=["user"])
    pair(tournament)
    return tournament


def engine_cli_pairing(trf_text: str, tmp_path, system: str = "dutch") -> list[tuple[int, int]]:
    """What ``python -m pairing.engine --<system> FILE -p`` outputs for the file alone."""
    path = tmp_path / "export.trf"
    path.write_text(trf_text)
    out = subprocess.run([sys.executable, "-m", "pairing.engine", f"--{system}", str(path), "-p"],
                         capture_output=True, text=True, check=True).stdout.split()
    return [(int(out[i]), int(out[i + 1])) for i in range(1, len(out), 2)]


def boards(round_) -> list[tuple[int, int]]:
    """A round's boards as ``(white, black)`` pairing numbers, the bye as ``(n, 0)``."""
    return [(g.white.pairing_number, g.black.pairing_number if g.black else 0)
            for g in round_.games.select_related("white", "black")]
