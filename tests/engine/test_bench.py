"""The benchmark script keeps working (its figures are read by people, not asserted)."""

from pairing.engine import bench


def test_benchmark_runs_on_a_small_tournament(capsys):
    bench.main(["--sizes", "24", "--rounds", "9", "--variants", "standard,collapse"])
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].split() == ["players", "variant", "round", "seconds", "peak", "MiB", "boards"]
    measured = [row.split() for row in rows[1:]]
    assert [(r[0], r[1], r[2], r[5]) for r in measured] == [
        ("24", "standard", "5", "12"), ("24", "standard", "9", "12"), ("24", "collapse", "5", "12")]
