"""The team records of TRF-2026 (C.04.6 team Swiss events), read into a team document.

A team file is a TRF file whose ``001`` lines are the board games, with these records on top
(``shared/formats/trf.md``; columns 1-based):

* ``310`` a team: TPN 5-7, name 9-40, nickname 42-46, strength 48-53, match points 55-60,
  game points 62-67, rank 69-71, then its players by board, 4 columns every 5 from 74;
* ``192 FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]``: the colour model (none, Type A,
  Type B), the primary score, then the secondary one used by C.04.6 4.2.2;
* ``362 TW 2.0 TD 1.0 TL 0.0``: match points of a won, drawn, lost match;
* ``162 ... P 0.5``: game points of a board of the pairing-allocated bye; without ``P``, a
  board of a draw (C.04.6 1.4: the PAB is worth a drawn match);
* ``320 MMMM GGGG``: the PAB's match points (5-8) and game points (10-13), when the
  regulations give it another value than a draw (the team per round that follows is not read);
* ``330 +- RRR WWW BBB``: a whole match lost by forfeit (``+-``, ``-+``, ``--``) in round RRR
  between the white team WWW and the black team BBB;
* ``352 WBWB``: the colours of the white team's boards;
* ``240 Z RRR TTTT ...``: teams (TPNs, 4 columns every 5 from 11) not paired in round RRR;
* ``250 MMMM GGGG RRF RRL TTTF TTTL``: virtual match points (5-8) and game points (10-13) of
  the teams TTTF..TTTL in rounds RRF..RRL (C.04.7).

A team's round is read from its players' board games: a pairing-allocated bye when its
boards hold ``U``, absent when no board has an opponent, else a match against the team of its
players' opponents.  The match was *played* when at least one board was played over the
board (a whole match lost by forfeit is no meeting, GHR 3.5); its colour is the scheduled
colour of board 1 (C.04.6 1.6.1).  Points are kept in tenths.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .errors import TrfError
from .trf import PLAYED_CODES, TrfDocument, _field, _int_field, line_162, parse, parse_points

#: the records this module reads; the rest of the file goes to trf.parse
TEAM_RECORDS = ("310", "320", "330", "352", "362", "240", "250", "299")
COLOUR_MODELS = ("A", "B", "none")
TEAM_CODE = re.compile(r"FIDE_TEAM(?:_TYPE(?P<model>[AB]))?(?:_(?P<primary>MP|GP))?(?:_(?P<secondary>MP|GP))?"
                       r"(?P<baku>_BAKU)?")


@dataclass(frozen=True)
class TeamRecord:
    """A ``310`` line."""

    tpn: int
    name: str
    nickname: str = ""
    strength: int = 0
    match_points: int | None = None
    game_points: int | None = None
    rank: int | None = None
    members: tuple[int, ...] = ()
    line: int = 0


@dataclass(frozen=True)
class TeamRound:
    """One team's round: ``kind`` is ``match``, ``bye`` (PAB) or ``absent``."""

    kind: str
    opponent: int | None = None
    colour: str | None = None   # board 1's scheduled colour, "w" or "b"
    played: bool = False        # at least one board played over the board
    match_points: int = 0       # tenths
    game_points: int = 0        # tenths
    forfeit_win: bool = False   # a match won by forfeit (C.04.6 2.1.2)


@dataclass(frozen=True)
class TeamScoring:
    win: int = 20
    draw: int = 10
    loss: int = 0


