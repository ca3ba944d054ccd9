"""The random tournament generator behind ``-g``, with the interface of bbpPairings' (and JaVaFo's RTG).

    python -m pairing.engine --dutch -g [CONFIG] -o OUT.trf [-s SEED] [--edition 2017|2026] [--baku]

Players are drawn with ratings, then every round is played out: the absences
decided before the round (withdrawals, late entries, half- and zero-point
byes), the pairing made by this engine with the chosen system and edition, the
results drawn from the ratings (the Elo expectation, with the draw share; the
model of ``bench.py``) and forfeits.  The file written is the tournament in
TRF-16 (editions in force before TRF-2026 applied, 1 September 2025) or
TRF-2026, with record 192 naming the system and edition, the rank column and,
in TRF-2026, record 212 with the tie-break values as ``XXT`` lines (see
:func:`tiebreak_lines`), so that ``-c`` checks the pairings, the ranks and the
tie-breaks.  The same configuration, seed, system and edition always give the
same file.

``CONFIG`` is a file of ``Key=Value`` lines (``#`` starts a comment).  bbpPairings'
keys where it has one; a key it draws at random when missing is drawn here too,
from the same range (:data:`KEYS` lists every key with its default).
"""

from __future__ import annotations

import datetime
import math
import random
from dataclasses import dataclass

from . import pair_round
from .bench import elo_result
from .checker import VALUES_RECORD, standings_rounds, tiebreak_edition_on
from .errors import EngineError, NoValidPairing
from .matches import match_entries, pab_entries
from .rounds_left import PAB, can_pair_rounds_left
from .systems import Edition, SwissSystem
from .tiebreaks import DEFAULT_SWISS, TiebreakCodeError, compute_standings, format_value, parse_codes
from .trf import OPPONENT_CODE, PlayerRecord, RoundEntry, Scoring, TrfDocument, dump, parse_points

#: TRF-2026 applies from this day: an edition in force from then on is written in TRF-2026.
TRF_2026_FROM = datetime.date(2025, 9, 1)


class ConfigError(EngineError):
    """A generator configuration that cannot be used (unknown key, bad value)."""


class GenerationError(EngineError):
    """A round of the generated tournament has no valid pairing."""


@dataclass
class Config:
    """What a generated tournament looks like; ``None`` means "draw it from the seed"."""

    players: int | None = None                # PlayersNumber: 15-215 when missing (bbpPairings)
    rounds: int | None = None                 # RoundsNumber: 5-15
    highest_rating: int | None = None         # HighestRating: 2400-2800
    lowest_rating: int | None = None          # LowestRating: 1400-2300
    rating_distribution: str = "uniform"      # RatingDistribution: uniform | normal
    unrated_percentage: int = 0               # UnratedPercentage: players without a rating
    draw_percentage: int | None = None        # DrawPercentage: 10-50
    forfeit_rate: int | None = None           # ForfeitRate: one game in N is forfeited (0: none); 6-30
    retired_rate: int | None = None           # RetiredRate: one player in N withdraws each round; 15-3225
    half_point_bye_rate: int | None = None    # HalfPointByeRate: one player in N takes an HPB; 15-3225
    zero_point_bye_rate: int = 0              # ZeroPointByeRate: one player in N misses a round (ZPB)
    late_entry_percentage: int = 0            # LateEntryPercentage: players who join after round 1
    initial_colour: str = "random"            # InitialColour: W | B | random
    win: int = 10                             # PointsForWin (tenths)
    draw: int = 5                             # PointsForDraw
    loss: int = 0                             # PointsForLoss
    zero_bye: int = 0                         # PointsForZPB
    forfeit_loss: int = 0                     # PointsForForfeitLoss
    pairing_bye: int | None = None            # PointsForPAB: the points for a win when missing
    tiebreaks: tuple[str, ...] = DEFAULT_SWISS  # Tiebreaks: record 212 after PTS
    start_date: datetime.date | None = None   # StartDate: the edition's first day in force
    trf_version: str | None = None            # TrfVersion: 16 | 26 (default: by the edition's date)
    name: str = ""                            # TournamentName


