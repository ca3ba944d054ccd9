"""Players looked up in a FIDE rating list: by FIDE id, or by the beginning of the name as FIDE
writes it ("Carlsen, M"), for the type-ahead of the player form and the API.

Both walk an index (migration 0014): the unique (list, fide_id), and (list, UPPER(name)) in the
byte order ("C" on PostgreSQL), which serves the LIKE 'PREFIX%' and the ORDER BY at once, so a
one-letter prefix of a million-player list answers as fast as a long one."""

from __future__ import annotations

from django.db import connection
from django.db.models.functions import Collate, Upper

from pairing.engine import DIGITS
from tournaments.models import Player, RatedPlayer, RatingList, Tournament

#: Players a lookup returns at most.
LIMIT = 20
#: Characters of a name prefix a lookup reads at most.
MAX_QUERY = 60


def tournament_list(tournament: Tournament) -> RatingList | None:
    """The list a tournament's players are looked up in: the latest of its rating kind."""
    return RatingList.objects.latest_of(tournament.rating_kind)


def _name_key():
    return Collate(Upper("name"), "C" if connection.vendor == "postgresql" else "BINARY")


def search(rating_list: RatingList | None, query: str, limit: int = LIMIT) -> list[RatedPlayer]:
    """The players of ``rating_list`` whose FIDE id is ``query`` (digits), or whose name begins
    with it (any case), in name order; none for an empty query or no list."""
    query = " ".join(query.replace("\x00", "").split())[:MAX_QUERY]  # PostgreSQL text holds no NUL
    if rating_list is None or not query:
        return []
    players = RatedPlayer.objects.filter(list=rating_list)
    if query.isdigit() and query.isascii():
        return list(players.filter(fide_id=int(query))) if len(query) <= 18 else []
    return list(players.alias(key=_name_key()).filter(key__startswith=query.upper()).order_by("key")[:limit])


def entry(rating_list: RatingList | None, fide_id: str) -> RatedPlayer | None:
    """One player of the list by FIDE id."""
    found = search(rating_list, fide_id) if DIGITS.fullmatch(fide_id) else []
    return found[0] if found else None


def player_initial(tournament: Tournament, fide_id: str) -> dict:
    """What the player form is filled with from the tournament's list (nothing when the id is not
    there): name, FIDE id, federation, sex, title (Tit, else WTit: C.04.2 B.2 b reads one) and
    rating, K and birth year (the form's birth date is not made up from the year)."""
    found = entry(tournament_list(tournament), fide_id.strip())
    if found is None:
        return {}
    title = found.title or found.w_title
    return {"name": found.name[:Player._meta.get_field("name").max_length], "fide_id": str(found.fide_id),
            "federation": found.federation, "sex": {"M": "m", "F": "w"}[found.sex],
            "title": title if title in Player.Title.values else "", "rating": found.rating,
            "k_factor": found.k, "birth_year": found.birth_year}
