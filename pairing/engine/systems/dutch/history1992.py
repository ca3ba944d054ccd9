"""The 1992 rules' own reading of a tournament's history (FIDE Swiss rules based on rating, 1992;
the text: ``shared/rules/C04-swiss-rules-1992.md``): the order of A2 and the floats of A4-A5.
Everything else (colour histories F2-F3, preferences A7, the bye B1.b) is read as the Dutch
editions read it (``core.state``)."""

from __future__ import annotations

from ...core.state import FLOAT_DOWN, FLOAT_NONE, FLOAT_UP, Player, RoundState
from ...trf import ABSENT, TrfDocument


def a2_key(player: Player) -> tuple[int, int, int]:
    """A2: score, then rating, then title and name.  Title and name order the pairing numbers of a
    tournament (A2, last paragraph: "the order made before the first round ... determine[s] the
    pairing numbers"), so among equal ratings the lower pairing number ranks higher."""
    return -player.pairing_score, -player.rating, player.rank


def ranks_above(a: Player, b: Player) -> bool:
    """``a`` ranks above ``b`` by A2 (E4, F1.c, D1-D2)."""
    return a2_key(a) < a2_key(b)


def _floats(document: TrfDocument, number: int, played_rounds: int) -> tuple[str, str]:
    """A4-A5: the floats written on the pairing card in the last two rounds.  A4: paired with
    unequal scores, the higher gets a downfloat, the lower an upfloat, at pairing time, so a game
    then forfeited keeps them; A5: the bye is a downfloat; a player not paired gets none (the
    reading of U14, docs/systems/dutch-1992.md)."""
    scoring = document.scoring

    def score_before(who: int, index: int) -> int:
        entries = document.players[who].rounds[:index]
        return sum(scoring.points(e.code) for e in entries)

    def float_in(index: int) -> str:
        rounds = document.players[number].rounds
        entry = rounds[index] if index < len(rounds) else ABSENT
        if entry.opponent is None:
            return FLOAT_DOWN if entry.code == "U" else FLOAT_NONE  # A5: the bye
        if entry.opponent not in document.players:
            return FLOAT_NONE
        own, other = score_before(number, index), score_before(entry.opponent, index)
        return FLOAT_DOWN if own > other else FLOAT_UP if own < other else FLOAT_NONE

    return tuple(float_in(played_rounds - k) if played_rounds >= k else FLOAT_NONE
                 for k in (1, 2))  # type: ignore[return-value]


def as_1992(document: TrfDocument, state: RoundState) -> RoundState:
    """``state`` with the floats of A4-A5 and the players in the order of A2."""
    played_rounds = state.round_number - 1
    for player in state.players:
        player.floats = _floats(document, player.number, played_rounds)
    state.players.sort(key=a2_key)
    for order, player in enumerate(state.players):
        player.order = order
    return state
