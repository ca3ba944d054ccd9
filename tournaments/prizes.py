"""Prize lists: who wins which prize from the final standings, and the working behind it.

Pure Python, no ORM: the input is the standings (:class:`Entrant`, best first) and the prize table
(:class:`Category` with its places), the output an :class:`Outcome` (every award, every place not
awarded, the working of each tied group).  ``tournaments.queries.prizes`` builds the input from the
database; the pages, the PDF printout and the API show the output.

The rules organisers choose (docs/arbiter-guide.md, "Prizes"):

- **One prize per player** (on by default): prizes are handed out from the most valuable down (an
  amount; an object counts as nothing beside money), on equal value the overall places first, then
  the order of the table, and within a category always place by place.  A player who holds a prize
  is passed over by the later ones, which go to the next eligible player.
- **Sharing between tied players** (tied on points, or on the full tie-break list: the organiser
  chooses): ``none``, the tie-breaks decide; ``split``, the amounts of the places the tied group
  occupies are pooled and shared equally; ``hort``, the Hort system: of each place's amount, half
  is pooled and shared equally by the group and the other half goes to the player whom the
  tie-breaks put on that place (the definition of the prize rules of Swiss-Manager and of the
  opens that announce "prizes shared by the Hort system": with 1000 and 600 for two tied players,
  each gets (500 + 300) / 2 = 400, plus 500 for the first and 300 for the second: 900 and 700).
  A group that reaches past the category's last place shares with the places there (worth
  nothing): three tied for the last two prizes share those two.
- A player of the group about to be handed its places who would get more from another category's
  prize (his share there as it stands) waits: that category is handed out first, he takes its
  prize, and the group shares without him.  When categories wait on each other, the first in the
  hand-out's order hands out its places as they stand.
- **Object prizes** (a cup, a book) are never split: the tied players take them by tie-breaks, and
  the members on an object place have no share of the group's money.
- **Cents**: amounts are integers in cents.  A share that does not divide exactly gives the odd
  cents one each to the group's members in tie-break order (and, in the Hort system, a place's odd
  cent stays with the half that goes by place), so the awards always add up to the prize fund, less
  the places not awarded (a category with nobody eligible left, say), which are listed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Kind(StrEnum):
    """A prize category's eligibility."""
    OVERALL = "overall"
    RATING = "rating"  # a rating band: minimum and/or maximum, both included; unrated players are out
    WOMEN = "women"
    JUNIORS = "juniors"  # born in or after ``year``
    SENIORS = "seniors"  # born in or before ``year``
    UNRATED = "unrated"
    CLUB = "club"


class Sharing(StrEnum):
    NONE = "none"
    SPLIT = "split"
    HORT = "hort"


class TiedBy(StrEnum):
    POINTS = "points"  # equal points: prizes are shared as C.04 (1992) F10 a) has it
    TIEBREAKS = "tiebreaks"  # equal on every tie-break (the same rank)


@dataclass(frozen=True)
class Entrant:
    """A player as the final standings give him: ``line`` his position (1, 2, 3... by the
    tie-breaks), ``rank`` shared by players equal on every tie-break, ``points`` in tenths."""
    number: int  # pairing number
    name: str
    line: int
    rank: int
    points: int
    rating: int | None = None
    sex: str = ""  # "m", "w" or unknown
    birth_year: int | None = None
    club: str = ""

    @property
    def unrated(self) -> bool:
        return not self.rating


@dataclass(frozen=True)
class Place:
    """One prize of a category: an amount in cents, or an object (never both)."""
    place: int
    amount: int = 0
    object: str = ""

    @property
    def value(self) -> int:
        """What the prize is worth beside others: an object counts as nothing beside money."""
        return 0 if self.object else self.amount


def _club(name: str) -> str:
    """A club's name as entries are compared: case and spaces aside."""
    return " ".join(name.split()).casefold()


@dataclass(frozen=True)
class Category:
    kind: Kind
    places: tuple[Place, ...]
    name: str = ""  # as the organiser labels it ("Under 1800"); the pages name the kind otherwise
    minimum: int | None = None  # rating band
    maximum: int | None = None
    year: int | None = None  # juniors: born in or after; seniors: born in or before
    club: str = ""

    def admits(self, entrant: Entrant) -> bool:
        checks = {
            Kind.OVERALL: lambda: True,
            Kind.RATING: lambda: bool(entrant.rating) and (self.minimum is None or entrant.rating >= self.minimum)
            and (self.maximum is None or entrant.rating <= self.maximum),
            Kind.WOMEN: lambda: entrant.sex == "w",
            Kind.JUNIORS: lambda: entrant.birth_year is not None and self.year is not None
            and entrant.birth_year >= self.year,
            Kind.SENIORS: lambda: entrant.birth_year is not None and self.year is not None
            and entrant.birth_year <= self.year,
            Kind.UNRATED: lambda: entrant.unrated,
            Kind.CLUB: lambda: bool(_club(self.club)) and _club(entrant.club) == _club(self.club),
        }
        return checks[self.kind]()

    @property
    def fund(self) -> int:
        return sum(place.amount for place in self.places)


