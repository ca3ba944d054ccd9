"""Why a round was paired as it was, in the rules' words: the brackets from the top, the MDPs
and where each went, the floaters, the criteria that could not be fully met and by whom, the
rule that gave each board its colours, and why the PAB went where it went.

Everything here reads the finished pairing and the :class:`~.state.RoundState` it was made
from; a system adds what only it knows: the brackets as it formed them (:class:`Step`, the
Dutch pairer records them), the articles of its criteria, its colour rule per board and its
PAB articles (:class:`Articles`).  ``pairing.engine.explain_pairing`` puts them together.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..trf import BLACK, WHITE
from .compatibility import kept_apart
from .pairing import RoundPairing
from .round import RoundPairer
from .state import FLOAT_DOWN, FLOAT_UP, STRONG, Player, RoundState

#: What decided a board's colours, by kind (each system names its own article for it).
COLOUR_REASONS = {
    "first": "neither has played a game yet: the initial colour, by the higher ranked player's pairing number",
    "both": "both colour preferences are granted",
    "one": "only one of them has a colour preference, and it is granted",
    "stronger": "the stronger colour preference is granted",
    "wider": "both preferences are absolute: the player with the wider colour difference gets his colour",
    "equalise": "the player with more games of one colour gets the other colour",
    "alternate": "the colours alternate from the most recent round in which one had White and the other Black",
    "higher": "the colour preference of the higher ranked player is granted",
    "initial": "the higher ranked player's pairing number decides: the initial colour if odd, else the other",
    "median": "identical colour histories: the higher ranked player gets his due colour at or above the median "
              "score-group, the lower ranked below it",
}

#: A colour rule as a system reports it: the article and a key of COLOUR_REASONS.
ColourRule = tuple[str, str]


@dataclass(frozen=True)
class Step:
    """One bracket as the system paired it (pairing numbers): its residents' score, the players
    of other scoregroups it received (MDPs from above, upfloaters from below) and its residents,
    each in the bracket's order, its pairs and who left it unpaired."""

    score: int
    incoming: tuple[int, ...]
    residents: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    floaters: tuple[int, ...]
    label: str = ""                      # e.g. "PPB", "CLB" (2017 A.9)


@dataclass(frozen=True)
class Articles:
    """A system's words for the explanation, in its edition."""

    colour_rule: Callable[[Player, Player, RoundState], ColourRule] | None = None
    #: criteria by role (core.criteria.Criterion.role, back): article, e.g. ("preference", 0): "[C12]"
    criteria: dict[tuple[str, int], str] = field(default_factory=dict)
    bye_eligibility: str = ""            # e.g. "[C2] (C.04.1 Art. 4)"
    bye_score: str = ""                  # e.g. "[C5]"
    bye_order: str = ""                  # what decides among the lowest, e.g. "Art. 3.3.2, 4.2"
    bye_order_text: str = "the pairing of the last bracket leaves him unpaired"
    #: the absolute criteria that keep two players apart: "rematch", "colour" (same absolute
    #: colour preference); default: the Basic Rules (see :func:`basic_rules`)
    absolute: dict[str, str] = field(default_factory=dict)


def basic_rules(edition: str) -> dict[str, str]:
    """The articles of C.04.1 that keep two players apart, in its 2017 or 2026 edition."""
    if edition == "2026":
        return {"rematch": "C.04.1 Art. 2", "colour": "C.04.1 Art. 6-7"}
    return {"rematch": "C.04.1 b", "colour": "C.04.1 f-g"}


@dataclass
class Move:
    """A player of another scoregroup in a bracket: an MDP (from above) or an upfloater (from below)."""

    number: int
    score: int
    went: str                            # "paired", "floated" (on to another bracket) or "bye"
    to_score: int | None = None          # floated: the score of the bracket he is paired in

    def as_json(self) -> dict:
        return {"number": self.number, "score": self.score, "went": self.went, "to_score": self.to_score}


@dataclass
class Note:
    """A rule and the players it concerns: a criterion not fully met, a reason of the PAB."""

    article: str
    text: str
    players: tuple[int, ...] = ()

    def as_json(self) -> dict:
        return {"article": self.article, "text": self.text, "players": list(self.players)}