def _integer(text: str) -> int:
    return int(text)


def _points(text: str) -> int:
    return parse_points(text)


def _choice(*allowed: str):
    def read(text: str) -> str:
        value = text.strip()
        for option in allowed:
            if value.lower() == option.lower():
                return option
        raise ValueError(f"one of {', '.join(allowed)}")
    return read


def _date(text: str) -> datetime.date:
    return datetime.date(*(int(part) for part in text.strip().replace("-", "/").split("/")))


def _codes(text: str) -> tuple[str, ...]:
    codes = tuple(c.strip() for c in text.split(",") if c.strip() and c.strip().upper() != "PTS")
    parse_codes(list(codes))
    return codes


#: Key -> (Config field, reader, default as documented).  bbpPairings' names first.
KEYS = {
    "PlayersNumber": ("players", _integer, "drawn from 15-215"),
    "RoundsNumber": ("rounds", _integer, "drawn from 5-15"),
    "HighestRating": ("highest_rating", _integer, "drawn from 2400-2800"),
    "LowestRating": ("lowest_rating", _integer, "drawn from 1400-2300"),
    "DrawPercentage": ("draw_percentage", _integer, "drawn from 10-50"),
    "ForfeitRate": ("forfeit_rate", _integer, "drawn from 6-30 (one game in N; 0: none)"),
    "RetiredRate": ("retired_rate", _integer, "drawn from 15-3225 (one player in N a round; 0: none)"),
    "HalfPointByeRate": ("half_point_bye_rate", _integer, "drawn from 15-3225 (0: none)"),
    "HalfPointByteRate": ("half_point_bye_rate", _integer, "bbpPairings' spelling of HalfPointByeRate"),
    "PointsForWin": ("win", _points, "1.0"),
    "PointsForDraw": ("draw", _points, "0.5"),
    "PointsForLoss": ("loss", _points, "0.0"),
    "PointsForZPB": ("zero_bye", _points, "0.0"),
    "PointsForForfeitLoss": ("forfeit_loss", _points, "0.0"),
    "PointsForPAB": ("pairing_bye", _points, "PointsForWin"),
    "RatingDistribution": ("rating_distribution", _choice("uniform", "normal"), "uniform"),
    "UnratedPercentage": ("unrated_percentage", _integer, "0"),
    "ZeroPointByeRate": ("zero_point_bye_rate", _integer, "0 (none)"),
    "LateEntryPercentage": ("late_entry_percentage", _integer, "0"),
    "InitialColour": ("initial_colour", _choice("W", "B", "random"), "random"),
    "Tiebreaks": ("tiebreaks", _codes, ",".join(DEFAULT_SWISS)),
    "StartDate": ("start_date", _date, "the edition's first day in force"),
    "TrfVersion": ("trf_version", _choice("16", "26"), "26 for editions in force from 2025-09-01, else 16"),
    "TournamentName": ("name", str, "Random tournament (seed S)"),
}


def read_config(text: str) -> Config:
    """``Key=Value`` lines; blank lines and ``#`` comments are skipped.  Raises ConfigError."""
    config = Config()
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        key, equals, value = line.partition("=")
        key = key.strip()
        if not equals or key not in KEYS:
            raise ConfigError(f"line {number}: unknown key {key!r} (known: {', '.join(KEYS)})")
        name, reader, _ = KEYS[key]
        try:
            setattr(config, name, reader(value.strip()))
        except (ValueError, TypeError, TiebreakCodeError) as error:
            raise ConfigError(f"line {number}: {key}={value.strip()!r} is not valid ({error})") from None
    return config


@dataclass(frozen=True)
class Drawn:
    """The configuration with every random default drawn (what the tournament is made of)."""

    players: int
    rounds: int
    highest_rating: int
    lowest_rating: int
    draw_percentage: int
    forfeit_rate: int
    retired_rate: int
    half_point_bye_rate: int


