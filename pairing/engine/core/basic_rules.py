"""The Basic Rules for Swiss Systems (C.04.1), each edition an object: the 2017 text (rules a-i)
and the 2026 text (Articles 1-9).  What a system's edition takes from them: who may not take the
pairing-allocated bye, how a round without a game counts as a float, and the articles the review of
a manual pairing and the explanation cite.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..trf import RoundEntry, Scoring

#: The rules barring a player from the pairing-allocated bye (``Edition.bye_rule``).
#: C.04.1 (2017) d: one who already had the PAB or a forfeit win.
PAB_OR_FORFEIT_WIN = "pab-or-forfeit-win"
#: C.04.1 (2026) Art. 4: the PAB, or "in one single round, without playing, as many points as
#: rewarded for a win" (a forfeit win, a full-point bye); Burstein (2017) 4.1 "a point without
#: playing" says the same, "a point" read as a full point (a win's points): a half-point bye is not.
PAB_OR_POINT_WITHOUT_PLAYING = "pab-or-point-without-playing"


def forbids_bye(entry: RoundEntry, scoring: Scoring, rule: str) -> bool:
    """Whether this earlier round bars the player from the pairing-allocated bye by ``rule``
    (:data:`PAB_OR_FORFEIT_WIN` or :data:`PAB_OR_POINT_WITHOUT_PLAYING`)."""
    if entry.played:
        return False
    if entry.code in ("U", "+"):  # the PAB (whatever the tournament awards for it), a forfeit win
        return True
    if rule == PAB_OR_FORFEIT_WIN:
        return False
    return scoring.points(entry.code) >= scoring.win


#: The rules of C.04.1 a review or an explanation cites, in the order of both texts (2017 b-h,
#: 2026 Arts. 2-8).
RULES = ("rematch", "unpaired", "bye", "score", "difference", "repeat", "preference")


@dataclass(frozen=True)
class BasicRules:
    """One edition of C.04.1."""

    name: str                    # "2017", "2026": data (messages, tests), never compared
    #: the numbers of :data:`RULES` in this text: 2017 b-h, 2026 Arts. 2-8
    numbers: tuple[str, ...]
    #: how a citation names this edition where the reader is not told it ("": the 2017 text,
    #: cited by its letters alone)
    edition_mark: str
    #: who may not take the PAB: 2017 d (:data:`PAB_OR_FORFEIT_WIN`), 2026 Art. 4
    #: (:data:`PAB_OR_POINT_WITHOUT_PLAYING`)
    bye_rule: str
    #: the float of a round without a game: Dutch 2017 A.4 b, whoever does not play downfloats;
    #: Dutch 2026 Art. 1.4.3-1.4.4, only the PAB or more than a loss without playing
    every_unplayed_round_downfloats: bool

    def cite(self, rule: str, short: bool = False) -> str:
        """The article of ``rule`` (one of :data:`RULES`): "C.04.1 (2026) Art. 4", "C.04.1 d";
        ``short``: without the edition (the explanation names it in its heading)."""
        mark = "" if short else self.edition_mark
        return f"C.04.1{mark} {self.numbers[RULES.index(rule)]}"

    def cite_colour_limits(self, short: bool = False) -> str:
        """Both colour limits, 2017 f-g / 2026 Arts. 6-7 (what [C3] rests on)."""
        return self.cite("difference", short) + "-" + self.numbers[RULES.index("repeat")].rsplit(" ", 1)[-1]

    def kept_apart(self) -> dict[str, str]:
        """The articles that keep two players apart, by ``core.compatibility.kept_apart``'s reason,
        as the explanation cites them."""
        return {"rematch": self.cite("rematch", short=True), "colour": self.cite_colour_limits(short=True)}

    def downfloats_unplayed(self, entry: RoundEntry, scoring: Scoring) -> bool:
        """Whether a round ``entry`` without a game counts as a downfloat (else as no float)."""
        return self.every_unplayed_round_downfloats or scoring.points(entry.code) > scoring.loss


BASIC_RULES_2017 = BasicRules(
    name="2017", numbers=("b", "c", "d", "e", "f", "g", "h"), edition_mark="",
    bye_rule=PAB_OR_FORFEIT_WIN, every_unplayed_round_downfloats=True)
BASIC_RULES_2026 = BasicRules(
    name="2026", numbers=tuple(f"Art. {n}" for n in range(2, 9)), edition_mark=" (2026)",
    bye_rule=PAB_OR_POINT_WITHOUT_PLAYING, every_unplayed_round_downfloats=False)

#: each edition by its name, for what names one as data (an ``Edition`` given a name, tests)
BASIC_RULES = {rules.name: rules for rules in (BASIC_RULES_2017, BASIC_RULES_2026)}


def basic_rules_named(rules: BasicRules | str) -> BasicRules:
    """``rules`` itself, or the edition of that name."""
    return BASIC_RULES[rules] if isinstance(rules, str) else rules