@dataclass
class TeamDocument:
    """A team tournament: the board games (``games``), the teams and each team's rounds."""

    games: TrfDocument
    teams: dict[int, TeamRecord]
    rounds: dict[int, list[TeamRound]]
    code: str = "FIDE_TEAM_TYPEA_MP_GP"
    colour_model: str = "A"
    primary: str = "MP"
    secondary: str | None = "GP"
    baku: bool = False
    match_scoring: TeamScoring = field(default_factory=TeamScoring)
    #: PAB value (tenths): match points and game points (None: a drawn match, C.04.6 1.4)
    bye_match_points: int | None = None
    bye_game_points: int | None = None
    #: the PAB's game points come from the file (162 ``P`` or 320), not from 1.4's default
    bye_valued: bool = False
    board_colours: str = ""
    #: round -> teams not to be paired in it (240)
    unavailable: dict[int, set[int]] = field(default_factory=dict)
    #: (round, team) -> virtual (match points, game points) of the Baku acceleration (250)
    virtual: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)
    #: (round, white TPN, black TPN) -> the 330 result, e.g. "+-"
    forfeits: dict[tuple[int, int, int], str] = field(default_factory=dict)
    #: player id -> the TPN of the player's team
    owner: dict[int, int] = field(default_factory=dict)

    @property
    def total_rounds(self) -> int | None:
        return self.games.total_rounds

    @property
    def initial_colour(self) -> str | None:
        return self.games.initial_colour

    @property
    def boards(self) -> int:
        """The boards of a match: as many as 352's colours; without 352, the most players a team fielded
        in a round (an opponent or the PAB), else its longest roster (a roster may hold substitutes)."""
        if self.board_colours:
            return len(self.board_colours)
        fielded = [sum(1 for p in team.members if (e := self.games.players[p].entry(r)) is not None
                       and (e.opponent is not None or e.code == "U"))
                   for team in self.teams.values() for r in range(1, self.games.rounds_in_file + 1)]
        return max(fielded, default=0) or max((len(team.members) for team in self.teams.values()), default=0)

    @property
    def paired_rounds(self) -> int:
        return max((index for rounds in self.rounds.values() for index, r in enumerate(rounds, start=1)
                    if r.kind != "absent"), default=0)

    def round(self, tpn: int, round_number: int) -> TeamRound:
        rounds = self.rounds[tpn]
        return rounds[round_number - 1] if round_number <= len(rounds) else TeamRound("absent")

    def score(self, tpn: int, which: str, rounds: int, bye_game_points: int | None = None) -> int:
        """Match points (``MP``) or game points (``GP``) after ``rounds`` rounds, in tenths;
        ``bye_game_points``: another value of each PAB's game points."""
        if which == "MP":
            return sum(r.match_points for r in self.rounds[tpn][:rounds])
        return sum(bye_game_points if r.kind == "bye" and bye_game_points is not None else r.game_points
                   for r in self.rounds[tpn][:rounds])


def read_team_code(code: str) -> dict | None:
    """``FIDE_TEAM_TYPEB_GP_MP`` -> colour model, primary and secondary score; None if no team code.
    No colour model named: none (``FIDE_TEAM_MP_GP``); no score named: match points, then game
    points (C.04.6 1.2.2); one score named: no secondary score."""
    match = TEAM_CODE.fullmatch(code.strip().upper())
    if match is None:
        return None
    primary = match["primary"] or "MP"
    secondary = match["secondary"] if match["primary"] else "GP"
    if secondary == primary:
        return None
    return {"colour_model": match["model"] or "none", "primary": primary, "secondary": secondary,
            "baku": bool(match["baku"])}


def parse_team(text: str) -> TeamDocument:
    """Read a TRF-2026 team file; raise TrfError (with line and column) on bad input."""
    lines = re.split(r"\r\n|\r|\n", text)
    own = [(number, line) for number, line in enumerate(lines, start=1) if line[:3] in TEAM_RECORDS]
    games = parse("\n".join("" if line[:3] in TEAM_RECORDS else line for line in lines))
    document = TeamDocument(games=games, teams={}, rounds={})
    _read_code(document, lines)
    for number, line in own:
        _TEAM_READERS[line[:3]](document, line, number)
    if not document.teams:
        raise TrfError("a team tournament needs its teams: 310 records")
    _read_scoring_162(document, lines)
    _check_members(document)
    for tpn in document.teams:
        document.rounds[tpn] = _team_rounds(document, tpn)
    return document


def _read_code(document: TeamDocument, lines: list[str]) -> None:
    for number, line in enumerate(lines, start=1):
        if line[:3] == "192":
            settings = read_team_code(line[4:].strip())
            if settings is None:
                raise TrfError(f"192: {line[4:].strip()!r} is not a team code (FIDE_TEAM[_TYPEA|_TYPEB]"
                               "[_MP|_GP][_GP|_MP][_BAKU])", number, 5)
            document.code = line[4:].strip().upper()
            document.colour_model = settings["colour_model"]
            document.primary, document.secondary = settings["primary"], settings["secondary"]
            document.baku = settings["baku"]


