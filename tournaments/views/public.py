"""Pages anyone may read: what a tournament has published, nothing else."""

from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, render

from pairing.engine.tiebreaks import TiebreakCodeError

from ..models import Game, Player, Round, Tournament
from ..standings import crosstable, explanation, published_rounds


def _tournament(slug: str) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("club"), slug=slug)


def home(request):
    tournaments = (Tournament.objects.select_related("club")
                   .annotate(published=Count("round_set", filter=Q(round_set__status=Round.Status.PUBLISHED)),
                             entrants=Count("players", distinct=True)))
    return render(request, "public/home.html", {"tournaments": tournaments})


def tournament(request, slug):
    tournament = _tournament(slug)
    return render(request, "public/tournament.html", {
        "tournament": tournament,
        "players": tournament.players.all(),
    })


def round_pairings(request, slug, number):
    tournament = _tournament(slug)
    round_ = get_object_or_404(published_rounds(tournament), number=number)
    return render(request, "public/round.html", {
        "tournament": tournament,
        "round": round_,
        "games": round_.games.select_related("white", "black"),
    })


def standings(request, slug):
    tournament = _tournament(slug)
    completed = tournament.completed_rounds()
    after = request.GET.get("after", str(completed))
    if not after.isdigit() or not 0 < int(after) <= completed:
        if completed == 0:
            return render(request, "public/standings.html", {"tournament": tournament, "rows": []})
        raise Http404("No standings after that round.")
    after = int(after)
    return render(request, "public/standings.html", {
        "tournament": tournament,
        "after": after,
        "round_choices": range(1, completed + 1),
        "codes": tournament.tiebreak_codes(),
        "rows": crosstable(tournament, after),
    })


def crosstable_view(request, slug):
    tournament = _tournament(slug)
    completed = tournament.completed_rounds()
    return render(request, "public/crosstable.html", {
        "tournament": tournament,
        "completed": completed,
        "round_numbers": range(1, completed + 1),
        "codes": tournament.tiebreak_codes(),
        "rows": crosstable(tournament, completed) if completed else [],
    })


def tiebreak(request, slug, number):
    """How a player's BH, SB or FB value is made up (``?code=BH/C1&after=5``)."""
    tournament = _tournament(slug)
    player = get_object_or_404(Player, tournament=tournament, pairing_number=number)
    code, after = request.GET.get("code", ""), request.GET.get("after", "")
    completed = tournament.completed_rounds()
    if code.upper() not in [c.upper() for c in tournament.tiebreak_codes()] or not after.isdigit() \
            or not 0 < int(after) <= completed:
        raise Http404("No such tie-break value.")
    try:
        detail = explanation(tournament, player, code, int(after))
    except TiebreakCodeError:
        raise Http404("That tie-break is not made of rounds.") from None
    return render(request, "public/tiebreak.html", {"tournament": tournament, "explanation": detail})


def player(request, slug, number):
    tournament = _tournament(slug)
    player = get_object_or_404(Player, tournament=tournament, pairing_number=number)
    games = (Game.objects.filter(round__tournament=tournament, round__status=Round.Status.PUBLISHED)
             .filter(Q(white=player) | Q(black=player)).select_related("round", "white", "black"))
    return render(request, "public/player.html", {"tournament": tournament, "player": player, "games": games})
