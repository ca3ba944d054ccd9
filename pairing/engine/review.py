"""The review of a pairing made by hand: which rules a given round-pairing breaks, and how it
differs from another (the engine's).

An arbiter may change a draft pairing (swap colours, exchange opponents, pair, unpair, give the
pairing-allocated bye); before it is saved the app shows what the change breaks.  Everything
read here comes from the round's :class:`~pairing.engine.core.state.RoundState` (colour
histories, preferences, bye eligibility, forbidden pairs: one copy of each) and the absolute
criteria from :func:`~pairing.engine.core.compatibility.kept_apart` with the system's own
colour exemptions (``SwissSystem.colour_exempt``, ``colour_exempt_pair``); the lowest score the PAB can go to from
:meth:`~pairing.engine.core.round.RoundPairer.lowest_bye_score`, as the pairers compute it.
The articles cited are the edition's: C.04.1's (``Edition.basic_rules``), the system's own
[C1]-[C3] (``Edition.absolute_criteria``) and its PAB's (``bye_score``, ``bye_order``).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from .core.basic_rules import BasicRules
from .core.compatibility import kept_apart
from .core.pairing import in_publishing_order  # noqa: F401  (the app reads it from here)
from .core.round import RoundPairer
from .core.state import ABSOLUTE, MILD, STRONG, Player, RoundState
from .errors import EngineError
from .systems import Edition, SwissSystem
from .trf import BLACK, WHITE

#: A board as pairing numbers: (white, black), black 0 for the pairing-allocated bye.
Board = tuple[int, int]

STRENGTH = {ABSOLUTE: "absolute", STRONG: "strong", MILD: "mild"}
COLOUR = {WHITE: "white", BLACK: "black"}


@dataclass(frozen=True)
class Finding:
    """One rule a pairing breaks: its article, what happens in plain words, the players concerned
    (pairing numbers).  ``absolute``: an absolute criterion (the engine never breaks one)."""

    code: str          # what is checked: rematch, forbidden, colours, bye, unpaired, difference, repeat, allocation...
    article: str
    text: str
    players: tuple[int, ...]
    absolute: bool

    def as_json(self) -> dict:
        return {"code": self.code, "article": self.article, "text": self.text, "players": list(self.players),
                "absolute": self.absolute}


def review(state: RoundState, system: SwissSystem, edition: Edition, boards: list[Board]) -> list[Finding]:
    """The rules that the round-pairing ``boards`` breaks, board by board, then who is left unpaired.

    Raises :class:`EngineError` when a board names a player who is not to be paired in this round,
    or a player twice, or more than one pairing-allocated bye."""
    players = state.by_number()
    seen = named_once(players, state.round_number, boards)
    rules = _Rules(state, system, edition)
    findings: list[Finding] = []
    for white_number, black_number in boards:
        if not black_number:
            findings += _pab_findings(rules, players[white_number])
        else:
            findings += _board_findings(rules, players[white_number], players[black_number])
    unpaired = sorted(set(players) - seen)
    if unpaired:
        who = ", ".join(map(str, unpaired))
        findings.append(Finding(
            "unpaired", rules.basic.cite("unpaired"),
            f"Not paired: {who}. Only one player may be left unpaired, and that player gets the "
            f"pairing-allocated bye; a player left out scores nothing this round.", tuple(unpaired), True))
    return findings


def named_once(to_pair: Collection[int], round_number: int, boards: list[Board], who: str = "player",
               twice: str = "on two boards") -> set[int]:
    """The players (``who``: or teams, ``twice``: "in two matches") the boards name, each once, all of them
    in ``to_pair``, at most one PAB; else :class:`EngineError`."""
    seen: set[int] = set()
    byes = [white for white, black in boards if not black]
    if len(byes) > 1:
        raise EngineError(f"only one pairing-allocated bye per round, not {len(byes)} ({', '.join(map(str, byes))})")
    for number in (n for board in boards for n in board if n):
        if number not in to_pair:
            raise EngineError(f"{who} {number} is not to be paired in round {round_number}")
        if number in seen:
            raise EngineError(f"{who} {number} is {twice}")
        seen.add(number)
    return seen


class _Rules:
    """The rules a review reads: the edition's basic rules (C.04.1), the system's own numbers of the
    absolute criteria and its colour exemptions."""

    def __init__(self, state: RoundState, system: SwissSystem, edition: Edition):
        self.state, self.system, self.edition = state, system, edition
        self.basic = edition.basic_rules
        self.own = edition.absolute_criteria

    def absolute_article(self, index: int, rule: str) -> str:
        """[C1]-[C3]: the system's own article (when its text numbers them), then C.04.1's."""
        # [C3] rests on both colour limits, Arts. 6 and 7 (2017 f and g)
        cited = self.basic.cite_colour_limits() if index == 2 else self.basic.cite(rule)
        return f"{self.system.article} {self.own[index]}; {cited}" if self.own[index] else cited

    def exempt(self, player: Player) -> bool:
        return self.system.colour_exempt(self.state, player)

    def pair_exempt(self, a: Player, b: Player) -> bool:
        return self.system.colour_exempt_pair(self.state, a, b)


def _pab_findings(rules: _Rules, player: Player) -> list[Finding]:
    """The pairing-allocated bye given to ``player``: [C2], then whom the system gives it to."""
    if not player.bye_eligible:  # [C2]
        return [Finding(
            "bye", rules.absolute_article(1, "bye"),
            f"{player.number} gets the pairing-allocated bye but has already had it, or already "
            f"scored a win's points in one round without playing.", (player.number,), True)]
    return _bye_findings(rules.state, rules.system, rules.edition, player, rules.exempt, rules.pair_exempt)


def _board_findings(rules: _Rules, white: Player, black: Player) -> list[Finding]:
    """A board's absolute criteria ([C1], the forbidden pairs, [C3]), its scores and its colours."""
    pair = (white.number, black.number)
    reason = kept_apart(white, black, rules.exempt, rules.pair_exempt)  # [C1] and [C3] as the pairers read them
    findings = []
    if reason == "rematch":  # [C1]
        findings.append(Finding("rematch", rules.absolute_article(0, "rematch"),
                                f"{white.number} and {black.number} have already played each other.", pair, True))
    elif reason == "forbidden":
        findings.append(Finding("forbidden", "the tournament's forbidden pairs (TRF XXP / 260)",
                                f"{white.number} and {black.number} are a forbidden pair.", pair, True))
    elif reason == "colour":  # [C3]
        findings.append(Finding(
            "colours", rules.absolute_article(2, "difference"),
            f"{white.number} and {black.number} both have an absolute preference for "
            f"{COLOUR[white.preference]}: one of them cannot get it.", pair, True))
    if white.pairing_score != black.pairing_score:
        higher, lower = (white, black) if white.pairing_score > black.pairing_score else (black, white)
        findings.append(Finding(
            "score", rules.basic.cite("score"),
            f"{higher.number} ({points_text(higher.pairing_score)}) meets {lower.number} "
            f"({points_text(lower.pairing_score)}): players of different scores (a downfloater and an upfloater).",
            pair, False))
    if rules.system.colour_rule is not None:
        return findings + _own_colour_findings(rules, white, black)
    for player, colour in ((white, WHITE), (black, BLACK)):
        allowed = ("allowed to a topscorer in the last round by the system" if rules.exempt(player) else
                   "allowed between players of the same score in the last round by the system"
                   if rules.pair_exempt(white, black) else "")
        findings += _colour_findings(player, colour, rules.basic, allowed)
    return findings


