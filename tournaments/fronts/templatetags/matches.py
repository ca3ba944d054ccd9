"""Double-Swiss matches (C.04.5) on the pages: the match score, the changes of one game."""

from django import template

from tournaments.fronts.templatetags.chess import points
from tournaments.queries.matches import match_points, pab_match_points

register = template.Library()


@register.simple_tag
def match_score(tournament, game) -> str:
    """``1½–½``: the board's first-named player's points first; empty before any result."""
    score = match_points(tournament, game)
    return "" if score is None else f"{points(score[0])}–{points(score[1])}"


@register.filter
def game_changes(changes, second: bool) -> list:
    """The audit entries of one game of the board: the first (``result``) or the second (``result2``)."""
    field = "result2" if second else "result"
    return [change for change in changes if field in change.after]


@register.filter
def game_result(game, second: bool) -> str:
    """A board's result of game 1, or with ``second`` of game 2; ``game`` a Game or an audit entry's
    ``before``/``after``."""
    field = "result2" if second else "result"
    return game.get(field, "") if isinstance(game, dict) else getattr(game, field)


@register.filter
def double_swiss(games_per_round: int) -> bool:
    return games_per_round == 2


@register.simple_tag
def pab_points(tournament) -> str:
    """The Double-Swiss PAB's points: a won game plus a drawn game (C.04.5 1.4)."""
    return points(pab_match_points(tournament))
