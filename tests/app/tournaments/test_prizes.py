"""The prize hand-out (tournaments/prizes.py), pure: every expected figure computed by hand here."""

import random

from tournaments.prizes import Category, Entrant, Kind, Place, Rules, Sharing, TiedBy, allocate, shares

EUR = 100  # cents


def field(*rows):
    """Entrants from (name, points in tenths, sex, rating, birth year, rank): lines in this order."""
    entrants = []
    for line, (name, points, *rest) in enumerate(rows, start=1):
        sex, rating, born, rank = (rest + [None] * 4)[:4]
        entrants.append(Entrant(number=line, name=name, line=line, rank=rank or line, points=points,
                                rating=2000 if rating is None else rating, sex=sex or "m", birth_year=born or 1990))
    return entrants


def money(*amounts):
    return tuple(Place(i, amount * EUR) for i, amount in enumerate(amounts, start=1))


def got(outcome, entrants):
    """{name: (category index, amount in euros as a float, object)}."""
    names = {e.number: e.name for e in entrants}
    return {names[a.number]: (a.category, a.amount / EUR, a.object) for a in outcome.awards}


def test_no_tie_the_standings_order():
    entrants = field(("A", 70), ("B", 60), ("C", 50), ("D", 40))
    outcome = allocate(entrants, [Category(Kind.OVERALL, money(500, 300, 100))])
    assert got(outcome, entrants) == {"A": (0, 500, ""), "B": (0, 300, ""), "C": (0, 100, "")}
    assert outcome.awarded == outcome.fund == 900 * EUR and outcome.not_awarded == []


def test_hort_two_tied():
    # A and B tied on 7 for places 1-2 (1000 and 600): half of each pooled, (500 + 300) / 2 = 400
    # each, plus the other half of their own place by tie-breaks: 900 and 700.
    entrants = field(("A", 70), ("B", 70), ("C", 60))
    outcome = allocate(entrants, [Category(Kind.OVERALL, money(1000, 600, 200))], Rules(Sharing.HORT))
    assert got(outcome, entrants) == {"A": (0, 900, ""), "B": (0, 700, ""), "C": (0, 200, "")}
    step = outcome.steps[0]
    assert step.places == (1, 2) and step.group == (1, 2) and step.pooled == 1600 * EUR
    assert outcome.awarded == outcome.fund


def test_hort_three_tied_odd_cents():
    # 100.01, 50.00, 25.01 for three tied: the equal halves 50.00 + 25.00 + 12.50 = 87.50 -> 29.17,
    # 29.17, 29.16 (the odd cent to the first by tie-breaks); the place halves 50.01, 25.00, 12.51.
    places = (Place(1, 10001), Place(2, 5000), Place(3, 2501))
    amounts, objects, pooled = shares(list(places), Sharing.HORT)
    assert amounts == [2917 + 5001, 2917 + 2500, 2916 + 1251] == [7918, 5417, 4167]
    assert sum(amounts) == pooled == 17502 and objects == ["", "", ""]


def test_equal_split_with_odd_cents():
    # 100.00 + 50.00 + 0.01 among three: 50.01 / 3 = 16.67, 16.67, 16.67 -> 5000.33...: 5001, 5000, 5000
    amounts, _, pooled = shares([Place(1, 10000), Place(2, 5000), Place(3, 1)], Sharing.SPLIT)
    assert amounts == [5001, 5000, 5000] and pooled == 15001


def test_three_tied_for_the_last_two_prizes_share_them():
    # B, C, D tied for places 2-4, only places 2 and 3 have a prize: 300 + 100 shared by three.
    entrants = field(("A", 70), ("B", 60), ("C", 60), ("D", 60), ("E", 50))
    table = [Category(Kind.OVERALL, money(500, 300, 100))]
    split = got(allocate(entrants, table, Rules(Sharing.SPLIT)), entrants)
    assert split == {"A": (0, 500, ""), "B": (0, 133.34, ""), "C": (0, 133.33, ""), "D": (0, 133.33, "")}
    # Hort: equal halves 150 + 50 = 200 -> 66.67, 66.67, 66.66; place halves 150, 50, 0.
    hort = got(allocate(entrants, table, Rules(Sharing.HORT)), entrants)
    assert hort == {"A": (0, 500, ""), "B": (0, 216.67, ""), "C": (0, 116.67, ""), "D": (0, 66.66, "")}


