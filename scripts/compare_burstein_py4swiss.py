"""Compare our Burstein 2026 pairings with py4swiss's on a sample of the round
inputs of ``dutch-2017`` (information only: py4swiss is no dependency, it is run
as a separate program if installed, e.g. ``/tmp/p4s/bin/py4swiss``).

    python scripts/compare_burstein_py4swiss.py [--py4swiss PATH] [--count 200]
        [--timeout 300] [--cache DIR]

``--cache`` keeps py4swiss's output per round (a rerun after a change of ours
only pairs our side); a round py4swiss does not finish within ``--timeout``
seconds is reported as a timeout.

Prints, per round that differs, what differs (the bye, the pairs, only colours)
and whether it is a seeding round (2026 Art. 1.6), then the totals.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine import pair_round, parse
from pairing.engine.systems.burstein.pairer import seeding_rounds

CORPUS = Path("/work/shared/corpus/dutch-2017")


def run_theirs(program: str, trf: Path, timeout: float) -> str:
    """py4swiss's pairs file, or "error: ..." / "timeout"."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "pairs.txt"
        try:
            run = subprocess.run([program, "-t", str(trf), "-e", "burstein", "-p", str(out)],
                                 capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "timeout"
        if run.returncode or not out.exists():
            return "error: " + (run.stderr.strip().splitlines() or ["?"])[-1]
        return out.read_text()


def theirs(program: str, trf: Path, timeout: float, cache: Path | None) -> list[tuple[int, int]] | str:
    kept = cache / f"{trf.parent.parent.name}-{trf.stem}.txt" if cache else None
    if kept and kept.exists():
        text = kept.read_text()
    else:
        text = run_theirs(program, trf, timeout)
        if kept:
            kept.parent.mkdir(parents=True, exist_ok=True)
            kept.write_text(text)
    if text == "timeout" or text.startswith("error: "):
        return text
    lines = text.split()
    return [(int(a), int(b)) for a, b in zip(lines[1::2], lines[2::2], strict=True)]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--py4swiss", default="/tmp/p4s/bin/py4swiss")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--cache", type=Path, default=None)
    args = parser.parse_args()
    rounds = sorted(CORPUS.glob("t*/rounds/r??.trf"))
    step = len(rounds) / args.count
    sample = [rounds[int(k * step)] for k in range(args.count)]
    kinds: dict[str, int] = {}
    for trf in sample:
        document = parse(trf.read_text())
        ours = pair_round(document, "burstein", edition="2026").as_numbers()
        other = theirs(args.py4swiss, trf, args.timeout, args.cache)
        name = f"{trf.parent.parent.name}-{trf.stem}"
        seeding = document.paired_rounds + 1 <= seeding_rounds(document.total_rounds)
        phase = "seeding" if seeding else "burstein"
        if isinstance(other, str):
            kind = f"{phase}: py4swiss {other}"
        elif set(ours) == set(other):
            kind = f"{phase}: same"
        else:
            bye_ours = {w for w, b in ours if b == 0}
            bye_other = {w for w, b in other if b == 0}
            unordered = {frozenset(p) for p in ours} == {frozenset(p) for p in other}
            if unordered:
                kind = f"{phase}: same pairs, colours differ"
            elif bye_ours != bye_other:
                kind = f"{phase}: the bye differs"
            else:
                kind = f"{phase}: pairs differ"
            mine = {frozenset(p) for p in ours}
            print(name, kind, "ours-only", sorted(tuple(sorted(p)) for p in mine - {frozenset(p) for p in other}),
                  "theirs-only", sorted(tuple(sorted(p)) for p in {frozenset(p) for p in other} - mine),
                  flush=True)
        kinds[kind] = kinds.get(kind, 0) + 1
    for kind, count in sorted(kinds.items()):
        print(f"{count:4d}  {kind}")
    same = sum(c for k, c in kinds.items() if k.endswith(": same"))
    print(f"agreement: {same}/{len(sample)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
