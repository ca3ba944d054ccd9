"""The state of a tournament when its next round is to be paired.

Everything here is derived from a :class:`~pairing.engine.trf.TrfDocument`:
scores, colour histories with unplayed rounds skipped (C.04.2 D.5), colour
differences and preferences (C.04.3 A.6), float history (A.4), bye
eligibility (C.04.1 d), topscorers (A.7) and pairing numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import accumulate
from typing import NamedTuple

from ..errors import TrfError
from ..trf import ABSENT, BLACK, WHITE, RoundEntry, TrfDocument
from .basic_rules import (  # noqa: F401  (PAB_OR_*, forbids_bye: read from here too)
    BASIC_RULES_2026,
    PAB_OR_FORFEIT_WIN,
    PAB_OR_POINT_WITHOUT_PLAYING,
    BasicRules,
    basic_rules_named,
    forbids_bye,
)

FLOAT_DOWN, FLOAT_UP, FLOAT_NONE = "D", "U", ""

ABSOLUTE, STRONG, MILD, NO_PREFERENCE = 3, 2, 1, 0


def invert(colour: str | None) -> str | None:
    return {WHITE: BLACK, BLACK: WHITE}.get(colour)


class RoundResult(NamedTuple):
    """One round of a player's history, as the tie-break-like indices read it."""

    opponent: int | None            # None: no opponent (a bye or an absence)
    points: int                     # tenths, as registered (no virtual points)
    played: bool                    # played over the board
    code: str                       # the TRF result code


@dataclass(eq=False)
class Player:
    """A player to be paired, as the pairing rules see him."""

    number: int                     # pairing number in the TRF (used for input/output)
    rank: int                       # effective pairing number, 0-based (E.5, A.2 b)
    score: int                      # tenths, before acceleration
    pairing_score: int              # tenths, with this round's acceleration (A.2 a)
    colours: str                    # colours of the played games, oldest first (C.04.2 D.5)
    played_opponents: frozenset[int]
    forbidden: frozenset[int]       # XXP: players he may not meet
    bye_eligible: bool              # C.04.1 2017 d / 2026 Art. 4, or the system's own rule
    floats: tuple[str, str]         # float one and two rounds before (Dutch 2017 A.4 b, 2026 Art. 1.4)
    played_games: int = 0           # games played over the board (Dutch 2026 [C9])
    rating: int = 0                 # the rating of the TRF (Dubov 1.1, ARO 1.7)
    opponent_ratings: tuple[int, ...] = ()  # ratings of the opponents met over the board (Dubov 1.7)
    upfloats: int = 0               # rounds he was paired against a higher score (Dubov 1.8), forfeits too
    upfloated_last: bool = False    # so in the previous round (Dubov 2026 [C10], 2018 C.10)
    #: his and his opponent's scores before the previous round, when the pairing gave him an
    #: opponent there (forfeits too: Lim 3.1 reads floats off the pairing); None otherwise
    last_pairing: tuple[int, int] | None = None
    topscorer: bool = False         # A.7
    order: int = -1                 # position in the A.2 order of the players to pair
    colour_difference: int = field(init=False)
    preference: str | None = field(init=False)
    strength: int = field(init=False)
    repeated_colour: str | None = field(init=False)  # same colour in the last two games

    def __post_init__(self) -> None:
        whites = self.colours.count(WHITE)
        self.colour_difference = whites - (len(self.colours) - whites)
        last = self.colours[-1:] or None
        self.repeated_colour = last if len(self.colours) >= 2 and self.colours[-2] == last else None
        # C.04.3 A.6
        difference = self.colour_difference
        if abs(difference) > 1 or self.repeated_colour:
            self.strength = ABSOLUTE
            if abs(difference) > 1:
                self.preference = WHITE if difference < 0 else BLACK
            else:
                self.preference = invert(self.repeated_colour)
        elif difference:
            self.strength = STRONG
            self.preference = WHITE if difference < 0 else BLACK
        elif last:
            self.strength = MILD
            self.preference = invert(last)
        else:
            self.strength = NO_PREFERENCE
            self.preference = None

    @property
    def absolute(self) -> bool:
        return self.strength == ABSOLUTE

    @property
    def imbalance(self) -> int:
        return abs(self.colour_difference)

    def difference_after(self, colour: str) -> int:
        """The colour difference once he plays ``colour`` (C.04.1 2017 f / 2026 Art. 6: within ±2)."""
        return self.colour_difference + (1 if colour == WHITE else -1)

    def third_in_a_row(self, colour: str) -> bool:
        """``colour`` a third time in a row (C.04.1 2017 g / 2026 Art. 7)."""
        return self.repeated_colour == colour

    def ranks_above(self, other: Player) -> bool:
        """A.2: higher score first, then lower pairing number."""
        return (self.pairing_score, -self.rank) > (other.pairing_score, -other.rank)

    @property
    def odd_tpn(self) -> bool:
        """Whether his TPN is odd, as every system's first-colour rule reads it (Dutch 2026
        Art. 5.2.5 / 2017 E.5, Dubov 5.2.1 / 2018 E.0, Burstein 5.2.1 / 2017 5.1, Lim 7.2): on the
        numbering of the players taken into account for pairing, which skips a registered player
        never yet paired (C.04.2 2026 Art. 2.4, "given an appropriate TPN and paired only when
        they actually arrive", as the SPP ruled on 27 August 2026; the same words in the 2017
        C.04.2 C.2.b, and the endorsed programs of that edition number so: docs/engine.md).
        A player who has played and is absent keeps his number."""
        return self.rank % 2 == 0

    def __repr__(self) -> str:
        return f"<Player {self.number} {self.pairing_score / 10:g} {self.colours}>"


