"""The Burstein system's editions (C.04.4.2): the 2017 Handbook text and the 2026 text, each an
object saying what it does: the seeding rounds, the Index order, the colour rules, the PAB's order
and the articles its review and explanation cite."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field

from ...core.basic_rules import BASIC_RULES_2017, BASIC_RULES_2026, PAB_OR_POINT_WITHOUT_PLAYING
from ...core.explanation import Articles, gettext_noop
from ...core.pairing import Pair
from ...core.state import Player, RoundState
from .. import Edition
from .colours import allocate_2017, allocate_2026, white_2017, white_2026
from .index import Opposition, opposition_2017, opposition_2026, ranking_key_2017, ranking_key_2026


@dataclass(frozen=True, kw_only=True)
class BursteinEdition(Edition):
    """One edition of C.04.4.2."""

    #: the Dutch edition that pairs the seeding rounds (2026 Art. 1.6.1-1.6.2: half the rounds, at
    #: most 4, by the FIDE (Dutch) System, looked up in the registry); "": none (2017)
    seeding_by_dutch: str
    #: the Index (2026 Art. 1.7-1.8: Buchholz, SB, TPN; 2017 3.2: SB, Buchholz, Median, rating):
    #: each player's opposition, then the ranking key read from it
    opposition: Callable[[RoundState], dict[int, Opposition]]
    ranking_key: Callable[[dict[int, Opposition]], Callable[[Player], tuple]]
    #: the colour rules (2026 Art. 5.2; 2017 5.1-5.4): a pair's boards, and whether the higher
    #: ranked player gets White with the article that decided (for the explanation)
    allocate: Callable[[Player, Player, RoundState, Callable[[Player], tuple]], Pair]
    white: Callable[[Player, Player, RoundState], tuple[bool, str, str]]
    #: the PAB's order among the lowest score: 2026 Art. 3.1.4, the most games played first, then
    #: the lowest ranking (3.1.5); 2017 4.2-4.3: the lowest by the order of 3.2
    bye_to_most_games: bool
    #: 2026 [C7]: a bracket's floaters let the next bracket reach its own [C5]-[C6] (2017: no such
    #: criterion)
    weighs_next_bracket: bool
    #: 2017 6.6: a floater who "has already played every player in the next SG" is moved back
    #: (the next combination is tried): a bracket's floaters must each meet a player of the next
    #: SG (2026: [C7] weighs the next bracket instead)
    floater_meets_next_sg: bool
    #: whether a player with no colour preference (no game played) counts as served: 2026 [C8]
    #: minimises the players who "do not get their colour preference" and 1.5.4 grants his
    #: opponent's; 2017 6.5 maximises the players who "get their due colors", which he has none of (1.3)
    no_preference_served: bool
    #: the articles of the PAB its explanation cites (the colour rule is ``white``'s)
    explained: Articles = field(compare=False)

    def seeding_round(self, state: RoundState) -> bool:
        """Whether the round is one of the seeding rounds (2026 Art. 1.6.2: half the rounds,
        rounded down, at most 4)."""
        return bool(self.seeding_by_dutch) and state.round_number <= seeding_rounds(state.total_rounds)

    def index_key(self, state: RoundState) -> Callable[[Player], tuple]:
        """The ranking key of the round's players by the Index."""
        return self.ranking_key(self.opposition(state))


def seeding_rounds(total_rounds: int) -> int:
    """2026 Art. 1.6.2: half the rounds (rounded down), at most 4."""
    return min(total_rounds // 2, 4)


EDITION_2017 = BursteinEdition(
    name="2017", title="2017 (the Handbook edition of the Baku 2016 Dutch rules, in force until 31 January 2026)",
    in_force_from=datetime.date(2017, 1, 1), trf_codes=("FIDE_BURSTEIN_2017",),
    basic_rules=BASIC_RULES_2017, acceleration="", bye_score="4.2",
    bye_order="4.2-4.3",
    # 4.1: "a point without playing" bars the PAB: a full-point bye too, not only C.04.1 d's
    # PAB or forfeit win (a half-point bye is not "a point")
    own_bye_rule=PAB_OR_POINT_WITHOUT_PLAYING,
    absolute_criteria=("3.1", "4.1", "5.2-5.3"),
    seeding_by_dutch="", opposition=opposition_2017, ranking_key=ranking_key_2017,
    allocate=allocate_2017, white=white_2017, bye_to_most_games=False, weighs_next_bracket=False,
    floater_meets_next_sg=True, no_preference_served=False,
    explained=Articles(
        bye_eligibility=f"4.1 ({BASIC_RULES_2017.cite('bye', short=True)})", bye_score="4.2", bye_order="4.3",
        bye_order_text=gettext_noop(
            "the PAB is assigned first: the lowest by the order of 3.2 (SB, Buchholz and so on) who leaves "
            "a complete pairing")))
EDITION_2026 = BursteinEdition(
    name="2026", title="2026 (in force from 1 February 2026)",
    in_force_from=datetime.date(2026, 2, 1), trf_codes=("FIDE_BURSTEIN_2026", "FIDE_BURSTEIN_2025"),
    basic_rules=BASIC_RULES_2026, acceleration="C.04.7",
    # the seeding rounds (Art. 1.6.1) by the Dutch system, whose [C5] says the same
    bye_score="Art. 3.1.2-3.1.3 (seeding rounds: Art. 1.6.1, C.04.3 [C5])",
    bye_order="Art. 3.1.4-3.1.5",  # 3.1.1 [C2]: C.04.1 (2026) Art. 4, the basic rules' bar
    absolute_criteria=("Art. 2.1.1 [C1]", "Art. 2.1.2 [C2]", "Art. 2.1.3 [C3]"),
    seeding_by_dutch="2026", opposition=opposition_2026, ranking_key=ranking_key_2026,
    allocate=allocate_2026, white=white_2026, bye_to_most_games=True, weighs_next_bracket=True,
    floater_meets_next_sg=False, no_preference_served=True,
    explained=Articles(
        bye_eligibility=f"Art. 3.1.1 [C2] ({BASIC_RULES_2026.cite('bye', short=True)})", bye_score="Art. 3.1.3",
        bye_order="Art. 3.1.4-3.1.5",
        bye_order_text=gettext_noop(
            "the PAB is assigned first: the most games played, then the lowest ranking (1.8), among those "
            "who leave a complete pairing (3.1.2)")))
