"""Benchmark: seconds and peak memory to pair one round of large tournaments.

    python -m pairing.engine.bench [--sizes 100,500,1000,2000,5000] [--rounds 9] [--seed 1]
                                   [--system dutch|dubov] [--editions 2017,2026]
                                   [--targets early,middle,last] [--limit SECONDS]

Each tournament is built round by round with random results (Elo
expectation, 20 % draws by default); then one mid-tournament round and the
last round are each paired by the engine in a fresh process, which reports the
time (wall clock and CPU) and its peak resident memory.  The earlier rounds are paired by this
engine (``--history engine``) or, the default beyond 1000 players, by a quick
Swiss (``--history quick``: score groups in rating order, top half against
bottom half, no rematches, no colour rule broken, floaters down, one bye),
which gives a realistic and valid history in a fraction of the time; the
measured round is always paired by the engine.  ``--targets`` chooses the rounds
measured instead of each variant's own: round numbers, ``early`` (rounds 2, 3
and 4, whose scoregroups are the largest), ``middle`` and ``last``;
``--limit`` stops a round's measure after that many seconds (printed as ``>N``).
Adversarial variants:

* ``draws``: every game drawn, so everybody stays in one huge homogeneous
  bracket where many pairs have already met;
* ``colours``: every player starts with two games of one colour (absolute
  colour preferences everywhere);
* ``topscorers``: a last round in which many players are topscorers (few
  decisive games, so a large leading group);
* ``collapse``: the bottom scoregroup has all met each other already, so the
  last brackets must collapse (A.9).
"""

from __future__ import annotations

import argparse
import multiprocessing
import queue as queue_module
import random
import resource
import time

from . import SYSTEMS, pair_round
from .core.matching import UNMATCHED, join, max_cardinality_matching
from .matches import match_entries, pab_entries
from .trf import ABSENT, OPPONENT_CODE, ForbiddenPairs, PlayerRecord, RoundEntry, TrfDocument, dump, parse, score


def elo_result(rng: random.Random, white: PlayerRecord, black: PlayerRecord, draw_rate: float) -> str:
    expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
    if rng.random() < draw_rate:
        return "="
    return "1" if rng.random() < expected else "0"


def _colour_ok(colours: str, colour: str) -> bool:
    """Whether a player with these colours may receive ``colour`` (no difference
    beyond 2, never three in a row)."""
    after = colours + colour
    return abs(2 * after.count("w") - len(after)) <= 2 and after[-3:] not in ("www", "bbb")


def _quick_colours(a: str, b: str) -> bool | None:
    """Colours for a game between players with these histories: whether a gets
    white, or None when no allocation keeps both within the rules."""
    def wants_white(colours: str) -> int:
        difference = 2 * colours.count("w") - len(colours)
        return -difference * 2 + (colours[-1:] == "b") - (colours[-1:] == "w")
    options = [white for white in (True, False)
               if _colour_ok(a, "w" if white else "b") and _colour_ok(b, "b" if white else "w")]
    if not options:
        return None
    return max(options, key=lambda white: (wants_white(a) - wants_white(b)) * (1 if white else -1))


def quick_pairing(document: TrfDocument) -> list[tuple[int, int]]:
    """A quick Swiss round: ``(white, black)`` numbers, ``(n, 0)`` for the bye.  Score
    groups in rating order, top half against bottom half, floaters carried down;
    never a rematch, never a colour difference beyond 2 or a colour three times in
    a row, one pairing-allocated bye to a player who had none."""
    quick = _QuickSwiss(document)
    quick.complete(quick.pair_groups())
    return quick.pairs


