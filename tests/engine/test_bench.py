"""The benchmark script keeps working (its figures are read by people, not asserted)."""

from pairing.engine import bench


def test_benchmark_runs_on_a_small_tournament(capsys):
    bench.main(["--sizes", "24", "--rounds", "9", "--variants", "standard,collapse"])
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].split() == ["players", "variant", "round", "edition", "seconds", "peak", "MiB", "boards", "cpu"]
    measured = [row.split() for row in rows[1:]]
    assert [(r[0], r[1], r[2], r[3], r[6]) for r in measured] == [
        ("24", "standard", "5", edition, "12") for edition in ("2017", "2026")] + [
        ("24", "standard", "9", edition, "12") for edition in ("2017", "2026")] + [
        ("24", "collapse", "5", edition, "12") for edition in ("2017", "2026")]


def test_quick_history_is_a_valid_swiss():
    # the quick Swiss that builds the history of large benchmark tournaments: no
    # rematch, no colour difference beyond 2, no colour three times in a row, one bye
    # per player at most, everybody paired or given the bye each round
    import random

    for size, variant, seed in ((40, "standard", 1), (41, "draws", 2), (30, "colours", 3), (25, "topscorers", 4)):
        document = bench.build(size, 9, 9, seed, variant, quick=True)
        while document.paired_rounds < 9:
            bench.play_round(document, random.Random(seed), 0.2, quick=True)
        for record in document.players.values():
            assert len(record.rounds) == 9
            opponents = [e.opponent for e in record.rounds if e.opponent]
            assert len(opponents) == len(set(opponents))
            assert sum(e.code == "U" for e in record.rounds) <= 1
            colours = "".join(e.colour for e in record.rounds if e.colour in ("w", "b"))
            for end in range(1, len(colours) + 1):
                assert bench._colour_ok(colours[:end - 1], colours[end - 1])
            for e in record.rounds:
                if e.opponent:
                    back = document.players[e.opponent].rounds[record.rounds.index(e)]
                    assert back.opponent == record.number and back.colour != e.colour


def test_benchmark_runs_the_dubov_system(capsys):
    bench.main(["--sizes", "24", "--rounds", "7", "--variants", "standard", "--system", "dubov"])
    rows = capsys.readouterr().out.splitlines()
    measured = [row.split() for row in rows[1:]]
    assert [(r[0], r[2], r[3], r[6]) for r in measured] == [
        ("24", round_, edition, "12") for round_ in ("4", "7") for edition in ("2018", "2026")]


def test_benchmark_measures_the_early_rounds(capsys):
    assert bench.targets_of("early,middle,last", "standard", 9) == (2, 3, 4, 5, 9)
    assert bench.targets_of("early", "colours", 9) == (3, 4)
    assert bench.targets_of(None, "draws", 9) == (5,)
    bench.main(["--sizes", "24", "--rounds", "5", "--variants", "standard", "--targets", "early,last",
                "--editions", "2026", "--limit", "60"])
    measured = [row.split() for row in capsys.readouterr().out.splitlines()[1:]]
    assert [(r[2], r[3], r[6]) for r in measured] == [(str(n), "2026", "12") for n in (2, 3, 4, 5)]