@dataclass(frozen=True)
class Award:
    """What one player wins: his share of the places ``places`` of category ``category`` (its index in
    the table), shared with ``group`` (pairing numbers, tie-break order; himself alone when not tied)."""
    category: int
    number: int
    places: tuple[int, ...]
    amount: int = 0
    object: str = ""
    group: tuple[int, ...] = ()
    pooled: int = 0  # the money of the places the group shared


@dataclass(frozen=True)
class Passed:
    """A player passed over by a category's prizes, and the award he holds (one prize per player)."""
    number: int
    held: Award


@dataclass
class Step:
    """The working of one group of a category: the places, the players tied on them, the pooled
    amount and the shares, and who was passed over before them."""
    category: int
    places: tuple[int, ...]
    group: tuple[int, ...]
    pooled: int
    awards: list[Award]
    passed: list[Passed] = field(default_factory=list)


@dataclass
class Outcome:
    awards: list[Award]
    steps: list[Step]
    not_awarded: list[tuple[int, Place]]  # (category index, place)
    fund: int

    @property
    def awarded(self) -> int:
        return sum(award.amount for award in self.awards)

    def awards_of(self, category: int) -> list[Award]:
        return [award for award in self.awards if award.category == category]


@dataclass(frozen=True)
class Rules:
    sharing: Sharing = Sharing.HORT
    tied_by: TiedBy = TiedBy.POINTS
    one_per_player: bool = True


def _split(total: int, count: int) -> list[int]:
    """``total`` cents in ``count`` equal shares, the odd cents one each to the first members."""
    share, odd = divmod(total, count)
    return [share + (1 if i < odd else 0) for i in range(count)]


