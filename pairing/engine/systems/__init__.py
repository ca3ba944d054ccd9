"""The Swiss systems, each registered once: one object per system names it, lists
its editions (as data) and pairs a round.  The command line, the checker, the
app's choices and TRF import/export all read this registry.

Editions name the C.04 family a tournament is paired under: the system's own
text and the Basic Rules (C.04.1), General Handling Rules (C.04.2) and
acceleration method that went with it.  An edition is an object whose fields say
what it does (a system subclasses :class:`Edition` for its own rules); its name
is data only (TRF record 192, ``--edition``, the app's stored value).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

from ..core.basic_rules import BasicRules, basic_rules_named
from ..core.explanation import Articles, Step
from ..core.pairing import RoundPairing
from ..core.state import Player, RoundState, build_round_state
from ..trf import TrfDocument


def no_colour_exemption(state: RoundState, player: Player) -> bool:
    return False


def no_pair_exemption(state: RoundState, a: Player, b: Player) -> bool:
    return False


@dataclass(frozen=True)
class Edition:
    """One edition of a system's rules: what is common to every system's editions (a system
    subclasses it for its own rules, e.g. ``BursteinEdition``)."""

    name: str                  # "2017", "2026": data (TRF, --edition, the app), never compared
    title: str
    in_force_from: datetime.date
    trf_codes: tuple[str, ...]  # TRF-2026 record 192 codes; the first is the one written
    #: the C.04.1 edition it goes with: core.basic_rules.BASIC_RULES_2017 (rules a-i) or _2026
    #: (Articles 1-9); a name ("2017") is read as that edition
    basic_rules: BasicRules
    acceleration: str          # the Baku method of this edition, for messages and docs
    #: the system's article that gives the PAB to the lowest score a complete pairing allows
    #: ("": the edition has none), cited by the review of a manual pairing
    bye_score: str = ""
    #: its article ordering the players of that score for the PAB, where the system assigns it
    #: before pairing (SwissSystem.first_bye)
    bye_order: str = ""
    #: who may not take the PAB where the system's own text bars more than its basic rules
    #: (core.state: PAB_OR_FORFEIT_WIN, PAB_OR_POINT_WITHOUT_PLAYING; Burstein 2017 4.1);
    #: "": the basic rules' (C.04.1 2017 d / 2026 Art. 4)
    own_bye_rule: str = ""
    #: the system's own articles of the absolute criteria [C1] no rematch, [C2] who may take the
    #: PAB, [C3] the absolute colour limits, where its text numbers them ("": it does not), cited
    #: by the review of a manual pairing before the basic rules' (e.g. Dubov 2018 C.1-C.3)
    absolute_criteria: tuple[str, str, str] = ("", "", "")
    #: False: a historical edition, paired only when asked for by name (``--edition``, record 192,
    #: the app's choice), never chosen by a file's start date (Dutch 1992: the engine has none of
    #: the texts in force between it and 2017, so an old date keeps the oldest it has)
    by_date: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "basic_rules", basic_rules_named(self.basic_rules))

    @property
    def bye_rule(self) -> str:
        """Who may not take the PAB in this edition: the one rule its pairer, the review of a
        manual pairing and the explanation read (through ``Player.bye_eligible``)."""
        return self.own_bye_rule or self.basic_rules.bye_rule

    def round_state(self, document: TrfDocument, round_number: int | None = None,
                    total_rounds: int | None = None) -> RoundState:
        """The state a round of ``document`` is paired from under this edition."""
        return build_round_state(document, round_number, total_rounds, self.basic_rules, self.bye_rule)


@dataclass(frozen=True)
class SwissSystem:
    name: str                  # the command-line flag and the app's value: "dutch"
    title: str
    article: str               # "C.04.3"
    editions: tuple[Edition, ...]  # oldest first
    pair: Callable[..., RoundPairing]  # pair(state, edition[, progress=...])
    #: ``pair`` takes ``progress=`` (see :data:`Progress`) and reports each bracket
    reports_progress: bool = False
    #: who the system exempts from the colour limits of C.04.1 (2017 f-g, 2026 Arts. 6-7) and so
    #: from [C3]: the pairer's compatibility graph and a manual pairing's review read this one copy
    colour_exempt: Callable[[RoundState, Player], bool] = no_colour_exemption
    #: two players the system lets meet whatever their colours (Lim Art. 6: the same score in the
    #: last round); read by its pairer, the review and the explanation
    colour_exempt_pair: Callable[[RoundState, Player, Player], bool] = no_pair_exemption
    #: ``first_bye(state, edition)``: whom a system that assigns the PAB before pairing (Dubov,
    #: Burstein, Lim) gives it to, by its pairer's own order; None: no PAB, or no such step
    first_bye: Callable[[RoundState, Edition], Player | None] | None = None
    #: ``explain(state, pairing, edition)``: the brackets as paired and the system's articles
    #: (see core.explanation); None: the scoregroups from the top, without articles
    explain: Callable[[RoundState, RoundPairing, Edition], tuple[list[Step], Articles]] | None = None
    #: ``aros(document, rounds)``: each player's ARO after ``rounds`` rounds, by pairing number, for a
    #: system that pairs by it and publishes it (Dubov Art. 1.7); None: the system reads no ARO
    aros: Callable[[TrfDocument, int], dict[int, int]] | None = None
    #: ``colour_rule(state, a, b) -> (white, article)``: a system whose colours follow its own rule
    #: alone, with no colour preference nor C.04.1 colour limit (C.04.5 Art. 4): who gets White (the
    #: first game's, for a match) and the article that decides; the review of a manual pairing reads it
    #: instead of C.04.1's colour rules.  None: C.04.1's
    colour_rule: Callable[[RoundState, Player, Player], tuple[Player, str]] | None = None
    #: the games of a round: 2 for the Double-Swiss system (C.04.5), whose round is a match written
    #: as TRF rounds 2k-1 and 2k (``pairing.engine.matches``); its round numbers count matches
    games_per_round: int = 1

    @property
    def latest(self) -> Edition:
        return self.editions[-1]

    def edition(self, name: str) -> Edition:
        for edition in self.editions:
            if edition.name == name:
                return edition
        known = ", ".join(e.name for e in self.editions)
        raise KeyError(f"the {self.title} has no edition {name!r} (known: {known})")

    def edition_on(self, day: datetime.date) -> Edition:
        """The edition in force on ``day``."""
        dated = [e for e in self.editions if e.by_date]
        in_force = [e for e in dated if e.in_force_from <= day]
        return in_force[-1] if in_force else dated[0]

    def trf_code(self, edition: Edition, baku: bool = False) -> str:
        """The record 192 code of this system, edition and acceleration."""
        return edition.trf_codes[0] + ("_BAKU" if baku else "")


SYSTEMS: dict[str, SwissSystem] = {}


def register(system: SwissSystem) -> SwissSystem:
    if system.name in SYSTEMS:
        raise ValueError(f"system {system.name!r} registered twice")
    SYSTEMS[system.name] = system
    return system


def get_system(name: str) -> SwissSystem:
    try:
        return SYSTEMS[name]
    except KeyError:
        raise KeyError(f"unknown pairing system {name!r}") from None


@dataclass(frozen=True)
class SystemCode:
    """What a record 192 code says: the system, the edition if it names one, Baku or not."""

    system: SwissSystem
    edition: Edition | None
    baku: bool


def read_trf_code(code: str) -> SystemCode | None:
    """``FIDE_DUTCH_2025_BAKU`` -> Dutch, its 2026 edition, Baku; None for a code no
    registered system owns.  A code without a year (``FIDE_DUTCH``) names no edition."""
    code = code.strip().upper()
    baku = code.endswith("_BAKU")
    if baku:
        code = code[: -len("_BAKU")]
    for system in SYSTEMS.values():
        for edition in system.editions:
            if code in edition.trf_codes:
                return SystemCode(system, edition, baku)
        if code == f"FIDE_{system.name.upper()}":
            return SystemCode(system, None, baku)
    return None


from . import burstein, double, dubov, dutch, lim  # noqa: E402,F401  (each system registers itself)