@dataclass
class BracketNote:
    score: int
    residents: tuple[int, ...]
    incoming: list[Move]                 # MDPs and upfloaters, in the bracket's order
    pairs: tuple[tuple[int, int], ...]
    floaters: tuple[int, ...]            # residents the bracket leaves unpaired
    mdp_opponents: tuple[int, ...]       # residents paired with an MDP (who receive an upfloat)
    barred: list[Note]                   # why the floaters may not meet others of the bracket
    criteria: list[Note]
    label: str = ""

    def as_json(self) -> dict:
        return {"score": self.score, "label": self.label, "residents": list(self.residents),
                "incoming": [m.as_json() for m in self.incoming], "pairs": [list(p) for p in self.pairs],
                "floaters": list(self.floaters), "mdp_opponents": list(self.mdp_opponents),
                "barred": [b.as_json() for b in self.barred],
                "criteria": [c.as_json() for c in self.criteria]}


@dataclass
class BoardNote:
    board: int
    white: int
    black: int
    article: str
    reason: str                          # a key of COLOUR_REASONS

    def as_json(self) -> dict:
        return {"board": self.board, "white": self.white, "black": self.black, "article": self.article,
                "reason": self.reason}


@dataclass
class Explanation:
    system: str                          # "FIDE Dutch system"
    article: str                         # "C.04.3"
    edition: str
    round: int
    brackets: list[BracketNote]
    boards: list[BoardNote]
    bye: int | None
    bye_reasons: list[Note]
    names: dict[int, str] = field(default_factory=dict)
    scores: dict[int, int] = field(default_factory=dict)

    def to_json(self) -> dict:
        """The explanation as JSON data; ``text`` is :meth:`paragraphs`."""
        return {"system": self.system, "article": self.article, "edition": self.edition, "round": self.round,
                "brackets": [b.as_json() for b in self.brackets], "boards": [b.as_json() for b in self.boards],
                "bye": self.bye, "bye_reasons": [r.as_json() for r in self.bye_reasons],
                "names": {str(n): name for n, name in sorted(self.names.items())},
                "text": [[heading, lines] for heading, lines in self.paragraphs()]}

    # -- in plain words --------------------------------------------------------------------
    @property
    def paired_in(self) -> dict[int, int]:
        """The score of the bracket each player is paired in."""
        return {n: bracket.score for bracket in self.brackets for pair in bracket.pairs for n in pair}

    def who(self, number: int) -> str:
        name = self.names.get(number)
        return f"{name} ({number})" if name else f"player {number}"

    def everyone(self, numbers) -> str:
        names = [self.who(n) for n in numbers]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def paragraphs(self) -> list[tuple[str, list[str]]]:
        """Sections (a heading, its sentences) in plain words, each sentence citing its article."""
        rules = f"{self.article} ({self.edition})"
        sections = [(f"Round {self.round}: {self.system}, {rules}",
                     ["The brackets in the order they were paired. A player paired outside his scoregroup is an "
                      "MDP in a lower bracket (a downfloat) or an upfloater in a higher one."])]
        for index, bracket in enumerate(self.brackets, start=1):
            sections.append((self._bracket_heading(index, bracket), self._bracket_lines(bracket)))
        sections.append(("Colours", [self._board_line(board) for board in self.boards]
                         or ["No boards."]))
        if self.bye is None:
            sections.append(("Pairing-allocated bye", ["No bye: an even number of players was paired."]))
        else:
            lines = [f"{self.who(self.bye)} ({points(self.scores.get(self.bye, 0), True)}) receives the "
                     f"pairing-allocated bye."]
            lines += [f"{r.article}: {r.text}." if r.article else f"{r.text[0].upper()}{r.text[1:]}."
                      for r in self.bye_reasons]
            sections.append(("Pairing-allocated bye", lines))
        return sections

    def _bracket_heading(self, index: int, bracket: BracketNote) -> str:
        label = f" ({bracket.label})" if bracket.label else ""
        return f"Bracket {index}: scoregroup {points(bracket.score)}{label}"

    def _bracket_lines(self, bracket: BracketNote) -> list[str]:
        lines = []
        if bracket.residents:
            lines.append(f"Residents: {self.everyone(bracket.residents)}.")
        else:
            lines.append("No residents: the MDPs left over are paired among themselves.")
        if not bracket.incoming and not bracket.label:  # a PPB or CLB may hold several scores
            lines.append("No players from other scoregroups: the bracket is homogeneous.")
        for move in bracket.incoming:
            kind = "MDP" if move.score > bracket.score else "Upfloater"
            start = f"{kind} {self.who(move.number)} ({points(move.score, True)})"
            if move.went == "paired":
                lines.append(f"{start} is paired in this bracket.")
            elif move.went == "bye":
                lines.append(f"{start} is not paired here and receives the pairing-allocated bye.")
            else:
                lines.append(f"{start} is not paired here and moves on to the bracket of "
                             f"scoregroup {points(move.to_score)}.")
        for white, black in bracket.pairs:
            lines.append(f"Pair: {self.who(white)} – {self.who(black)}.")
        if bracket.mdp_opponents:
            lines.append(f"Paired with an MDP (an upfloat): {self.everyone(bracket.mdp_opponents)}.")
        for number in bracket.floaters:
            if number == self.bye:
                lines.append(f"{self.who(number)} is not paired in this bracket and receives the "
                             f"pairing-allocated bye.")
            else:
                target = self.paired_in.get(number)
                way = "up" if target is not None and target > bracket.score else "down"
                where = f", paired in the bracket of scoregroup {points(target)}" if target is not None else ""
                lines.append(f"{self.who(number)} is not paired in this bracket: he floats {way}{where}.")
        for note in bracket.barred:
            first, *others = note.players
            lines.append(f"{self.who(first)} may not meet {self.everyone(others)}: {note.text} ({note.article}).")
        for note in bracket.criteria:
            lines.append(f"{note.article} could not be fully met ({note.text}): {self.everyone(note.players)}.")
        return lines

    def _board_line(self, board: BoardNote) -> str:
        reason = COLOUR_REASONS.get(board.reason, board.reason)
        return (f"Board {board.board}: {self.who(board.white)} has White, {self.who(board.black)} Black. "
                f"{board.article}: {reason}.")