def test_tiebreaks_only():
    entrants = field(("A", 70), ("B", 70), ("C", 70))
    outcome = allocate(entrants, [Category(Kind.OVERALL, money(300, 200))], Rules(Sharing.NONE))
    assert got(outcome, entrants) == {"A": (0, 300, ""), "B": (0, 200, "")}
    assert outcome.awarded == outcome.fund


def test_tied_by_tiebreaks_shares_only_equal_ranks():
    # On points A, B, C are tied; on the tie-break list only B and C (the same rank 2).
    entrants = field(("A", 70, "m", 2000, 1990, 1), ("B", 70, "m", 2000, 1990, 2), ("C", 70, "m", 2000, 1990, 2))
    table = [Category(Kind.OVERALL, money(300, 200, 100))]
    outcome = allocate(entrants, table, Rules(Sharing.SPLIT, TiedBy.TIEBREAKS))
    assert got(outcome, entrants) == {"A": (0, 300, ""), "B": (0, 150, ""), "C": (0, 150, "")}
    by_points = allocate(entrants, table, Rules(Sharing.SPLIT, TiedBy.POINTS))
    assert got(by_points, entrants) == {"A": (0, 200, ""), "B": (0, 200, ""), "C": (0, 200, "")}


def test_one_prize_per_player_the_higher_category_prize():
    # W is 2nd overall (300) and the best woman (400): she takes the women's prize, the overall 2nd
    # goes to C, the 3rd to D; the women's 2nd to X, the next woman.
    entrants = field(("A", 70), ("W", 65, "w"), ("C", 60), ("D", 55), ("X", 50, "w"))
    table = [Category(Kind.OVERALL, money(500, 300, 100)), Category(Kind.WOMEN, money(400, 50))]
    outcome = allocate(entrants, table, Rules(Sharing.NONE))
    assert got(outcome, entrants) == {"A": (0, 500, ""), "C": (0, 300, ""), "D": (0, 100, ""),
                                      "W": (1, 400, ""), "X": (1, 50, "")}
    # The working: the overall 2nd passed over W, who holds the women's 1st.
    step = next(s for s in outcome.steps if s.category == 0 and s.places == (2,))
    assert [(p.number, p.held.category) for p in step.passed] == [(2, 1)]
    assert outcome.awarded == outcome.fund == 1350 * EUR


def test_equal_value_overall_first():
    entrants = field(("A", 70), ("W", 65, "w"), ("C", 60))
    table = [Category(Kind.OVERALL, money(500, 300)), Category(Kind.WOMEN, money(300))]
    # W is 2nd overall and the best woman, both 300: the overall prize first.
    outcome = allocate(entrants, table, Rules(Sharing.NONE))
    assert got(outcome, entrants) == {"A": (0, 500, ""), "W": (0, 300, "")}
    # The women's prize found no other woman: not awarded, and the fund still adds up.
    assert outcome.not_awarded == [(1, Place(1, 300 * EUR))]
    assert outcome.awarded + sum(p.amount for _, p in outcome.not_awarded) == outcome.fund


def test_tie_across_a_category_and_the_overall_places():
    # A and W tie on 7 for places 1-2 (1000 + 100, split: 550 each); W, the best woman, gets 600 from
    # the women's prize: she takes it and A, alone, the 1st (1000); the overall 2nd goes to C.
    entrants = field(("A", 70), ("W", 70, "w"), ("C", 60), ("V", 50, "w"))
    table = [Category(Kind.OVERALL, money(1000, 100)), Category(Kind.WOMEN, money(600))]
    outcome = allocate(entrants, table, Rules(Sharing.SPLIT))
    assert got(outcome, entrants) == {"A": (0, 1000, ""), "C": (0, 100, ""), "W": (1, 600, "")}
    # The working: the women's prize first (W would get more there), then the overall 1st passing W over.
    assert [(s.category, s.places, s.group) for s in outcome.steps[:2]] == [(1, (1,), (2,)), (0, (1,), (1,))]
    assert [(p.number, p.held.category, p.held.amount) for p in outcome.steps[1].passed] == [(2, 1, 600 * EUR)]
    # With a women's prize of 500, her share of the overall places (550) is worth more: she stays,
    # and the women's prize goes to V.
    table = [Category(Kind.OVERALL, money(1000, 100)), Category(Kind.WOMEN, money(500))]
    assert got(allocate(entrants, table, Rules(Sharing.SPLIT)), entrants) == {
        "A": (0, 550, ""), "W": (0, 550, ""), "V": (1, 500, "")}