def _own_colour_findings(rules: _Rules, white: Player, black: Player) -> list[Finding]:
    """A system whose colours follow its own rule alone (``SwissSystem.colour_rule``: C.04.5 Art. 4,
    the colour of a match's first game, reversed in the second, 4.4): White to the other player."""
    expected, article = rules.system.colour_rule(rules.state, white, black)
    if expected.number == white.number:
        return []
    game = " in game 1 (game 2 reverses the colours)" if rules.system.games_per_round == 2 else ""
    return [Finding("allocation", f"{rules.system.article} {article}",
                    f"{white.number} gets White against {black.number}{game}, but the colour rule gives White "
                    f"to {black.number}.", (white.number, black.number), False)]


def _bye_findings(state: RoundState, system: SwissSystem, edition: Edition, receiver: Player,
                  exempt, pair_exempt) -> list[Finding]:
    """Where the eligible ``receiver`` of the PAB is not whom the system's rules give it to: a higher
    score than needed (:func:`_bye_score_findings`), else, in a system that assigns the PAB before
    pairing, not the first of that score by its order (``SwissSystem.first_bye``, Dubov 3.1.4-3.1.5,
    Burstein 3.1.4-3.1.5, Lim 1.1)."""
    found = _bye_score_findings(state, system, edition, receiver, exempt, pair_exempt)
    if found or system.first_bye is None or not edition.bye_order:
        return found
    chosen = system.first_bye(state, edition)
    if chosen is None or chosen.number == receiver.number or chosen.pairing_score != receiver.pairing_score:
        return []
    return [Finding(
        "bye_order", f"{system.article} {edition.bye_order}",
        f"{receiver.number} gets the pairing-allocated bye, but among the players with that score who leave a "
        f"complete pairing the system gives it to {chosen.number} first.", (receiver.number, chosen.number), False)]


