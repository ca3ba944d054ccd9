"""Pages anyone may read: what a tournament has published, nothing else.

They set no cookie for an anonymous reader, so every such reader is served one shared copy of a
page per revision of its tournament (``shared_page``).
"""

import hashlib
from dataclasses import dataclass, field
from datetime import date
from functools import wraps

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.paginator import Paginator
from django.db.models import Exists, F, Func, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import quote_etag, urlencode
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from pairing.engine import TiebreakCodeError
from tournaments import cache
from tournaments.fronts.public import printouts
from tournaments.models import Game, Player, Round, TeamRules, Tournament, pending_games
from tournaments.queries.boards import board_list, finds
from tournaments.queries.live import live_notice, next_round
from tournaments.queries.records import player_record
from tournaments.queries.standings import completed_round, crosstable, explanation, published_rounds, round_labels
from tournaments.services.registration import player_side

#: The query parameters the public pages read; any other leaves the page as it is.
PARAMETERS = ("after", "code", "q", "page", "part")
#: The rows a page shows of a long list, the rest on the next pages (the page says so): a
#: 10,000-player event's standings in one page would take seconds to make and to read.
STANDINGS_PAGE, CROSSTABLE_PAGE, PLAYERS_PAGE, BOARDS_PAGE = 200, 100, 200, 100


def shared_page(view):
    """Serve anonymous readers a copy cached under the revision of what the page shows (home: every
    tournament's; else the tournament's), read before the page is made (tournaments/cache.py), so a
    result entered is on the next page served (by another web process, within a second:
    ``cache.REVISION_TTL``).  Browsers and proxies may keep the page too, asking
    each time whether it changed (ETag).  A visitor with a session (an arbiter) or a pending message
    is served his own page.  One copy per language (LocaleMiddleware's choice: the language cookie,
    else Accept-Language, both in ``Vary``).  Read only: GET and HEAD, any other method is 405."""
    return _sharing(view, personal=True)


def shared_part(view):
    """As :func:`shared_page`, for a part of a page that holds nothing of its reader (no form, no token,
    no message): one copy for every reader, signed in or not (the live parts, fronts/public/live.py)."""
    return _sharing(view, personal=False)


def _sharing(view, personal: bool):
    @wraps(view)
    def page(request, **kwargs):
        own = personal and (settings.SESSION_COOKIE_NAME in request.COOKIES
                            or CookieStorage.cookie_name in request.COOKIES)
        if own or request.method not in ("GET", "HEAD"):
            return view(request, **kwargs)
        tournaments = Tournament.objects.order_by("pk").values_list("pk", "revision")
        if "slug" in kwargs:
            tournaments = tournaments.filter(slug=kwargs["slug"])
        revisions = cache.revisions(kwargs.get("slug"), lambda: list(tournaments))
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
        # Made once for every reader asking at once (tournaments/cache.py): right after a
        # publication, the others wait for the first reader's copy.  A page made of a table's
        # previous revision (the new one still being built) is not kept.
        cache.fresh()
        response = cache.shared(key, lambda: _made(view(request, **kwargs), etag),
                                keep=lambda made: made.status_code == 200 and not cache.stale(), local=cache.PAGES)
        if cache.stale():  # kept by nobody: the next request has the new revision
            del response["ETag"]
            patch_cache_control(response, no_store=True)
        return response
    # The public pages only read: any other method is 405 (never a page answering a write).
    return require_safe(page)


def _made(response, etag: str):
    return _shared(response, etag) if response.status_code == 200 else response


def _shared(response, etag: str):
    response["ETag"] = etag
    patch_cache_control(response, public=True, no_cache=True)
    patch_vary_headers(response, ["Cookie", "Accept-Language"])
    return response


def _tournament(slug: str) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("club"), slug=slug)


#: The longest search a reader may type (a name or a city).
MAX_QUERY = 60


def _query(request) -> str:
    return request.GET.get("q", "").replace("\x00", "").strip()[:MAX_QUERY]  # PostgreSQL text holds no NUL


def _paged(request, items, size: int, **kept) -> dict:
    """The page of ``items`` the reader asks for (``?page=``: a number out of range shows the nearest
    page, anything else the first), and the query string its links keep (``kept``, e.g. the search)."""
    kept = {name: value for name, value in kept.items() if value}
    return {"page": Paginator(items, size).get_page(request.GET.get("page")),
            "page_query": f"{urlencode(kept)}&" if kept else ""}


def _found(table, query: str):
    """The rows of a table whose player a search finds (his number, or his name's words)."""
    if not query or not table:  # no table before a round is complete: nothing to find
        return table
    return table.rows_of({number for number in table.players if finds(table.entrant(number), query)})


def _count(queryset):
    """COUNT(*) of ``queryset`` (filtered on the outer tournament) as a subquery: one join per count
    would multiply the counts by each other (rounds times players)."""
    counted = queryset.order_by().annotate(n=Func(F("pk"), function="COUNT")).values("n")
    return Coalesce(Subquery(counted[:1]), 0)


