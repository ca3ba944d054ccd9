"""The tournament as the engine sees it: a TRF document built from the database.

The same document feeds the pairing task, the standings and the TRF export,
so what the app pairs is exactly what the engine pairs on the exported file.
"""

from __future__ import annotations

from decimal import Decimal

from pairing.engine import TrfDocument
from pairing.engine.trf import ABSENT, BLACK, WHITE, PlayerRecord, RoundEntry, Scoring

from .models import Absence, Game, Result, Tournament

#: TRF result codes (white's, black's) of each result (shared/formats/trf.md).
RESULT_CODES = {
    Result.WHITE_WINS: ("1", "0"),
    Result.DRAW: ("=", "="),
    Result.BLACK_WINS: ("0", "1"),
    Result.WHITE_FORFEIT_WIN: ("+", "-"),
    Result.BLACK_FORFEIT_WIN: ("-", "+"),
    Result.DOUBLE_FORFEIT: ("-", "-"),
}


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
    """
    players = list(tournament.players.order_by("pairing_number"))
    games = Game.objects.filter(round__tournament=tournament, round__number__lte=rounds).select_related("round")
    absences = {(a.player_id, a.round_number): a.bye
                for a in Absence.objects.filter(player__tournament=tournament)}
    number = {p.pk: p.pairing_number for p in players}
    entries: dict[tuple[int, int], RoundEntry] = {}
    for game in games:
        r = game.round.number
        if game.is_bye:
            entries[game.white_id, r] = RoundEntry(None, None, "U")
        elif game.result:
            white_code, black_code = RESULT_CODES[game.result]
            entries[game.white_id, r] = RoundEntry(number[game.black_id], WHITE, white_code)
            entries[game.black_id, r] = RoundEntry(number[game.white_id], BLACK, black_code)

    def not_paired(player, r: int) -> RoundEntry:
        if (player.pk, r) in absences:
            return RoundEntry(None, None, absences[player.pk, r])
        if r < player.entry_round:
            return RoundEntry(None, None, tournament.late_entry_bye)
        return ABSENT

    document = TrfDocument(
        name=tournament.name,
        headers=_headers(tournament),
        total_rounds=tournament.rounds,
        initial_colour=tournament.initial_colour or None,
        scoring=scoring(tournament),
    )
    for player in players:
        history = [entries.get((player.pk, r)) or not_paired(player, r) for r in range(1, rounds + 1)]
        if pairing is not None and not (player.plays_in(pairing) and (player.pk, pairing) not in absences):
            history += [ABSENT] * (pairing - 1 - rounds) + [not_paired(player, pairing)]
        document.players[player.pairing_number] = PlayerRecord(
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
    return document


def _headers(tournament: Tournament) -> list[str]:
    headers = [f"012 {tournament.name}"]
    if tournament.place:
        headers.append(f"022 {tournament.place}")
    if tournament.start_date:
        headers.append(f"042 {tournament.start_date:%Y/%m/%d}")
    if tournament.end_date:
        headers.append(f"052 {tournament.end_date:%Y/%m/%d}")
    headers.append("092 Individual: Swiss-System")
    return headers


def export_document(tournament: Tournament) -> TrfDocument:
    """The tournament as it stands: every round with all its results, and the
    absences already known for the next round (the engines read them as such)."""
    rounds = tournament.completed_rounds()
    following = rounds + 1 if rounds < tournament.rounds else None
    return tournament_document(tournament, rounds=rounds, pairing=following)
