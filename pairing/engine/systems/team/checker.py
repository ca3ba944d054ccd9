"""The checker of a team tournament (``--team -c``): every round re-paired from its own history
and compared with the file; the teams' match and game points (310) recomputed; and the
legality of a round's pairing ([C1], [C2], everyone available paired, Article 4's colours)."""

from __future__ import annotations

from dataclasses import dataclass

from ...trf import format_points
from ...trf_team import TeamDocument
from .colours import allocate
from .editions import TeamEdition
from .pairer import pair_teams
from .state import build_team_state, bye_game_points


@dataclass
class TeamDiscrepancy:
    round_number: int
    played: list[tuple[int, int]]
    ours: list[tuple[int, int]]

    def describe(self) -> str:
        played, ours = set(self.played), set(self.ours)
        lines = [f"Round {self.round_number}: the played pairing differs from ours"]
        lines += [f"  played {w}-{b}" for w, b in self.played if (w, b) not in ours]
        lines += [f"  ours   {w}-{b}" for w, b in self.ours if (w, b) not in played]
        return "\n".join(lines)


def played_pairing(document: TeamDocument, round_number: int) -> list[tuple[int, int]]:
    """The matches of a round as ``(white, black)`` TPNs (board 1's colours), the PAB as ``(t, 0)``."""
    boards = []
    for tpn in sorted(document.teams):
        entry = document.round(tpn, round_number)
        if entry.kind == "match" and entry.colour == "w":
            boards.append((tpn, entry.opponent))
        elif entry.kind == "bye":
            boards.append((tpn, 0))
    return boards


def check_team(document: TeamDocument, edition: TeamEdition) -> list[TeamDiscrepancy]:
    total = document.total_rounds or document.paired_rounds
    problems = []
    for round_number in range(1, document.paired_rounds + 1):
        ours = pair_teams(build_team_state(document, edition, round_number, total)).as_numbers()
        played = played_pairing(document, round_number)
        if set(ours) != set(played):
            problems.append(TeamDiscrepancy(round_number, sorted(played), ours))
    return problems


def check_team_points(document: TeamDocument, edition: TeamEdition | None = None) -> list[str]:
    """The 310 match and game points that differ from the results of the rounds in the file (the
    PAB's game points by the edition's reading when the file does not value them)."""
    rounds = document.paired_rounds
    bye = bye_game_points(document, edition) if edition is not None else None
    problems = []
    for tpn, team in sorted(document.teams.items()):
        for which, given in (("MP", team.match_points), ("GP", team.game_points)):
            computed = document.score(tpn, which, rounds, bye)
            if given is not None and given != computed:
                problems.append(f"team {tpn} (line {team.line}): {which} {format_points(given)} in 310, "
                                f"{format_points(computed)} from the rounds")
    return problems


def illegal(document: TeamDocument, edition: TeamEdition, round_number: int,
            boards: list[tuple[int, int]]) -> list[str]:
    """What makes ``boards`` (``(white, black)``, the PAB as ``(t, 0)``) an illegal pairing of
    ``round_number``: a rematch of a played match ([C1]), a PAB to a team barred by [C2] or when
    the number of teams is even, a team available but unpaired or paired twice, colours other than
    Article 4's."""
    state = build_team_state(document, edition, round_number)
    teams = {team.tpn: team for team in state.teams}
    problems = []
    seen = [t for board in boards for t in board if t]
    if sorted(seen) != sorted(teams):
        problems.append(f"round {round_number}: teams paired {sorted(seen)}, available {sorted(teams)}")
    for white, black in boards:
        if not black:
            if teams.get(white) and teams[white].bye_barred:
                problems.append(f"round {round_number}: team {white} may not take the PAB ([C2], 2.1.2)")
            if len(teams) % 2 == 0:
                problems.append(f"round {round_number}: a PAB with an even number of teams (1.4)")
            continue
        if white not in teams or black not in teams:
            continue
        if black in teams[white].met:
            problems.append(f"round {round_number}: {white}-{black} have already played ([C1], 2.1.1)")
        expected, _, article = allocate(teams[white], teams[black], state.colour_model, state.initial_colour)
        if expected.tpn != white:
            problems.append(f"round {round_number}: {white}-{black}: Article {article} gives White to {black}")
    return problems