def _draw_defaults(config: Config, rng: random.Random) -> Drawn:
    """Draw what the configuration leaves open, always in the same order (bbpPairings' ranges)."""
    def pick(value, low, high):
        drawn = rng.randint(low, high)
        return drawn if value is None else value
    drawn = Drawn(
        players=pick(config.players, 15, 215), rounds=pick(config.rounds, 5, 15),
        highest_rating=pick(config.highest_rating, 2400, 2800), lowest_rating=pick(config.lowest_rating, 1400, 2300),
        draw_percentage=pick(config.draw_percentage, 10, 50), forfeit_rate=pick(config.forfeit_rate, 6, 30),
        retired_rate=pick(config.retired_rate, 15, 3225),
        half_point_bye_rate=pick(config.half_point_bye_rate, 15, 3225))
    if drawn.players < 2:
        raise ConfigError("PlayersNumber must be at least 2")
    if not 1 <= drawn.rounds <= 999:
        raise ConfigError("RoundsNumber must be between 1 and 999")
    if not 0 <= drawn.lowest_rating <= drawn.highest_rating <= 9999:
        raise ConfigError("LowestRating must not exceed HighestRating (both 0-9999)")
    for key, value in (("DrawPercentage", drawn.draw_percentage), ("UnratedPercentage", config.unrated_percentage),
                       ("LateEntryPercentage", config.late_entry_percentage)):
        if not 0 <= value <= 100:
            raise ConfigError(f"{key} must be between 0 and 100")
    for key, value in (("ForfeitRate", drawn.forfeit_rate), ("RetiredRate", drawn.retired_rate),
                       ("HalfPointByeRate", drawn.half_point_bye_rate),
                       ("ZeroPointByeRate", config.zero_point_bye_rate)):
        if value < 0:
            raise ConfigError(f"{key} must be 0 (never) or a positive N (one in N)")
    return drawn


def _chance(rng: random.Random, rate: int) -> bool:
    """One in ``rate`` (never when the rate is 0).  Always consumes one draw."""
    value = rng.random()
    return rate > 0 and value < 1 / rate


def _ratings(config: Config, drawn: Drawn, rng: random.Random) -> list[int]:
    low, high = drawn.lowest_rating, drawn.highest_rating
    ratings = []
    for _ in range(drawn.players):
        if config.rating_distribution == "normal":
            value = round(rng.gauss((low + high) / 2, max(high - low, 1) / 6))
            ratings.append(min(high, max(low, value)))
        else:
            ratings.append(rng.randint(low, high))
    unrated = round(drawn.players * config.unrated_percentage / 100)
    for index in rng.sample(range(drawn.players), unrated):
        ratings[index] = 0
    return sorted(ratings, reverse=True)


def trf_version(config: Config, edition: Edition) -> str:
    if config.trf_version:
        return config.trf_version
    return "26" if edition.in_force_from >= TRF_2026_FROM else "16"


def generate(system: SwissSystem, config: Config, seed: int, edition: str | None = None,
             baku: bool = False) -> str:
    """The TRF text of a random tournament paired with ``system`` in ``edition``
    (default: the one in force on ``StartDate``, else the latest).  Raises ConfigError,
    GenerationError (a round without a valid pairing) or TrfError (e.g. Baku for a
    system without acceleration)."""
    rng = random.Random(seed)
    drawn = _draw_defaults(config, rng)
    refuse_impossible(drawn)
    if edition is not None:
        chosen = system.edition(edition)
    elif config.start_date is not None:
        chosen = system.edition_on(config.start_date)
    else:
        chosen = system.latest
    version = trf_version(config, chosen)
    document = _new_document(system, chosen, config, drawn, _scoring(config, version), seed, baku, rng)

    # Late entries join in a round from 2 to the middle of the tournament; withdrawals are final.
    late = round(drawn.players * config.late_entry_percentage / 100)
    joins = dict.fromkeys(document.players, 1)
    for number in rng.sample(sorted(document.players), late):
        joins[number] = rng.randint(2, _last_entry_round(drawn))
    _Playout(document, system, chosen, config, drawn, joins, seed, rng).play()
    return write(document, version, config.tiebreaks, tiebreak_edition_on(document.start_date))


