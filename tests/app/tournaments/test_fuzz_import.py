"""Mutated TRF and CSV files imported through the pages as an arbiter: never a 500, never a partial save.

Each file is built from its seed (tests/fuzzing.py), so a failure is reproduced from the seed
it reports.  ``FUZZ_TRF`` / ``FUZZ_CSV`` set how many files (by default 1000 and 300); run with
``-s`` to see the figures.
"""

import os
import time
from collections import Counter

from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.urls import reverse

from tests.fuzzing import mutated_csv, mutated_trf, trf_bases
from tournaments.models import Absence, ForbiddenPair, Game, Player, Round, Tournament
from tournaments.services.setup import create_tournament

TRF_FILES = int(os.environ.get("FUZZ_TRF", 1000))
CSV_FILES = int(os.environ.get("FUZZ_CSV", 300))


def counts():
    return tuple(model.objects.count() for model in (Tournament, Player, Round, Game, Absence, ForbiddenPair))


def post(client, url, data, failures, seed):
    """The response, or None (the failure recorded) when the view raised; the database is as before then."""
    savepoint = transaction.savepoint()
    started = time.perf_counter()
    try:
        response = client.post(url, data)
    except Exception as error:  # the test client re-raises what would have been a 500
        transaction.savepoint_rollback(savepoint)
        failures.append(f"seed {seed}: {type(error).__name__}: {str(error)[:160]}")
        return None, 0
    transaction.savepoint_commit(savepoint)
    if response.status_code not in (200, 302):
        failures.append(f"seed {seed}: HTTP {response.status_code}")
        return None, 0
    return response, time.perf_counter() - started


def report(what, files, outcomes, times, failures):
    slowest = max(times, default=(0, None))
    print(f"\n{what}: {files} files, {dict(outcomes)}, {len(failures)} failures, "
          f"slowest {slowest[0]:.2f} s (seed {slowest[1]}), total {sum(t for t, _ in times):.1f} s")
    for failure in failures[:40]:
        print("  ", failure)


def test_mutated_trf_files_are_imported_or_refused_whole(client, arbiter, club):
    client.force_login(arbiter)
    bases = trf_bases()
    url = reverse("arbiter:tournament_import")
    failures, outcomes, times = [], Counter(), []
    for seed in range(TRF_FILES):
        before = counts()
        response, seconds = post(client, url, {"file": SimpleUploadedFile("t.trf", mutated_trf(seed, bases))},
                                 failures, seed)
        if response is None:
            continue
        times.append((seconds, seed))
        if response.status_code == 302:
            outcomes["imported"] += 1
            if counts()[0] != before[0] + 1:
                failures.append(f"seed {seed}: imported, but not as one tournament")
            tournament = Tournament.objects.latest("pk")
            # Its pages open: the arbiter's, the public one, the last round's, the standings.
            last = tournament.round_set.last()
            pages = [tournament.get_manage_url(), tournament.get_absolute_url(),
                     reverse("public:standings", args=[tournament.slug])]
            if last is not None:
                pages.append(reverse("public:round", args=[tournament.slug, last.number]))
            for page in pages:
                if client.get(page).status_code != 200:
                    failures.append(f"seed {seed}: {page} is not 200")
        else:
            outcomes["refused"] += 1
            if counts() != before:
                failures.append(f"seed {seed}: refused but saved {counts()} (before {before})")
            if b'class="error"' not in response.content and b"errorlist" not in response.content:
                failures.append(f"seed {seed}: refused without a message")
    if client.get(reverse("public:home")).status_code != 200:  # every imported tournament listed
        failures.append("the home page is not 200")
    report("TRF", TRF_FILES, outcomes, times, failures)
    assert not failures


def test_mutated_csv_files_are_imported_or_refused_whole(client, arbiter, club):
    client.force_login(arbiter)
    failures, outcomes, times = [], Counter(), []
    for seed in range(CSV_FILES):
        tournament = create_tournament(club, name=f"Open {seed}", rounds=7)
        url = reverse("arbiter:player_import", args=[tournament.slug])
        before = counts()
        response, seconds = post(client, url, {"file": SimpleUploadedFile("p.csv", mutated_csv(seed))},
                                 failures, seed)
        if response is None:
            continue
        times.append((seconds, seed))
        if response.status_code == 302:
            outcomes["imported"] += 1
            numbers = sorted(tournament.players.values_list("pairing_number", flat=True))
            if not numbers or numbers != list(range(1, len(numbers) + 1)):
                failures.append(f"seed {seed}: imported players numbered {numbers[:10]}...")
            if client.get(tournament.get_manage_url()).status_code != 200:
                failures.append(f"seed {seed}: the tournament's page is not 200")
        else:
            outcomes["refused"] += 1
            if counts() != before:
                failures.append(f"seed {seed}: refused but saved {counts()} (before {before})")
            if b'class="error"' not in response.content and b"errorlist" not in response.content:
                failures.append(f"seed {seed}: refused without a message")
    report("CSV", CSV_FILES, outcomes, times, failures)
    assert not failures

