"""Functions longer than the aim (60 lines), run by `make lint` beside ruff's complexity rule (C901,
at most 15): a unit should fit in a head.

An exception is a function whose ``def`` line says why, with ruff's ``# noqa: C901`` and a
reason (the matching kernels: ARCHITECTURE.md lists them); it is exempt from both rules.

    python scripts/function_sizes.py [PATH ...]   (default: config pairing tournaments scripts)

Prints each function over the aim (path:line name lines) and exits 1 if there is one.
"""

import ast
import sys
from pathlib import Path

MAX_LINES = 60
EXCEPTION = "noqa: C901"


def long_functions(path: Path) -> list[tuple[int, str, int]]:
    """(line, name, length) of each function of ``path`` over the aim and not an exception."""
    source = path.read_text()
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = node.end_lineno - node.lineno + 1
            if length > MAX_LINES and EXCEPTION not in lines[node.lineno - 1]:
                found.append((node.lineno, node.name, length))
    return found


def main(paths: list[str]) -> int:
    over = []
    for root in map(Path, paths):
        for path in sorted(root.rglob("*.py") if root.is_dir() else [root]):
            if "migrations" not in path.parts:
                over += [(path, *found) for found in long_functions(path)]
    for path, line, name, length in over:
        print(f"{path}:{line}: {name} is {length} lines long (at most {MAX_LINES})")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["config", "pairing", "tournaments", "scripts"]))