class _Playout:
    """Every round played out so that the tournament is completed: when a round has no valid
    pairing its random events (absences, withdrawals) are drawn again, at last with none,
    and when even that fails the round before is played again with other results, going
    back as far as needed (within :data:`BUDGET` pairings).  If that search gives up, a second
    one starts again from round 1 with a look-ahead (:mod:`.rounds_left`): a round after which
    the rounds left cannot be paired without a rematch or a second PAB is drawn again at once.
    If it gives up too, or if the late entrants' rounds of entry leave no such pairing at all,
    those rounds are drawn again and the second search run again.
    Every new draw is seeded from the seed, the round and the attempt, so a seed always gives
    the same file; a tournament the first search completes is the one it always gave."""

    #: draws of one round before going back to the round before (the last ones add no absence)
    TRIES, QUIET_FROM = 8, 5
    #: pairings tried in all before giving up
    BUDGET = 400
    #: the same for the second search, with the look-ahead
    AHEAD_TRIES, AHEAD_QUIET_FROM, AHEAD_BUDGET = 6, 4, 5000
    #: with late entrants: the second search's pairings, and its runs again with the rounds of entry
    #: drawn again (the second half of them with every late entrant in round 2)
    ENTRY_BUDGET, ENTRY_TRIES = 300, 8

    def __init__(self, document: TrfDocument, system: SwissSystem, edition: Edition, config: Config, drawn: Drawn,
                 joins: dict[int, int], seed: int, rng: random.Random):
        self.document, self.system, self.edition, self.chosen = document, system.name, edition.name, edition
        #: TRF rounds a round takes: 2 for the Double-Swiss system's match (rounds 2k-1 and 2k)
        self.games = system.games_per_round
        self.config, self.drawn, self.joins, self.seed, self.rng = config, drawn, joins, seed, rng
        self.draw_rate = drawn.draw_percentage / 100
        # A game is forfeited one time in ForfeitRate: each player is absent with 1 - sqrt(1 - 1/N).
        self.absent = 1 - math.sqrt(1 - 1 / drawn.forfeit_rate) if drawn.forfeit_rate > 0 else 0.0
        self.retired: dict[int, int] = {}  # player -> the round before which he withdrew
        #: whether the last round that failed could end otherwise if drawn again
        self.may_vary = True
        #: the run of the second search (0, then one per new draw of the rounds of entry)
        self.attempt = 0

    def play(self) -> None:
        try:
            self.search(ahead=False)
            return
        except GenerationError as error:
            failure = error
        late = sorted(number for number, entry in self.joins.items() if entry > 1)
        for attempt in range(self.ENTRY_TRIES + 1 if late else 1):
            self.undo(1)  # every round forgotten
            self.attempt = attempt
            if attempt:
                self.draw_entries_again(late)
            if late and can_pair_rounds_left(self.fields_after(0), []) is False:
                continue
            try:
                self.search(ahead=True, budget=self.ENTRY_BUDGET if late else self.AHEAD_BUDGET)
                return
            except GenerationError as error:
                failure = error
        raise failure

    def draw_entries_again(self, late: list[int]) -> None:
        """The rounds of entry of the late entrants drawn again (seeded from the seed, ``entries``
        and the attempt), in the second half of the attempts all round 2: a schedule may leave no way
        to pair every round without a rematch or a second PAB (C.04.1), e.g. 8 players and
        7 rounds with two entering in round 3, as the six others must meet both in rounds 3-7;
        or the pairings it leads to may, when no other event can be drawn again."""
        self.rng.seed(f"{self.seed}/entries/{self.attempt}")
        last = 2 if 2 * self.attempt > self.ENTRY_TRIES else _last_entry_round(self.drawn)
        for number in late:
            self.joins[number] = self.rng.randint(2, last)

    def search(self, ahead: bool, budget: int = BUDGET) -> None:
        """Round after round, drawing again and going back, within ``budget`` pairings;
        ``ahead``: with the look-ahead."""
        limit, quiet_from = (self.AHEAD_TRIES, self.AHEAD_QUIET_FROM) if ahead else (self.TRIES, self.QUIET_FROM)
        tries = dict.fromkeys(range(1, self.drawn.rounds + 1), 0)
        round_number, spent = 1, 0
        while round_number <= self.drawn.rounds:
            tries[round_number] += 1
            spent += 1
            if ahead:  # a new draw, the same for the same seed
                run = f"ahead{self.attempt}" if self.attempt else "ahead"
                self.rng.seed(f"{self.seed}/{run}/{round_number}/{tries[round_number]}")
            elif tries[round_number] > 1:
                self.rng.seed(f"{self.seed}/{round_number}/{tries[round_number]}")
            quiet = tries[round_number] >= quiet_from
            if self.play_round(round_number, quiet, ahead):
                round_number += 1
                continue
            if ahead and not self.may_vary:  # the same round whatever is drawn again: go back
                tries[round_number] = limit
            if spent >= budget or (round_number == 1 and tries[1] >= limit):
                raise GenerationError(f"No valid pairing exists for round {round_number} of the generated "
                                      f"tournament (seed {self.seed}), whatever was drawn")
            while tries[round_number] >= limit and round_number > 1:  # go back a round (or more)
                tries[round_number] = 0
                round_number -= 1
                self.undo(round_number)

    def play_round(self, round_number: int, quiet: bool, ahead: bool = False) -> bool:
        """Draw the round's absences, pair it and play it; False (and nothing kept) if it has
        no valid pairing, or (``ahead``) if the rounds left then cannot be paired.
        ``quiet``: no new absence is drawn."""
        drew = _byes(self.document, self.config, self.drawn, round_number, self.joins, self.retired, self.rng, quiet)
        last = self.games * round_number  # the round's last TRF round
        if self.games > 1:  # a bye applies to the whole match (C.04.5 Preface)
            for record in self.document.players.values():
                record.rounds += record.rounds[last - self.games:] * (self.games - 1)
        try:
            boards = pair_round(self.document, self.system, round_number, self.drawn.rounds,
                                edition=self.edition).as_numbers()
        except NoValidPairing:
            self.undo(round_number)
            self.may_vary = drew  # the pairing depends on the round's absences alone
            return False
        if self.games > 1:
            _play_matches(self.document, boards, self.absent, self.draw_rate, self.rng)
        else:
            _play(self.document, boards, self.absent, self.draw_rate, self.rng)
        for record in self.document.players.values():  # nobody left without an entry this round
            record.rounds += [RoundEntry(None, None, "Z")] * (last - len(record.rounds))
        if ahead and not self.rounds_left_pairable(round_number):
            self.undo(round_number)
            self.may_vary = drew or self.absent > 0  # and on its forfeits: a forfeit is no meeting
            return False
        return True

    def rounds_left_pairable(self, round_number: int) -> bool:
        """After ``round_number``: whether the rounds left can be paired with who is still in
        (withdrawals and late entries known so far) without a rematch or a second PAB (C.04.1),
        who met and who may take the PAB as the edition reads them (a Double-Swiss match ended by
        forfeit is no meeting, C.04.5 [C1])."""
        if round_number >= self.drawn.rounds:
            return True
        met: list[tuple[int, int]] = []
        for player in self.chosen.round_state(self.document, round_number + 1, self.drawn.rounds).players:
            met += [(player.number, opponent) for opponent in player.played_opponents]
            if not player.bye_eligible:
                met.append((player.number, PAB))
        return can_pair_rounds_left(self.fields_after(round_number), met) is not False

    def fields_after(self, round_number: int) -> list[list[int]]:
        """The players of each round after ``round_number``: those not withdrawn who have entered."""
        return [[n for n in self.document.players if n not in self.retired and self.joins[n] <= later]
                for later in range(round_number + 1, self.drawn.rounds + 1)]

    def undo(self, round_number: int) -> None:
        """Forget ``round_number`` and what it drew (its entries, its withdrawals)."""
        for record in self.document.players.values():
            del record.rounds[self.games * (round_number - 1):]
        self.retired = {n: r for n, r in self.retired.items() if r < round_number}


