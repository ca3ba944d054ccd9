"""The tournament as the engine sees it: a TRF document built from the database.

The same document feeds the pairing task, the standings and the TRF export,
so what the app pairs is exactly what the engine pairs on the exported file.
"""

from __future__ import annotations

from decimal import Decimal

from pairing.engine import (
    ABSENT,
    BLACK,
    NO_RESULT,
    WHITE,
    ForbiddenPairs,
    PlayerRecord,
    RoundEntry,
    Scoring,
    TrfDocument,
    dump,
    forfeits_as_played,
    match_rounds,
    standings_by_tiebreaks,
    with_baku_acceleration,
)
from tournaments.models import RESULT_CODES, Absence, Game, ManualChange, Player, Round, Tournament


def tenths(points: Decimal) -> int:
    return int(points * 10)


def scoring(tournament: Tournament) -> Scoring:
    return Scoring(
        win=tenths(tournament.points_win), draw=tenths(tournament.points_draw),
        loss=tenths(tournament.points_loss), zero_bye=0, forfeit_loss=tenths(tournament.points_loss),
        pairing_bye=tenths(tournament.points_pairing_bye), half_bye=tenths(tournament.points_half_bye),
        full_bye=tenths(tournament.points_win),
    )


def tournament_document(tournament: Tournament, rounds: int, pairing: int | None = None) -> TrfDocument:
    """The TRF document with the results of rounds 1..``rounds``.

    With ``pairing`` (the round about to be paired) it also marks who is not to
    be paired in that round: requested byes (C.04.2 D.4), late entries not yet
    arrived (C.2 b) and withdrawn players (D.3), each as a bye entry in that
    round's columns, as the engines expect.  Pending results count as nothing.
    The document names the system and edition (record 192) and holds the forbidden
    pairs and, with the Baku acceleration, every player's virtual points for every
    round (XXA / 250), so that any engine pairs the same from the file alone.  Group
    GA is counted on the players entered before round 1 (C.04.7 1.2-1.3: a late
    entry does not move the last GA player), which a TRF file cannot tell.

    The file has one numbering, the current one, from which a checker re-pairs every
    round: it reproduces the published rounds because a correction made once round 1
    is paired keeps the order of the numbered players (``services.players.order_kept``,
    C.04.2 B.3, 2026 Art. 2.3 and 4.3).  A 001 line carries the current (corrected)
    rating, which counts for the standings; the Dutch pairing reads the numbers.
    """
    players = list(tournament.players.order_by("pairing_number"))
    absences = {(a.player_id, a.round_number): a.bye
                for a in Absence.objects.filter(player__tournament=tournament)}
    number = {p.pk: p.pairing_number for p in players}
    entries = _played(tournament, rounds, number)

    def not_paired(player, r: int) -> RoundEntry:
        if (player.pk, r) in absences:
            return RoundEntry(None, None, absences[player.pk, r])
        if r < player.entry_round:
            return RoundEntry(None, None, tournament.late_entry_bye)
        return ABSENT

    document = TrfDocument(
        name=tournament.name,
        headers=_headers(tournament, players),
        total_rounds=tournament.rounds * tournament.games_per_round,
        initial_colour=tournament.initial_colour or None,
        scoring=scoring(tournament),
        # The system, its edition and the Baku acceleration (record 192, written in both formats).
        system_code=tournament.system_code,
        start_date=tournament.start_date,
        forbidden_pairs=[
            ForbiddenPairs(frozenset((number[pair.player_id], number[pair.other_id])),
                           first_game_round(pair.first_round, tournament.games_per_round),
                           pair.last_round and game_rounds(pair.last_round, tournament.games_per_round))
            for pair in tournament.forbidden_pairs.all()],
    )
    games = tournament.games_per_round
    for player in players:
        # Double-Swiss: match r is TRF rounds 2r-1 and 2r; a bye applies to the whole match (C.04.5 Preface)
        history = [entries.get((player.pk, first_game_round(r, games) + g)) or not_paired(player, r)
                   for r in range(1, rounds + 1) for g in range(games)]
        if pairing is not None and not (player.plays_in(pairing) and (player.pk, pairing) not in absences):
            # the round to be paired: its first game's column only (a bye known for the next match)
            history += [ABSENT] * ((pairing - 1 - rounds) * games) + [not_paired(player, pairing)]
        document.players[player.pairing_number] = _record(player, history)
    if tournament.baku:
        registered = [p.pairing_number for p in players if p.entry_round == 1]
        document = with_baku_acceleration(document, tournament.rules_edition.acceleration, registered)
    return document


