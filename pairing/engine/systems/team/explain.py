"""Why the team system paired a round so (``--team -p OUT --explain WHY.json``): the PAB and
its candidates (3.4), each bracket as paired (3.5, 3.6) and the colour rule of each match (4.3).

:func:`explain_team` writes the facts as JSON data; :func:`paragraphs` writes them in plain words,
in English unless given the app's :class:`~...core.explanation.Words`: the wordings are marked
for the app's catalogues (``gettext_noop``, or called through ``_``), as the individual systems'
explanation's are (``core/explanation.py``), so the app shows the stored facts in its reader's
language.  The JSON's ``text`` is :func:`paragraphs` in English.
"""

from __future__ import annotations

from ...core.explanation import ENGLISH, Words, gettext_noop, points
from .pairer import TeamPairing
from .state import TeamRoundState

#: the quality criteria of 2.3: article and wording
CRITERIA = {
    "C6": ("2.3.3", gettext_noop("the following scoregroup is left needing more upfloaters than its parity")),
    "C7": ("2.3.4", gettext_noop("upfloaters that were floaters in the previous round")),
    "C8": ("2.3.5", gettext_noop("teams whose colour preference is not fulfilled")),
    "C9": ("2.3.6", gettext_noop("teams whose strong colour preference is not fulfilled")),
    "C10": ("2.3.7", gettext_noop("upfloaters' opponents that were floaters in the previous round")),
}

#: Article 4.3: what each colour rule decides (board 1's colours; the other boards alternate, 1.6.1)
COLOUR_RULES = {
    "4.3.1": gettext_noop("neither team has played a match yet: the first-team gets the initial colour if its TPN "
                          "is odd, else the other colour"),
    "4.3.2": gettext_noop("only one team has a colour preference, and it is granted"),
    "4.3.3": gettext_noop("the teams prefer opposite colours, and both preferences are granted"),
    "4.3.4": gettext_noop("only one team has a strong colour preference, and it is granted"),
    "4.3.5": gettext_noop("the team with the lower colour difference gets White"),
    "4.3.6": gettext_noop("the colours alternate from the most recent round in which one team had White and the "
                          "other Black"),
    "4.3.7": gettext_noop("the colour preference of the first-team is granted"),
    "4.3.8": gettext_noop("the first-team's colour alternates from its last played round"),
    "4.3.9": gettext_noop("the other team's colour alternates from its last played round"),
}

#: What the English JSON of an earlier version said of the PAB's rule (kept for its readers).
BYE_TEXT = ("3.4: the PAB goes to the team that leaves a legal pairing for all, with the lowest score, "
            "the most matches played, the largest TPN; teams that had a PAB or won a match by forfeit "
            "may not have it ([C2])")

#: The system's title and article (``TEAM``'s, named here for the explanation's heading).
SYSTEM, ARTICLE = "Swiss team system", "C.04.6"


def explain_team(state: TeamRoundState, pairing: TeamPairing, names: dict[int, str] | None = None) -> dict:
    brackets = [{"score": b.score, "residents": list(b.residents), "upfloaters": list(b.upfloaters),
                 "pairs": [list(p) for p in b.pairs],
                 "criteria": [{"criterion": name, "article": CRITERIA[name][0], "text": CRITERIA[name][1],
                               "count": count} for name, count in b.criteria.items()]}
                for b in pairing.brackets]
    boards = [{"white": w, "black": b, "article": pairing.colour_articles[(w, b)]} for w, b in pairing.boards]
    data = {"system": "team", "title": SYSTEM, "article": ARTICLE, "edition": state.edition.name,
            "round": state.round_number, "colour_model": state.colour_model,
            "names": {str(tpn): name for tpn, name in sorted((names or {}).items())},
            "scores": {str(team.tpn): team.score for team in state.teams},
            "bye": pairing.bye, "bye_candidates": list(pairing.bye_candidates), "bye_article": BYE_TEXT,
            "bye_skipped": _skipped(pairing), "bye_barred": sorted(t.tpn for t in state.teams if t.bye_barred),
            "brackets": brackets, "boards": boards}
    data["text"] = [[heading, lines] for heading, lines in paragraphs(data)]
    return data


def _skipped(pairing: TeamPairing) -> list[int]:
    """The teams before the PAB's in the order of 3.4.2-3.4.4 that would leave no legal pairing."""
    order = list(pairing.bye_candidates)
    return order[:order.index(pairing.bye)] if pairing.bye in order else []