@dataclass
class Section:
    key: str
    title: str
    tournaments: list = field(default_factory=list)


def home_sections(query: str = "") -> list[Section]:
    """The tournaments listed on the home page (hidden ones left out), by name or city when
    searched: ongoing (a round published), upcoming (none yet), finished (every round complete, or
    archived by its arbiter)."""
    tournaments = (Tournament.objects.listed().select_related("club")
                   .annotate(published=_count(Round.objects.filter(tournament=OuterRef("pk"),
                                                                   status=Round.Status.PUBLISHED)),
                             pending=_count(Game.objects.filter(pending_games(""), round__tournament=OuterRef("pk"),
                                                                round__status=Round.Status.PUBLISHED)),
                             entrants=_count(Player.objects.filter(tournament=OuterRef("pk"))),
                             team=Exists(TeamRules.objects.filter(tournament=OuterRef("pk")))))
    if query:
        tournaments = tournaments.filter(Q(name__icontains=query) | Q(place__icontains=query))
    sections = {key: Section(key, title) for key, title in (
        ("ongoing", _("Ongoing")), ("upcoming", _("Upcoming")), ("finished", _("Finished")))}
    for tournament in tournaments:
        if tournament.listing == Tournament.Listing.ARCHIVED or (
                tournament.published == tournament.rounds and not tournament.pending
                and (not tournament.team or tournament.completed_rounds() == tournament.rounds)):  # line-ups to come
            key = "finished"
        else:
            key = "ongoing" if tournament.published else "upcoming"
        sections[key].tournaments.append(tournament)
    # Upcoming: the soonest first; the others (the model's order): the latest first.
    sections["upcoming"].tournaments.sort(key=lambda t: (t.start_date is None, t.start_date or date.min, t.name))
    return list(sections.values())


@shared_page
def home(request):
    query = _query(request)
    sections = home_sections(query)
    return render(request, "public/home.html", {
        "sections": sections, "query": query, "found": sum(len(s.tournaments) for s in sections)})


@shared_page
def tournament(request, slug):
    tournament = _tournament(slug)
    latest = published_rounds(tournament).order_by("number").defer(*Round.JSON_FIELDS).last()
    query = _query(request)
    players = tournament.players.all()
    if query:
        players = [player for player in players if finds(player, query)]
    return render(request, "public/tournament.html", {
        "tournament": tournament,
        "query": query,
        **_paged(request, players, PLAYERS_PAGE, q=query),
        "latest_round": latest,
        "public_url": _public_url(request, tournament),
        "registration": player_side(tournament).registration,
    })


def live_round(tournament: Tournament, round_: Round, revision: int | None) -> dict:
    """What the live board list (fronts/public/live.py) needs besides the boards: the revision they were read
    at, how often to ask again, the next round once published."""
    return {"revision": revision, "poll_seconds": settings.LIVE_POLL_SECONDS,
            "next_round": next_round(tournament, round_)}