@dataclass
class RoundState:
    """Everything the pairing systems need to pair round ``round_number``."""

    round_number: int
    total_rounds: int
    initial_colour: str
    players: list[Player]           # those to be paired, in A.2 order
    win_points: int
    draw_points: int
    #: every listed player's rounds before this one (those not paired now too):
    #: what indices built on opponents' scores read (Burstein C.04.4.2 1.7)
    results: dict[int, tuple[RoundResult, ...]] = field(default_factory=dict)

    @property
    def last_round(self) -> bool:
        return self.round_number >= self.total_rounds

    def by_number(self) -> dict[int, Player]:
        return {p.number: p for p in self.players}


def infer_initial_colour(document: TrfDocument) -> str | None:
    """The colour given by lot to pairing number 1, read back from round 1 (E.5).

    The top-ranked player paired in round 1 got the initial colour if his
    pairing number for that round (absent players not counted) was odd.
    """
    present = sorted(n for n, r in document.players.items()
                     if (entry := r.entry(1)) is None or entry.paired)
    ranks = {n: i for i, n in enumerate(present)}
    candidates = [
        record for record in document.players.values()
        if (entry := record.entry(1)) is not None and entry.opponent is not None
        and entry.colour in (WHITE, BLACK)
    ]
    if not candidates:
        return None
    top = min(candidates, key=lambda r: (-document.acceleration(r.number, 1), ranks[r.number]))
    colour = top.entry(1).colour
    return colour if ranks[top.number] % 2 == 0 else invert(colour)


def opponent_ratings(document: TrfDocument, entries: list[RoundEntry]) -> tuple[int, ...]:
    """The ratings of the opponents met over the board in ``entries`` (Dubov 2026 Art. 1.7.1:
    unplayed games do not count)."""
    return tuple(document.players[e.opponent].rating for e in entries
                 if e.played and e.opponent in document.players)


def build_round_state(document: TrfDocument, round_number: int | None = None,
                      total_rounds: int | None = None, basic_rules: BasicRules | str = BASIC_RULES_2026,
                      bye_rule: str | None = None) -> RoundState:
    """The state for pairing ``round_number`` (default: the round after the last paired one).

    Only rounds before ``round_number`` count as history.  A player is paired
    unless his line holds a bye or an absence for ``round_number`` (``H``/``F``/
    ``Z``).  When the file already holds that round (the checker re-makes it),
    a player with no entry for it was absent.  ``basic_rules``: the edition of C.04.1
    (floats; its name is read as that edition); ``bye_rule``: who may not take the PAB (default:
    that of ``basic_rules``).
    """
    if round_number is None:
        round_number = document.paired_rounds + 1
    _check_finished(document, round_number)
    total = total_rounds or document.total_rounds
    if not total:
        raise TrfError("the number of rounds is unknown: add an XXR (or 142) line")
    if round_number > total:
        raise TrfError(f"all {total} rounds have been paired already")
    basic_rules = basic_rules_named(basic_rules)
    history = _History(document, round_number - 1, basic_rules)
    replaying = round_number <= document.paired_rounds
    to_pair = {n for n, r in document.players.items()
               if ((entry := r.entry(round_number)) is None and not replaying)
               or (entry is not None and entry.paired)}
    # A player takes a pairing number if he is paired now or was paired before.
    valid = sorted(n for n in document.players if n in to_pair or any(e.paired for e in history.entries[n]))
    ranks = {n: i for i, n in enumerate(valid)}
    forbidden = _forbidden(document, round_number)
    bye_rule = bye_rule or basic_rules.bye_rule
    players = [history.player(number, ranks[number], forbidden[number], bye_rule, round_number >= total)
               for number in sorted(to_pair)]
    players.sort(key=lambda p: (-p.pairing_score, p.rank))
    for order, player in enumerate(players):
        player.order = order
    initial = document.initial_colour or infer_initial_colour(document) or WHITE
    scoring = document.scoring
    results = {number: tuple(RoundResult(e.opponent if e.played else None, scoring.points(e.code),
                                         e.played, e.code) for e in entries)
               for number, entries in history.entries.items()}
    return RoundState(round_number, total, initial, players, scoring.win, scoring.draw, results)


