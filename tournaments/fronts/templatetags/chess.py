from fractions import Fraction

from django import template
from django.utils.formats import get_format
from django.utils.translation import gettext, ngettext, pgettext

from pairing.engine import Explanation, Words, format_value, half_up, team_paragraphs
from tournaments import services

register = template.Library()


@register.filter(is_safe=True)
def full_stop(sentence: str) -> str:
    """A translated sentence ending with a moment (``{% blocktranslate ... asvar text %}``): one full
    stop at its end, not "9:30 a.m.." (``services.full_stop``)."""
    return services.full_stop(sentence)


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


@register.filter
def signed(value) -> str:
    """A rating change to one decimal with its sign: ``+12.8``, ``-3.0`` (a minus sign), ``0.0``,
    with the decimal separator of the reader's language (``+3,2`` in Italian)."""
    tenths = half_up(Fraction(value) * 10)
    sign = "+" if tenths > 0 else "\N{MINUS SIGN}" if tenths < 0 else ""
    whole, tenth = divmod(abs(tenths), 10)
    return sign + _decimal(f"{whole}.{tenth}")


@register.filter
def points_unit(tenths: int) -> str:
    """Points with their unit: ``1 pt``, ``1½ pts``, ``0 pts``."""
    whole, tenth = divmod(int(tenths), 10)
    count = whole if tenth == 0 else 2
    return ngettext("%(points)s pt", "%(points)s pts", count) % {"points": points(tenths)}


@register.filter
def explained(explanation: dict) -> list[tuple[str, list[str]]]:
    """Why the round was paired so (``Round.explanation``, the engine's JSON; a team round's under
    ``team``), in sections of plain words in the reader's language: the engine's wordings from the
    catalogues, scores as the pages write them.  One stored by an older version without its facts:
    its English text."""
    words = Words(gettext, ngettext, points)
    try:
        if "team" in explanation:
            return team_paragraphs(explanation["team"], words)
        return Explanation.from_json(explanation).paragraphs(words)
    except (KeyError, TypeError, ValueError):
        return explanation.get("text", [])


@register.filter
def colour_letters(history: str) -> str:
    """A colour history (``w``, ``b``, ``-`` a round, ``queries.boards.colour_history``) in the
    reader's letters: ``WB–W`` in English, ``BN–B`` in Italian."""
    letters = {"w": pgettext("colour history: white, one letter", "W"),
               "b": pgettext("colour history: black, one letter", "B"), "-": "–"}
    return "".join(letters[c] for c in history)