def points(tenths: int | None, unit: bool = False) -> str:
    """A score in tenths as the rules write it: 1.5; with ``unit``, 1.5 points or 1 point."""
    if tenths is None:
        return "?"
    text = f"{tenths / 10:g}"
    return f"{text} point{'' if tenths == 10 else 's'}" if unit else text


def scoregroup_steps(state: RoundState, pairing: RoundPairing, order: list[int] | None = None,
                     bye_first: bool = False) -> list[Step]:
    """The brackets of a system that pairs scoregroup by scoregroup in ``order`` (scores; default:
    from the top) with floaters moving on to the next one, read back from its pairing: a pair
    belongs to the bracket of its player whose scoregroup comes later in the order, and a player
    is in each bracket from his own scoregroup's to that one.  The PAB's receiver is left out
    when the system assigns it first (``bye_first``), else he floats to the last bracket."""
    score_of = {p.number: p.pairing_score for p in state.players}
    order = order or sorted(set(score_of.values()), reverse=True)
    position = {s: i for i, s in enumerate(order)}
    pairs = [(pair.white.number, pair.black.number) for pair in pairing.pairs]
    bracket_of = {}
    for white, black in pairs:
        bracket_of[white] = bracket_of[black] = max(score_of[white], score_of[black], key=position.__getitem__)
    if pairing.bye is not None and not bye_first:
        bracket_of[pairing.bye.number] = order[-1]
    steps = []
    for score in order:
        residents, incoming = [], []
        for player in state.players:
            target = bracket_of.get(player.number)
            if target is None:
                continue
            own = player.pairing_score
            if own == score:
                residents.append(player.number)
            elif min(own, target) <= score <= max(own, target):
                incoming.append(player.number)
        here = tuple(pair for pair in pairs if bracket_of[pair[0]] == score)
        paired = {n for pair in here for n in pair}
        steps.append(Step(score, tuple(incoming), tuple(residents), here,
                          tuple(n for n in incoming + residents if n not in paired)))
    return steps


def _barred(step: Step, by_number: dict[int, Player], articles: dict[str, str],
            colour_exempt: Callable[[Player], bool], pair_exempt: Callable[[Player, Player], bool]) -> list[Note]:
    """For each floater of the bracket, the others of the bracket he may not meet, and why (the
    pairers' own rule, :func:`~.compatibility.kept_apart`, with the system's colour exemptions)."""
    members = [by_number[n] for n in (*step.incoming, *step.residents)]
    notes = []
    told: set[frozenset[int]] = set()  # two floaters kept apart: said once
    for number in step.floaters:
        floater = by_number[number]
        reasons: dict[str, list[Player]] = {}
        for other in members:
            if other is floater or frozenset((number, other.number)) in told:
                continue
            told.add(frozenset((number, other.number)))
            reason = kept_apart(floater, other, colour_exempt, pair_exempt)
            if reason is not None:
                reasons.setdefault(reason, []).append(other)
        texts = {"rematch": "they have already played each other",
                 "forbidden": "the tournament keeps them apart (a forbidden pair)",
                 "colour": f"both must have {'White' if floater.preference == WHITE else 'Black'} "
                           f"(an absolute colour preference)"}
        for reason, others in reasons.items():
            notes.append(Note(articles.get(reason, "XXP" if reason == "forbidden" else ""), texts[reason],
                              (number, *(p.number for p in others))))
    return notes


