"""The two-game matches of a Double-Swiss tournament (C.04.5) as the pages read them: a board of
the round is a match, ``Game.result`` its first game (``white`` has White) and ``Game.result2``
its second (the colours reversed), each written in its own game's colours, White first."""

from __future__ import annotations

from tournaments.exchange.trf import PAB_CODES, scoring
from tournaments.models import RESULT_CODES, Game, Tournament


def match_points(tournament: Tournament, game: Game) -> tuple[int, int] | None:
    """The match score (tenths) of the board's first-named player (White in game 1) and of his
    opponent, over the games with a result (C.04.5 Preface: "points assigned for each game"); None
    before any result, and for the pairing-allocated bye."""
    if game.is_bye or not (game.result or game.result2):
        return None
    points = scoring(tournament).points
    first = second = 0
    if game.result:
        white, black = RESULT_CODES[game.result]
        first, second = points(white), points(black)
    if game.result2:
        white, black = RESULT_CODES[game.result2]  # game 2: the board's second-named player has White
        first, second = first + points(black), second + points(white)
    return first, second


def pab_match_points(tournament: Tournament) -> int:
    """What the pairing-allocated bye of a match scores (tenths): a won game and a drawn game
    (C.04.5 1.4), written U then H (``trf.PAB_CODES``)."""
    table = scoring(tournament)
    return sum(table.points(code) for code in PAB_CODES)
