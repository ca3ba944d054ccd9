"""Where the tests find the shared corpora: ``../shared`` beside the clone (as CI lays it), or
``PAIRING_SHARED``.  The suite needs them: a missing corpus fails its tests with the path, it
never skips them (``corpus_file``, and the counts of ``test_the_corpora_are_all_there``)."""

import os
from pathlib import Path

import pytest

SHARED = Path(os.environ.get("PAIRING_SHARED", Path(__file__).resolve().parents[2] / "shared"))
CORPUS = SHARED / "corpus"


def corpus_file(*parts: str) -> Path:
    """The corpus file at ``parts`` below ``shared/corpus``; its test fails when it is missing."""
    path = CORPUS.joinpath(*parts)
    if not path.exists():
        pytest.fail(f"{path} is missing: the suite needs the shared corpora (../shared beside the clone, "
                    f"or PAIRING_SHARED)", pytrace=False)
    return path
