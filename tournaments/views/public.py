"""Pages anyone may read: what a tournament has published, nothing else.

They set no cookie for an anonymous reader, so every such reader is served one shared copy of a
page per revision of its tournament (``shared_page``).
"""

import hashlib
from functools import wraps

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import quote_etag

from pairing.engine.tiebreaks import TiebreakCodeError

from .. import cache
from ..models import Game, Player, Round, Tournament
from ..standings import crosstable, explanation, published_rounds, with_aros

#: The query parameters the public pages read; any other leaves the page as it is.
PARAMETERS = ("after", "code")


def shared_page(view):
    """Serve anonymous readers a copy cached under the revision of what the page shows (home: every
    tournament's; else the tournament's), read before the page is made (tournaments/cache.py), so a
    result entered is on the next page served.  Browsers and proxies may keep the page too, asking
    each time whether it changed (ETag).  A visitor with a session (an arbiter) or a pending message
    is served his own page."""
    @wraps(view)
    def page(request, **kwargs):
        own = settings.SESSION_COOKIE_NAME in request.COOKIES or CookieStorage.cookie_name in request.COOKIES
        if own or request.method not in ("GET", "HEAD"):
            return view(request, **kwargs)
        tournaments = Tournament.objects.order_by("pk").values_list("pk", "revision")
        if "slug" in kwargs:
            tournaments = tournaments.filter(slug=kwargs["slug"])
        revisions = list(tournaments)
        if "slug" in kwargs and not revisions:
            return view(request, **kwargs)  # its 404
        parameters = [(name, request.GET[name]) for name in PARAMETERS if name in request.GET]
        key = "page:" + hashlib.sha256(repr((request.path, parameters, revisions)).encode()).hexdigest()
        etag = quote_etag(key[5:37])
        not_modified = get_conditional_response(request, etag=etag)
        if not_modified is not None:
            return _shared(not_modified, etag)
        response = cache.get(key)
        if response is None:
            response = view(request, **kwargs)
            if response.status_code != 200:
                return response
            cache.put(key, _shared(response, etag))
        return response
    return page


def _shared(response, etag: str):
    response["ETag"] = etag
    patch_cache_control(response, public=True, no_cache=True)
    patch_vary_headers(response, ["Cookie"])
    return response


def _tournament(slug: str) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("club"), slug=slug)


@shared_page
def home(request):
    tournaments = (Tournament.objects.select_related("club")
                   .annotate(published=Count("round_set", filter=Q(round_set__status=Round.Status.PUBLISHED)),
                             entrants=Count("players", distinct=True)))
    return render(request, "public/home.html", {"tournaments": tournaments})


@shared_page
def tournament(request, slug):
    tournament = _tournament(slug)
    return render(request, "public/tournament.html", {
        "tournament": tournament,
        "players": tournament.players.all(),
    })


@shared_page
def round_pairings(request, slug, number):
    tournament = _tournament(slug)
    round_ = get_object_or_404(published_rounds(tournament), number=number)
    return render(request, "public/round.html", {
        "tournament": tournament,
        "round": round_,
        "games": with_aros(tournament, round_),
    })


@shared_page
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


@shared_page
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


@shared_page
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


@shared_page
def player(request, slug, number):
    tournament = _tournament(slug)
    player = get_object_or_404(Player, tournament=tournament, pairing_number=number)
    games = (Game.objects.filter(round__tournament=tournament, round__status=Round.Status.PUBLISHED)
             .filter(Q(white=player) | Q(black=player)).select_related("round", "white", "black"))
    return render(request, "public/player.html", {"tournament": tournament, "player": player, "games": games})