def refuse_impossible(drawn: Drawn) -> None:
    """C.04.1: no two players meet twice, and nobody gets the PAB twice: a field of n players
    can play at most n - 1 rounds (n even) or n (n odd)."""
    most = drawn.players if drawn.players % 2 else drawn.players - 1
    if drawn.rounds > most:
        raise ConfigError(f"{drawn.players} players can play at most {most} rounds without a rematch "
                          f"(RoundsNumber={drawn.rounds})")


def _last_entry_round(drawn: Drawn) -> int:
    """Late entries join in a round from 2 to the middle of the tournament."""
    return max(2, math.ceil(drawn.rounds / 2))


def _scoring(config: Config, version: str) -> Scoring:
    scoring = Scoring(win=config.win, draw=config.draw, loss=config.loss, zero_bye=config.zero_bye,
                      forfeit_loss=config.forfeit_loss,
                      pairing_bye=config.win if config.pairing_bye is None else config.pairing_bye,
                      half_bye=config.draw, full_bye=config.win)
    if version == "26" and scoring.zero_bye != scoring.forfeit_loss:
        raise ConfigError("TRF-2026 (record 162, symbol A) gives a zero-point bye and a forfeit loss the same "
                          "points: PointsForZPB must equal PointsForForfeitLoss")
    return scoring