def _read_scoring_162(document: TeamDocument, lines: list[str]) -> None:
    """C.04.6 1.4: the PAB is a drawn match unless the regulations say otherwise; a 162 ``P``
    gives its points per board."""
    explicit = any(line[:3] == "162" and re.search(r"P\s*[0-9.]", line[4:]) for line in lines)
    document.bye_valued = explicit or document.bye_game_points is not None
    if document.bye_game_points is None:
        per_board = document.games.scoring.pairing_bye if explicit else document.games.scoring.draw
        document.bye_game_points = per_board * document.boards
    if document.bye_match_points is None:
        document.bye_match_points = document.match_scoring.draw


def _points(line: str, first: int, last: int, number: int, what: str, default: int | None = None) -> int | None:
    text = _field(line, first, last).strip()
    if not text:
        return default
    try:
        return parse_points(text)
    except ValueError:
        raise TrfError(f"{what} must look like 2.0, not {text!r}", number, first) from None


def _read_310(document: TeamDocument, line: str, number: int) -> None:
    tpn = _int_field(line, 5, 7, number, "310 team number")
    if not tpn:
        raise TrfError("310 needs a team number (TPN) at columns 5-7", number, 5)
    if tpn in document.teams:
        raise TrfError(f"team {tpn} already defined on line {document.teams[tpn].line}", number, 5)
    members = []
    column = 74
    while column <= len(line.rstrip()):
        player = _int_field(line, column, column + 3, number, "310 player")
        if player:
            members.append(player)
        column += 5
    document.teams[tpn] = TeamRecord(
        tpn=tpn, name=_field(line, 9, 40).strip(), nickname=_field(line, 42, 46).strip(),
        strength=_int_field(line, 48, 53, number, "310 strength", 0),
        match_points=_points(line, 55, 60, number, "310 match points"),
        game_points=_points(line, 62, 67, number, "310 game points"),
        rank=_int_field(line, 69, 71, number, "310 rank"), members=tuple(members), line=number)


def _read_320(document: TeamDocument, line: str, number: int) -> None:
    document.bye_match_points = _points(line, 5, 8, number, "320 match points")
    document.bye_game_points = _points(line, 10, 13, number, "320 game points")


def _read_330(document: TeamDocument, line: str, number: int) -> None:
    match = re.fullmatch(r"330 ([+-]{2})\s+([0-9]+)\s+([0-9]+)\s+([0-9]+)\s*", line)
    if match is None:
        raise TrfError("330 must read '330 +- RRR WWW BBB' (+-, -+ or --; round; white and black team)", number, 5)
    result, round_number, white, black = match[1], int(match[2]), int(match[3]), int(match[4])
    if result == "++":
        raise TrfError("330: '++' is not a forfeit result (+-, -+ or --)", number, 5)
    document.forfeits[(round_number, white, black)] = result


def _read_352(document: TeamDocument, line: str, number: int) -> None:
    colours = line[4:].strip().upper()
    if not re.fullmatch(r"[WB]+", colours):
        raise TrfError(f"352 must be a sequence of W and B, not {colours!r}", number, 5)
    document.board_colours = colours


def _read_362(document: TeamDocument, line: str, number: int) -> None:
    value = line[4:].strip()
    if not re.fullmatch(r"(T[WDL]\s*[0-9.]+\s*)+", value):
        raise TrfError("362 must read '362 TW 2.0   TD 1.0   TL 0.0'", number, 5)
    try:
        points = {key: parse_points(points) for key, points in re.findall(r"T([WDL])\s*([0-9.]+)", value)}
    except ValueError:
        raise TrfError("362 points must look like 2.0", number, 5) from None
    current = document.match_scoring
    document.match_scoring = TeamScoring(points.get("W", current.win), points.get("D", current.draw),
                                         points.get("L", current.loss))