def _bye_score_findings(state: RoundState, system: SwissSystem, edition: Edition, receiver: Player,
                        exempt, pair_exempt) -> list[Finding]:
    """The PAB goes to the lowest score a complete pairing ([C1]-[C3], [C2]) allows, where the
    edition says so (``Edition.bye_score``: Dutch 2026 [C5], Dubov, Burstein, Lim; not Dutch 2017):
    a receiver above that score is a finding, naming the players of that score who could take it.
    Not an absolute criterion: the round can be completed either way.  The completion check is
    the pairers', with the system's colour exemptions (Lim Art. 6 lets the same score meet in the
    last round whatever the colours)."""
    if not edition.bye_score:
        return []
    pairer, everyone = RoundPairer(state, exempt, pair_exempt), list(range(len(state.players)))
    lowest = pairer.lowest_bye_score(everyone)
    if lowest is None or receiver.pairing_score <= lowest:
        return []
    could = [state.players[v].number for v in pairer.bye_takers(everyone, lowest)]
    return [Finding(
        "bye_score", f"{system.article} {edition.bye_score}",
        f"{receiver.number} ({points_text(receiver.pairing_score)}) gets the pairing-allocated bye, but a complete "
        f"pairing can give it to a player with {points_text(lowest)}: {', '.join(map(str, could))}.",
        (receiver.number, *could), False)]


def _colour_findings(player: Player, colour: str, basic: BasicRules, allowed: str) -> list[Finding]:
    """C.04.1 colour limits (2017 f-g, 2026 Arts. 6-7) and the general colour rule (h, Art. 8);
    ``allowed``: why the system allows a colour limit broken here ("": it does not, absolute)."""
    number, found = player.number, []
    difference = player.difference_after(colour)
    exempt, allowed = bool(allowed), f" ({allowed})" if allowed else ""
    if abs(difference) > 2:
        found.append(Finding("difference", basic.cite("difference"),
                             f"{number} gets {COLOUR[colour]}: a colour difference of {difference:+d}, beyond ±2"
                             f"{allowed}.", (number,), not exempt))
    if player.third_in_a_row(colour):
        found.append(Finding("repeat", basic.cite("repeat"),
                             f"{number} gets {COLOUR[colour]} a third time in a row{allowed}.", (number,), not exempt))
    if player.preference and player.preference != colour and not found:
        found.append(Finding("preference", basic.cite("preference"),
                             f"{number} gets {COLOUR[colour]} against a {STRENGTH[player.strength]} preference for "
                             f"{COLOUR[player.preference]}.", (number,), False))
    return found


def points_text(tenths: int) -> str:
    """15 -> "1½", 5 -> "½", 20 -> "2", 12 -> "1.2" (other scoring systems)."""
    whole, tenth = divmod(tenths, 10)
    if tenth == 5:
        return f"{whole or ''}½"
    return f"{whole}" if not tenth else f"{whole}.{tenth}"


def new_findings(findings: list[Finding], reference: list[Finding]) -> list[Finding]:
    """The findings of a pairing that the ``reference`` pairing (the engine's) does not have."""
    def key(finding: Finding) -> tuple[str, tuple[int, ...]]:
        return finding.code, tuple(sorted(finding.players))  # a pair's colours do not matter here

    known = {key(f) for f in reference}
    return [f for f in findings if key(f) not in known]


def differences(reference: list[Board], boards: list[Board]) -> tuple[list[Board], list[Board]]:
    """The boards of ``reference`` that ``boards`` no longer has, and the boards it adds (a colour
    swap is one of each)."""
    before, after = set(reference), set(boards)
    return [b for b in reference if b not in after], [b for b in boards if b not in before]