def _played(tournament: Tournament, rounds: int, number: dict[int, int]) -> dict[tuple[int, int], RoundEntry]:
    """The entries of the boards of rounds 1..``rounds`` by (player's key, round): the PAB, and the
    games, one without a result yet as the TRF writes it (``  12 w  ``, NO_RESULT: it scores
    nothing, and the engine pairs no round after it)."""
    entries: dict[tuple[int, int], RoundEntry] = {}
    # A few columns, not the rows: a round's row holds its explanation and brackets (JSON, big).
    games = Game.objects.filter(round__tournament=tournament, round__number__lte=rounds).values_list(
        "round__number", "white_id", "black_id", "result", "result2")
    per_round = tournament.games_per_round
    for r, white, black, *results in games:
        first = first_game_round(r, per_round)
        # Double-Swiss (C.04.5 4.4): game 2 reverses the colours, its result written in its own
        # colours (White first).  The PAB is a won game plus a drawn one (1.4): U then H.
        for g, (result, (has_white, has_black)) in enumerate(zip(results[:per_round],
                                                                  ((white, black), (black, white)), strict=False)):
            if black is None:
                entries[white, first + g] = RoundEntry(None, None, PAB_CODES[g])
                continue
            white_code, black_code = RESULT_CODES[result] if result else (NO_RESULT, NO_RESULT)
            entries[has_white, first + g] = RoundEntry(number[has_black], WHITE, white_code)
            entries[has_black, first + g] = RoundEntry(number[has_white], BLACK, black_code)
    return entries


#: The TRF codes of the PAB: one game ``U``; a Double-Swiss match a won game and a drawn one (C.04.5 1.4).
PAB_CODES = ("U", "H")


def first_game_round(number: int, games_per_round: int) -> int:
    """The TRF round of the first game of the app's round ``number``: itself, or for a Double-Swiss
    match ``2k - 1`` (match k is TRF rounds 2k-1 and 2k, ``pairing.engine.match_rounds``)."""
    return match_rounds(number)[0] if games_per_round == 2 else number


def game_rounds(rounds: int, games_per_round: int) -> int:
    """The TRF rounds of the app's rounds 1..``rounds``: what the engine's standings count."""
    return rounds * games_per_round


def _record(player: Player, history: list[RoundEntry]) -> PlayerRecord:
    """The player's 001 line."""
    return PlayerRecord(
        number=player.pairing_number,
        name=player.name,
        sex=player.sex,
        title=player.title,
        rating=player.rating or 0,
        federation=player.federation,
        fide_id=player.fide_id,
        birth_date=player.birth_date.strftime("%Y/%m/%d") if player.birth_date else "",
        rounds=history,
    )


def _headers(tournament: Tournament, players: list[Player]) -> list[str]:
    """The tournament header records 012-132 (192 is the document's ``system_code``)."""
    headers = [f"012 {tournament.name}"]
    for tag, value in (("022", tournament.place), ("032", tournament.federation),
                       ("042", tournament.start_date and f"{tournament.start_date:%Y/%m/%d}"),
                       ("052", tournament.end_date and f"{tournament.end_date:%Y/%m/%d}"),
                       ("062", str(len(players))), ("072", str(sum(1 for p in players if p.rating))),
                       ("092", "Individual: Swiss-System"), ("102", tournament.chief_arbiter)):
        if value:
            headers.append(f"{tag} {value}")
    headers += [f"112 {name.strip()}" for name in tournament.deputy_arbiters.splitlines() if name.strip()]
    if tournament.time_control:
        headers.append(f"122 {tournament.time_control}")
    dates = dict(tournament.round_set.filter(date__isnull=False).values_list("number", "date"))
    if dates:
        # Round r's date sits above its round block of the 001 lines (columns 92+10(r-1)).
        games = tournament.games_per_round  # a Double-Swiss match's date over both its games
        cells = "".join(f"  {dates[r]:%y/%m/%d}" if r in dates else " " * 10
                        for r in range(1, max(dates) + 1) for _game in range(games))
        headers.append(f"132{' ' * 86}{cells}".rstrip())
    return headers


