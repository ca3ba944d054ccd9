"""Mutated TRF files through the command line: an answer or a one-line error, never a traceback.

The files are those of tests/fuzzing.py (``FUZZ_CLI`` of them, by default 1000), each built from
its seed; ``main()`` runs in-process, so an uncaught exception is a failure naming the seed.
"""

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from pairing.engine.__main__ import EXIT_BAD_INPUT, EXIT_FILE, EXIT_NO_PAIRING, EXIT_OK, main
from tests.fuzzing import mutated_trf, trf_bases

CLI_FILES = int(os.environ.get("FUZZ_CLI", 1000))
ROOT = Path(__file__).resolve().parents[2]


def test_mutated_files_get_an_answer_or_a_one_line_error(tmp_path, capsys):
    bases = trf_bases()
    path, out = tmp_path / "in.trf", tmp_path / "out.txt"
    failures, outcomes = [], Counter()
    for seed in range(CLI_FILES):
        path.write_bytes(mutated_trf(seed, bases))
        # Every fifth file is checked round by round (-c), the others paired (-p).
        arguments = ["--dutch", str(path), "-c"] if seed % 5 == 0 else ["--dutch", str(path), "-p", str(out)]
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
    print(f"\nCLI: {CLI_FILES} files, exit codes {dict(outcomes)}, {len(failures)} failures")
    for failure in failures[:40]:
        print("  ", failure)
    assert not failures


def run(path: Path, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pairing.engine", "--dutch", str(path), *arguments],
                          capture_output=True, text=True, cwd=ROOT)


def test_a_file_with_nul_bytes_and_unicode_digits_exits_2_on_one_line(tmp_path):
    path = tmp_path / "in.trf"
    path.write_bytes("012 Open\x00\n001    1      A                                 2000\nXXR ³\n".encode())
    for arguments in (["-p"], ["-c"]):
        result = run(path, *arguments)
        assert result.returncode == EXIT_BAD_INPUT
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
        assert "line 1, column 9" in result.stderr


def test_a_file_that_is_not_utf8_exits_2_on_one_line(tmp_path):
    path = tmp_path / "in.trf"
    path.write_bytes(b"012 Open \xff\xfe\n")
    result = run(path, "-p")
    assert (result.returncode, result.stderr) == (EXIT_BAD_INPUT, f"error: {path} is not UTF-8 text\n")