def test_tie_across_categories_hort_three_tied():
    # A, W, D tied on 7 for overall 700, 520, 10; W is a woman (women's 1st: 500).
    # All three: Hort equal halves 350 + 260 + 5 = 615 -> 205 each; W's share 205 + 260 = 465 < 500:
    # she leaves. A and D on places 1-2: halves 350 + 260 = 610 -> 305 each: A 655, D 565.
    entrants = field(("A", 70), ("W", 70, "w"), ("D", 70), ("E", 60))
    table = [Category(Kind.OVERALL, money(700, 520, 10)), Category(Kind.WOMEN, money(500))]
    outcome = allocate(entrants, table, Rules(Sharing.HORT))
    assert got(outcome, entrants) == {"A": (0, 655, ""), "D": (0, 565, ""), "W": (1, 500, ""), "E": (0, 10, "")}
    assert outcome.awarded == outcome.fund == 1730 * EUR


def test_without_one_prize_per_player():
    entrants = field(("A", 70), ("W", 65, "w"), ("C", 60))
    table = [Category(Kind.OVERALL, money(500, 300)), Category(Kind.WOMEN, money(100))]
    outcome = allocate(entrants, table, Rules(Sharing.NONE, one_per_player=False))
    assert sorted((a.number, a.category, a.amount) for a in outcome.awards) == [
        (1, 0, 500 * EUR), (2, 0, 300 * EUR), (2, 1, 100 * EUR)]


def test_objects_never_split():
    # B and C tied for places 2-3: the cup (place 2) goes to B by tie-breaks; C alone shares the money
    # of the group (place 3: 50), so C gets it all.
    entrants = field(("A", 70), ("B", 60), ("C", 60))
    table = [Category(Kind.OVERALL, (Place(1, 100 * EUR), Place(2, object="Cup"), Place(3, 50 * EUR)))]
    outcome = allocate(entrants, table, Rules(Sharing.SPLIT))
    assert got(outcome, entrants) == {"A": (0, 100, ""), "B": (0, 0, "Cup"), "C": (0, 50, "")}


def test_object_counts_as_nothing_beside_money():
    # J is 1st junior (a book) and 2nd overall (20): he takes the money; the book goes to K.
    entrants = field(("A", 70), ("J", 60, "m", 1500, 2012), ("K", 50, "m", 1400, 2011))
    table = [Category(Kind.OVERALL, money(100, 20)), Category(Kind.JUNIORS, (Place(1, object="Book"),), year=2010)]
    assert got(allocate(entrants, table, Rules(Sharing.NONE)), entrants) == {
        "A": (0, 100, ""), "J": (0, 20, ""), "K": (1, 0, "Book")}


def test_categories_eligibility():
    entrants = [Entrant(1, "U", 1, 1, 50, rating=None), Entrant(2, "R", 2, 2, 40, rating=1750),
                Entrant(3, "S", 3, 3, 30, rating=2100, birth_year=1955, club="Lyon Chess"),
                Entrant(4, "J", 4, 4, 20, rating=1500, birth_year=2012, sex="w")]
    names = {e.number: e.name for e in entrants}

    def admitted(category):
        return [names[e.number] for e in entrants if category.admits(e)]

    assert admitted(Category(Kind.RATING, (), maximum=1800)) == ["R", "J"]  # unrated players are not in a band
    assert admitted(Category(Kind.RATING, (), minimum=1600, maximum=2100)) == ["R", "S"]
    assert admitted(Category(Kind.UNRATED, ())) == ["U"]
    assert admitted(Category(Kind.SENIORS, (), year=1961)) == ["S"]
    assert admitted(Category(Kind.JUNIORS, (), year=2008)) == ["J"]
    assert admitted(Category(Kind.WOMEN, ())) == ["J"]
    assert admitted(Category(Kind.CLUB, (), club=" lyon   CHESS")) == ["S"]


def test_empty_category_not_awarded_and_the_fund_adds_up():
    entrants = field(("A", 70), ("B", 60))
    table = [Category(Kind.OVERALL, money(300, 200, 100)), Category(Kind.SENIORS, money(80, 40), year=1950)]
    outcome = allocate(entrants, table, Rules(Sharing.HORT))
    assert [(i, p.place) for i, p in outcome.not_awarded] == [(0, 3), (1, 1), (1, 2)]
    assert outcome.awarded == 500 * EUR
    assert outcome.awarded + sum(p.amount for _, p in outcome.not_awarded) == outcome.fund == 720 * EUR


