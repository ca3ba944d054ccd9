"""The board list of a round as the public and the arbiter read it: every board, and who is not
paired and why; "find my board"."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext, gettext_lazy

from pairing.engine import TrfDocument
from tournaments import validation
from tournaments.exchange.trf import game_rounds, scoring, tournament_document
from tournaments.models import Absence, Game, Player, Result, Round, Tournament
from tournaments.queries.standings import points_before, published_aros

#: Why a player has no board in a round, and the TRF code of what he scores for it.
ABSENCE_REASONS = {
    Absence.Kind.HALF: gettext_lazy("Half-point bye"),
    Absence.Kind.ZERO: gettext_lazy("Zero-point bye"),
    Absence.Kind.FULL: gettext_lazy("Full-point bye"),
}
WITHDRAWN = gettext_lazy("Withdrawn")
NOT_ENTERED = gettext_lazy("Not yet entered")


def left_out_label(detailed: bool = False) -> str:
    """What the pages, the PDFs and the API say of a player to be paired who has no board: one left
    out of the pairing by hand (or "0000 - Z" in an imported file).  Never "absent": the player may
    well be in the hall (C.04.1 Art. 3: only the PAB's player is left unpaired).  ``detailed``: the
    arbiter's draft page, where it can only be a manual change."""
    return gettext("Left out of the pairing by hand") if detailed else gettext("Not paired")


@dataclass
class NotPaired:
    """A player of the tournament without a board in a round: a requested bye (C.04.2 D.4), not yet
    entered (C.2 b), withdrawn (D.3) or left out of the pairing."""
    player: Player
    reason: str
    code: str  # the TRF code of the round (H, Z, F)
    scored: int  # tenths
    points: int = 0  # tenths before the round


def not_paired_reason(tournament: Tournament, player: Player, round_number: int,
                      absences: dict[tuple[int, int], str], detailed: bool = False) -> tuple[str, str]:
    """(reason, TRF code) of a player who has no board in ``round_number``; the code is what
    ``trf.tournament_document`` writes for that round.  ``detailed`` (the arbiter's draft page):
    from which round a late entry plays or a withdrawal counts."""
    bye = absences.get((player.pk, round_number))
    if bye:
        return ABSENCE_REASONS[bye], bye
    if round_number < player.entry_round:
        if detailed:
            return gettext("Late entry: paired from round %(number)s") % {"number": player.entry_round}, \
                tournament.late_entry_bye
        return NOT_ENTERED, tournament.late_entry_bye
    if player.withdrawn_from_round is not None and round_number >= player.withdrawn_from_round:
        if detailed:
            return gettext("Withdrawn from round %(number)s") % {"number": player.withdrawn_from_round}, "Z"
        return WITHDRAWN, "Z"
    return left_out_label(detailed), "Z"


def absences_by_round(tournament: Tournament) -> dict[tuple[int, int], str]:
    return {(a.player_id, a.round_number): a.bye for a in Absence.objects.filter(player__tournament=tournament)}


def folded(text: str, transliterate: bool = False) -> str:
    """Lower case without accents: ``Černý`` is found by ``cerny``; with ``transliterate``, ``Müller``
    reads ``mueller`` (validation.folded: one folding for the search and the duplicate check)."""
    return validation.folded(text, transliterate)


def finds(player: Player | None, query: str) -> bool:
    """Whether ``query`` is the player's pairing number, or every word of it part of his name, case
    and accents aside, in any order: "Paolo Rossi" finds "Rossi, Paolo"; "mueller" and "muller" find
    "Müller", "müller" finds "Mueller" (German transliteration)."""
    if player is None or not query:
        return False
    if query.isascii() and query.isdigit():
        return player.pairing_number == int(query)
    for transliterate in (False, True):
        name, words = folded(player.name, transliterate), validation.name_words(query, transliterate)
        if words and all(word in name for word in words):
            return True
    return False


@dataclass
class BoardList:
    """A round as the players read it: every board with both players' ratings and points before the
    round (the PAB last, as a board without black), then who is not paired and why.  ``detailed``
    (the arbiter's draft page): each game also has ``white_virtual``/``black_virtual`` (the Baku
    virtual points the pairing added, tenths) and ``white_colours``/``black_colours`` (the colour
    history, one of ``w``, ``b``, ``-`` a round)."""
    games: list[Game]
    not_paired: list[NotPaired] = field(default_factory=list)
    query: str = ""
    detailed: bool = False

    @property
    def pab(self) -> Game | None:
        return next((game for game in self.games if game.is_bye), None)

    @property
    def baku(self) -> bool:
        """Whether any player on the boards has Baku virtual points in this round."""
        return any(getattr(g, "white_virtual", 0) or getattr(g, "black_virtual", 0) for g in self.games)


def colour_history(document: TrfDocument, number: int, rounds: int) -> str:
    """The colours a player had in rounds 1..``rounds``: ``w``, ``b``, or ``-`` where no game was
    played (a bye, an absence, a forfeit: C.04.2 D.5, only played games count for colours)."""
    entries = document.players[number].rounds[:rounds]
    return "".join(e.colour if e.played else "-" for e in entries) + "-" * (rounds - len(entries))


def board_list(tournament: Tournament, round_: Round, query: str = "", detailed: bool = False) -> BoardList:
    """The round's boards, each game with ``white_points``, ``black_points`` (tenths before the
    round) and, for a Dubov tournament, ``white_aro`` and ``black_aro``; the players without a
    board; with ``query``, only the boards and players it finds (:func:`finds`); ``detailed``: see
    :class:`BoardList`, and the reasons as the arbiter reads them (:func:`not_paired_reason`)."""
    games = with_aros(tournament, round_)
    before = points_before(tournament, round_.number)  # cached per revision
    # The draft's details: what the pairing of the round read (its Baku virtual points, the colours)
    done = round_.number - 1
    document = tournament_document(tournament, rounds=done, pairing=round_.number) if detailed else None
    for game in games:
        for side, player in (("white", game.white), ("black", game.black)):
            setattr(game, f"{side}_points", before.get(player.pairing_number, 0) if player else None)
            if detailed and player:
                setattr(game, f"{side}_virtual", document.acceleration(player.pairing_number, round_.number))
                setattr(game, f"{side}_colours", colour_history(document, player.pairing_number,
                                                                game_rounds(done, tournament.games_per_round)))
    absences = absences_by_round(tournament)
    points = scoring(tournament)
    missing = []
    # Those without a board, found by the database: a 10,000-player event's players are not read.
    boards = Game.objects.filter(round=round_)
    unpaired = tournament.players.exclude(pk__in=boards.values("white_id")).exclude(
        pk__in=boards.filter(black__isnull=False).values("black_id"))
    for player in unpaired:
        reason, code = not_paired_reason(tournament, player, round_.number, absences, detailed)
        scored = points.points(code) * tournament.games_per_round  # a Double-Swiss bye: the whole match (C.04.5)
        missing.append(NotPaired(player, reason, code, scored, before.get(player.pairing_number, 0)))
    query = query.strip()
    if query:
        games = [game for game in games if finds(game.white, query) or finds(game.black, query)]
        missing = [entry for entry in missing if finds(entry.player, query)]
    return BoardList(games, missing, query, detailed)


def with_aros(tournament: Tournament, round_: Round) -> list:
    """The round's games; for a Dubov tournament each with ``white_aro`` and ``black_aro``, the
    AROs the pairing of the round read (after the rounds before it)."""
    shown = ("board", "result", "result2", "round_id", "white_id", "black_id", *(
        f"{colour}__{field}" for colour in ("white", "black")
        for field in ("name", "title", "rating", "pairing_number", "federation", "tournament_id")))
    games = list(round_.games.select_related("white", "black").only(*shown))
    for game in games:  # the players' addresses, without a query each
        for player in (game.white, game.black):
            if player is not None:
                player.tournament = tournament
    aros = published_aros(tournament, round_.number - 1)
    if aros is not None:
        for game in games:
            game.white_aro = aros.get(game.white.pairing_number)
            game.black_aro = aros.get(game.black.pairing_number) if game.black else None
    return games


@dataclass(frozen=True)
class ResultsIn:
    """How many of a round's games have their result: the pairing-allocated bye is no game to enter."""
    entered: int
    total: int


def results_in(round_: Round) -> ResultsIn:
    games = Game.objects.filter(round=round_).exclude(result=Result.BYE)
    entered, total = games.exclude(result=Result.PENDING).count(), games.count()
    if round_.tournament.games_per_round == 2:  # a Double-Swiss match: two games to enter (C.04.5)
        entered, total = entered + games.exclude(result2=Result.PENDING).count(), 2 * total
    return ResultsIn(entered=entered, total=total)
