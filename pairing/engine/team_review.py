"""The review of a team pairing made by hand (C.04.6): which rules a round-pairing of teams
breaks, as :mod:`.review` does for players (its :class:`~.review.Finding`, compared with the
engine's pairing by :func:`~.review.new_findings`).

An arbiter may change a team draft as a players' one (swap the colours of a match, exchange
opponents, unpair, pair, give the PAB: :mod:`.changes`, the boards being matches as
``(white TPN, black TPN)``, board 1's colours, C.04.6 1.6.1).  Everything read here comes from
the round's :class:`~.systems.team.state.TeamRoundState`: [C1] a rematch of a played match
(2.1.1; a match lost by forfeit is no meeting, GHR 3.5), [C2] the PAB to a team barred from it
(2.1.2), the PAB with an even number of teams (1.4) or to another team than 3.4 gives it to,
teams left unpaired (1.4, 3.3.1), teams of different scores (1.5, [C4] 2.3.1), colours other
than Article 4's, and with a colour model a colour preference not met (1.7, [C8] 2.3.5; Type
B's strong ones [C9] 2.3.6).  C.04.6 has no absolute colour criterion (its preface).
"""

from __future__ import annotations

from .errors import NoValidPairing
from .review import Board, Finding, named_once, points_text
from .systems.team.colours import allocate
from .systems.team.pairer import Graph, assign_bye, board_key
from .systems.team.state import Team, TeamRoundState

ARTICLE = "C.04.6"
COLOUR = {"w": "White", "b": "Black"}


def review_teams(state: TeamRoundState, boards: list[Board]) -> list[Finding]:
    """The rules that the team round-pairing ``boards`` breaks, match by match, then the teams
    left unpaired.  Raises :class:`EngineError` when a match names a team not to be paired in
    this round, or a team twice, or more than one PAB."""
    teams = {team.tpn: team for team in state.teams}
    seen = named_once(teams, state.round_number, boards, "team", "in two matches")
    findings: list[Finding] = []
    for white, black in boards:
        findings += _bye_findings(state, teams[white]) if not black else _match_findings(
            state, teams[white], teams[black])
    unpaired = sorted(set(teams) - seen)
    if unpaired:
        findings.append(Finding(
            "unpaired", f"{ARTICLE} 1.4, 3.3.1",
            f"Not paired: team {', '.join(map(str, unpaired))}. Every team is paired but, when their number is "
            f"odd, the one with the pairing-allocated bye; a team left out scores nothing this round.",
            tuple(unpaired), True))
    return findings


def _match_findings(state: TeamRoundState, white: Team, black: Team) -> list[Finding]:
    """[C1], the scores ([C4]), Article 4's colours and the colour preferences ([C8], [C9])."""
    pair, findings = (white.tpn, black.tpn), []
    if black.tpn in white.met:
        findings.append(Finding("rematch", f"{ARTICLE} 2.1.1 [C1]; C.04.1 Art. 2",
                                f"Teams {white.tpn} and {black.tpn} have already played a match.", pair, True))
    if white.score != black.score:
        high, low = (white, black) if white.score > black.score else (black, white)
        findings.append(Finding(
            "score", f"{ARTICLE} 1.5, 2.3.1 [C4]",
            f"Team {high.tpn} ({points_text(high.score)}) meets team {low.tpn} ({points_text(low.score)}): "
            f"teams of different scores (an upfloater).", pair, False))
    expected, _, article = allocate(white, black, state.colour_model, state.initial_colour)
    if expected.tpn != white.tpn:
        findings.append(Finding(
            "colours", f"{ARTICLE} {article}",
            f"Team {white.tpn} has White on board 1, but Article {article} gives it to team {black.tpn}.",
            pair, False))
    for team, colour in ((white, "w"), (black, "b")):
        findings += _preference_findings(state, team, colour)
    return findings


def _preference_findings(state: TeamRoundState, team: Team, colour: str) -> list[Finding]:
    """1.7: a colour preference (Type A simple, Type B strong or mild) not met: [C8], and [C9]."""
    if team.preference is None or team.preference == colour:
        return []
    if state.colour_model != "B":
        return [Finding("preference", f"{ARTICLE} 1.7.1, 2.3.5 [C8]",
                        f"Team {team.tpn} gets {COLOUR[colour]} on board 1 against its colour preference for "
                        f"{COLOUR[team.preference]}.", (team.tpn,), False)]
    strength, criteria = ("strong", "2.3.5 [C8], 2.3.6 [C9]") if team.strong else ("mild", "2.3.5 [C8]")
    return [Finding("preference", f"{ARTICLE} 1.7.2, {criteria}",
                    f"Team {team.tpn} gets {COLOUR[colour]} on board 1 against its {strength} colour preference "
                    f"for {COLOUR[team.preference]}.", (team.tpn,), False)]


def _bye_findings(state: TeamRoundState, team: Team) -> list[Finding]:
    """[C2]; 1.4: a PAB only when the number of teams is odd; 3.4: the team it goes to."""
    if team.bye_barred:  # [C2]
        return [Finding("bye", f"{ARTICLE} 2.1.2 [C2]",
                        f"Team {team.tpn} gets the pairing-allocated bye but has already had it, or won a match by "
                        f"forfeit.", (team.tpn,), True)]
    if len(state.teams) % 2 == 0:
        return [Finding("bye", f"{ARTICLE} 1.4",
                        f"Team {team.tpn} gets the pairing-allocated bye, but the number of teams to be paired is "
                        f"even: none is left without a match.", (team.tpn,), True)]
    try:
        chosen, _ = assign_bye(Graph(state.teams), (1 << len(state.teams)) - 1)
    except NoValidPairing:
        return []
    chosen_team = state.teams[chosen]
    if chosen_team.tpn == team.tpn:
        return []
    return [Finding(
        "bye_order", f"{ARTICLE} 3.4",
        f"Team {team.tpn} ({points_text(team.score)}) gets the pairing-allocated bye, but it goes to team "
        f"{chosen_team.tpn} ({points_text(chosen_team.score)}): the lowest score, then the most matches played, "
        f"then the largest TPN, among the teams that leave a legal pairing.", (team.tpn, chosen_team.tpn), False)]


def in_match_order(state: TeamRoundState, boards: list[Board]) -> list[Board]:
    """The matches in the engine's order (the higher score of the pair, the sum of the scores, the
    smaller TPN of the higher-placed team), the PAB last."""
    teams = {team.tpn: team for team in state.teams}
    matches = sorted((b for b in boards if b[1]), key=lambda b: board_key(teams[b[0]], teams[b[1]]))
    return matches + [b for b in boards if not b[1]]
