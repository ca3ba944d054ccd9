"""Small team events for the hand-derived tests of C.04.6: a TRF-2026 team file written from a
few lines of rounds, two boards per team (``352 WB``), match points 2/1/0, game points per board
1/0.5/0, the PAB a drawn match (1 MP, 1 GP).

``rounds`` holds one string per round: ``"1-2 2-0, 3-4 1-1, 5 bye"``; the first team of a match
has White on board 1; its result is the game points of each team (``2-0``, ``1.5-0.5``, ``1-1``,
``0.5-1.5``, ``0-2``) or a whole match lost by forfeit (``+-``: the second team did not come,
``-+``).  A team not named in a round is absent.  ``absent`` are the teams not to be paired in
the next round (record 240); ``total`` the rounds of the event (record 142; None: not said)."""

from pairing.engine.systems.team import TEAM
from pairing.engine.trf import PlayerRecord, RoundEntry, player_line
from pairing.engine.trf_team import parse_team

BOARD_CODES = {"2-0": "11", "1.5-0.5": "1=", "1-1": "==", "0.5-1.5": "=0", "0-2": "00", "+-": "++", "-+": "--"}
OPPOSITE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def team_file(teams: int, rounds: list[str], code: str = "FIDE_TEAM_TYPEA_MP_GP", total: int | None = 9,
              initial: str = "W", absent: tuple[int, ...] = (), extra: tuple[str, ...] = (),
              scoring: str = "162  W 1.0    D 0.5    L 0.0    P 0.5") -> str:
    players = {n: PlayerRecord(number=n, name=f"Player {n}", rating=2000) for n in range(1, 2 * teams + 1)}
    forfeits = []
    for number, text in enumerate(rounds, start=1):
        for player in players.values():
            player.rounds.append(RoundEntry(None, None, "Z"))
        for item in filter(None, (part.strip() for part in text.split(","))):
            _play(players, number, item, forfeits)
    lines = ["012 hand-derived", *([f"142 {total}"] if total else []), f"152 {initial}", f"192 {code}",
             scoring, "362 TW 2.0   TD 1.0   TL 0.0", "352 WB"]
    lines += [player_line(p, 0) for p in players.values()]
    lines += [f"310 {t:3d} Team {t:<27}{'':>32}{2 * t - 1:5d}{2 * t:5d}" for t in range(1, teams + 1)]
    lines += forfeits
    lines += extra
    if absent:
        lines.append(f"240 Z {len(rounds) + 1:03d} " + " ".join(f"{t:04d}" for t in absent))
    return "\n".join(lines) + "\n"


def _play(players: dict, number: int, item: str, forfeits: list[str]) -> None:
    teams, _, result = item.partition(" ")
    if result == "bye":
        for board in (1, 2):
            players[2 * int(teams) - 2 + board].rounds[-1] = RoundEntry(None, None, "U")
        return
    white, black = map(int, teams.split("-"))
    if result in ("+-", "-+"):
        forfeits.append(f"330 {result} {number:3d} {white:3d} {black:3d}")
    for board, code in zip((1, 2), BOARD_CODES[result], strict=True):
        mine, theirs = 2 * white - 2 + board, 2 * black - 2 + board
        colour = "w" if board == 1 else "b"
        players[mine].rounds[-1] = RoundEntry(theirs, colour, code)
        players[theirs].rounds[-1] = RoundEntry(mine, "b" if colour == "w" else "w", OPPOSITE[code])


def pairing(teams: int, rounds: list[str], edition: str | None = None, **options):
    """The next round as the engine pairs it (a TeamPairing), by ``edition`` (default: 2026)."""
    return TEAM.pair(parse_team(team_file(teams, rounds, **options)), edition=TEAM.edition(edition))


def pair(teams: int, rounds: list[str], **options) -> tuple[set[tuple[int, int]], int | None]:
    """The next round: its matches as ``(white, black)`` and the PAB."""
    result = pairing(teams, rounds, **options)
    return set(result.boards), result.bye


def matches(teams: int, rounds: list[str], **options) -> tuple[set[frozenset[int]], int | None]:
    """The next round without colours: its matches as sets, and the PAB."""
    boards, bye = pair(teams, rounds, **options)
    return {frozenset(board) for board in boards}, bye
