"""The FIDE rating list import, measured (docs/benchmark.md#fide-rating-lists).

Writes a list of --players players (1,200,000 by default) in each format (TXT and XML, per-kind
standard lists), imports each into the database of DATABASE_URL (PostgreSQL: the figures that
count) as ``manage.py import_rating_list`` does, in a process of its own, and prints the seconds,
the process's peak memory (resource.getrusage: the resident set's maximum) and the time of name
and FIDE id lookups on the imported list::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/swiss_bench .venv/bin/python scripts/rating_list_bench.py

The lists it imports (months 2099-01 and 2099-02) are deleted at the end.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.rating_list_files import Entry, write_txt, write_xml  # noqa: E402

SURNAMES = ("Müller", "Rossi", "García", "Smith", "Ivanov", "Černý", "Nguyen", "Kowalski", "Dubois", "Silva",
            "O'Brien", "Jensen", "Novak", "Yilmaz", "Kim", "Sato", "Andersson", "Horvat", "Popescu", "Santos")
FEDERATIONS = ("ITA", "FRA", "GER", "ESP", "USA", "RUS", "IND", "CZE", "POL", "BRA")


def entries(count: int, seed: int = 26):
    """``count`` players: names with commas and non-ASCII letters, empty ratings, titles, flags."""
    rnd = random.Random(seed)
    for i in range(count):
        rated = rnd.random() < 0.8
        yield Entry(str(1_000_000 + i), f"{rnd.choice(SURNAMES)}{i % 997}, Player {i}", rnd.choice(FEDERATIONS),
                    "F" if i % 4 == 0 else "M", "GM" if i % 500 == 0 else "", "WGM" if i % 2000 == 0 else "",
                    "IA,FA" if i % 3000 == 0 else "", "AFM" if i % 700 == 0 else "",
                    [(str(rnd.randint(1000, 2850)) if rated else "", str(rnd.randint(0, 30)) if rated else "",
                      "20" if rated else "")], str(rnd.randint(1940, 2018)), "i" if i % 5 == 0 else "")


def write(folder: Path, players: int, formats: list[str]) -> list[Path]:
    paths = {"txt": folder / "standard_jan99frl.txt", "xml": folder / "standard_feb99frl_xml.xml"}
    started = time.perf_counter()
    if "txt" in formats:
        with open(paths["txt"], "w", encoding="utf-8") as out:
            write_txt(out, entries(players), period="JAN99")
    if "xml" in formats:
        with open(paths["xml"], "w", encoding="utf-8") as out:
            write_xml(out, entries(players))
    sizes = ", ".join(f"{f.upper()} {paths[f].stat().st_size / 1e6:.0f} MB" for f in formats)
    print(f"wrote {players:,} players in {time.perf_counter() - started:.1f} s: {sizes}", flush=True)
    return [paths[f] for f in formats]


def measure(path: str) -> None:
    """In a process of its own: import the file, then look up names and ids; print the figures."""
    import resource

    import django
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from tournaments.exchange.rating_list_import import import_rating_list
    from tournaments.queries.rating_list import search

    def cpu() -> float:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    started, cpu_started = time.perf_counter(), cpu()
    (rating_list,) = import_rating_list(path, name=Path(path).name)
    seconds, cpu_seconds = time.perf_counter() - started, cpu() - cpu_started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    load = os.getloadavg()[0]
    print(f"{Path(path).suffix[1:].upper()}: {rating_list.count:,} players imported in {seconds:.1f} s "
          f"({cpu_seconds:.1f} s of this process's CPU; the rest is PostgreSQL's and waiting), "
          f"peak memory {peak:.0f} MB; load average {load:.1f} on {os.cpu_count()} cores", flush=True)
    rnd = random.Random(1)
    for label, queries in (("name prefix", [rnd.choice(SURNAMES)[:n] for n in (1, 2, 3, 4) for _ in range(5)]),
                           ("FIDE id", [str(1_000_000 + rnd.randrange(rating_list.count)) for _ in range(20)])):
        times = []
        for query in queries:
            started = time.perf_counter()
            found = search(rating_list, query)
            times.append((time.perf_counter() - started) * 1000)
            assert found, query
        times.sort()
        print(f"  lookup by {label}: median {times[len(times) // 2]:.1f} ms, max {times[-1]:.1f} ms "
              f"({len(times)} lookups, up to 20 players each)", flush=True)


def clean() -> None:
    import django
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    import datetime

    from tournaments.models import RatedPlayer, RatingList
    months = [datetime.date(2099, 1, 1), datetime.date(2099, 2, 1)]
    RatedPlayer.objects.filter(list__period__in=months).delete()
    RatingList.objects.filter(period__in=months).delete()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1_200_000)
    parser.add_argument("--formats", default="txt,xml", help="txt, xml or both (txt,xml)")
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    parser.add_argument("--clean", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        return measure(args.measure)
    if args.clean:
        return clean()
    os.environ.setdefault("DJANGO_SECRET_KEY", "rating-list-bench")
    with tempfile.TemporaryDirectory() as folder:
        try:
            for path in write(Path(folder), args.players, args.formats.split(",")):
                subprocess.run([sys.executable, __file__, "--measure", str(path)], check=True, cwd=ROOT)
        finally:
            subprocess.run([sys.executable, __file__, "--clean"], check=True, cwd=ROOT)
    return None


if __name__ == "__main__":
    main()
