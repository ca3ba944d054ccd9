"""The Lim system (C.04.4.3) through the app: offered by the registry, record 192
written with this engine's own code (TRF-2026 has none), rounds paired by the task
that the checker, re-pairing the exported file, finds identical."""

import random

from pairing.engine.checker import check
from tests.app.conftest import make_tournament, pair, play
from tournaments.exchange.trf import export_document


def test_a_lim_tournament_paired_by_the_app_passes_the_checker(club):
    tournament = make_tournament(club, players=11, rounds=5, system="lim", edition="1999")
    assert tournament.system_code == "FIDE_LIM_1999"
    rng = random.Random(3)
    for _ in range(3):
        round_ = pair(tournament)
        assert round_.games.count() == 6  # five boards and the PAB
        play(round_, rng)
    document = export_document(tournament, "2026")
    assert document.system_code == "FIDE_LIM_1999"
    assert document.paired_rounds == 3
    assert [p.describe() for p in check(document, "lim")] == []