def _new_document(system: SwissSystem, chosen: Edition, config: Config, drawn: Drawn, scoring: Scoring,
                  seed: int, baku: bool, rng: random.Random) -> TrfDocument:
    """The tournament before its first round: its headers and its players, rated."""
    start = config.start_date or chosen.in_force_from
    colour = config.initial_colour
    colour_draw = rng.choice("wb")
    initial = colour_draw if colour == "random" else colour.lower()
    document = TrfDocument(total_rounds=drawn.rounds * system.games_per_round, initial_colour=initial, scoring=scoring,
                           system_code=system.trf_code(chosen, baku), start_date=start)
    document.name = config.name or f"Random tournament (seed {seed})"
    document.headers = [f"012 {document.name}", f"042 {start:%Y/%m/%d}", f"062 {drawn.players}",
                        "092 Individual: Swiss-System", f"122 {system.title}, edition {chosen.name}"]
    for number, rating in enumerate(_ratings(config, drawn, rng), start=1):
        document.players[number] = PlayerRecord(number=number, name=f"Player {number:04d}", rating=rating)
    return document


def _byes(document: TrfDocument, config: Config, drawn: Drawn, round_number: int, joins: dict[int, int],
          retired: dict[int, int], rng: random.Random, quiet: bool = False) -> bool:
    """Who does not play ``round_number``: withdrawn (for good), not yet entered or taking a
    zero-point bye (Z), or a half-point bye (H, never in the last round).  A withdrawal is
    not drawn if it would leave rounds + 2 players or fewer (each player who stays must keep
    enough opponents he has not met for the rounds left, C.04.1, with one to spare); ``quiet``: no
    withdrawal or bye is drawn at all (every draw is still made, so the stream is the same).
    Whether any withdrawal or bye was drawn."""
    last = round_number == drawn.rounds
    staying = sum(1 for n in document.players if n not in retired)
    drew = False
    for number, record in document.players.items():
        withdraws = _chance(rng, drawn.retired_rate) and round_number > 1 and not quiet
        half = _chance(rng, drawn.half_point_bye_rate) and not last and not quiet
        zero = _chance(rng, config.zero_point_bye_rate) and not quiet
        if withdraws and number not in retired and staying - 1 > drawn.rounds + 1:
            retired[number] = round_number
            staying -= 1
            drew = True
        if number in retired or round_number < joins[number] or zero:
            drew = drew or zero
            record.rounds.append(RoundEntry(None, None, "Z"))
        elif half:
            drew = True
            record.rounds.append(RoundEntry(None, None, "H"))
    return drew