class _Teams:
    """The teams of an explanation's JSON by TPN: their names and scores, in ``words``."""

    def __init__(self, data: dict, words: Words):
        self.names = {int(tpn): name for tpn, name in data["names"].items()}
        self.scores = {int(tpn): score for tpn, score in data["scores"].items()}
        self.words = words

    def who(self, tpn: int) -> str:
        _ = self.words.gettext
        name = self.names.get(tpn)
        return f"{name} ({tpn})" if name else _("team {number}").format(number=tpn)

    def everyone(self, tpns) -> str:
        _ = self.words.gettext
        names = [self.who(tpn) for tpn in tpns]
        if len(names) == 1:
            return names[0]
        return _("{players} and {last}").format(players=", ".join(names[:-1]), last=names[-1])


def paragraphs(data: dict, words: Words = ENGLISH) -> list[tuple[str, list[str]]]:
    """The explanation :func:`explain_team` wrote, in sections (a heading, its sentences) of plain
    words, each citing its article of C.04.6.  A KeyError, TypeError or ValueError: data it cannot read."""
    _ = words.gettext
    teams = _Teams(data, words)
    sections = [(_("Round {round}: {system}, {article} ({edition})").format(
                    round=data["round"], system=data.get("title", SYSTEM), article=data.get("article", ARTICLE),
                    edition=data.get("edition", "2026")),
                 [_("The pairing-allocated bye first (Article 3.4); then, from the top, each top-scoregroup with "
                    "the upfloaters it needs (Article 3.5), paired as one bracket (Article 3.6); then the colours "
                    "of board 1 of each match (Article 4), the other boards alternating.")]),
                (_("Pairing-allocated bye"), _bye_lines(data, teams))]
    whites = {board["white"] for board in data["boards"]}
    for index, bracket in enumerate(data["brackets"], start=1):
        heading = _("Bracket {index}: scoregroup {score}").format(index=index, score=words.score(bracket["score"]))
        sections.append((heading, _bracket_lines(bracket, teams, whites)))
    colours = [_("Match {match}: {white} has White on board 1, {black} Black. {article}: {reason}.").format(
                   match=number, white=teams.who(board["white"]), black=teams.who(board["black"]),
                   article=board["article"], reason=_(COLOUR_RULES.get(board["article"], board["article"])))
               for number, board in enumerate(data["boards"], start=1)]
    sections.append((_("Colours"), colours or [_("No boards.")]))
    return sections


def _bye_lines(data: dict, teams: _Teams) -> list[str]:
    _ = teams.words.gettext
    bye = data["bye"]
    if bye is None:
        return [_("No bye: an even number of teams was paired.")]
    lines = [_("{team} ({points}) receives the pairing-allocated bye (Article 3.4): of the teams that leave a legal "
               "pairing for all, the one with the lowest score, then the most matches played, then the largest "
               "TPN.").format(team=teams.who(bye), points=points(teams.scores.get(bye), teams.words))]
    if data["bye_skipped"]:
        lines.append(_("{teams} come first by score, matches played and TPN (3.4.2-3.4.4), but would leave no "
                       "legal pairing for the others (3.4.1).").format(teams=teams.everyone(data["bye_skipped"])))
    if data["bye_barred"]:
        lines.append(_("{teams} may not have it: a pairing-allocated bye or a match won by forfeit already "
                       "([C2], 2.1.2).").format(teams=teams.everyone(data["bye_barred"])))
    return lines


def _bracket_lines(bracket: dict, teams: _Teams, whites: set[int]) -> list[str]:
    _ = teams.words.gettext
    lines = [_("Teams of the scoregroup: {teams}.").format(teams=teams.everyone(bracket["residents"]))]
    if bracket["upfloaters"]:
        lines.append(_("Upfloaters (Article 3.5): {teams}.").format(teams=teams.everyone(bracket["upfloaters"])))
    for a, b in bracket["pairs"]:
        white, black = (a, b) if a in whites else (b, a)  # White on board 1 first
        lines.append(_("Pair: {white} – {black}.").format(white=teams.who(white), black=teams.who(black)))
    for item in bracket["criteria"]:
        wording = CRITERIA[item["criterion"]][1] if item["criterion"] in CRITERIA else item["text"]
        lines.append(_("[{criterion}] ({article}) could not be fully met: {wording}: {count}; no pairing of the "
                       "bracket does better without breaking a criterion before it.").format(
            criterion=item["criterion"], article=item["article"], wording=_(wording), count=item["count"]))
    return lines
