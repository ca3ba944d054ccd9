"""The prize list as the pages, the printout and the API read it: the tournament's prize table and
rules handed to the pure hand-out (``tournaments.prizes``) with the standings after the completed
rounds (final once the last round is complete, provisional before), and the working in words."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext

from tournaments import prizes as hand_out
from tournaments.models import Prize, Tournament
from tournaments.queries.standings import crosstable


@dataclass
class PlaceRow:
    pk: int
    place: int
    amount: int
    amount_text: str
    object: str


@dataclass
class CategoryRow:
    index: int
    name: str
    places: list[PlaceRow]
    fund: int


@dataclass
class AwardRow:
    category: str
    places: str
    number: int
    name: str
    points: int
    amount: int
    amount_text: str
    object: str
    shared_with: list[str]


@dataclass
class WorkingRow:
    category: str
    places: str
    lines: list[str] = field(default_factory=list)


@dataclass
class PrizeList:
    final: bool
    completed: int
    currency: str
    categories: list[CategoryRow]
    awards: list[AwardRow]
    working: list[WorkingRow]
    not_awarded: list[tuple[str, str, str]]  # category, place, prize
    fund: int
    awarded: int
    rules: str

    def money(self, cents: int) -> str:
        return money(cents, self.currency)

    @property
    def fund_text(self) -> str:
        return self.money(self.fund)

    @property
    def awarded_text(self) -> str:
        return self.money(self.awarded)


def money(cents: int, currency: str) -> str:
    return f"{number_format(Decimal(cents) / 100, 2, use_l10n=True, force_grouping=True)} {currency}"


def categories(tournament: Tournament) -> list[tuple[tuple, list[Prize]]]:
    """The prize table: each category's key and places, in the order they were entered."""
    table: dict[tuple, list[Prize]] = {}
    for prize in tournament.prizes.all():
        table.setdefault(prize.category_key(), []).append(prize)
    return [(key, sorted(places, key=lambda p: p.place)) for key, places in table.items()]


def category_name(prize: Prize) -> str:
    """The category as the pages name it: the organiser's label, else its kind and parameters."""
    if prize.label:
        return prize.label
    kind = Prize.Kind(prize.kind)
    if kind == Prize.Kind.RATING:
        if prize.rating_min is None:
            return gettext("Rating up to %(max)s") % {"max": prize.rating_max}
        if prize.rating_max is None:
            return gettext("Rating %(min)s and above") % {"min": prize.rating_min}
        return gettext("Rating %(min)s–%(max)s") % {"min": prize.rating_min, "max": prize.rating_max}
    if kind == Prize.Kind.JUNIORS:
        return gettext("Juniors (born in %(year)s or later)") % {"year": prize.year}
    if kind == Prize.Kind.SENIORS:
        return gettext("Seniors (born in %(year)s or earlier)") % {"year": prize.year}
    if kind == Prize.Kind.CLUB:
        return gettext("Club: %(club)s") % {"club": prize.club}
    return str(kind.label)


def _category(prize: Prize, places: list[Prize]) -> hand_out.Category:
    return hand_out.Category(
        hand_out.Kind(prize.kind), tuple(hand_out.Place(p.place, p.amount, p.object) for p in places),
        name=prize.label, minimum=prize.rating_min, maximum=prize.rating_max, year=prize.year, club=prize.club)


def entrants(tournament: Tournament) -> list[hand_out.Entrant]:
    """The standings after the completed rounds, with what the categories read of each player."""
    table = crosstable(tournament)
    # The year of birth: the birth date's, else the rating list's (Player.birth_year).
    people = {number: (name, rating, sex, birth.year if birth else year, club)
              for number, name, rating, sex, birth, year, club in tournament.players.values_list(
                  "pairing_number", "name", "rating", "sex", "birth_date", "birth_year", "club")}
    result = []
    for line, rank, number, points, *_rest in table.rows:
        name, rating, sex, born, club = people[number]
        result.append(hand_out.Entrant(number, name, line, rank, points, rating, sex, born, club))
    return result


