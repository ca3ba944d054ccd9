"""-g writes Double-Swiss tournaments its own -c accepts: 100 random tournaments (C.04.5 matches
as TRF rounds 2k-1 and 2k), each generated, then every match paired again from its history and
compared with the file, and the ranks and tie-break values the file records checked."""

import random

import pytest

from pairing.engine import get_system, parse
from pairing.engine.checker import check, check_standings
from pairing.engine.generator import generate, read_config
from pairing.engine.matches import read_matches

DOUBLE = get_system("double-swiss")


def config(seed: int) -> str:
    """A small tournament drawn from the seed: 6-24 players, 3-6 matches, forfeits, withdrawals,
    half- and zero-point byes, late entries."""
    rng = random.Random(seed)
    players = rng.randint(6, 24)
    return (f"PlayersNumber={players}\nRoundsNumber={rng.randint(3, min(6, players - 2))}\n"
            f"DrawPercentage={rng.randint(0, 60)}\nForfeitRate={rng.choice([0, 5, 12, 30])}\n"
            f"RetiredRate={rng.choice([0, 20, 60])}\nHalfPointByeRate={rng.choice([0, 10, 40])}\n"
            f"ZeroPointByeRate={rng.choice([0, 25])}\nLateEntryPercentage={rng.choice([0, 10])}\n")


@pytest.mark.parametrize("block", range(10))
def test_generated_double_swiss_tournaments_pass_our_checker(block):
    """Ten blocks of ten seeds: 100 tournaments in all."""
    for seed in range(10 * block + 1, 10 * block + 11):
        text = config(seed)
        document = parse(generate(DOUBLE, read_config(text), seed))
        read_matches(document)  # the layout holds
        assert document.paired_rounds == document.total_rounds == 2 * read_config(text).rounds
        assert check(document, "double-swiss") == [], (seed, text)
        assert check_standings(document) == [], (seed, text)
