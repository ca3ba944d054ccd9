"""Benchmark: seconds and peak memory to pair one round of large tournaments.

    python -m pairing.engine.bench [--sizes 100,500,1000,2000,5000] [--rounds 9] [--seed 1]

Each tournament is built round by round with this engine and random results
(Elo expectation, 20 % draws by default); then one mid-tournament round and
the last round are each paired in a fresh process, which reports the time
and its peak resident memory.  Adversarial variants:

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
import random
import resource
import time

from . import pair_round
from .trf import ABSENT, ForbiddenPairs, PlayerRecord, RoundEntry, TrfDocument, dump, parse


def _result(rng: random.Random, white: PlayerRecord, black: PlayerRecord, draw_rate: float) -> str:
    expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
    if rng.random() < draw_rate:
        return "="
    return "1" if rng.random() < expected else "0"


def play_round(document: TrfDocument, rng: random.Random, draw_rate: float) -> None:
    """Pair the next round with the engine and play it out."""
    pairing = pair_round(document)
    players = document.players
    for white, black in pairing.as_numbers():
        if black == 0:
            players[white].rounds.append(RoundEntry(None, None, "U"))
            continue
        result = _result(rng, players[white], players[black], draw_rate)
        other = {"1": "0", "0": "1", "=": "="}[result]
        players[white].rounds.append(RoundEntry(black, "w", result))
        players[black].rounds.append(RoundEntry(white, "b", other))


def build(size: int, rounds: int, played: int, seed: int, variant: str) -> TrfDocument:
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1000, 2700) for _ in range(size)), reverse=True)
    document = TrfDocument(total_rounds=rounds, initial_colour="w", name=f"bench {size}")
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
                result = _result(rng, document.players[white], document.players[black], 0.2)
                document.players[white].rounds.append(RoundEntry(black, "w", result))
                document.players[black].rounds.append(RoundEntry(white, "b", {"1": "0", "0": "1", "=": "="}[result]))
            for record in document.players.values():
                while len(record.rounds) < len(document.players[1].rounds):
                    record.rounds.append(ABSENT)
        played = max(played, 3)
    while document.paired_rounds < played - 1:
        play_round(document, rng, draw_rate)
    if variant == "collapse":
        # the ten lowest players have met each other (recorded as forbidden pairs)
        scores = sorted(document.players, key=lambda n: sum(document.scoring.points(e.code)
                                                            for e in document.players[n].rounds))
        document.forbidden_pairs.append(ForbiddenPairs(frozenset(scores[:10])))
    return document


def _measure(text: str, queue) -> None:
    document = parse(text)
    start = time.perf_counter()
    pairing = pair_round(document)
    elapsed = time.perf_counter() - start
    queue.put((elapsed, peak_memory_mib(), len(pairing.pairs)))


def peak_memory_mib() -> float:
    """This process's peak resident memory (VmHWM: unlike ru_maxrss, not inherited
    from the parent across exec)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(document: TrfDocument) -> tuple[float, float, int]:
    """Pair the next round in a fresh process: seconds, peak MiB, boards."""
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    process = context.Process(target=_measure, args=(dump(document), queue))
    process.start()
    result = queue.get()
    process.join()
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="100,500,1000,2000,5000")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default="standard,draws,colours,topscorers,collapse")
    args = parser.parse_args(argv)
    print(f"{'players':>7} {'variant':<11} {'round':>5} {'seconds':>8} {'peak MiB':>9} {'boards':>6}", flush=True)
    for size in map(int, args.sizes.split(",")):
        for variant in args.variants.split(","):
            middle = (args.rounds + 1) // 2
            targets = {"standard": (middle, args.rounds), "draws": (middle,), "colours": (4,),
                       "topscorers": (args.rounds,), "collapse": (middle,)}[variant]
            document = build(size, args.rounds, min(targets), args.seed, variant)
            for target in targets:
                while document.paired_rounds < target - 1:
                    play_round(document, random.Random(args.seed + document.paired_rounds), 0.2)
                seconds, peak, boards = measure(document)
                print(f"{size:>7} {variant:<11} {target:>5} {seconds:>8.2f} {peak:>9.0f} {boards:>6}", flush=True)


if __name__ == "__main__":
    main()