def rules_text(tournament: Tournament) -> str:
    sharing = {"none": gettext("tied players: the tie-breaks decide"),
               "split": gettext("tied players share the prizes of their places equally"),
               "hort": gettext("tied players share by the Hort system (half equally, half by tie-breaks)")}
    ties = gettext("tied on points") if tournament.prize_ties == "points" else gettext(
        "tied on points and every tie-break")
    once = gettext("one prize per player, the most valuable") if tournament.one_prize_per_player else gettext(
        "a player may win a prize in each category")
    return "; ".join((sharing[tournament.prize_sharing], ties, once))


def prize_list(tournament: Tournament) -> PrizeList:
    table = categories(tournament)
    rules = hand_out.Rules(hand_out.Sharing(tournament.prize_sharing), hand_out.TiedBy(tournament.prize_ties),
                           tournament.one_prize_per_player)
    completed = tournament.completed_rounds()
    people = entrants(tournament) if table and completed else []  # no standings, no award before a round
    outcome = hand_out.allocate(people, [_category(places[0], places) for _key, places in table], rules)
    if not completed:
        outcome = dataclasses.replace(outcome, awards=[], steps=[], not_awarded=[])  # awarded: 0
    names = [category_name(places[0]) for _key, places in table]
    by_number = {e.number: e for e in people}
    currency = tournament.prize_currency
    awards = [AwardRow(names[a.category], _places(a.places), a.number, by_number[a.number].name,
                       by_number[a.number].points, a.amount, money(a.amount, currency) if a.amount else "", a.object,
                       [] if a.object else [by_number[n].name for n in a.group if n != a.number])
              for a in outcome.awards]  # an object is never shared
    not_awarded = [(names[i], str(place.place), place.object or money(place.amount, currency))
                   for i, place in outcome.not_awarded]
    return PrizeList(
        final=completed >= tournament.rounds, completed=completed, currency=currency,
        categories=[CategoryRow(i, names[i], [PlaceRow(p.pk, p.place, p.amount, money(p.amount, currency), p.object)
                                              for p in places], sum(p.amount for p in places))
                    for i, (_key, places) in enumerate(table)],
        awards=awards, working=[_working(step, names, by_number, currency, rules.sharing != hand_out.Sharing.NONE)
                 for step in outcome.steps],
        not_awarded=not_awarded, fund=outcome.fund, awarded=outcome.awarded, rules=rules_text(tournament))


def _places(places: tuple[int, ...]) -> str:
    return f"{places[0]}–{places[-1]}" if len(places) > 1 else str(places[0]) if places else ""


def _working(step: hand_out.Step, names: list[str], by_number: dict, currency: str, shared: bool) -> WorkingRow:
    row = WorkingRow(names[step.category], _places(step.places))
    for passed in step.passed:
        held = passed.held
        row.lines.append(gettext("%(name)s passed over: holds a prize of %(category)s (place %(place)s, "
                                 "%(prize)s).") % {
            "name": by_number[passed.number].name, "category": names[held.category], "place": _places(held.places),
            "prize": held.object or money(held.amount, currency)})
    members = [by_number[n].name for n in step.group]
    if len(members) > 1 and step.pooled and shared:
        row.lines.append(ngettext(
            "%(names)s tied on %(count)s place; pooled: %(pooled)s.",
            "%(names)s tied on %(count)s places; pooled: %(pooled)s.", len(step.places)) % {
            "names": "; ".join(members), "count": len(step.places), "pooled": money(step.pooled, currency)})
    elif len(members) > 1:
        row.lines.append(gettext("%(names)s tied: the tie-breaks decide who takes which prize.") % {
            "names": "; ".join(members)})
    for award in step.awards:
        row.lines.append(gettext("%(name)s: %(prize)s.") % {
            "name": by_number[award.number].name,
            "prize": " + ".join(x for x in (award.object, money(award.amount, currency) if award.amount else "")
                                if x)})
    return row