class _QuickSwiss:
    """The quick Swiss's round: each player's colours, opponents and whether he had a bye, the
    score groups, the pairs made."""

    def __init__(self, document: TrfDocument):
        players = document.players
        self.info = {}
        for number, record in players.items():
            played = [e for e in record.rounds if e.opponent is not None and e.colour in ("w", "b")]
            self.info[number] = ("".join(e.colour for e in played), {e.opponent for e in record.rounds},
                                 any(e.code in ("U", "F", "+") for e in record.rounds))
        order = sorted(players, key=lambda n: (-score(document, players[n]), -players[n].rating, n))
        self.groups: list[list[int]] = []
        last = None
        for number in order:
            points = score(document, players[number])
            if points != last:
                self.groups.append([])
                last = points
            self.groups[-1].append(number)
        self.pairs: list[tuple[int, int]] = []

    def colours_for(self, a: int, b: int) -> tuple[int, int] | None:
        if b in self.info[a][1]:
            return None
        white = _quick_colours(self.info[a][0], self.info[b][0])
        if white is None:
            return None
        return (a, b) if white else (b, a)

    def pair_first(self, a: int, candidates: list[int]) -> bool:
        """Pair ``a`` with the first of ``candidates`` it may meet (taken out of them)."""
        for k, b in enumerate(candidates):
            game = self.colours_for(a, b)
            if game:
                self.pairs.append(game)
                del candidates[k]
                return True
        return False

    def pair_groups(self) -> list[int]:
        """Each group with the floaters from above, top half against bottom half; the floaters of
        the last group."""
        floaters: list[int] = []
        for group in self.groups:
            bracket = floaters + group
            half = len(bracket) // 2
            top, bottom = bracket[:half], bracket[half:]
            unpaired_bottom = list(bottom)
            left = [a for a in top if not self.pair_first(a, unpaired_bottom)]
            rest = left + unpaired_bottom
            floaters = []
            while rest:  # what is left pairs among itself where it can, else floats
                a = rest.pop(0)
                if not self.pair_first(a, rest):
                    floaters.append(a)
        return floaters

    def complete(self, floaters: list[int]) -> None:
        """The bottom: undo the last pairs until what is left has a complete pairing (with one bye
        to a player who had none), found by a maximum matching."""
        pairs, undo = self.pairs, 1
        while floaters:
            pool = floaters + [v for pair in pairs[len(pairs) - undo:] for v in pair]
            size = len(pool)
            rows = [sum(1 << j for j in range(size) if j != i and self.colours_for(pool[i], pool[j]))
                    for i in range(size)]
            if size % 2:  # the bye, to a player who had none
                rows.append(0)
                join(rows, size, sum(1 << i for i in range(size) if not self.info[pool[i]][2]))
            mate = max_cardinality_matching(rows)
            if UNMATCHED not in mate:
                del pairs[len(pairs) - undo:]
                for i in range(size):
                    if mate[i] == size:
                        pairs.append((pool[i], 0))
                    elif i < mate[i]:
                        pairs.append(self.colours_for(pool[i], pool[mate[i]]))
                return
            if undo >= len(pairs):
                raise RuntimeError("the quick Swiss could not pair this round")
            undo = min(2 * undo, len(pairs))


def play_round(document: TrfDocument, rng: random.Random, draw_rate: float, quick: bool = False,
               system: str = "dutch") -> None:
    """Pair the next round (with the engine's ``system``, or the quick Swiss) and play it out."""
    games = quick_pairing(document) if quick else pair_round(document, system).as_numbers()
    players = document.players
    if SYSTEMS[system].games_per_round == 2:
        play_matches(document, games, rng, draw_rate)
        return
    for white, black in games:
        if black == 0:
            players[white].rounds.append(RoundEntry(None, None, "U"))
            continue
        result = elo_result(rng, players[white], players[black], draw_rate)
        other = OPPONENT_CODE[result]
        players[white].rounds.append(RoundEntry(black, "w", result))
        players[black].rounds.append(RoundEntry(white, "b", other))


def play_matches(document: TrfDocument, boards: list[tuple[int, int]], rng: random.Random, draw_rate: float) -> None:
    """A Double-Swiss round played out: each match two games, the colours reversed in the second
    (C.04.5 4.4); the PAB as a won and a drawn game (1.4)."""
    players = document.players
    for white, black in boards:
        if black == 0:
            players[white].rounds += pab_entries()
            continue
        first = elo_result(rng, players[white], players[black], draw_rate)
        second = OPPONENT_CODE[elo_result(rng, players[black], players[white], draw_rate)]
        own, theirs = match_entries(white, black, (first, second), (OPPONENT_CODE[first], OPPONENT_CODE[second]))
        players[white].rounds += own
        players[black].rounds += theirs


def build(size: int, rounds: int, played: int, seed: int, variant: str, quick: bool = False,
          system: str = "dutch") -> TrfDocument:
    rng = random.Random(seed)
    games = SYSTEMS[system].games_per_round  # Double-Swiss: a round (match) is two TRF rounds
    ratings = sorted((rng.randint(1000, 2700) for _ in range(size)), reverse=True)
    document = TrfDocument(total_rounds=rounds * games, initial_colour="w", name=f"bench {size}")
    for number, rating in enumerate(ratings, start=1):
        document.players[number] = PlayerRecord(number=number, name=f"Player {number}", rating=rating)
    draw_rate = {"draws": 1.0, "topscorers": 0.6}.get(variant, 0.2)
    if variant == "colours":
        # two opening rounds with one colour each: the top half always white
        half = size // 2
        for _ in range(2):
            partners = list(range(half + 1, 2 * half + 1))
            rng.shuffle(partners)
            for white, black in zip(range(1, half + 1), partners, strict=True):
                if any(e.opponent == black for e in document.players[white].rounds):
                    continue
                result = elo_result(rng, document.players[white], document.players[black], 0.2)
                document.players[white].rounds.append(RoundEntry(black, "w", result))
                document.players[black].rounds.append(RoundEntry(white, "b", OPPONENT_CODE[result]))
            for record in document.players.values():
                while len(record.rounds) < len(document.players[1].rounds):
                    record.rounds.append(ABSENT)
        played = max(played, 3)
    while document.paired_rounds < (played - 1) * games:
        play_round(document, rng, draw_rate, quick, system)
    if variant == "collapse":
        # the ten lowest players have met each other (recorded as forbidden pairs)
        scores = sorted(document.players, key=lambda n: sum(document.scoring.points(e.code)
                                                            for e in document.players[n].rounds))
        document.forbidden_pairs.append(ForbiddenPairs(frozenset(scores[:10])))
    return document