def _criteria_notes(step: Step, by_number: dict[int, Player], colour: dict[int, str],
                    articles: dict[tuple[str, int], str]) -> list[Note]:
    """The criteria of the bracket's pairing that are not at their ideal value, with the players
    concerned: the pairing is the best candidate, so each was the best a higher criterion allowed."""
    notes = []
    paired = [by_number[n] for pair in step.pairs for n in pair]
    mdps = {n for n in step.incoming if by_number[n].pairing_score > step.score}
    mdp_opponents = [by_number[n] for n in _mdp_opponents(step, by_number)]
    paired_mdps = [p for p in paired if p.number in mdps]
    downfloaters = [by_number[n] for n in step.floaters if n not in step.incoming]
    members = len(step.incoming) + len(step.residents)

    def add(key: tuple[str, int], text: str, players: list[Player]) -> None:
        if key in articles and players:
            notes.append(Note(articles[key], text, tuple(p.number for p in players)))

    if len(step.pairs) < members // 2:
        add(("pairs", 0), "maximise the number of pairs", [by_number[n] for n in step.floaters])

    add(("topscorer_difference", 0), "topscorers or their opponents with a colour difference beyond +2 or -2",
        [p for p in paired if abs(p.difference_after(colour[p.number])) > 2])
    add(("topscorer_repeat", 0), "topscorers or their opponents with the same colour three times in a row",
        [p for p in paired if p.third_in_a_row(colour[p.number])])
    add(("preference", 0), "players who do not get their colour preference",
        [p for p in paired if p.preference and p.preference != colour[p.number]])
    add(("strong_preference", 0), "players who do not get their strong colour preference",
        [p for p in paired if p.strength >= STRONG and p.preference != colour[p.number]])
    for back, when in ((1, "the previous round"), (2, "two rounds before")):
        add(("downfloat", back), f"downfloaters who received a downfloat {when}",
            [p for p in downfloaters if p.floats[back - 1] == FLOAT_DOWN])
        add(("upfloat", back), f"MDP opponents who received an upfloat {when}",
            [p for p in mdp_opponents if p.floats[back - 1] == FLOAT_UP])
        for role in ("downfloat_sd", "downfloat_score"):
            add((role, back), f"score differences of MDPs who received a downfloat {when}",
                [p for p in paired_mdps if p.floats[back - 1] == FLOAT_DOWN])
        for role in ("upfloat_sd", "upfloat_score"):
            add((role, back), f"score differences of MDP opponents who received an upfloat {when}",
                [p for p in mdp_opponents if p.floats[back - 1] == FLOAT_UP])
    return notes


def explain(state: RoundState, pairing: RoundPairing, steps: list[Step], articles: Articles, *, system: str,
            article: str, edition: str, names: dict[int, str] | None = None,
            colour_exempt: Callable[[Player], bool] = lambda player: False,
            pair_exempt: Callable[[Player, Player], bool] = lambda a, b: False,
            basic_edition: str = "2026") -> Explanation:
    """The explanation of ``pairing``, made from ``state`` with the brackets ``steps``;
    ``colour_exempt``, ``pair_exempt``: whom the system exempts from the colour limits
    (``SwissSystem.colour_exempt``, ``colour_exempt_pair``);
    ``basic_edition``: the edition of C.04.1, "2017" or "2026" (who may take the PAB)."""
    by_number = state.by_number()
    colour = {}
    for pair in pairing.pairs:
        colour[pair.white.number], colour[pair.black.number] = WHITE, BLACK
    bye = pairing.bye.number if pairing.bye is not None else None
    where = {n: i for i, step in enumerate(steps) for pair in step.pairs for n in pair}  # the bracket pairing him
    brackets = []
    for index, step in enumerate(steps):
        moves = []
        for number in step.incoming:
            score = by_number[number].pairing_score
            if where.get(number) == index:
                moves.append(Move(number, score, "paired"))
            elif number == bye:
                moves.append(Move(number, score, "bye"))
            else:
                later = where.get(number)
                moves.append(Move(number, score, "floated", steps[later].score if later is not None else None))
        pairs = tuple((a, b) if colour.get(a) == WHITE else (b, a) for a, b in step.pairs)  # White first
        brackets.append(BracketNote(step.score, step.residents, moves, pairs,
                                    tuple(n for n in step.floaters if n not in step.incoming),
                                    _mdp_opponents(step, by_number),
                                    _barred(step, by_number, articles.absolute or basic_rules(edition),
                                            colour_exempt, pair_exempt),
                                    _criteria_notes(step, by_number, colour, articles.criteria), step.label))
    boards = []
    if articles.colour_rule is not None:
        for board, pair in enumerate(pairing.pairs, start=1):
            rule, reason = articles.colour_rule(pair.white, pair.black, state)
            boards.append(BoardNote(board, pair.white.number, pair.black.number, rule, reason))
    return Explanation(system, article, edition, state.round_number, brackets, boards, bye,
                       bye_reasons(state, pairing, articles, colour_exempt, basic_edition), dict(names or {}),
                       {p.number: p.pairing_score for p in state.players})


