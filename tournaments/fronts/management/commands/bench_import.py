"""How long the imports of a large open take: ``python manage.py bench_import [--players 5000]``.

Reads the files as the import pages do (form, then business action) and prints the seconds of
each: a CSV of the players, and a TRF file of the same players with ``--rounds`` rounds played.
Everything runs in transactions rolled back at the end: the database is left as it was.
"""

import random
import statistics
import time

from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management.base import BaseCommand
from django.db import transaction

from tournaments.exchange.csv_import import import_players_csv
from tournaments.exchange.trf_import import import_tournament
from tournaments.fronts.arbiter.forms import CsvImportForm, TrfImportForm
from tournaments.models import Club
from tournaments.services.setup import create_tournament


def players_csv(rng: random.Random, players: int) -> str:
    rows = ["name,title,rating,fide_id,federation,sex,birth_date"]
    for n in range(1, players + 1):
        rows.append(f'"Player{n}, Anna",{rng.choice(["", "", "GM", "IM", "FM"])},{rng.randint(1000, 2800)},'
                    f"{rng.randint(100000, 99999999)},{rng.choice(['FRA', 'GER', 'ESP'])},{rng.choice('mw')},"
                    f"{rng.randint(1950, 2015)}-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}")
    return "\n".join(rows) + "\n"


def tournament_trf(rng: random.Random, players: int, rounds: int) -> str:
    """Random games (results agree on both sides, the odd player out gets the bye), as TRF-16."""
    blocks: dict[int, list[str]] = {n: [] for n in range(1, players + 1)}
    for _ in range(rounds):
        order = list(blocks)
        rng.shuffle(order)
        if players % 2:
            blocks[order.pop()].append("0000 - U")
        for white, black in zip(order[::2], order[1::2], strict=True):
            result = rng.choice(["10", "==", "01"])
            blocks[white].append(f"{black:4d} w {result[0]}")
            blocks[black].append(f"{white:4d} b {result[1]}")
    lines = ["012 Benchmark Open", "042 2026/07/01"]
    lines += [f"001 {n:4d}      {f'Player{n}, Anna':<33} {2800 - n * 1800 // players:4d} FRA {'':>11} {'':<10} "
              f"{'0.0':>4} {'':>4}" + "".join(f"  {block}" for block in blocks[n]) for n in blocks]
    return "\n".join([*lines, f"XXR {rounds}"]) + "\n"


class Command(BaseCommand):
    help = "Time the CSV and TRF imports of a large open (nothing is kept)."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=5000)
        parser.add_argument("--rounds", type=int, default=11, help="rounds played in the TRF file")
        parser.add_argument("--repeat", type=int, default=3)

    def handle(self, *args, players, rounds, repeat, **options):
        rng = random.Random(1)
        files = {"CSV": players_csv(rng, players).encode(), "TRF": tournament_trf(rng, players, rounds).encode()}
        seconds: dict[str, list[float]] = {"CSV": [], "TRF": []}
        for _ in range(repeat):
            with transaction.atomic():
                club = Club.objects.create(name="Benchmark club", slug="benchmark-club")
                tournament = create_tournament(club, name="Benchmark", rounds=rounds)
                started = time.perf_counter()
                form = CsvImportForm({}, {"file": SimpleUploadedFile("players.csv", files["CSV"])})
                assert form.is_valid(), form.errors
                imported = import_players_csv(tournament, form.cleaned_data["csv"])
                seconds["CSV"].append(time.perf_counter() - started)
                assert len(imported) == players

                started = time.perf_counter()
                form = TrfImportForm({}, {"file": SimpleUploadedFile("open.trf", files["TRF"])})
                assert form.is_valid(), form.errors
                imported = import_tournament(club, form.cleaned_data["file"])
                seconds["TRF"].append(time.perf_counter() - started)
                assert imported.players.count() == players and imported.round_set.count() == rounds
                transaction.set_rollback(True)
        for kind, what in (("CSV", f"{players} players"), ("TRF", f"{players} players, {rounds} rounds")):
            times = seconds[kind]
            self.stdout.write(f"{kind} import of {what} ({len(files[kind]) / 1024:.0f} KB): "
                              f"median {statistics.median(times):.2f} s, best {min(times):.2f} s "
                              f"over {repeat} runs")