def _measure(text: str, queue, system: str = "dutch") -> None:
    document = parse(text)
    start, cpu = time.perf_counter(), time.process_time()
    pairing = pair_round(document, system)
    elapsed = time.perf_counter() - start
    queue.put((elapsed, peak_memory_mib(), len(pairing.pairs), time.process_time() - cpu))


def peak_memory_mib() -> float:
    """This process's peak resident memory (VmHWM: unlike ru_maxrss, not inherited
    from the parent across exec)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(document: TrfDocument, system: str = "dutch",
            limit: float | None = None) -> tuple[float, float, int, float] | None:
    """Pair the next round in a fresh process: seconds, peak MiB, boards, CPU seconds
    (on a shared machine the wall-clock seconds include waiting for a core); None
    when it took more than ``limit`` seconds (the process is then stopped)."""
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    process = context.Process(target=_measure, args=(dump(document), queue, system))
    process.start()
    try:
        result = queue.get(timeout=limit)
    except queue_module.Empty:
        process.terminate()
        result = None
    process.join()
    return result


def targets_of(spec: str | None, variant: str, rounds: int) -> tuple[int, ...]:
    """The rounds to measure: ``spec`` (numbers, ``early``, ``middle``, ``last``), or
    the variant's own."""
    middle = (rounds + 1) // 2
    if not spec:
        return {"standard": (middle, rounds), "draws": (middle,), "colours": (4,),
                "topscorers": (rounds,), "collapse": (middle,)}[variant]
    named = {"early": (2, 3, 4), "middle": (middle,), "last": (rounds,)}
    chosen = {r for part in spec.split(",") for r in named.get(part) or (int(part),)}
    if variant == "colours":  # its history has two rounds already
        chosen = {max(r, 3) for r in chosen}
    return tuple(sorted(r for r in chosen if 2 <= r <= rounds))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="100,500,1000,2000,5000")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default="standard,draws,colours,topscorers,collapse")
    parser.add_argument("--system", default="dutch", choices=sorted(SYSTEMS), help="the system to measure")
    parser.add_argument("--editions", help="editions to measure (record 192; default: those a date selects)")
    parser.add_argument("--history", choices=("auto", "engine", "quick"), default="auto",
                        help="who pairs the rounds before the measured one (auto: the engine "
                             "up to 1000 players, the quick Swiss beyond)")
    parser.add_argument("--targets", help="rounds to measure: numbers, early (2,3,4), middle, last "
                                          "(default: each variant's own)")
    parser.add_argument("--limit", type=float, help="seconds after which a round's measure is stopped")
    args = parser.parse_args(argv)
    swiss = SYSTEMS[args.system]
    # by default the editions a date selects (a historical one, such as the Dutch 1992, on request)
    editions = ([swiss.edition(name) for name in args.editions.split(",")] if args.editions
                else [e for e in swiss.editions if e.by_date])
    print(f"{'players':>7} {'variant':<11} {'round':>5} {'edition':>7} {'seconds':>8} {'peak MiB':>9} {'boards':>6} "
          f"{'cpu':>8}", flush=True)
    for size in map(int, args.sizes.split(",")):
        for variant in args.variants.split(","):
            if variant == "colours" and swiss.games_per_round > 1:
                continue  # its two opening rounds are single games
            targets = targets_of(args.targets, variant, args.rounds)
            if not targets:
                continue
            # the quick Swiss pairs one game a round: a Double-Swiss history is paired by the engine
            quick = swiss.games_per_round == 1 and (
                args.history == "quick" or (args.history == "auto" and size > 1000))
            document = build(size, args.rounds, min(targets), args.seed, variant, quick, args.system)
            for target in targets:
                while document.paired_rounds < (target - 1) * swiss.games_per_round:
                    play_round(document, random.Random(args.seed + document.paired_rounds), 0.2, quick,
                               args.system)
                for edition in editions:
                    document.system_code = swiss.trf_code(edition)
                    result = measure(document, args.system, args.limit)
                    if result is None:
                        print(f"{size:>7} {variant:<11} {target:>5} {edition.name:>7} {'>' + str(args.limit):>8} "
                              f"{'-':>9} {'-':>6} {'-':>8}", flush=True)
                        continue
                    seconds, peak, boards, cpu = result
                    print(f"{size:>7} {variant:<11} {target:>5} {edition.name:>7} {seconds:>8.2f} {peak:>9.0f} "
                          f"{boards:>6} {cpu:>8.2f}", flush=True)
                document.system_code = None


if __name__ == "__main__":
    main()
