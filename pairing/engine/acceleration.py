"""Accelerated pairings (C.04.5): virtual points added to the pairing score."""

from __future__ import annotations

from dataclasses import replace

from .trf import TrfDocument

BAKU_MINIMUM_ROUNDS = 9  # C.04.5.1 rule 1


def baku_group_a(document: TrfDocument) -> set[int]:
    """C.04.5.1 rule 2: the first half of the players of round 1, rounded up to an
    even number (2 * ceil(n / 4)); later entrants below the last GA-player stay in
    GB (rule 3)."""
    present = sorted(n for n, r in document.players.items()
                     if (entry := r.entry(1)) is None or entry.paired)
    size = 2 * -(-len(present) // 4)
    if not size:
        return set()
    last = present[size - 1]
    return {n for n in document.players if n <= last}


def baku_virtual_points(round_number: int) -> int:
    """C.04.5.1 rule 4: one point for rounds 1-3, half a point for rounds 4-5 (tenths)."""
    return 10 if round_number <= 3 else 5 if round_number <= 5 else 0


def with_baku_acceleration(document: TrfDocument) -> TrfDocument:
    """The document with the Baku virtual points of every round not already given
    in ``XXA`` lines (none for tournaments shorter than nine rounds, rule 1)."""
    total = document.total_rounds or document.rounds_in_file
    if total < BAKU_MINIMUM_ROUNDS:
        return document
    group_a = baku_group_a(document)
    accelerations = {}
    for number in document.players:
        given = list(document.accelerations.get(number, []))
        accelerations[number] = given + [
            baku_virtual_points(r) if number in group_a else 0 for r in range(len(given) + 1, total + 1)]
    return replace(document, accelerations=accelerations)
