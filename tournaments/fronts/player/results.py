"""Results from the board (docs/players.md): a player reports his board's result, withdraws or changes
his report, confirms or disputes his opponent's; a result helper fills the empty boards of the round.

The player's URLs name his entry (``permissions.OWNER``: his, else 404), so he reaches his own board
only; a helper's name his token (``permissions.HELPER``: valid and not revoked, else 404).
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.fronts.perform import perform
from tournaments.models import Game, Player, Result
from tournaments.queries.tasks import build_soon
from tournaments.services import Refused, board_results
from tournaments.services.board_results import FILLED, State, current_round


def _player(entry) -> Player:
    return get_object_or_404(Player.objects.select_related("tournament"), pk=entry)


def _act(request, player: Player, action, success: str):
    """Run a player's action on his report; an official result (accepted automatically) rebuilds the tables."""
    try:
        known = action()
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("The result is official.") if known.state == State.OFFICIAL else success)
        if known.state == State.OFFICIAL:
            build_soon(player.tournament)  # the new standings, built before the first reader asks
    return redirect("player:entry", player.pk)


@require_POST
def result_report(request, entry):
    player = _player(entry)
    result = request.POST.get("result", "")
    return _act(request, player, lambda: board_results.report(player, result, request.user),
                _("Your result %(result)s is reported: your opponent is asked to confirm it.") % {"result": result})


@require_POST
def result_withdraw(request, entry):
    player = _player(entry)
    perform(request, lambda: board_results.withdraw(player, request.user), _("Your report is withdrawn."))
    return redirect("player:entry", player.pk)


@require_POST
def result_answer(request, entry):
    player = _player(entry)
    agree = request.POST.get("answer") == "confirm"
    return _act(request, player, lambda: board_results.answer(player, agree, request.user,
                                                              read=request.POST.get("read")),
                _("You confirmed the result.") if agree else _("You disputed the result: the arbiter decides."))


def helper(request, token, asking: dict | None = None):
    """The helper's page: the empty boards of the current round, a result to choose for each (then
    confirmed: a helper cannot change a result once it is in)."""
    tournament = request.tournament  # the helper's, checked by permissions.HELPER
    round_ = current_round(tournament)
    games = (round_.games.filter(result="").select_related("white", "black").exclude(black__isnull=True)
             if round_ else Game.objects.none())
    return render(request, "player/helper.html", {
        "tournament": tournament, "round": round_, "games": games, "token": token, "helper": request.helper,
        "results": [(value, Result(value).label) for value in FILLED], "asking": asking})


@require_POST
def helper_fill(request, token, game):
    """A helper's result, asked again before it is entered (``confirm``)."""
    tournament = request.tournament
    board = Game.objects.filter(pk=game, round__tournament=tournament).first()
    result = request.POST.get("result", "")
    if board is None:
        messages.error(request, _("Only the boards of the current round can be filled here."))
    elif request.POST.get("confirm") != "1":
        return helper(request, token, asking={"game": board, "result": result,
                                              "label": Result(result).label if result in FILLED else result})
    elif perform(request, lambda: board_results.helper_fill(request.helper, board, result),
                 _("Board %(board)s: %(result)s entered.") % {"board": board.board, "result": result}):
        build_soon(tournament)
    return redirect("player:helper", token)
