"""The prize table and its rules: categories entered with their places, a place removed, the rules
of the hand-out (sharing between tied players, one prize per player).  Who wins what is
``tournaments.queries.prizes`` (the pure hand-out is ``tournaments.prizes``)."""

from __future__ import annotations

import re

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import override

from pairing.engine import CONTROL_CHARACTER
from tournaments import audit
from tournaments.audit import Kind
from tournaments.models import Prize, PrizeSharing, PrizeTies, Tournament
from tournaments.services import Refused, lock_tournament

#: A category's places, and a tournament's prizes, at most (a table longer than this is a mistake).
MAX_PLACES = 50
MAX_PRIZES = 500
#: The largest amount of one prize, in cents (10 million).
MAX_AMOUNT = 1_000_000_000
#: What an amount may be written with: digits, separators of thousands (a space, an apostrophe, a
#: comma or a point) and a decimal mark (a comma or a point) followed by one or two digits.
NUMERIC = re.compile(r"[0-9.,' ]+")
AMOUNT = re.compile(r"(?P<units>[0-9]{1,3}(?:[.,][0-9]{3})+|[0-9]{1,10})(?:[.,](?P<cents>[0-9]{1,2}))?")


def prize_value(text: str) -> tuple[int, str]:
    """A place as the arbiter types it: an amount (``150``, ``150.50``, ``1,500``, ``1 500,5``) in
    cents, or else an object (``Cup``)."""
    text = " ".join(text.split())
    if NUMERIC.fullmatch(text):
        amount = AMOUNT.fullmatch(text.replace(" ", "").replace("'", ""))
        if amount is None:
            raise Refused(_("%(text)s is not an amount: write it as 1500 or 1500.50.") % {"text": text})
        units = int(re.sub(r"[.,]", "", amount["units"]))
        cents = units * 100 + int((amount["cents"] or "0").ljust(2, "0"))
        if cents <= 0:
            raise Refused(_("A prize of nothing is no prize: give an amount above zero, or an object."))
        if cents > MAX_AMOUNT:
            raise Refused(_("%(amount)s is more than a prize can be (10,000,000 at most).") % {"amount": text})
        return cents, ""
    if len(text) > Prize._meta.get_field("object").max_length:
        raise Refused(_("An object prize is named in 80 characters at most: %(text)s") % {"text": text[:80]})
    return 0, text


def _parameters(kind: str, rating_min, rating_max, year, club: str) -> dict:
    """The category's parameters its kind needs (the others cleared), or Refused."""
    if kind not in Prize.Kind.values:
        raise Refused(_("Choose the kind of prize category."))
    params = {"rating_min": None, "rating_max": None, "year": None, "club": ""}
    if kind == Prize.Kind.RATING:
        if rating_min is None and rating_max is None:
            raise Refused(_("A rating band needs a lowest or a highest rating, or both."))
        if any(v is not None and not 0 <= v <= 3500 for v in (rating_min, rating_max)):
            raise Refused(_("A rating is between 0 and 3500."))
        if rating_min is not None and rating_max is not None and rating_min > rating_max:
            raise Refused(_("The lowest rating (%(min)s) is above the highest (%(max)s).") % {
                "min": rating_min, "max": rating_max})
        params.update(rating_min=rating_min, rating_max=rating_max)
    elif kind in (Prize.Kind.JUNIORS, Prize.Kind.SENIORS):
        if year is None or not 1900 <= year <= 2100:
            raise Refused(_("Juniors and seniors need a year of birth (between 1900 and 2100)."))
        params["year"] = year
    elif kind == Prize.Kind.CLUB:
        club = " ".join((club or "").split())
        if not club:
            raise Refused(_("A club prize needs the club's name, as the players' entries write it."))
        params["club"] = club[:60]
    return params


