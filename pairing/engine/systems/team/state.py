"""What C.04.6 pairs a round from: each team's scores, colours, meetings and floats (pure data).

Read from a :class:`~pairing.engine.trf_team.TeamDocument` before round ``round_number``."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.acceleration import BAKU_2026, baku_premises_broken, baku_virtual_points
from ...errors import TrfError
from ...trf_team import TeamDocument
from .colours import preference
from .editions import TeamEdition


@dataclass
class Team:
    tpn: int
    score: int                 # the primary score (1.2), with the virtual points of C.04.7, tenths
    secondary: int | None      # the secondary score of 4.2.2, or None when not used
    colours: tuple[str, ...]   # the colours of its played matches, oldest first (1.6.1; GHR 3.4)
    met: frozenset[int]        # opponents of played matches ([C1]; a forfeited match is none, GHR 3.5)
    bye_barred: bool           # had the PAB or won a match by forfeit ([C2], 2.1.2)
    floated: bool              # played an opponent with another score in the previous round (1.5)
    preference: str | None = None   # "w" / "b" (1.7)
    strong: bool = False            # Type B strong, or Type A (simple) preference

    @property
    def matches(self) -> int:
        return len(self.colours)

    @property
    def colour_difference(self) -> int:
        return self.colours.count("w") - self.colours.count("b")


@dataclass
class TeamRoundState:
    round_number: int
    total_rounds: int          # 0 when the file does not say (no 142)
    teams: list[Team]                                    # the teams to pair, by TPN
    edition: TeamEdition
    initial_colour: str = "w"
    colour_model: str = "A"     # "A", "B" or "none" (1.7)
    all_teams: dict[int, Team] = field(default_factory=dict)

    @property
    def late_round(self) -> bool:
        """[C7]/[C10] do not apply in the last two rounds (2.3.4, 2.3.7)."""
        return bool(self.total_rounds) and self.round_number >= self.total_rounds - 1


def build_team_state(document: TeamDocument, edition: TeamEdition, round_number: int | None = None,
                     total_rounds: int | None = None) -> TeamRoundState:
    if round_number is None:
        round_number = document.paired_rounds + 1
    # 0: the number of rounds is unknown (no 142), so no round is known to be one of the last two
    total = total_rounds or document.total_rounds or 0
    if total and round_number > total:
        raise TrfError(f"round {round_number} is beyond the {total} rounds of the tournament (142)")
    unfinished = document.games.unfinished_round
    if unfinished is not None and unfinished < round_number:
        raise TrfError(f"round {unfinished} is not finished: board games without a result; round "
                       f"{round_number} cannot be paired before it is")
    if document.baku and not total and not document.virtual:
        raise TrfError("the Baku acceleration needs the number of rounds (142) (C.04.7 1.4)")
    previous = round_number - 1
    if document.baku and not document.virtual:  # 250 records override the code (TRF-2026)
        for accelerated in range(1, total + 1):
            add_baku_points(document, accelerated, total)
    teams = {tpn: _team(document, edition, tpn, previous, round_number == total) for tpn in document.teams}
    unavailable = document.unavailable.get(round_number, set()) | {
        tpn for tpn in document.teams if document.round(tpn, round_number).kind == "absent"
        and round_number <= _rounds_in_file(document)}
    available = [teams[tpn] for tpn in sorted(teams) if tpn not in unavailable]
    return TeamRoundState(round_number, total, available, edition, document.initial_colour or "w",
                          document.colour_model, teams)


def add_baku_points(document: TeamDocument, round_number: int, total: int) -> None:
    """C.04.7 (2026) for ``192 FIDE_TEAM_..._BAKU`` without 250 records: the teams of GA, the first
    half of the list rounded up to an even number (1.2), get the match points of a win in the
    first half (rounded up) of the accelerated rounds and half of that in the rest (1.4; the
    1.4.4 team example).  The method needs match points as the primary score and a win worth two
    draws (1.1, 1.4.4's note)."""
    scoring = document.match_scoring
    if document.primary != "MP":
        raise TrfError("the Baku acceleration cannot be used with game points as the primary score (C.04.7 1.4.4)")
    if baku_premises_broken(BAKU_2026, total, scoring.win, scoring.draw, scoring.loss):
        raise TrfError("the Baku acceleration needs a win worth two draws and a loss worth nothing (C.04.7 1.1)")
    last = 2 * -(-len(document.teams) // 4)
    points = baku_virtual_points(round_number, total, scoring.win, BAKU_2026)
    for tpn in document.teams:
        if tpn <= last and points:
            document.virtual[(round_number, tpn)] = (points, 0)


def _rounds_in_file(document: TeamDocument) -> int:
    return max((len(rounds) for rounds in document.rounds.values()), default=0)


def _score(document: TeamDocument, tpn: int, which: str, rounds: int, edition: TeamEdition,
           secondary: bool = False) -> int:
    """The team's match or game points before round ``rounds + 1``, with its virtual points of
    that kind (C.04.7 1.5) and the PAB's game points by the edition's reading when the file does
    not value them."""
    virtual = document.virtual.get((rounds + 1, tpn), (0, 0))
    added = virtual[0] if which == "MP" else virtual[1]
    if secondary and which == "GP" and edition.virtual_in_secondary:
        added += virtual[0]  # KD-3: Gacrux compares game points with the virtual match points
    return document.score(tpn, which, rounds, bye_game_points(document, edition)) + added


def bye_game_points(document: TeamDocument, edition: TeamEdition) -> int | None:
    """A PAB's game points when the edition values it otherwise than the file (KD-2), else None."""
    if document.bye_valued or edition.bye_board_without_p == "draw":
        return None
    return document.games.scoring.win * document.boards


def _team(document: TeamDocument, edition: TeamEdition, tpn: int, previous: int, last_round: bool) -> Team:
    rounds = document.rounds[tpn][:previous]
    colours = tuple(r.colour for r in rounds if r.kind == "match" and r.played and r.colour)
    met = frozenset(r.opponent for r in rounds if r.kind == "match" and r.played and r.opponent)
    barred = any(r.kind == "bye" or r.forfeit_win for r in rounds)
    team = Team(tpn, _score(document, tpn, document.primary, previous, edition),
                _score(document, tpn, document.secondary, previous, edition, secondary=True)
                if document.secondary else None,
                colours, met, barred, _floated(document, edition, tpn, previous))
    team.preference, team.strong = preference(colours, document.colour_model, last_round)
    return team


def _floated(document: TeamDocument, edition: TeamEdition, tpn: int, previous: int) -> bool:
    """1.5: in the previous round, the team met an opponent with a different score."""
    if previous < 1:
        return False
    last = document.round(tpn, previous)
    if last.kind != "match" or last.opponent is None or (edition.float_needs_play and not last.played):
        return False
    before = previous - 1
    return (_score(document, tpn, document.primary, before, edition)
            != _score(document, last.opponent, document.primary, before, edition))