def _play(document: TrfDocument, boards: list[tuple[int, int]], absent: float, draw_rate: float,
          rng: random.Random) -> None:
    """The round's games played out (a player absent with probability ``absent``: a forfeit)."""
    for white, black in boards:
        if black == 0:
            document.players[white].rounds.append(RoundEntry(None, None, "U"))
            continue
        white_away, black_away = rng.random() < absent, rng.random() < absent
        if white_away or black_away:
            codes = ("-" if white_away else "+", "-" if black_away else "+")
        else:
            result = elo_result(rng, document.players[white], document.players[black], draw_rate)
            codes = (result, OPPONENT_CODE[result])
        document.players[white].rounds.append(RoundEntry(black, "w", codes[0]))
        document.players[black].rounds.append(RoundEntry(white, "b", codes[1]))


def _play_matches(document: TrfDocument, boards: list[tuple[int, int]], absent: float, draw_rate: float,
                  rng: random.Random) -> None:
    """The round's two-game matches played out (C.04.5: the colours reversed in the second game,
    4.4), each game forfeited by a player absent from it; the PAB as a won and a drawn game (1.4)."""
    for white, black in boards:
        if black == 0:
            document.players[white].rounds += pab_entries()
            continue
        codes = []
        for first, second in ((white, black), (black, white)):  # each game's White first
            away = rng.random() < absent, rng.random() < absent
            if any(away):
                game = tuple("-" if gone else "+" for gone in away)
            else:
                result = elo_result(rng, document.players[first], document.players[second], draw_rate)
                game = (result, OPPONENT_CODE[result])
            codes.append(game if first == white else game[::-1])
        own, theirs = match_entries(white, black, (codes[0][0], codes[1][0]), (codes[0][1], codes[1][1]))
        document.players[white].rounds += own
        document.players[black].rounds += theirs


def tiebreak_lines(document: TrfDocument, codes: list[str], edition: str) -> list[str]:
    """Record 212 (``PTS`` and the codes) and one ``XXT`` line per player with the values
    of 212 in its order, as :func:`pairing.engine.tiebreaks.format_value` writes them
    (``-`` when undefined): ``XXT`` at columns 1-3, the pairing number at 5-8, then the
    values separated by blanks.  Sets the rank column (ties share a rank)."""
    rows = compute_standings(document, codes, edition=edition, rounds=standings_rounds(document))
    lines = ["212 " + ",".join(["PTS", *codes])]
    for row in sorted(rows, key=lambda r: r.pairing_number):
        document.players[row.pairing_number].rank = row.rank
        values = [format_value(row.points)] + [format_value(v) or "-" for v in row.tiebreaks.values()]
        lines.append(f"{VALUES_RECORD} {row.pairing_number:4d} " + " ".join(values))
    return lines


def write(document: TrfDocument, version: str, codes, edition: str) -> str:
    """The tournament as TRF-16 (rank column only) or TRF-2026 (with 212 and the values)."""
    lines = tiebreak_lines(document, list(codes), edition)
    text = dump(document, version)
    if version == "26":
        text += "".join(line + "\r\n" for line in lines)
    return text


__all__ = ["KEYS", "Config", "ConfigError", "GenerationError", "generate", "read_config",
           "tiebreak_lines", "write"]