def test_categories_waiting_on_each_other_never_skip_a_player():
    # Juniors first (2100: J1 and J2 tied on 3, Hort: 1575 and 525).  Then R1, R2, R3, tied on 2 and all
    # in the rating band (up to 1600), wait on each other: in the overall group (500, 500, 1300: Hort
    # 633.34, 633.33, 1033.33) R3 would get more from the band (300, 300, 2100: 600, 600, 1500), in the
    # band R1 and R2 would get more overall.  The overall places, first in the order, go as they
    # stand; the band's prizes find nobody left; Z, on 0 points, never jumps ahead of them.
    entrants = field(("J1", 30, "w", 1900, 2010), ("J2", 30, "m", 1500, 2010), ("R1", 20, "w", 1500),
                     ("R2", 20, "w", 1500), ("R3", 20, "m", 1500), ("Z", 0, "m", 1900))
    table = [Category(Kind.JUNIORS, (Place(1, 2100),), year=2000),
             Category(Kind.RATING, (Place(1, 300), Place(2, 300), Place(3, 2100)), maximum=1600),
             Category(Kind.OVERALL, (Place(1, 500), Place(2, 500), Place(3, 1300)))]
    outcome = allocate(entrants, table, Rules(Sharing.HORT))
    assert sorted((a.number, a.category, a.amount) for a in outcome.awards) == [
        (1, 0, 1575), (2, 0, 525), (3, 2, 634), (4, 2, 633), (5, 2, 1033)]
    assert [p.place for _, p in outcome.not_awarded] == [1, 2, 3]
    assert outcome.awarded + sum(p.amount for _, p in outcome.not_awarded) == outcome.fund


def test_a_big_field_adds_up_under_every_rule():
    # 60 players on a few scores, five categories overlapping: whatever the rule, every cent of the fund
    # is awarded or listed as not awarded, nobody holds two prizes.
    entrants = [Entrant(n, f"P{n}", n, n, 90 - (n // 7) * 5, rating=None if n % 11 == 0 else 2500 - 17 * n,
                        sex="w" if n % 4 == 0 else "m", birth_year=1950 + n) for n in range(1, 61)]
    table = [Category(Kind.OVERALL, money(1001, 503, 251, 125, 63)),
             Category(Kind.RATING, money(201, 99, 33), maximum=1900), Category(Kind.WOMEN, money(150, 75)),
             Category(Kind.UNRATED, money(77)), Category(Kind.SENIORS, (Place(1, object="Cup"),), year=1960)]
    for sharing in Sharing:
        for tied_by in TiedBy:
            outcome = allocate(entrants, table, Rules(sharing, tied_by))
            numbers = [a.number for a in outcome.awards]
            assert len(numbers) == len(set(numbers))
            assert outcome.awarded + sum(p.amount for _, p in outcome.not_awarded) == outcome.fund


def test_random_fields_nobody_skipped_nobody_twice_the_fund_adds_up():
    # 3000 small random fields and tables (seeded): whatever the rules, every cent is awarded or listed
    # not awarded, nobody holds two prizes, and no prize of a category goes to a player while an
    # eligible player above him (not tied with him) has none.
    rng = random.Random(3)
    kinds = [(Kind.OVERALL, {}), (Kind.WOMEN, {}), (Kind.JUNIORS, {"year": 2000}), (Kind.SENIORS, {"year": 1960}),
             (Kind.UNRATED, {}), (Kind.RATING, {"maximum": 1600})]
    for _ in range(3000):
        size = rng.randint(2, 7)
        points = sorted((rng.randint(0, 3) for _ in range(size)), reverse=True)
        entrants = [Entrant(n, f"P{n}", n, n, points[n - 1], rating=rng.choice([None, 1500, 1900]),
                            sex=rng.choice("mw"), birth_year=rng.choice([1950, 1990, 2010]))
                    for n in range(1, size + 1)]
        table = [Category(kind, tuple(Place(i, object="Cup") if rng.random() < 0.1 else
                                      Place(i, rng.choice([1, 2, 3, 5, 8, 13, 21]) * 100 + rng.randint(0, 1))
                                      for i in range(1, rng.randint(1, 3) + 1)), **params)
                 for kind, params in rng.sample(kinds, rng.randint(1, 4))]
        outcome = allocate(entrants, table, Rules(rng.choice(list(Sharing)), rng.choice(list(TiedBy))))
        assert outcome.awarded + sum(p.amount for _, p in outcome.not_awarded) == outcome.fund
        holders = [a.number for a in outcome.awards]
        assert len(holders) == len(set(holders))
        for award in outcome.awards:
            winner = entrants[award.number - 1]
            above = [e for e in entrants if e.points > winner.points and table[award.category].admits(e)]
            assert all(e.number in holders for e in above), (award, above)