def export_document(tournament: Tournament, version: str = "16") -> TrfDocument:
    """The tournament as it stands: every published round, the one in progress with its games
    still to be played written without a result (opponent and colour, the result column blank);
    the absences already known for the next round (the engines read them as such).  The ranks
    are those after the last finished round."""
    rounds = tournament.completed_rounds()
    published = max(tournament.round_set.filter(status=Round.Status.PUBLISHED).values_list("number", flat=True),
                    default=0)
    shown = max(rounds, published)  # with the round in progress
    following = shown + 1 if shown < tournament.rounds else None
    document = tournament_document(tournament, rounds=shown, pairing=following)
    if version == "16":
        # XXP has no round range: only the pairs that apply to the round to be paired (or the last one).
        current = first_game_round(following or tournament.rounds, tournament.games_per_round)
        document.forbidden_pairs = [group for group in document.forbidden_pairs if group.applies(current)]
    codes = tournament.tiebreak_codes()
    if version == "26":
        document.headers.append("212 " + ",".join(["PTS", *codes]))
    document.comments = manual_change_comments(tournament)
    # The rank column: the standings with the tournament's tie-breaks.
    for row in standings_by_tiebreaks(standings_document(tournament, document), game_rounds(
            rounds, tournament.games_per_round), codes, tournament.tiebreak_edition, tournament.lot_order()):
        document.players[row.number].rank = row.rank
    return document


def standings_document(tournament: Tournament, document: TrfDocument) -> TrfDocument:
    """The document the standings and tie-breaks read: itself, or for a Double-Swiss tournament its
    single forfeited games of matches regularly played as played (C.04.5 Preface)."""
    return forfeits_as_played(document) if tournament.games_per_round == 2 else document


#: The comment line (``###``) of a tournament that left FIDE mode: its words around the moment (UTC)
#: and that moment's format; ``exchange.trf_import`` reads it back.
FIDE_MODE_LEFT = ("FIDE mode left on ", "%Y/%m/%d %H:%M", " UTC")


def manual_change_comments(tournament: Tournament) -> list[str]:
    """The TRF comment lines (``###``) of the tournament's manual pairing changes and of its FIDE mode."""
    lines = []
    if not tournament.fide_mode and tournament.fide_mode_left_at:
        before, moment, after = FIDE_MODE_LEFT
        lines.append(f" {before}{tournament.fide_mode_left_at.strftime(moment)}{after}")
    changes = ManualChange.objects.filter(round__tournament=tournament).select_related("round", "user")
    for number, change in enumerate(changes, start=1):
        by = f", {change.user.get_username()}" if change.user else ""
        mode = "FIDE mode" if change.fide_mode else "outside FIDE mode"
        lines.append(f" Manual change {number} ({change.at:%Y/%m/%d %H:%M} UTC{by}, {mode}): {change.summary}")
        for finding in change.findings:
            lines.append(f"   breaks {finding['article']}: {finding['text']}")
    return lines


def with_national_columns(tournament: Tournament, document: TrfDocument) -> TrfDocument:
    """The national rating report: the FIDE report's shape, the 001 lines' id column holding the
    national id (blank without one: a FIDE id there would be read as a national one) and the
    rating column the national rating where the player has one (else his FIDE rating).  The
    ranks stay those of the tournament's tie-breaks, computed before."""
    national = {number: (national_id, rating) for number, national_id, rating in tournament.players.values_list(
        "pairing_number", "national_id", "national_rating")}
    for number, record in document.players.items():
        national_id, rating = national.get(number, ("", None))
        record.fide_id = national_id
        record.rating = rating if rating is not None else record.rating
    return document


def export(tournament: Tournament, version: str = "16", national: bool = False) -> str:
    """The TRF file: TRF-16 with the engines' extensions, or TRF-2026 (``version="26"``); with
    ``national``, the national federation's report (:func:`with_national_columns`)."""
    document = export_document(tournament, version)
    if national:
        document = with_national_columns(tournament, document)
    return dump(document, version)
