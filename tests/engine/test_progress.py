"""pair_round(..., progress=callable): the engine reports brackets done of how many."""

from itertools import pairwise

import pytest

from pairing.engine import pair_round
from pairing.engine.bench import build


@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_dutch_reports_each_bracket(edition):
    document = build(60, 7, 4, 3, "standard")
    calls = []
    pairing = pair_round(document, "dutch", edition=edition, progress=lambda *call: calls.append(call))
    assert pairing.as_numbers() == pair_round(document, "dutch", edition=edition).as_numbers()
    assert len(calls) > 2  # round 4 of 60 players: several scoregroups
    assert calls[0][0] == 0
    assert calls[-1][0] == calls[-1][1] and calls[-1][2] == 0
    for (done, total, size), (later, _, _) in pairwise(calls):
        assert 0 <= done <= later and done < total  # a collapsing 2017 bracket is reported again
        assert 0 < size <= 60
    # the first bracket is the top scoregroup (no MDPs yet)
    top = max(sum(document.scoring.points(e.code) for e in record.rounds) for record in document.players.values())
    assert calls[0][2] == sum(1 for record in document.players.values()
                              if sum(document.scoring.points(e.code) for e in record.rounds) == top)


def test_a_system_without_brackets_reports_the_round():
    document = build(20, 5, 3, 3, "standard", system="dubov")
    calls = []
    pair_round(document, "dubov", progress=lambda *call: calls.append(call))
    assert calls == [(0, 1, 20), (1, 1, 0)]
