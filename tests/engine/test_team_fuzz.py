"""Mutated team files (TRF-2026 team records) through ``--team``: an answer or a one-line error,
never a traceback.  The mutations are those of tests/fuzzing.py, on small ``full.trf`` of
``team-swiss-gacrux``."""

import os
import random
from collections import Counter

from pairing.engine.__main__ import EXIT_BAD_INPUT, EXIT_FILE, EXIT_NO_PAIRING, EXIT_OK, main
from tests.corpora import SHARED
from tests.fuzzing import TRF_MUTATIONS, mutate

TEAM_FILES = int(os.environ.get("FUZZ_TEAM", 150))


def test_mutated_team_files_get_an_answer_or_a_one_line_error(tmp_path, capsys):
    bases = [p.read_text() for p in sorted((SHARED / "corpus" / "team-swiss-gacrux").glob("t*/full.trf"))
             if p.stat().st_size <= 8000]
    assert bases
    path, out = tmp_path / "in.trf", tmp_path / "out.txt"
    failures, outcomes = [], Counter()
    for seed in range(TEAM_FILES):
        rng = random.Random(seed)
        path.write_bytes(mutate(rng, rng.choice(bases), TRF_MUTATIONS))
        arguments = ["--team", str(path), "-c"] if seed % 3 == 0 else ["--team", str(path), "-p", str(out)]
        try:
            status = main(arguments)
        except Exception as error:
            failures.append(f"seed {seed}: {type(error).__name__}: {str(error)[:160]}")
            capsys.readouterr()
            continue
        err = capsys.readouterr().err
        outcomes[status] += 1
        if status not in (EXIT_OK, EXIT_NO_PAIRING, EXIT_BAD_INPUT, EXIT_FILE):
            failures.append(f"seed {seed}: exit code {status}")
        elif status in (EXIT_BAD_INPUT, EXIT_FILE) and (err.count("\n") != 1 or not err.startswith("error: ")):
            failures.append(f"seed {seed}: the error is not one line: {err[:200]!r}")
    assert failures == [], outcomes
    assert outcomes[EXIT_BAD_INPUT] and outcomes[EXIT_OK]
