from django import template
from django.utils.formats import get_format

from pairing.engine.tiebreaks import format_value

register = template.Library()


@register.filter
def tiebreak(value) -> str:
    """A tie-break value as the FIDE tools print it (exact points, two decimals at most), with the
    decimal separator of the reader's language (``12,5`` in Italian)."""
    return _decimal(format_value(value)) if value is not None else "—"


def _decimal(text: str) -> str:
    return text.replace(".", get_format("DECIMAL_SEPARATOR"))


@register.filter
def points(tenths: int) -> str:
    """Tenths of a point as an arbiter writes them: 25 -> ``2½``, 5 -> ``½``, 30 -> ``3``."""
    whole, tenth = divmod(int(tenths), 10)
    if tenth == 5:
        return f"{whole or ''}½"
    return f"{whole}" if tenth == 0 else _decimal(f"{whole}.{tenth}")


@register.simple_tag
def game_for(game, player) -> dict:
    """One game from ``player``'s side: colour, opponent and his own score."""
    if game.is_bye:
        return {"colour": "", "opponent": None, "score": "bye"}
    white = game.white_id == player.pk
    scores = {"1-0": ("1", "0"), "½-½": ("½", "½"), "0-1": ("0", "1"),
              "+-": ("+", "-"), "-+": ("-", "+"), "--": ("-", "-"), "": ("", "")}[game.result]
    return {"colour": "white" if white else "black", "opponent": game.black if white else game.white,
            "score": scores[0 if white else 1]}
