"""Accelerated pairings: the Baku method, virtual points added to the pairing score.

Two texts: C.04.5.1 (with the Dutch 2017 edition) and C.04.7 Art. 1 (2026).
Both split the players of round 1 into GA, the first half rounded up to an even
number (2 * ceil(n / 4)), and GB; later entrants below the last GA player stay in
GB.  They differ in which rounds carry virtual points and how many.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ..errors import TrfError
from ..trf import TrfDocument

BAKU_2016, BAKU_2026 = "C.04.5.1", "C.04.7"
BAKU_MINIMUM_ROUNDS = 9  # C.04.5.1 rule 1
#: What a Baku method needs and a tournament may lack (:func:`baku_premises_broken`).
WIN_TWO_DRAWS, STANDARD_SCORING, MINIMUM_ROUNDS = "win-two-draws", "standard-scoring", "minimum-rounds"


def baku_premises_broken(method: str, rounds: int, win: int, draw: int, loss: int) -> tuple[str, ...]:
    """The premises of ``method`` that ``rounds`` rounds and these points (tenths) break, in the
    text's order (none: the method applies).

    C.04.7 1.1: "the points for a win equal the points for two draws and the points for a loss
    are zero" (WIN_TWO_DRAWS).  C.04.5.1 rule 1: the standard scoring, 1, 1/2, 0
    (STANDARD_SCORING), and nine rounds or more (MINIMUM_ROUNDS)."""
    if method == BAKU_2026:
        premises = ((WIN_TWO_DRAWS, win == 2 * draw and loss == 0),)
    else:
        premises = ((STANDARD_SCORING, (win, draw, loss) == (10, 5, 0)),
                    (MINIMUM_ROUNDS, rounds >= BAKU_MINIMUM_ROUNDS))
    return tuple(premise for premise, kept in premises if not kept)


def baku_group_a(document: TrfDocument, method: str = BAKU_2016,
                 registered: Iterable[int] | None = None) -> set[int]:
    """C.04.5.1 rule 2 / C.04.7 1.2: the first half of the players, rounded up to
    an even number (2 * ceil(n / 4)); later entrants below the last GA player stay
    in GB (rule 3 / 1.3).

    C.04.5.1 counts the players paired in round 1 (the endorsed engines' reading).
    C.04.7 counts every participant of the list, those excused from round 1 too
    (bbpPairings 6.0.0's reading; it takes ceil(n / 2) players, see the README).
    A file does not say who entered late; who was on the list before round 1 can
    be given as ``registered`` (the app knows it)."""
    listed = document.players if registered is None else registered
    present = sorted(n for n in listed
                     if method == BAKU_2026 or (entry := document.players[n].entry(1)) is None or entry.paired)
    size = 2 * -(-len(present) // 4)
    if not size:
        return set()
    last = present[size - 1]
    return {n for n in document.players if n <= last}


def baku_virtual_points(round_number: int, total_rounds: int = 9, win: int = 10,
                        method: str = BAKU_2016) -> int:
    """The virtual points of a GA player in ``round_number`` (tenths).

    C.04.5.1 rule 4: one point in rounds 1-3, half a point in rounds 4-5.
    C.04.7 1.4: the accelerated rounds are the first half of the rounds, rounded
    up; the points for a win in the first half of them (rounded up), half of that
    in the others (1.4.4: nine rounds give 1, 1, 1, 1/2, 1/2).
    """
    if method == BAKU_2016:
        return 10 if round_number <= 3 else 5 if round_number <= 5 else 0
    accelerated = -(-total_rounds // 2)
    full = -(-accelerated // 2)
    return win if round_number <= full else win // 2 if round_number <= accelerated else 0


def with_baku_acceleration(document: TrfDocument, method: str = BAKU_2016,
                           registered: Iterable[int] | None = None) -> TrfDocument:
    """The document with the Baku virtual points of every round not already given
    in ``XXA``/``250`` lines (GA counted on ``registered``, see :func:`baku_group_a`).
    A round for which the file gives anybody's virtual points is taken as given for
    everybody (no line: none), so a file's own GA is never mixed with ours."""
    total = document.total_rounds or document.rounds_in_file
    scoring = document.scoring
    broken = baku_premises_broken(method, total, scoring.win, scoring.draw, scoring.loss)
    if MINIMUM_ROUNDS in broken:
        return document
    if WIN_TWO_DRAWS in broken:
        raise TrfError("the Baku acceleration needs a win worth two draws and a loss worth nothing (C.04.7 1.1)")
    group_a = baku_group_a(document, method, registered)
    given_rounds = max((len(values) for values in document.accelerations.values()), default=0)
    accelerations = {}
    for number in document.players:
        given = list(document.accelerations.get(number, []))
        given += [0] * (given_rounds - len(given))
        accelerations[number] = given + [
            baku_virtual_points(r, total, scoring.win, method) if number in group_a else 0
            for r in range(given_rounds + 1, total + 1)]
    return replace(document, accelerations=accelerations)
