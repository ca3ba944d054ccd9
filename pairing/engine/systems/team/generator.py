"""Random team tournaments paired by this engine (``--team -g``), written as TRF-2026.

Teams of 4-6 boards with a strength each, players rated around it; every round: absent teams
(240), the pairing by C.04.6, board results from the Elo expectation with a draw share, whole
matches lost by forfeit (330) and single boards forfeited.  The same seed and parameters always
give the same file, which ``--team -c`` accepts."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...errors import NoValidPairing
from ...trf import PlayerRecord, RoundEntry, Scoring, TrfDocument
from ...trf_team import TeamDocument, TeamRecord, _team_rounds, dump_team, read_team_code
from .pairer import pair_teams
from .state import build_team_state

CODES = ("FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_TYPEB_MP_GP", "FIDE_TEAM_MP_GP", "FIDE_TEAM_TYPEA_GP_MP",
         "FIDE_TEAM_TYPEB_GP_MP", "FIDE_TEAM_TYPEA_MP", "FIDE_TEAM_GP_MP", "FIDE_TEAM_TYPEB_MP_GP_BAKU")


@dataclass
class TeamConfig:
    teams: int | None = None          # 4-40 when missing
    rounds: int | None = None         # 5-9 when missing, at most teams - 1
    boards: int | None = None         # 4-6
    draw_percentage: int | None = None  # 15-55
    code: str | None = None           # record 192; drawn from CODES when missing
    absent_percentage: float = 2.0    # per team and round
    match_forfeit_percentage: float = 2.0
    board_forfeit_percentage: float = 1.0


#: attempts at a tournament whose every round has a legal pairing (3.3.3 leaves the others to the
#: Chief Arbiter); each attempt draws the tournament again from ``(seed, attempt)``
ATTEMPTS = 20


def generate_team(config: TeamConfig, seed: int) -> str:
    for attempt in range(ATTEMPTS):
        rng = random.Random(f"{seed}/{attempt}" if attempt else seed)
        document = _new_document(config, rng)
        try:
            for round_number in range(1, document.games.total_rounds + 1):
                play_round(document, round_number, config, rng)
        except NoValidPairing:
            continue
        return dump_team(document, f"random team tournament {seed}")
    raise NoValidPairing(f"seed {seed}: no tournament with a legal pairing in every round in {ATTEMPTS} attempts")


def _new_document(config: TeamConfig, rng: random.Random) -> TeamDocument:
    count = config.teams or round(4 * 10 ** rng.uniform(0, 1))
    boards = config.boards or rng.randint(4, 6)
    rounds = max(1, min(config.rounds or rng.randint(5, 9), count - 1))
    code = config.code or rng.choice(CODES)
    strengths = sorted((rng.randint(1300, 2500) for _ in range(count)), reverse=True)
    games = TrfDocument(total_rounds=rounds, initial_colour=rng.choice("wb"),
                        scoring=Scoring(pairing_bye=5))
    teams = {}
    for tpn, strength in enumerate(strengths, start=1):
        ratings = sorted((max(1000, round(rng.gauss(strength, 120))) for _ in range(boards)), reverse=True)
        members = tuple((tpn - 1) * boards + board for board in range(1, boards + 1))
        for number, rating in zip(members, ratings, strict=True):
            games.players[number] = PlayerRecord(number=number, name=f"Player {number}", rating=rating)
        teams[tpn] = TeamRecord(tpn, f"Team {tpn}", f"T{tpn}", round(sum(ratings) / boards), members=members)
    settings = read_team_code(code)
    document = TeamDocument(games=games, teams=teams, rounds={tpn: [] for tpn in teams}, code=code,
                            colour_model=settings["colour_model"], primary=settings["primary"],
                            secondary=settings["secondary"], board_colours="WB" * (boards // 2) + "W" * (boards % 2),
                            bye_match_points=10, bye_game_points=5 * boards, baku=settings["baku"])
    document.owner = {player: tpn for tpn, team in teams.items() for player in team.members}
    return document


def play_round(document: TeamDocument, round_number: int, config: TeamConfig, rng: random.Random) -> None:
    absent = {tpn for tpn in document.teams if rng.random() * 100 < config.absent_percentage}
    if len(document.teams) - len(absent) < 2:
        absent = set()
    if absent:
        document.unavailable[round_number] = absent
    pairing = pair_teams(build_team_state(document, document_edition(), round_number))
    draw = (config.draw_percentage if config.draw_percentage is not None else 35) / 100
    for tpn in document.teams:
        for player in document.teams[tpn].members:
            document.games.players[player].rounds.append(RoundEntry(None, None, "Z"))
    if pairing.bye is not None:
        for player in document.teams[pairing.bye].members:
            document.games.players[player].rounds[-1] = RoundEntry(None, None, "U")
    for white, black in pairing.boards:
        _play_match(document, round_number, white, black, draw, config, rng)
    for tpn in document.teams:
        document.rounds[tpn] = _team_rounds(document, tpn)


def document_edition():
    from . import TEAM
    return TEAM.latest


def _play_match(document: TeamDocument, round_number: int, white: int, black: int, draw: float,
                config: TeamConfig, rng: random.Random) -> None:
    players = document.games.players
    forfeit = rng.random() * 100 < config.match_forfeit_percentage
    loser = rng.choice((white, black))
    if forfeit:
        document.forfeits[(round_number, white, black)] = "-+" if loser == white else "+-"
    for board, (a, b) in enumerate(zip(document.teams[white].members, document.teams[black].members,
                                       strict=True)):
        a_white = document.board_colours[board] == "W"
        if forfeit:
            code = "-" if loser == white else "+"
        elif rng.random() * 100 < config.board_forfeit_percentage:
            code = rng.choice("+-")
        else:
            code = _result(rng, players[a].rating, players[b].rating, a_white, draw)
        players[a].rounds[-1] = RoundEntry(b, "w" if a_white else "b", code)
        players[b].rounds[-1] = RoundEntry(a, "b" if a_white else "w", {"1": "0", "0": "1", "=": "=",
                                                                          "+": "-", "-": "+"}[code])


def _result(rng: random.Random, rating: int, other: int, white: bool, draw: float) -> str:
    """The Elo expectation with a small White advantage, and the draw share."""
    expected = 1 / (1 + 10 ** ((other - rating - (30 if white else -30)) / 400))
    if rng.random() < draw:
        return "="
    return "1" if rng.random() < expected else "0"
