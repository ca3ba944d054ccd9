"""Why a round was paired as it was, in the rules' words: the brackets from the top, the MDPs
and where each went, the floaters, the criteria that could not be fully met and by whom, the
rule that gave each board its colours, and why the PAB went where it went.

Everything here reads the finished pairing and the :class:`~.state.RoundState` it was made
from; a system adds what only it knows: the brackets as it formed them (:class:`Step`, the
Dutch pairer records them), the articles of its criteria, its colour rule per board and its
PAB articles (:class:`Articles`).  ``pairing.engine.explain_pairing`` puts them together.

The engine writes it in English.  Its wordings are marked with :func:`gettext_noop` (or called
through ``_``/``ngettext``, the :class:`Words` given) so that the app's ``make messages`` puts
them in its catalogues, and the app writes the same facts (:meth:`Explanation.from_json`) in its
reader's language (:meth:`Explanation.paragraphs` with its :class:`Words`): one copy of each
wording, here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from ..trf import BLACK, WHITE
from .basic_rules import BasicRules
from .compatibility import kept_apart
from .pairing import RoundPairing
from .round import RoundPairer
from .state import PAB_OR_FORFEIT_WIN, PAB_OR_POINT_WITHOUT_PLAYING, Player, RoundState


def gettext_noop(text: str) -> str:
    """A wording for the app's catalogues (``make messages`` extracts the calls), unchanged here."""
    return text


@dataclass(frozen=True)
class Words:
    """The language the explanation is written in: English, unless the app gives its catalogue's
    ``gettext`` and ``ngettext`` and its way of writing a score (tenths of a point)."""

    gettext: Callable[[str], str] = str
    ngettext: Callable[[str, str, int], str] = lambda singular, plural, n: singular if n == 1 else plural
    score: Callable[[int], str] = lambda tenths: f"{tenths / 10:g}"


ENGLISH = Words()