def shares(places: list[Place | None], sharing: Sharing) -> tuple[list[int], list[str], int]:
    """The amounts and objects of a tied group's members (tie-break order), member i on ``places[i]``
    (None past the category's last place), and the pooled money."""
    objects = [place.object if place else "" for place in places]
    sharers = [i for i, place in enumerate(places) if not (place and place.object)]
    amounts = [place.amount if place and not place.object else 0 for place in places]
    pooled = sum(amounts)
    result = [0] * len(places)
    if sharing == Sharing.NONE or not sharers:
        return amounts, objects, pooled
    if sharing == Sharing.SPLIT:
        for i, share in zip(sharers, _split(pooled, len(sharers)), strict=True):
            result[i] = share
        return result, objects, pooled
    # The Hort system: each place's amount halved, the equal halves pooled and split, the other
    # half (with the odd cent) kept by the place.
    equal = [amount // 2 for amount in amounts]
    for i, share in zip(sharers, _split(sum(equal), len(sharers)), strict=True):
        result[i] = share + amounts[i] - equal[i]
    return result, objects, pooled


class _Allocation:
    """The state of the hand-out: the places left in each category, and who holds what."""

    def __init__(self, entrants: list[Entrant], table: list[Category], rules: Rules):
        self.entrants = sorted(entrants, key=lambda e: e.line)
        self.table = table
        self.rules = rules
        self.next = [0] * len(table)  # each category's next place (an index in its places)
        self.eligible = [[e for e in self.entrants if category.admits(e)] for category in table]
        self.held: dict[int, Award] = {}  # one prize per player: his award
        self.won: list[set[int]] = [set() for _ in table]  # without: who has a prize of each category
        self.steps: list[Step] = []

    def tied(self, a: Entrant, b: Entrant) -> bool:
        return a.points == b.points if self.rules.tied_by == TiedBy.POINTS else a.rank == b.rank

    def candidates(self, index: int) -> list[Entrant]:
        taken = self.held if self.rules.one_per_player else self.won[index]
        return [e for e in self.eligible[index] if e.number not in taken]

    def group(self, index: int, candidates: list[Entrant]) -> tuple[list[Entrant], list[Place | None]]:
        """The first candidate and those tied with him, on the category's next places."""
        first = candidates[0]
        members = [e for e in candidates if self.tied(e, first)]
        left = self.table[index].places[self.next[index]:]
        return members, [left[i] if i < len(left) else None for i in range(len(members))]

    def prospects(self, index: int) -> dict[int, int]:
        """What each candidate of a category would get if its places left were handed out now."""
        result, candidates, position = {}, self.candidates(index), self.next[index]
        places = self.table[index].places
        while candidates and position < len(places):
            members = [e for e in candidates if self.tied(e, candidates[0])]
            chunk = [places[position + i] if position + i < len(places) else None for i in range(len(members))]
            amounts, _objects, _pooled = shares(chunk, self.rules.sharing)
            result.update({e.number: amount for e, amount in zip(members, amounts, strict=True)})
            candidates, position = candidates[len(members):], position + len(members)
        return result

    def better_elsewhere(self, index: int, number: int, share: int, elsewhere: dict[int, dict[int, int]]) -> bool:
        """Whether another category's prize is worth more to this player than ``share`` (on equal value,
        one before in the order: overall first, then the table's); ``elsewhere``: each other category's
        prospects."""
        return any(prospects[number] > share or (prospects[number] == share
                                                 and self.priority(other) < self.priority(index))
                   for other, prospects in elsewhere.items() if number in prospects)

    def priority(self, index: int) -> tuple[bool, int]:
        return (self.table[index].kind != Kind.OVERALL, index)

    def order(self) -> list[int]:
        return sorted(range(len(self.table)), key=self.priority)

    def open_categories(self) -> list[int]:
        taken = self.held if self.rules.one_per_player else None
        return [i for i in range(len(self.table)) if self.next[i] < len(self.table[i].places)
                and any(e.number not in (self.won[i] if taken is None else taken) for e in self.eligible[i])]

    def head(self, index: int) -> tuple:
        """The order of the hand-out: the most valuable next place first, overall first, then the table's."""
        return (-self.table[index].places[self.next[index]].value, *self.priority(index))

    def run(self) -> None:
        skipped: set[int] = set()
        while True:
            open_ = self.open_categories()
            if not open_:
                return
            waiting = [i for i in open_ if i not in skipped]
            if not waiting:
                # Each category's candidates wait for another's: the first in the order hands out its
                # places as they stand (never left unawarded for that).
                self.award_group(min(open_, key=self.head), waiting_allowed=False)
                skipped.clear()
                continue
            index = min(waiting, key=self.head)
            if self.award_group(index):
                skipped.clear()
            else:
                skipped.add(index)  # a member waits for another category's prize: that one first

    def award_group(self, index: int, waiting_allowed: bool = True) -> bool:
        """Hand out the category's next places to its first tied group; False (nothing handed out) if a
        member would get more from another category's prize: that one is to be handed out first."""
        candidates = self.candidates(index)
        members, places = self.group(index, candidates)
        amounts, objects, pooled = shares(places, self.rules.sharing)
        if waiting_allowed and self.rules.one_per_player:
            # What the other categories would give their candidates now.
            elsewhere = {other: self.prospects(other) for other in self.order() if other != index}
            for member, amount, thing in zip(members, amounts, objects, strict=True):
                # An object is taken by tie-breaks, whatever it is worth.
                if not thing and self.better_elsewhere(index, member.number, amount, elsewhere):
                    return False
        self.record(index, members, places, amounts, objects, pooled)
        return True

    def record(self, index, members, places, amounts, objects, pooled) -> None:
        numbers = tuple(e.number for e in members)
        occupied = tuple(place.place for place in places if place is not None)
        step = Step(index, occupied, numbers, pooled, [], self.passed_over(index, members[0]))
        for member, place, amount, thing in zip(members, places, amounts, objects, strict=True):
            if place is None and not amount:
                continue  # past the last place, nothing to share
            award = Award(index, member.number, occupied if len(members) > 1 else (place.place,), amount, thing,
                          numbers if len(members) > 1 else (member.number,), pooled)
            step.awards.append(award)
            self.held[member.number] = award
            self.won[index].add(member.number)
        self.next[index] += len(occupied)
        self.steps.append(step)

    def passed_over(self, index: int, first: Entrant) -> list[Passed]:
        """The eligible players above the group's first, or tied with him, who hold a prize of another
        category (one prize per player) and were not passed over already by an earlier place of this
        category."""
        if not self.rules.one_per_player:
            return []
        seen = {p.number for step in self.steps if step.category == index for p in step.passed}
        seen |= {n for step in self.steps if step.category == index for n in step.group}
        return [Passed(e.number, self.held[e.number]) for e in self.eligible[index]
                if (e.line < first.line or self.tied(e, first)) and e.number not in seen and e.number in self.held
                and self.held[e.number].category != index]

    def not_awarded(self) -> list[tuple[int, Place]]:
        return [(i, place) for i, category in enumerate(self.table) for place in category.places[self.next[i]:]]


def allocate(entrants: list[Entrant], table: list[Category], rules: Rules = Rules()) -> Outcome:
    """The prizes of ``table`` handed out to ``entrants`` (the final standings) by ``rules``."""
    allocation = _Allocation(entrants, table, rules)
    allocation.run()
    awards = sorted((award for step in allocation.steps for award in step.awards),
                    key=lambda a: (allocation.priority(a.category), a.places, a.group.index(a.number)))
    return Outcome(awards, allocation.steps, allocation.not_awarded(), sum(c.fund for c in table))