@transaction.atomic
def add_category(tournament: Tournament, kind: str, values: list[str], label: str = "", rating_min=None,
                 rating_max=None, year=None, club: str = "", user=None) -> list[Prize]:
    """Add a category's places at once (``values``: one per place, an amount or an object), after the
    places it has already."""
    lock_tournament(tournament)
    params = _parameters(kind, rating_min, rating_max, year, club)
    values = [value for value in values if value.strip()]
    if any(CONTROL_CHARACTER.search(text) for text in (label, club, *values)):  # as every one-line field
        raise Refused(_("Control characters (tab, escape...) are not allowed."))
    if not values:
        raise Refused(_("Give at least one prize: an amount or an object per line."))
    if len(values) > MAX_PLACES:
        raise Refused(_("A category has %(max)s places at most.") % {"max": MAX_PLACES})
    if tournament.prizes.count() + len(values) > MAX_PRIZES:
        raise Refused(_("A tournament has %(max)s prizes at most.") % {"max": MAX_PRIZES})
    label = " ".join(label.split())[:60]
    existing = tournament.prizes.filter(kind=kind, label=label, **params)
    start = max((p.place for p in existing), default=0)
    prizes = [Prize(tournament=tournament, kind=kind, label=label, place=start + i, amount=amount, object=thing,
                    **params)
              for i, (amount, thing) in enumerate((prize_value(v) for v in values), start=1)]
    for prize in prizes:
        prize.save()
    summary = f"{len(prizes)} prize{'s' if len(prizes) != 1 else ''} added: {describe(prizes[0])}"
    audit.record(tournament, Kind.PRIZE, "added", summary, user=user,
                 after={f"{p.place}": p.object or f"{p.amount / 100:.2f}" for p in prizes})
    return prizes


@transaction.atomic
def remove_prize(prize: Prize, user=None) -> None:
    """Remove one place; the category's later places move up one."""
    lock_tournament(prize.tournament)
    prize = Prize.objects.select_related("tournament").get(pk=prize.pk)
    later = Prize.objects.filter(tournament=prize.tournament, kind=prize.kind, label=prize.label,
                                 rating_min=prize.rating_min, rating_max=prize.rating_max, year=prize.year,
                                 club=prize.club, place__gt=prize.place).order_by("place")
    before = {"place": prize.place, "prize": prize.object or f"{prize.amount / 100:.2f}"}
    summary = f"Prize removed: {describe(prize)}, place {prize.place}"
    prize.delete()
    for other in later:
        other.place -= 1
        other.save(update_fields=["place"])
    audit.record(prize.tournament, Kind.PRIZE, "removed", summary, user=user, before=before)


@transaction.atomic
def set_prize_rules(tournament: Tournament, sharing: str, ties: str, one_per_player: bool, currency: str,
                    user=None) -> Tournament:
    """The rules of the hand-out: how tied players share, what ties them, one prize per player."""
    stored = lock_tournament(tournament)
    if sharing not in PrizeSharing.values or ties not in PrizeTies.values:
        raise Refused(_("Choose how tied players share and what ties them."))
    currency = (currency or "").strip().upper()
    if not re.fullmatch(r"[A-Z]{3}", currency):
        raise Refused(_("A currency is a three-letter code such as EUR."))
    fields = {"prize_sharing": sharing, "prize_ties": ties, "one_prize_per_player": bool(one_per_player),
              "prize_currency": currency}
    before = {name: getattr(stored, name) for name in fields}
    if before == fields:
        return stored
    for name, value in fields.items():
        setattr(stored, name, value)
        setattr(tournament, name, value)
    stored.save(update_fields=list(fields))
    old, new = audit.changes(before, fields)
    audit.record(stored, Kind.PRIZE, "rules", "Prize rules: " + ", ".join(f"{k} {v}" for k, v in new.items()),
                 user=user, before=old, after=new)
    return stored


def describe(prize: Prize) -> str:
    """A category in plain English, for the audit log."""
    with override(None):
        text = prize.label or str(Prize.Kind(prize.kind).label)
    details = [f"{prize.rating_min or ''}-{prize.rating_max or ''}" if prize.kind == Prize.Kind.RATING else "",
               str(prize.year or ""), prize.club]
    details = [d for d in details if d]
    return f"{text} ({', '.join(details)})" if details else text