def _check_finished(document: TrfDocument, round_number: int) -> None:
    """A round is paired on the results of every round before it (the scores, colours and floats it
    reads): a file whose round in progress has games without a result pairs no later round."""
    unfinished = document.unfinished_round
    if unfinished is None or round_number <= unfinished:
        return
    games = sorted((p.number, e.opponent) for p in document.players.values()
                   if (e := p.entry(unfinished)) is not None and e.scheduled and e.colour == "w")
    listed = ", ".join(f"{white}-{black}" for white, black in games[:5]) + (", ..." if len(games) > 5 else "")
    raise TrfError(f"round {unfinished} is not finished: {len(games)} game(s) without a result ({listed}); "
                   f"enter every result of round {unfinished} before pairing round {round_number}")


def _forbidden(document: TrfDocument, round_number: int) -> dict[int, set[int]]:
    """Whom each player may not meet in this round (XXP / 260)."""
    forbidden: dict[int, set[int]] = {n: set() for n in document.players}
    for group in document.forbidden_pairs:
        if group.applies(round_number):
            for number in group.players:
                forbidden[number] |= group.players - {number}
    return forbidden


class _History:
    """Every player's rounds before the one to pair (a missing round is an absence), and what
    the rules read from them."""

    def __init__(self, document: TrfDocument, played_rounds: int, basic_rules: BasicRules):
        self.document, self.played_rounds, self.basic_rules = document, played_rounds, basic_rules
        self.scoring = document.scoring
        self.entries = {n: self._entries(r) for n, r in document.players.items()}
        # each player's points after 0, 1, 2 ... rounds: summed once, read by every score asked for
        self.points_after = {n: list(accumulate((self.scoring.points(e.code) for e in entries), initial=0))
                             for n, entries in self.entries.items()}
        # ... and the score each paired him on (the acceleration of the round after added), read often
        self.scores_before = {n: [points + document.acceleration(n, k + 1) for k, points in enumerate(after)]
                              for n, after in self.points_after.items()}

    def _entries(self, record) -> list[RoundEntry]:
        entries = record.rounds[:self.played_rounds]
        return entries + [ABSENT] * (self.played_rounds - len(entries))

    def score_before(self, number: int, round_index: int) -> int:
        """Score after ``round_index`` rounds plus the acceleration of the next one."""
        return self.scores_before[number][round_index]

    def float_in(self, number: int, round_index: int) -> str:
        """The float a player received in round ``round_index + 1``."""
        entry = self.entries[number][round_index]
        if not entry.played:  # Dutch 2017 A.4 b / 2026 Art. 1.4.3-1.4.4, by the basic rules' edition
            return FLOAT_DOWN if self.basic_rules.downfloats_unplayed(entry, self.scoring) else FLOAT_NONE
        own, other = self.score_before(number, round_index), self.score_before(entry.opponent, round_index)
        return FLOAT_DOWN if own > other else FLOAT_UP if own < other else FLOAT_NONE

    def last_pairing(self, number: int) -> tuple[int, int] | None:
        """The scores before the previous round of the player and of his opponent there."""
        k = self.played_rounds - 1
        if k < 0 or (opponent := self.entries[number][k].opponent) is None:
            return None
        return self.score_before(number, k), self.score_before(opponent, k)

    def player(self, number: int, rank: int, forbidden: set[int], bye_rule: str, last_round: bool) -> Player:
        """The player to pair, as his history makes him."""
        entries, scoring, played_rounds = self.entries[number], self.scoring, self.played_rounds
        pairing_score = self.score_before(number, played_rounds)
        # Dubov 1.3.2 / 1.8: an upfloat is made by the pairing, so a game then forfeited counts
        # (C.04.2's removal of unplayed games concerns the colours, not the floats)
        upfloated = [e.opponent is not None and self.score_before(number, k) < self.score_before(e.opponent, k)
                     for k, e in enumerate(entries)]
        return Player(
            number=number,
            rank=rank,
            score=self.points_after[number][-1],
            pairing_score=pairing_score,
            colours="".join(e.colour for e in entries if e.played),
            played_opponents=frozenset(e.opponent for e in entries if e.played),
            played_games=sum(e.played for e in entries),
            rating=self.document.players[number].rating,
            opponent_ratings=opponent_ratings(self.document, entries),
            upfloats=sum(upfloated),
            upfloated_last=bool(upfloated) and upfloated[-1],
            last_pairing=self.last_pairing(number),
            forbidden=frozenset(forbidden),
            bye_eligible=not any(forbids_bye(e, scoring, bye_rule) for e in entries),
            floats=tuple(self.float_in(number, played_rounds - k) if played_rounds >= k else FLOAT_NONE
                         for k in (1, 2)),
            # A.7, applied when the last round is paired
            topscorer=last_round and 2 * pairing_score > played_rounds * max(scoring.win, scoring.draw),
        )
