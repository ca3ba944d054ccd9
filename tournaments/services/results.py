"""Results: what an arbiter may type, and a result entered or corrected (its history kept)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.audit import Kind
from tournaments.models import Game, Match, Result, Round, TeamRules
from tournaments.services import ConfirmationNeeded, Refused, lock_tournament

#: What an arbiter may type for each result (fast keyboard entry).
RESULT_INPUTS = {
    Result.WHITE_WINS: ("1-0", "1", "10", "1:0"),
    Result.DRAW: ("½-½", "=", "½", "5", "1/2", "0.5", "1/2-1/2", "0.5-0.5", "d"),
    Result.BLACK_WINS: ("0-1", "0", "01", "0:1"),
    Result.WHITE_FORFEIT_WIN: ("+-", "+", "+/-", "1f"),
    Result.BLACK_FORFEIT_WIN: ("-+", "-/+", "0f"),
    Result.DOUBLE_FORFEIT: ("--", "-/-"),
    Result.PENDING: ("", "?"),
}
_RESULT_BY_INPUT = {text: result for result, texts in RESULT_INPUTS.items() for text in texts}


def parse_result(text: str) -> str:
    try:
        return _RESULT_BY_INPUT[text.strip().lower().replace(" ", "")]
    except KeyError:
        raise Refused(_("“%(text)s” is not a result: type 1, =, 0, + (white wins by forfeit), -+ (black wins by "
                        "forfeit) or -- (double forfeit).") % {"text": text}) from None


@transaction.atomic
def enter_result(game: Game, result: str, user=None, confirm: bool = False, game_number: int = 1, *,
                 via: str = "", note: str = "", was: str | None = None) -> Game:
    """Record ``result`` for ``game``; a correction keeps the old value in the history.  ``via`` and
    ``note`` tell the audit log where it came from (a player's report, a result helper).
    ``game_number`` 2: the second game of a Double-Swiss match (``Game.result2``, C.04.5).
    ``was``: the result the arbiter's page showed; refused if another changed it meanwhile (no silent
    overwrite of another arbiter's entry, nor of a result other than the one a confirmation named).

    Once a later round is paired, the result can no longer be cleared (the next pairing would
    not know these players have met), and changing it needs ``confirm``: the later pairings
    stay as they were made, the standings change.
    """
    round_ = Round.objects.select_related("tournament").get(games=game)
    lock_tournament(round_.tournament)
    game = Game.objects.select_for_update(of=("self",)).select_related("round", "white", "black").defer(
        *(f"round__{name}" for name in Round.JSON_FIELDS)).get(pk=game.pk)
    if result not in Result.values or result == Result.BYE:
        raise Refused(_("“%(text)s” is not a result.") % {"text": result})
    if game.is_bye:
        raise Refused(_("The pairing-allocated bye is scored automatically."))
    if game.round.status != Round.Status.PUBLISHED:
        raise Refused(_("Publish the pairing before entering results."))
    if (forfeited := _forfeited_match(game)) is not None:
        raise Refused(_("Match %(number)s is recorded as lost by forfeit: withdraw the forfeit first, on the "
                        "round's matches.") % {"number": forfeited})
    if game_number not in range(1, round_.tournament.games_per_round + 1):
        raise Refused(_("A round of this tournament has no game %(number)s.") % {"number": game_number})
    field = "result2" if game_number == 2 else "result"
    label = f" game {game_number}" if round_.tournament.games_per_round == 2 else ""
    old = getattr(game, field)
    if old == result:
        return game
    if was is not None and was != old:
        raise _changed_meanwhile(game, game_number if label else None, old)
    later = sorted(round_.tournament.round_set.filter(number__gt=round_.number)
                   .exclude(status=Round.Status.FAILED).values_list("number", flat=True))
    if later:
        values = {"first": later[0], "last": later[-1], "board": game.board, "round": round_.number,
                  "old": old or _("none"), "new": result}
        if result == Result.PENDING:
            raise Refused((_("Round %(first)s has been paired with the result of board %(board)s of round "
                             "%(round)s: it cannot be cleared, only corrected.") if len(later) == 1 else
                           _("Rounds %(first)s–%(last)s have been paired with the result of board %(board)s of "
                             "round %(round)s: it cannot be cleared, only corrected.")) % values)
        if not confirm:
            raise ConfirmationNeeded((
                _("Round %(first)s has been paired with the old result of board %(board)s of round %(round)s "
                  "(%(old)s). Changing it to %(new)s changes the scores and standings but not the pairings "
                  "already made. Confirm to change it.") if len(later) == 1 else
                _("Rounds %(first)s–%(last)s have been paired with the old result of board %(board)s of round "
                  "%(round)s (%(old)s). Changing it to %(new)s changes the scores and standings but not the "
                  "pairings already made. Confirm to change it.")) % values)
    players = f"{game.white.name} – {game.black.name}"  # named: board numbers change from round to round
    audit.record(round_.tournament, Kind.RESULT, "changed" if old else "entered",
                 f"Round {round_.number} board {game.board}{label} ({players}): {old or '—'} → {result or '—'}"
                 + (f" ({note})" if note else ""), user=user, via=via,
                 before={field: old}, after={field: result}, game=game)
    setattr(game, field, result)
    game.save(update_fields=[field])
    return game


def _changed_meanwhile(game: Game, game_number: int | None, now: str) -> Refused:
    """The refusal of a result entered over one the arbiter did not see (``game_number``: Double-Swiss)."""
    values = {"board": game.board, "game": game_number, "now": now or _("none")}
    return Refused((_("Board %(board)s, game %(game)s was changed meanwhile (another arbiter, a player's report): "
                      "its result is now %(now)s. Check it, then enter yours again if it is still needed.")
                    if game_number else
                    _("Board %(board)s was changed meanwhile (another arbiter, a player's report): its result is "
                      "now %(now)s. Check it, then enter yours again if it is still needed.")) % values)


def _forfeited_match(game: Game) -> int | None:
    """The number of the team match lost by forfeit (GHR 3.5) that ``game`` is a board of, if any: its
    boards are forfeits by the match's record (TRF 330), which a board's result would contradict."""
    forfeited = set(Match.objects.filter(round_id=game.round_id).exclude(forfeit="").values_list("number", flat=True))
    if not forfeited:
        return None
    number = (game.board - 1) // TeamRules.objects.get(tournament_id=game.round.tournament_id).boards + 1
    return number if number in forfeited else None
