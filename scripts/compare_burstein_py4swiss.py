"""Compare our Burstein 2026 pairings with py4swiss's on a sample of the round
inputs of ``dutch-2017`` (information only: py4swiss is no dependency, it is run
as a separate program if installed, e.g. ``/tmp/p4s/bin/py4swiss``).

    python scripts/compare_burstein_py4swiss.py [--py4swiss PATH] [--count 200]
        [--timeout 300] [--cache DIR] [--only t0104-r04,...]

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

from pairing.engine import build_round_state, get_system, pair_round, parse
from pairing.engine.systems.burstein import index
from pairing.engine.systems.burstein.editions import seeding_rounds
from pairing.engine.systems.burstein.pairer import BursteinPairer

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
        if kept and text != "timeout":  # a later run may give it more time
            kept.parent.mkdir(parents=True, exist_ok=True)
            kept.write_text(text)
    if text == "timeout" or text.startswith("error: "):
        return text
    lines = text.split()
    return [(int(a), int(b)) for a, b in zip(lines[1::2], lines[2::2], strict=True)]


def order_digits(bracket: list[int], pairs: set[frozenset[int]]) -> list[int]:
    """2026 Art. 4.3: each BSN's opponent's BSN (0: floats), in BSN order."""
    partner = {}
    for pair in pairs:
        v, w = tuple(pair)
        partner[v], partner[w] = w, v
    position = {v: k + 1 for k, v in enumerate(bracket)}
    return [position.get(partner.get(v), 0) for v in bracket]


def ranking(state, document, all_byes_only: bool = False, points_field: bool = False) -> dict[int, int]:
    """The 1.8 ranking (rank of each player number) as ``index.opposition_2026``
    computes it, or with one of py4swiss's readings: the 1.7.2 exception only for a
    player who had nothing but zero-point byes; the opponents' current scores read
    from the TRF points field (which counts a bye registered for the round being
    paired)."""
    def zero_byes(results):
        if all_byes_only:
            return len(results) if all(not r.played and not r.points and r.code != "-" for r in results) else 0
        return index._zero_bye_run(results)
    scores = {n: sum(r.points for r in results) for n, results in state.results.items()}
    if points_field:
        scores.update({n: record.points for n, record in document.players.items()
                       if n in scores and record.points is not None})
    as_opponent = {n: scores[n] + zero_byes(results) * state.draw_points for n, results in state.results.items()}
    values = {}
    for player in state.players:
        buchholz = sonneborn_berger = 0
        for result in state.results.get(player.number, ()):
            if result.played and result.opponent in as_opponent:
                opponent = as_opponent[result.opponent]
            else:
                opponent = scores.get(player.number, player.score)
            buchholz += opponent
            sonneborn_berger += result.points * opponent
        values[player.number] = (-buchholz, -sonneborn_berger, player.number)
    order = sorted(values, key=values.__getitem__)
    return {n: k for k, n in enumerate(order)}


def classify(document, ours: list[tuple[int, int]], other: list[tuple[int, int]]) -> str:
    """The rule that decides between our pairing and py4swiss's: the first bracket
    (from the top, after the bye) where they differ, and the first criterion of
    2026 Art. 2 / 4.3 that tells the two bracket pairings apart, as seen by our
    engine (``better: ours`` / ``better: theirs``)."""
    edition = get_system("burstein").edition("2026")
    state = edition.round_state(document)
    pairer = BursteinPairer(state, edition)
    players = pairer.players
    vertex = {p.number: v for v, p in enumerate(players)}
    their_bye = {vertex[w] for w, b in other if b == 0}
    our_bye = {vertex[w] for w, b in ours if b == 0}
    if their_bye != our_bye:
        return classify_bye(pairer, next(iter(our_bye)), next(iter(their_bye)))
    their_pairs = {frozenset((vertex[w], vertex[b])) for w, b in other if b != 0}
    left = [v for v in range(len(players)) if v not in our_bye]
    scores = sorted({players[v].pairing_score for v in left}, reverse=True)
    floaters: list[int] = []
    for k, score in enumerate(scores):
        residents = [v for v in left if players[v].pairing_score == score]
        bracket = sorted(floaters + residents, key=pairer.position.__getitem__)
        lower = [v for v in left if players[v].pairing_score < score]
        found, floaters = pairer.pair_bracket(bracket, lower)
        mine = {frozenset(p) for p in found}
        inside = set(bracket)
        theirs = {p for p in their_pairs if p <= inside}
        if mine != theirs:
            nxt = [v for v in left if k + 1 < len(scores) and players[v].pairing_score == scores[k + 1]]
            return classify_bracket(state, document, pairer, score, bracket, lower, nxt, (floaters, mine), theirs)
    return "no bracket differs (?)"


def classify_bye(pairer: BursteinPairer, mine: int, theirs: int) -> str:
    """The PAB differs (2026 Art. 3.1): ours to ``mine``, py4swiss's to ``theirs``."""
    players, order = pairer.players, pairer.bye_order()
    if theirs not in order:
        return "3.1 bye: py4swiss gives it to a player not eligible (2026 3.1.1 [C2])"
    rest = [v for v in range(len(players)) if v != theirs]
    if order.index(theirs) < order.index(mine):
        if pairer.round.completion_mate(rest) is None:
            return "3.1.2 bye [C4]: py4swiss's bye leaves no complete pairing"
        return "3.1 bye: py4swiss's bye is earlier in our order of 3.1.3-3.1.5 (?)"
    a, b = players[mine], players[theirs]
    if a.pairing_score != b.pairing_score:
        return "3.1.3 bye: lowest score"
    if a.played_games != b.played_games:
        return ("3.1.4 bye: most games played; better: " + ("ours" if a.played_games > b.played_games else "theirs")
                + f" (games {a.played_games} / {b.played_games})")
    return "3.1.5 bye: lowest ranking (1.8)"