@shared_page
def round_pairings(request, slug, number):
    """The board list; ``?q=`` (part of a name, or a pairing number) keeps the boards it finds.  It
    changes without a reload (its live part: fronts/public/live.py)."""
    revision = cache.tournament_revision(slug)  # before the data
    tournament = _tournament(slug)
    round_ = get_object_or_404(published_rounds(tournament), number=number)
    # One page whoever asks: htmx's search takes the board list out of it (hx-select), so the
    # shared copy of a page never depends on a request header.
    boards = board_list(tournament, round_, _query(request))
    return render(request, "public/round.html", {
        "tournament": tournament,
        "round": round_,
        "round_label": gettext("Round %(number)s") % {"number": round_.number},
        "boards": boards,
        **_paged(request, boards.games, BOARDS_PAGE, q=boards.query),
        "pdf_parts": {kind: pdf_parts(_round_rows(round_, kind), kind) for kind in ROUND_PRINTOUTS},
        **live_round(tournament, round_, revision),
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
    rows, query = crosstable(tournament, after), _query(request)
    return render(request, "public/standings.html", {
        "tournament": tournament,
        "after": after,
        "round_choices": range(1, completed + 1),
        "codes": tournament.tiebreak_codes(),
        "rows": rows,
        "query": query,
        **_paged(request, _found(rows, query), STANDINGS_PAGE, after=after, q=query),
        "after_text": str(after),
        "pdf_parts": pdf_parts(len(rows), "standings"),
    })


@shared_page
def crosstable_view(request, slug):
    tournament = _tournament(slug)
    completed = tournament.completed_rounds()
    rows = crosstable(tournament, completed) if completed else []
    query = _query(request)
    return render(request, "public/crosstable.html", {
        "tournament": tournament,
        "completed": completed,
        "round_numbers": round_labels(tournament, completed),
        "codes": tournament.tiebreak_codes(),
        "rows": rows,
        "query": query,
        **_paged(request, _found(rows, query), CROSSTABLE_PAGE, q=query),
        "pdf_parts": pdf_parts(len(rows), "crosstable"),
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
    """Every published round of the player (byes and absences too), his points, rank, performance
    and rating change."""
    tournament = _tournament(slug)
    player = get_object_or_404(Player, tournament=tournament, pairing_number=number)
    live = live_notice(player)  # the revision read before the record
    return render(request, "public/player.html", {"tournament": tournament, "player": player,
                                                  "record": player_record(tournament, player),
                                                  "live": live, "live_player": player,
                                                  "poll_seconds": settings.LIVE_POLL_SECONDS})


# Printouts: PDF files and the QR code.  Like the pages, each is made once per revision of its
# tournament (also for arbiters, whose pages are their own), and served with an ETag.

def _public_url(request, tournament: Tournament) -> str:
    return request.build_absolute_uri(tournament.get_absolute_url())


def _pdf(request, tournament: Tournament, filename: str, build) -> HttpResponse:
    """The PDF ``build()`` makes, from the cache under the tournament's revision (read with the
    tournament, before the data) when it was made already."""
    key = "pdf:" + hashlib.sha256(repr((request.get_host(), request.path, get_language(), tournament.pk,
                                        tournament.revision, request.GET.get("after"),
                                        request.GET.get("part"))).encode()).hexdigest()
    # Not kept when made of a table's previous revision (read since the request started), as the pages.
    content = cache.shared(key, build, keep=lambda made: not cache.stale(), local=None)
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    if cache.stale():
        patch_cache_control(response, no_store=True)
    return response


ROUND_PRINTOUTS = {
    "boards": printouts.board_list,
    "names": printouts.pairing_list,
    "slips": printouts.result_slips,
}
#: The rows of a PDF file in one part: a longer list comes in parts (``?part=2``), each made in a
#: second or two (a 10,000-player crosstable in one file would take a minute).
PDF_PART = {"boards": 1000, "names": 2000, "slips": 500, "standings": 500, "crosstable": 250}


@dataclass
class Part:
    number: int
    first: int
    last: int


def pdf_parts(count: int, kind: str) -> list[Part]:
    """The parts of a PDF file of ``count`` rows (one part: the whole file)."""
    size = PDF_PART[kind]
    return [Part(number, start + 1, min(start + size, count))
            for number, start in enumerate(range(0, count, size), start=1)] or [Part(1, 0, 0)]


def _part(request, count: int, kind: str) -> tuple[slice, str]:
    """The rows of the part asked for (``?part=``, the first by default) and the file name's suffix; a
    part that is not there is a 404."""
    parts, text = pdf_parts(count, kind), request.GET.get("part", "1")
    if not (text.isascii() and text.isdigit()) or len(text) > 4 or not 1 <= int(text) <= len(parts):
        raise Http404("No such part of the file.")
    size, number = PDF_PART[kind], int(text)
    return slice((number - 1) * size, number * size), f"-part-{number}" if len(parts) > 1 else ""


def _round_rows(round_: Round, kind: str) -> int:
    """The rows of a round's printout: its boards (slips: but the bye), or every player (names)."""
    if kind == "names":
        return round_.tournament.players.count()
    return round_.games.exclude(black__isnull=True).count() if kind == "slips" else round_.games.count()


@shared_page
def round_pdf(request, slug, number, kind):
    """A published round's board list, pairings by name or result slips; an unpublished round has none."""
    tournament = _tournament(slug)
    round_ = get_object_or_404(published_rounds(tournament).defer(*Round.JSON_FIELDS), number=number)
    build = ROUND_PRINTOUTS[kind]
    rows, suffix = _part(request, _round_rows(round_, kind), kind)
    return _pdf(request, tournament, f"{slug}-round-{number}-{kind}{suffix}.pdf",
                lambda: build(tournament, round_, _public_url(request, tournament), rows))


@shared_page
def standings_pdf(request, slug):
    tournament = _tournament(slug)
    completed = tournament.completed_rounds()
    after = completed_round(request.GET.get("after", str(completed)), completed)
    if not after:
        raise Http404("No standings after that round.")
    codes, table = tournament.tiebreak_codes(), crosstable(tournament, after)
    rows, suffix = _part(request, len(table), "standings")
    return _pdf(request, tournament, f"{slug}-standings-{after}{suffix}.pdf", lambda: printouts.standings_pdf(
        tournament, table[rows], after, codes, _public_url(request, tournament)))


@shared_page
def crosstable_pdf(request, slug):
    tournament = _tournament(slug)
    completed = tournament.completed_rounds()
    if not completed:
        raise Http404("No round is complete yet.")
    codes, table = tournament.tiebreak_codes(), crosstable(tournament, completed)
    rows, suffix = _part(request, len(table), "crosstable")
    return _pdf(request, tournament, f"{slug}-crosstable-{completed}{suffix}.pdf", lambda: printouts.crosstable_pdf(
        tournament, table[rows], completed, codes, _public_url(request, tournament)))


@shared_page
def qr_code(request, slug):
    """The QR code of the tournament's public page, as SVG."""
    tournament = _tournament(slug)
    return HttpResponse(printouts.qr_svg(_public_url(request, tournament)), content_type="image/svg+xml")
