"""The live parts of the pages (issue 25, docs/players.md): a round's board list and a player's pairing
notice, polled by htmx while the tab is visible (``static/js/live.js``), so they change without a reload
when a round is published or a result comes in.

A poll names the revision its copy was made from (``?since=``).  Unchanged: the answer is an empty 204
(one revision read, kept a second by each process: ``cache.tournament_revision``), which htmx leaves
alone.  Changed: the fragment, made once per revision for every reader, signed in or not
(``shared_part``), with the new revision in its own polling address.  Polling holds up under load
where server-sent events would keep one WSGI worker per open tab (docs/benchmark.md).
"""

from functools import wraps

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from tournaments import cache
from tournaments.fronts.public.views import BOARDS_PAGE, _paged, _query, _tournament, live_round, shared_part
from tournaments.models import Player
from tournaments.queries.boards import board_list
from tournaments.queries.live import live_notice
from tournaments.queries.standings import published_rounds


def unless_unchanged(view):
    """A poll whose ``since`` is still the tournament's revision gets 204 and nothing else."""
    @wraps(view)
    def poll(request, slug, **kwargs):
        revision = cache.tournament_revision(slug)
        if revision is None:
            raise Http404("No such tournament.")
        if request.GET.get("since") == str(revision):
            response = HttpResponse(status=204)
            patch_cache_control(response, no_store=True)
            return response
        return view(request, slug=slug, **kwargs)
    return require_safe(poll)


@unless_unchanged
@shared_part
def round_boards(request, slug, number):
    """The board list of round ``number`` (``?q=`` and ``?page=`` as on the round page)."""
    revision = cache.tournament_revision(slug)  # before the data: the copy is never older than it says
    tournament = _tournament(slug)
    round_ = get_object_or_404(published_rounds(tournament), number=number)
    boards = board_list(tournament, round_, _query(request))
    return render(request, "public/_live_boards.html", {
        "tournament": tournament, "round": round_, "boards": boards,
        **_paged(request, boards.games, BOARDS_PAGE, q=boards.query), **live_round(tournament, round_, revision)})


@unless_unchanged
@shared_part
def player_notice_part(request, slug, number):
    """The pairing notice of the player ``number`` (public: what the round page shows of him)."""
    player = get_object_or_404(Player.objects.select_related("tournament"), tournament__slug=slug,
                               pairing_number=number)
    return render(request, "public/_live_notice.html", {"live": live_notice(player), "live_player": player,
                                                        "poll_seconds": settings.LIVE_POLL_SECONDS})