def _read_240(document: TeamDocument, line: str, number: int) -> None:
    code = _field(line, 5, 5).strip().upper()
    if code not in ("F", "H", "Z"):
        raise TrfError(f"240: bye type must be F, H or Z, not {code!r}", number, 5)
    round_number = _int_field(line, 7, 9, number, "240 round")
    if not round_number:
        raise TrfError("240 needs a round number", number, 7)
    teams = document.unavailable.setdefault(round_number, set())
    column = 11
    while column <= len(line.rstrip()):
        tpn = _int_field(line, column, column + 3, number, "240 team number")
        if tpn:
            teams.add(tpn)
        column += 5


def _read_250(document: TeamDocument, line: str, number: int) -> None:
    match_points = _points(line, 5, 8, number, "250 match points", 0)
    game_points = _points(line, 10, 13, number, "250 game points", 0)
    first_round = _int_field(line, 15, 17, number, "250 first round")
    last_round = _int_field(line, 19, 21, number, "250 last round", first_round)
    first = _int_field(line, 23, 26, number, "250 first team")
    last = _int_field(line, 28, 31, number, "250 last team", first)
    if not (first_round and first) or last_round < first_round or last < first:
        raise TrfError("250 needs a round range and a team range", number, 15)
    for round_number in range(first_round, last_round + 1):
        for tpn in range(first, last + 1):
            document.virtual[(round_number, tpn)] = (match_points, game_points)


def _read_299(document: TeamDocument, line: str, number: int) -> None:
    raise TrfError("299 (abnormal points) is not supported for team events", number, 1)


_TEAM_READERS = {"310": _read_310, "320": _read_320, "330": _read_330, "352": _read_352, "362": _read_362,
                 "240": _read_240, "250": _read_250, "299": _read_299}


def _check_members(document: TeamDocument) -> None:
    owner: dict[int, int] = {}
    for tpn, team in sorted(document.teams.items()):
        if not team.members:
            raise TrfError(f"team {tpn} has no players: 310 lists them by board from column 74", team.line, 74)
        for player in team.members:
            if player not in document.games.players:
                raise TrfError(f"team {tpn} names player {player}, who has no 001 line", team.line, 74)
            if player in owner:
                raise TrfError(f"player {player} is in teams {owner[player]} and {tpn}", team.line, 74)
            owner[player] = tpn
    expected = set(range(1, len(document.teams) + 1))
    if set(document.teams) != expected:
        missing = sorted(expected - set(document.teams))
        raise TrfError(f"team numbers (TPN) must run from 1 to {len(document.teams)} (C.04.6 1.1.1); "
                       f"missing {missing[:5]}")
    for round_number, teams in document.unavailable.items():
        for tpn in teams:
            if tpn not in document.teams:
                raise TrfError(f"240 names team {tpn} in round {round_number}, which does not exist")
    document.owner = owner


def _team_rounds(document: TeamDocument, tpn: int) -> list[TeamRound]:
    members = [document.games.players[p] for p in document.teams[tpn].members]
    count = max((len(p.rounds) for p in document.games.players.values()), default=0)
    return [_team_round(document, tpn, members, r) for r in range(1, count + 1)]


def _team_round(document: TeamDocument, tpn: int, members: list, round_number: int) -> TeamRound:
    entries = [m.entry(round_number) for m in members]
    scoring = document.games.scoring
    game_points = sum(scoring.points(e.code) for e in entries if e is not None)
    column = 92 + 10 * (round_number - 1)
    for member, e in zip(members, entries, strict=True):
        if e is not None and e.opponent is not None and document.owner.get(e.opponent) in (None, tpn):
            where = "is in no team (310)" if e.opponent not in document.owner else f"is in the same team, {tpn}"
            raise TrfError(f"round {round_number}: player {member.number}'s opponent {e.opponent} {where}",
                           member.line, column)
    opponents = {document.owner[e.opponent] for e in entries if e is not None and e.opponent is not None}
    if not opponents:
        if any(e is not None and e.code == "U" for e in entries):
            return TeamRound("bye", match_points=document.bye_match_points or 0,
                             game_points=document.bye_game_points or 0)
        return TeamRound("absent", game_points=game_points)
    if len(opponents) > 1:
        raise TrfError(f"round {round_number}: the players of team {tpn} meet players of teams "
                       f"{sorted(opponents)}", members[0].line, column)
    opponent = opponents.pop()
    # board 1: the first player in 310 order who has an opponent (players move up, the reserves last)
    colour = next(e.colour for e in entries if e is not None and e.opponent is not None)
    played = any(e is not None and e.opponent is not None and e.code in PLAYED_CODES for e in entries)
    other = [document.games.players[p].entry(round_number) for p in document.teams[opponent].members]
    their_points = sum(scoring.points(e.code) for e in other if e is not None)
    result = _forfeit_result(document, round_number, tpn, opponent)
    if result is None:
        result = "+" if game_points > their_points else "-" if game_points < their_points else "="
    match_points = {"+": document.match_scoring.win, "=": document.match_scoring.draw,
                    "-": document.match_scoring.loss}[result]
    return TeamRound("match", opponent, colour, played, match_points, game_points,
                     forfeit_win=not played and result == "+")