#: What decided a board's colours, by kind (each system names its own article for it).
COLOUR_REASONS = {
    "first": gettext_noop("neither has played a game yet: the initial colour, by the higher ranked player's pairing "
                          "number"),
    "both": gettext_noop("both colour preferences are granted"),
    "one": gettext_noop("only one of them has a colour preference, and it is granted"),
    "stronger": gettext_noop("the stronger colour preference is granted"),
    "wider": gettext_noop("both preferences are absolute: the player with the wider colour difference gets the "
                          "colour due"),
    "equalise": gettext_noop("the player with more games of one colour gets the other colour"),
    "alternate": gettext_noop("the colours alternate from the most recent round in which one had White and the other "
                              "Black"),
    "higher": gettext_noop("the colour preference of the higher ranked player is granted"),
    "initial": gettext_noop("the higher ranked player's pairing number decides: the initial colour if odd, else the "
                            "other"),
    # the Double-Swiss system (C.04.5 4.3.2, 4.3.4, 4.3.5): the colour of a two-game match
    "fewer_whites": gettext_noop("the player with fewer matches with White gets White"),
    "alternate_own": gettext_noop("the higher ranked player's colour alternates from that player's last played "
                                  "match"),
    "alternate_other": gettext_noop("the other player's colour alternates from that player's last played match"),
    "median": gettext_noop("identical colour histories: the higher ranked player gets the colour due at or above the "
                           "median score-group, the lower ranked below it"),
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


@dataclass
class PairedBracket:
    """A bracket as paired, as a system's criteria read it to name the players they concern."""

    members: int                         # players in the bracket
    pairs: tuple[tuple[int, int], ...]
    colours: dict[int, str]              # each paired player's colour, by pairing number
    paired: list[Player]
    floaters: list[Player]               # everybody the bracket leaves unpaired, MDPs too
    downfloaters: list[Player]           # the residents it leaves unpaired
    paired_mdps: list[Player]
    mdp_opponents: list[Player]          # residents paired with an MDP (who receive an upfloat)

    def colour_of(self, player: Player) -> str:
        return self.colours[player.number]


class ExplainedCriterion(Protocol):
    """A quality criterion as the explanation names it (a system's own criterion objects)."""

    article: str                         # e.g. "[C12]"
    wording: str                         # what is not met, marked for the catalogues
    #: the players of a paired bracket for whom it is not at its ideal value
    concerns: Callable[[PairedBracket], list[Player]]


@dataclass(frozen=True)
class Articles:
    """A system's words for the explanation, in its edition."""

    colour_rule: Callable[[Player, Player, RoundState], ColourRule] | None = None
    #: the quality criteria the explanation names where a bracket does not meet them, in order
    criteria: tuple[ExplainedCriterion, ...] = ()
    bye_eligibility: str = ""            # e.g. "[C2] (C.04.1 Art. 4)"
    bye_score: str = ""                  # e.g. "[C5]"
    bye_order: str = ""                  # what decides among the lowest, e.g. "Art. 3.3.2, 4.2"
    bye_order_text: str = gettext_noop("the pairing of the last bracket leaves that player unpaired")
    #: the absolute criteria that keep two players apart: "rematch", "colour" (same absolute
    #: colour preference); default: the Basic Rules' (``BasicRules.kept_apart``)
    absolute: dict[str, str] = field(default_factory=dict)


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
    """A rule and the players it concerns: a criterion not fully met, a reason of the PAB.  Its
    ``wording`` (English, marked for the catalogues) may hold ``values``: ``{score}`` (tenths),
    ``{players}`` (pairing numbers), ``{count}``, ``{rule}`` (a wording itself)."""

    article: str
    wording: str
    players: tuple[int, ...] = ()
    values: dict = field(default_factory=dict)

    @property
    def text(self) -> str:
        return self.say(ENGLISH)

    def say(self, words: Words) -> str:
        shown = {"score": words.score, "players": lambda numbers: ", ".join(map(str, numbers)),
                 "rule": words.gettext, "count": str}
        return words.gettext(self.wording).format(**{name: shown[name](value) for name, value in self.values.items()})

    def as_json(self) -> dict:
        return {"article": self.article, "text": self.text, "players": list(self.players), "wording": self.wording,
                "values": self.values}

    @classmethod
    def from_json(cls, data: dict) -> Note:
        return cls(data["article"], data.get("wording", data["text"]), tuple(data["players"]), data.get("values", {}))


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
    #: the acceleration's virtual points in the scores (pairing score minus points), by player, and
    #: its method's article when the edition names one (C.04.7 1.5 / C.04.5.1 rule 5)
    virtual: dict[int, int] = field(default_factory=dict)
    acceleration: str = ""

    def to_json(self) -> dict:
        """The explanation as JSON data; ``text`` is :meth:`paragraphs` in English."""
        return {"system": self.system, "article": self.article, "edition": self.edition, "round": self.round,
                "brackets": [b.as_json() for b in self.brackets], "boards": [b.as_json() for b in self.boards],
                "bye": self.bye, "bye_reasons": [r.as_json() for r in self.bye_reasons],
                "names": {str(n): name for n, name in sorted(self.names.items())},
                "scores": {str(n): score for n, score in sorted(self.scores.items())},
                "virtual_points": {str(n): points for n, points in sorted(self.virtual.items())},
                "acceleration": self.acceleration,
                "text": [[heading, lines] for heading, lines in self.paragraphs()]}

    @classmethod
    def from_json(cls, data: dict) -> Explanation:
        """The explanation :meth:`to_json` wrote."""
        brackets = [BracketNote(b["score"], tuple(b["residents"]),
                                [Move(m["number"], m["score"], m["went"], m["to_score"]) for m in b["incoming"]],
                                tuple(tuple(pair) for pair in b["pairs"]), tuple(b["floaters"]),
                                tuple(b["mdp_opponents"]), [Note.from_json(n) for n in b["barred"]],
                                [Note.from_json(n) for n in b["criteria"]], b["label"])
                    for b in data["brackets"]]
        boards = [BoardNote(b["board"], b["white"], b["black"], b["article"], b["reason"]) for b in data["boards"]]
        return cls(data["system"], data["article"], data["edition"], data["round"], brackets, boards, data["bye"],
                   [Note.from_json(n) for n in data["bye_reasons"]],
                   {int(n): name for n, name in data["names"].items()},
                   {int(n): score for n, score in data.get("scores", {}).items()},
                   {int(n): points for n, points in data.get("virtual_points", {}).items()},
                   data.get("acceleration", ""))

    # -- in plain words --------------------------------------------------------------------
    @property
    def paired_in(self) -> dict[int, int]:
        """The score of the bracket each player is paired in."""
        return {n: bracket.score for bracket in self.brackets for pair in bracket.pairs for n in pair}

    def who(self, number: int, words: Words = ENGLISH) -> str:
        _ = words.gettext
        name = self.names.get(number)
        return f"{name} ({number})" if name else _("player {number}").format(number=number)

    def everyone(self, numbers, words: Words = ENGLISH) -> str:
        _ = words.gettext
        names = [self.who(n, words) for n in numbers]
        if len(names) == 1:
            return names[0]
        return _("{players} and {last}").format(players=", ".join(names[:-1]), last=names[-1])

    def paragraphs(self, words: Words = ENGLISH) -> list[tuple[str, list[str]]]:
        """Sections (a heading, its sentences) in plain words, each sentence citing its article."""
        _ = words.gettext
        sections = [(_("Round {round}: {system}, {article} ({edition})").format(
                        round=self.round, system=self.system, article=self.article, edition=self.edition),
                     [_("The brackets in the order they were paired. A player paired outside the player's own "
                        "scoregroup is an MDP in a lower bracket (a downfloat) or an upfloater in a higher one."),
                      *self._virtual_lines(words)])]
        for index, bracket in enumerate(self.brackets, start=1):
            label = f" ({bracket.label})" if bracket.label else ""
            heading = _("Bracket {index}: scoregroup {score}").format(index=index, score=words.score(bracket.score))
            sections.append((heading + label, self._bracket_lines(bracket, words)))
        sections.append((_("Colours"), [self._board_line(board, words) for board in self.boards]
                         or [_("No boards.")]))
        if self.bye is None:
            sections.append((_("Pairing-allocated bye"), [_("No bye: an even number of players was paired.")]))
        else:
            lines = [_("{player} ({points}) receives the pairing-allocated bye.").format(
                player=self.who(self.bye, words), points=points(self.scores.get(self.bye), words))]
            for reason in self.bye_reasons:
                said = reason.say(words)
                lines.append(f"{reason.article}: {said}." if reason.article else f"{said[:1].upper()}{said[1:]}.")
            sections.append((_("Pairing-allocated bye"), lines))
        return sections

    def _virtual_lines(self, words: Words) -> list[str]:
        """The acceleration's virtual points in the scores, one line per amount."""
        _ = words.gettext
        by_amount: dict[int, list[int]] = {}
        for number, amount in sorted(self.virtual.items()):
            by_amount.setdefault(amount, []).append(number)
        lines = []
        for amount in sorted(by_amount, reverse=True):
            wording = (_("The scores include the virtual points of the acceleration ({method}): {points} for "
                         "{players}.") if self.acceleration
                       else _("The scores include virtual points: {points} for {players}."))
            lines.append(wording.format(method=self.acceleration, points=points(amount, words),
                                        players=self.everyone(by_amount[amount], words)))
        return lines

    def _bracket_lines(self, bracket: BracketNote, words: Words) -> list[str]:
        _ = words.gettext
        who, everyone = (lambda number: self.who(number, words)), (lambda numbers: self.everyone(numbers, words))
        lines = []
        if bracket.residents:
            lines.append(_("Residents: {players}.").format(players=everyone(bracket.residents)))
        else:
            lines.append(_("No residents: the MDPs left over are paired among themselves."))
        if not bracket.incoming and not bracket.label:  # a PPB or CLB may hold several scores
            lines.append(_("No players from other scoregroups: the bracket is homogeneous."))
        for move in bracket.incoming:
            mdp = move.score > bracket.score
            if move.went == "paired":
                wording = (_("MDP {player} ({points}) is paired in this bracket.") if mdp else
                           _("Upfloater {player} ({points}) is paired in this bracket."))
            elif move.went == "bye":
                wording = (_("MDP {player} ({points}) is not paired here and receives the pairing-allocated bye.")
                           if mdp else
                           _("Upfloater {player} ({points}) is not paired here and receives the pairing-allocated "
                             "bye."))
            else:
                wording = (_("MDP {player} ({points}) is not paired here and moves on to the bracket of scoregroup "
                             "{score}.") if mdp else
                           _("Upfloater {player} ({points}) is not paired here and moves on to the bracket of "
                             "scoregroup {score}."))
            lines.append(wording.format(player=who(move.number), points=points(move.score, words),
                                        score=words.score(move.to_score) if move.to_score is not None else "?"))
        for white, black in bracket.pairs:
            lines.append(_("Pair: {white} – {black}.").format(white=who(white), black=who(black)))
        if bracket.mdp_opponents:
            lines.append(_("Paired with an MDP (an upfloat): {players}.").format(
                players=everyone(bracket.mdp_opponents)))
        for number in bracket.floaters:
            if number == self.bye:
                lines.append(_("{player} is not paired in this bracket and receives the pairing-allocated bye.").format(
                    player=who(number)))
                continue
            target = self.paired_in.get(number)
            if target is None:
                wording = _("{player} is not paired in this bracket and floats down.")
            elif target > bracket.score:
                wording = _("{player} is not paired in this bracket and floats up, paired in the bracket of "
                            "scoregroup {score}.")
            else:
                wording = _("{player} is not paired in this bracket and floats down, paired in the bracket of "
                            "scoregroup {score}.")
            lines.append(wording.format(player=who(number), score=words.score(target) if target is not None else ""))
        for note in bracket.barred:
            first, *others = note.players
            lines.append(_("{player} may not meet {others}: {reason} ({article}).").format(
                player=who(first), others=everyone(others), reason=note.say(words), article=note.article))
        for note in bracket.criteria:
            lines.append(_("{article} could not be fully met ({criterion}): {players}.").format(
                article=note.article, criterion=note.say(words), players=everyone(note.players)))
        return lines

    def _board_line(self, board: BoardNote, words: Words) -> str:
        _ = words.gettext
        reason = COLOUR_REASONS.get(board.reason, board.reason)
        return _("Board {board}: {white} has White, {black} Black. {article}: {reason}.").format(
            board=board.board, white=self.who(board.white, words), black=self.who(board.black, words),
            article=board.article, reason=_(reason))


def points(tenths: int | None, words: Words = ENGLISH) -> str:
    """A score in tenths with its unit: 1.5 points, 1 point."""
    if tenths is None:
        return "?"
    ngettext = words.ngettext
    count = tenths // 10 if tenths % 10 == 0 else 2  # 1 point, 1.5 points
    return ngettext("{score} point", "{score} points", count).format(score=words.score(tenths))


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
        texts = {"rematch": gettext_noop("they have already played each other"),
                 "forbidden": gettext_noop("the tournament keeps them apart (a forbidden pair)"),
                 "colour": gettext_noop("both must have White (an absolute colour preference)")
                 if floater.preference == WHITE else
                 gettext_noop("both must have Black (an absolute colour preference)")}
        for reason, others in reasons.items():
            notes.append(Note(articles.get(reason, "XXP" if reason == "forbidden" else ""), texts[reason],
                              (number, *(p.number for p in others))))
    return notes


def _criteria_notes(step: Step, by_number: dict[int, Player], colour: dict[int, str],
                    criteria: tuple[ExplainedCriterion, ...]) -> list[Note]:
    """The criteria of the bracket's pairing that are not at their ideal value, with the players
    concerned: the pairing is the best candidate, so each was the best a higher criterion allowed."""
    paired = [by_number[n] for pair in step.pairs for n in pair]
    mdps = {n for n in step.incoming if by_number[n].pairing_score > step.score}
    bracket = PairedBracket(
        members=len(step.incoming) + len(step.residents), pairs=step.pairs, colours=colour, paired=paired,
        floaters=[by_number[n] for n in step.floaters],
        downfloaters=[by_number[n] for n in step.floaters if n not in step.incoming],
        paired_mdps=[p for p in paired if p.number in mdps],
        mdp_opponents=[by_number[n] for n in _mdp_opponents(step, by_number)])
    notes = []
    for criterion in criteria:
        players = criterion.concerns(bracket)
        if players:
            notes.append(Note(criterion.article, criterion.wording, tuple(p.number for p in players)))
    return notes


def explain(state: RoundState, pairing: RoundPairing, steps: list[Step], articles: Articles, *, system: str,
            article: str, edition: str, basic_rules: BasicRules, names: dict[int, str] | None = None,
            colour_exempt: Callable[[Player], bool] = lambda player: False,
            pair_exempt: Callable[[Player, Player], bool] = lambda a, b: False,
            bye_rule: str = PAB_OR_POINT_WITHOUT_PLAYING, acceleration: str = "") -> Explanation:
    """The explanation of ``pairing``, made from ``state`` with the brackets ``steps``; ``edition``:
    the edition's name (shown); ``basic_rules``: its C.04.1 (what keeps two players apart);
    ``colour_exempt``, ``pair_exempt``: whom the system exempts from the colour limits
    (``SwissSystem.colour_exempt``, ``colour_exempt_pair``);
    ``bye_rule``: who may not take the PAB (``Edition.bye_rule``: core.state's rules), for its words;
    ``acceleration``: the edition's method, cited with the virtual points in the scores."""
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
                                    _barred(step, by_number, articles.absolute or basic_rules.kept_apart(),
                                            colour_exempt, pair_exempt),
                                    _criteria_notes(step, by_number, colour, articles.criteria), step.label))
    boards = []
    if articles.colour_rule is not None:
        for board, pair in enumerate(pairing.pairs, start=1):
            rule, reason = articles.colour_rule(pair.white, pair.black, state)
            boards.append(BoardNote(board, pair.white.number, pair.black.number, rule, reason))
    return Explanation(system, article, edition, state.round_number, brackets, boards, bye,
                       bye_reasons(state, pairing, articles, colour_exempt, pair_exempt, bye_rule), dict(names or {}),
                       {p.number: p.pairing_score for p in state.players},
                       {p.number: p.pairing_score - p.score for p in state.players if p.pairing_score != p.score},
                       acceleration)


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
                pair_exempt: Callable[[Player, Player], bool] | None = None,
                bye_rule: str = PAB_OR_POINT_WITHOUT_PLAYING) -> list[Note]:
    """Why the PAB went to its receiver: eligibility, the lowest score it could go to in a complete
    pairing (the pairers' completion check, ``RoundPairer``), then the order among the eligible
    players of that score."""
    if pairing.bye is None:
        return []
    receiver = pairing.bye
    score = receiver.pairing_score

    def numbers(players: list[Player]) -> tuple[int, ...]:
        return tuple(p.number for p in players)

    ineligible = numbers([p for p in state.players if not p.bye_eligible])
    if bye_rule == PAB_OR_FORFEIT_WIN:  # C.04.1 (2017) d: the PAB or a forfeit win bars it
        reasons = [Note(articles.bye_eligibility, gettext_noop(
            "may receive it: has had no pairing-allocated bye, nor a forfeit win; these players may not: "
            "{players}"), ineligible, {"players": ineligible}) if ineligible else
            Note(articles.bye_eligibility, gettext_noop(
                "may receive it: has had no pairing-allocated bye, nor a forfeit win"))]
    else:  # C.04.1 (2026) Art. 4, Burstein (2017) 4.1: the PAB or a win's points without playing
        reasons = [Note(articles.bye_eligibility, gettext_noop(
            "may receive it: has had no pairing-allocated bye, nor a win's points without playing; these "
            "players may not: {players}"), ineligible, {"players": ineligible}) if ineligible else
            Note(articles.bye_eligibility, gettext_noop(
                "may receive it: has had no pairing-allocated bye, nor a win's points without playing"))]
    lower = numbers([p for p in state.players if p.bye_eligible and p.pairing_score < score])
    pairer, everyone = RoundPairer(state, colour_exempt, pair_exempt), list(range(len(state.players)))
    lowest = pairer.lowest_bye_score(everyone) if lower else None  # a matching per score below his, at most
    could = (numbers([state.players[v] for v in pairer.bye_takers(everyone, lowest)])
             if lowest is not None and lowest < score else ())
    if could:  # an edition without a rule for the lowest score (Dutch 2017): say so, not the contrary
        reasons.append(Note(articles.bye_score, gettext_noop(
            "a complete pairing could leave unpaired an eligible player with less ({players}), but this edition "
            "does not ask for the lowest score: the PAB goes to whoever the pairing of the last bracket leaves "
            "unpaired"), could, {"players": could}))
    elif lower:
        reasons.append(Note(articles.bye_score, gettext_noop(
            "{score} is the lowest score the bye can go to in a complete pairing: the eligible players with less "
            "({players}) could not be left unpaired"), lower, {"score": score, "players": lower}))
    else:
        reasons.append(Note(articles.bye_score, gettext_noop("no eligible player has a lower score than {score}"),
                            values={"score": score}))
    same = [p for p in state.players if p.bye_eligible and p.pairing_score == score and p is not receiver]
    below = numbers([p for p in same if p.rank > receiver.rank])
    if not same:
        reasons.append(Note("", gettext_noop("the only eligible player with that score")))
    elif not below:
        reasons.append(Note(articles.bye_order, gettext_noop(
            "the lowest ranked of the {count} eligible players with that score; {rule}"),
            values={"count": len(same) + 1, "rule": articles.bye_order_text}))
    else:
        reasons.append(Note(articles.bye_order, gettext_noop(
            "{rule}; the lower ranked eligible players with that score ({players}) are paired"), below,
            {"rule": articles.bye_order_text, "players": below}))
    return reasons