def _mdp_opponents(step: Step, by_number: dict[int, Player]) -> tuple[int, ...]:
    """The residents paired with an MDP (a higher score) in this bracket."""
    residents = set(step.residents)
    found = []
    for a, b in step.pairs:
        for mine, other in ((a, b), (b, a)):
            if mine in residents and by_number[other].pairing_score > by_number[mine].pairing_score:
                found.append(mine)
    return tuple(found)


def bye_reasons(state: RoundState, pairing: RoundPairing, articles: Articles,
                colour_exempt: Callable[[Player], bool] = lambda player: False,
                basic_edition: str = "2026") -> list[Note]:
    """Why the PAB went to its receiver: eligibility, the lowest score it could go to in a complete
    pairing (the pairers' completion check, ``RoundPairer``), then the order among the eligible
    players of that score."""
    if pairing.bye is None:
        return []
    receiver = pairing.bye
    score = points(receiver.pairing_score)

    def listed(players: list[Player]) -> str:
        return ", ".join(str(p.number) for p in players)

    def numbers(players: list[Player]) -> tuple[int, ...]:
        return tuple(p.number for p in players)

    ineligible = [p for p in state.players if not p.bye_eligible]
    barred = "a forfeit win" if basic_edition == "2017" else "a win's points without playing"  # C.04.1 d / Art. 4
    text = f"he may receive it: he has had no pairing-allocated bye, nor {barred}"
    if ineligible:
        text += f"; these players may not: {listed(ineligible)}"
    reasons = [Note(articles.bye_eligibility, text, numbers(ineligible))]
    lower = [p for p in state.players if p.bye_eligible and p.pairing_score < receiver.pairing_score]
    pairer, everyone = RoundPairer(state, colour_exempt), list(range(len(state.players)))
    lowest = pairer.lowest_bye_score(everyone) if lower else None  # a matching per score below his, at most
    could = ([state.players[v] for v in pairer.bye_takers(everyone, lowest)]
             if lowest is not None and lowest < receiver.pairing_score else [])
    if could:  # an edition without a rule for the lowest score (Dutch 2017): say so, not the contrary
        reasons.append(Note(articles.bye_score, f"a complete pairing could leave unpaired an eligible player "
                                                f"with less ({listed(could)}), but this edition does not ask "
                                                f"for the lowest score: the PAB goes to whoever the pairing "
                                                f"of the last bracket leaves unpaired", numbers(could)))
    elif lower:
        reasons.append(Note(articles.bye_score, f"{score} is the lowest score the bye can go to in a complete "
                                                f"pairing: the eligible players with less ({listed(lower)}) "
                                                f"could not be left unpaired", numbers(lower)))
    else:
        reasons.append(Note(articles.bye_score, f"no eligible player has a lower score than {score}"))
    same = [p for p in state.players
            if p.bye_eligible and p.pairing_score == receiver.pairing_score and p is not receiver]
    below = [p for p in same if p.rank > receiver.rank]
    if not same:
        reasons.append(Note("", "he is the only eligible player with that score"))
    elif not below:
        reasons.append(Note(articles.bye_order, f"he is the lowest ranked of the {len(same) + 1} eligible players "
                                                f"with that score; {articles.bye_order_text}"))
    else:
        reasons.append(Note(articles.bye_order, f"{articles.bye_order_text}; the lower ranked eligible players "
                                                f"with that score ({listed(below)}) are paired", numbers(below)))
    return reasons