def _forfeit_result(document: TeamDocument, round_number: int, tpn: int, opponent: int) -> str | None:
    """This team's sign in a 330 record of the match, or None."""
    if (result := document.forfeits.get((round_number, tpn, opponent))) is not None:
        return result[0]
    if (result := document.forfeits.get((round_number, opponent, tpn))) is not None:
        return result[1]
    return None


def team_line(team: TeamRecord, match_points: int, game_points: int, rank: int | None) -> str:
    """A ``310`` line in the TRF-2026 columns."""
    from .trf import format_points
    head = (f"310 {team.tpn:3d} {team.name[:32]:<32} {team.nickname[:5]:<5} {team.strength or '':>6} "
            f"{format_points(match_points):>6} {format_points(game_points):>6} {rank or '':>3}")
    return head + " " + "".join(f" {player:4d}" for player in team.members)


def dump_team(document: TeamDocument, name: str = "") -> str:
    """Write the team tournament as TRF-2026 (LF line endings): the tournament records, the
    comment lines (``###``: the manual changes of the pairing, say), the board games (001), the
    teams (310) with their points and rank after the rounds in the file,
    the forfeited matches (330) and the teams not to be paired in the next round (240)."""
    from .trf import format_points, player_line, score
    games = document.games
    rounds = max((len(r) for r in document.rounds.values()), default=0)
    lines = [f"012 {name or games.name}"] if (name or games.name) else []
    lines.append(f"062 {len(games.players)}")
    lines.append(f"082 {len(document.teams)}")
    if games.total_rounds:
        lines.append(f"142 {games.total_rounds}")
    if games.initial_colour:
        lines.append(f"152 {games.initial_colour.upper()}")
    lines.append(f"192 {document.code}")
    s = games.scoring
    lines.append(line_162([("W", s.win), ("D", s.draw), ("L", s.loss), ("P", s.pairing_bye)]))
    m = document.match_scoring
    lines.append(f"362 TW {format_points(m.win)}   TD {format_points(m.draw)}   TL {format_points(m.loss)}")
    if document.board_colours:
        lines.append(f"352 {document.board_colours}")
    lines += [f"###{comment}" for comment in games.comments]  # TRF-2026 comments, after the headers
    for number in sorted(games.players):
        record = games.players[number]
        lines.append(player_line(record, score(games, record)))
    ranks = team_ranks(document, rounds)
    for tpn in sorted(document.teams):
        lines.append(team_line(document.teams[tpn], document.score(tpn, "MP", rounds),
                               document.score(tpn, "GP", rounds), ranks[tpn]))
    for (round_number, white, black), result in sorted(document.forfeits.items()):
        lines.append(f"330 {result} {round_number:3d} {white:3d} {black:3d}")
    for round_number, teams in sorted(document.unavailable.items()):
        if round_number > rounds and teams:
            lines.append(f"240 Z {round_number:03d} " + " ".join(f"{t:04d}" for t in sorted(teams)))
    return "\n".join(lines) + "\n"


def team_ranks(document: TeamDocument, rounds: int) -> dict[int, int]:
    """Rank by the primary score, then the secondary score, then TPN."""
    def key(tpn: int):
        secondary = document.score(tpn, document.secondary, rounds) if document.secondary else 0
        return -document.score(tpn, document.primary, rounds), -secondary, tpn
    return {tpn: rank for rank, tpn in enumerate(sorted(document.teams, key=key), start=1)}