def classify_bracket(state, document, pairer: BursteinPairer, score: int, bracket: list[int], lower: list[int],
                     nxt: list[int], ours: tuple[list[int], set], theirs: set) -> str:
    """The first criterion telling apart our pairing of the bracket of scoregroup ``score``
    (``ours``: its floaters and pairs) and py4swiss's (``theirs``: its pairs): [C4]-[C8], the
    ranking of 1.7, the order of 4.3."""
    players = pairer.players
    floaters, mine = ours
    their_floaters = [v for v in bracket if not any(v in p for p in theirs)]
    where = f"bracket {score / 10:g} ({len(bracket)} players)"
    if pairer.round.completion_mate(their_floaters + lower) is None:
        return f"[C4] {where}: py4swiss's floaters leave no complete pairing; better: ours"
    if len(theirs) != len(mine):
        return f"[C5] {where}: pairs {len(mine)} / {len(theirs)}; better: " + (
            "ours" if len(mine) > len(theirs) else "theirs")
    our_fs = sorted((players[v].pairing_score for v in floaters), reverse=True)
    their_fs = sorted((players[v].pairing_score for v in their_floaters), reverse=True)
    if our_fs != their_fs:
        return f"[C6] {where}: floaters' scores {our_fs} / {their_fs}; better: " + (
            "ours" if our_fs < their_fs else "theirs")
    c7 = []
    for fl in (floaters, their_floaters):  # the next bracket's best [C5], then [C6]
        following = sorted(fl + nxt, key=pairer.position.__getitem__)
        pairs_next, floating_next = pairer.solve(following, []) if following else ([], [])
        c7.append((len(pairs_next), [-players[v].pairing_score
                                     for v in sorted(floating_next, key=lambda v: -players[v].pairing_score)]))
    if c7[0] != c7[1]:
        return f"[C7] {where}: the next bracket's pairs, floaters' scores {c7[0]} / {c7[1]}; better: " + (
            "ours" if c7[0] > c7[1] else "theirs")
    misses = [sum(2 - pairer.colour_granted(*tuple(p)) for p in ps) for ps in (mine, theirs)]
    if misses[0] != misses[1]:
        return f"[C8] {where}: colour misses {misses[0]} / {misses[1]}; better: " + (
            "ours" if misses[0] < misses[1] else "theirs")
    return classify_order(state, document, pairer, bracket, mine, theirs, where)


def classify_order(state, document, pairer: BursteinPairer, bracket: list[int], mine: set, theirs: set,
                   where: str) -> str:
    """Equal by [C4]-[C8]: the ranking of 1.7 (as py4swiss reads it), else the order of 4.3."""
    players = pairer.players
    same = ranking(state, document)
    assert sorted(bracket, key=lambda v: same[players[v].number]) == bracket
    alternative = ranking(state, document, all_byes_only=True)
    if sorted(bracket, key=lambda v: alternative[players[v].number]) != bracket:
        return (f"1.7.2 {where}: an opponent's zero-point byes up to this round count as draws "
                "(py4swiss: only when all his rounds are zero-point byes); the ranking differs")
    alternative = ranking(state, document, points_field=True)
    if sorted(bracket, key=lambda v: alternative[players[v].number]) != bracket:
        return (f"1.7.1 {where}: an opponent's current score (py4swiss: the TRF points field, "
                "with a bye registered for the round being paired); the ranking differs")
    a, b = order_digits(bracket, mine), order_digits(bracket, theirs)
    kind = "with incoming floaters" if len({players[v].pairing_score for v in bracket}) > 1 else "one score"
    return f"4.3 {where}, {kind}: order; better: " + ("ours" if a > b else "theirs")


def classify_seeding(document, other: list[tuple[int, int]]) -> str:
    """A seeding round (2026 Art. 1.6: a Dutch 2026 round-pairing) whose pairs differ:
    whether the floats of unplayed rounds decide.  Dutch 2026 Art. 1.4.3-1.4.4 gives a
    downfloat only to the PAB receiver and to a player who scores more than a loss
    without playing; the 2017 text (A.4 b) gave one for every unplayed round.  The
    round is re-paired by our Dutch 2026 pairer with the 2017 floats."""
    dutch = get_system("dutch")
    state = build_round_state(document, None, None, "2026")
    old_floats = {p.number: p.floats for p in build_round_state(document, None, None, "2017").players}
    if all(p.floats == old_floats[p.number] for p in state.players):
        return "not classified (the floats agree)"
    for p in state.players:
        p.floats = old_floats[p.number]
    again = {frozenset(p) for p in dutch.pair(state, dutch.edition("2026")).as_numbers()}
    if again == {frozenset(p) for p in other}:
        return ("Dutch 2026 1.4.3-1.4.4: py4swiss gives every unplayed round a downfloat (2017 A.4 b); "
                "with those floats our Dutch 2026 pairing is py4swiss's")
    return "not classified (the 2017 floats do not give py4swiss's pairing)"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--py4swiss", default="/tmp/p4s/bin/py4swiss")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--cache", type=Path, default=None)
    parser.add_argument("--only", default="", help="rounds of the sample to compare, e.g. t0104-r04,t0040-r01")
    args = parser.parse_args()
    rounds = sorted(CORPUS.glob("t*/rounds/r??.trf"))
    step = len(rounds) / args.count
    sample = [rounds[int(k * step)] for k in range(args.count)]
    if args.only:
        sample = [trf for trf in sample if f"{trf.parent.parent.name}-{trf.stem}" in args.only.split(",")]
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
            if phase == "burstein":
                kind += " -- " + classify(document, ours, other)
            elif not unordered:
                kind += " -- " + classify_seeding(document, other)
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
