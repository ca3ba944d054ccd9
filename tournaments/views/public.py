"""Pages anyone may read: what a tournament has published, nothing else.

They set no cookie for an anonymous reader, so every such reader is served one shared copy of a
page per revision of its tournament (``shared_page``).
"""

import hashlib
from functools import wraps

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.db.models import Count, Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import quote_etag, urlencode
from django.utils.translation import get_language

from pairing.engine.tiebreaks import TiebreakCodeError

from .. import cache, printouts
from ..models import Game, Player, Round, Tournament
from ..standings import completed_round, crosstable, explanation, published_rounds, with_aros

#: The query parameters the public pages read; any other leaves the page as it is.
PARAMETERS = ("after", "code")


def shared_page(view):
    """Serve anonymous readers a copy cached under the revision of what the page shows (home: every
    tournament's; else the tournament's), read before the page is made (tournaments/cache.py), so a
    result entered is on the next page served.  Browsers and proxies may keep the page too, asking
    each time whether it changed (ETag).  A visitor with a session (an arbiter) or a pending message
    is served his own page.  One copy per language (LocaleMiddleware's choice: the language cookie,
    else Accept-Language, both in ``Vary``)."""
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
        # The address the language switcher comes back to: only what the copy depends on.
        request.page_path = request.path + (f"?{urlencode(parameters)}" if parameters else "")
        # The host too: the pages name their own address (Open Graph, the QR code, the PDFs' footers).
        where = (request.get_host(), request.path, get_language())
        key = "page:" + hashlib.sha256(repr((where, parameters, revisions)).encode()).hexdigest()
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
    patch_vary_headers(response, ["Cookie", "Accept-Language"])
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
        "public_url": _public_url(request, tournament),
    })


@shared_page
def round_pairings(request, slug, number):
    tournament = _tournament(slug)
    round_ = get_object_or_404(published_rounds(tournament), number=number)
    return render(request, "public/round.html", {
        "tournament": tournament,
        "round": round_,
        "round_label": f"Round {round_.number}",
        "games": with_aros(tournament, round_),
    })


@shared_page
def standings(request, slug):
    tournament = _tournament(slug)
    completed = tournament.completed_rounds()
    after = completed_round(request.GET.get("after", str(completed)), completed)
    if not after:
        if completed == 0:
            return render(request, "public/standings.html", {"tournament": tournament, "rows": []})
        raise Http404("No standings after that round.")
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
    code = request.GET.get("code", "")
    after = completed_round(request.GET.get("after", ""), tournament.completed_rounds())
    if code.upper() not in [c.upper() for c in tournament.tiebreak_codes()] or not after:
        raise Http404("No such tie-break value.")
    try:
        detail = explanation(tournament, player, code, after)
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


# Printouts: PDF files and the QR code.  Like the pages, each is made once per revision of its
# tournament (also for arbiters, whose pages are their own), and served with an ETag.

def _public_url(request, tournament: Tournament) -> str:
    return request.build_absolute_uri(tournament.get_absolute_url())


def _pdf(request, tournament: Tournament, filename: str, build) -> HttpResponse:
    """The PDF ``build()`` makes, from the cache under the tournament's revision (read with the
    tournament, before the data) when it was made already."""
    key = "pdf:" + hashlib.sha256(repr((request.get_host(), request.path, get_language(), tournament.pk,
                                        tournament.revision, request.GET.get("after"))).encode()).hexdigest()
    content = cache.get(key)
    if content is None:
        content = build()
        cache.put(key, content)
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


ROUND_PRINTOUTS = {
    "boards": printouts.board_list,
    "names": printouts.pairing_list,
    "slips": printouts.result_slips,
}


@shared_page
def round_pdf(request, slug, number, kind):
    """A published round's board list, pairings by name or result slips; an unpublished round has none."""
    tournament = _tournament(slug)
    round_ = get_object_or_404(published_rounds(tournament), number=number)
    build = ROUND_PRINTOUTS[kind]
    return _pdf(request, tournament, f"{slug}-round-{number}-{kind}.pdf",
                lambda: build(tournament, round_, _public_url(request, tournament)))


@shared_page
def standings_pdf(request, slug):
    tournament = _tournament(slug)
    completed = tournament.completed_rounds()
    after = completed_round(request.GET.get("after", str(completed)), completed)
    if not after:
        raise Http404("No standings after that round.")
    codes = tournament.tiebreak_codes()
    return _pdf(request, tournament, f"{slug}-standings-{after}.pdf", lambda: printouts.standings_pdf(
        tournament, crosstable(tournament, after), after, codes, _public_url(request, tournament)))


@shared_page
def crosstable_pdf(request, slug):
    tournament = _tournament(slug)
    completed = tournament.completed_rounds()
    if not completed:
        raise Http404("No round is complete yet.")
    codes = tournament.tiebreak_codes()
    return _pdf(request, tournament, f"{slug}-crosstable-{completed}.pdf", lambda: printouts.crosstable_pdf(
        tournament, crosstable(tournament, completed), completed, codes, _public_url(request, tournament)))


@shared_page
def qr_code(request, slug):
    """The QR code of the tournament's public page, as SVG."""
    tournament = _tournament(slug)
    return HttpResponse(printouts.qr_svg(_public_url(request, tournament)), content_type="image/svg+xml")
