"""The public prize list: the final list once the last round is complete, a provisional one
before (marked as such), with the working of each tied group; and its PDF printout."""

from django.http import Http404
from django.shortcuts import render

from tournaments.fronts.public import printouts
from tournaments.fronts.public.views import _pdf, _public_url, _tournament, shared_page
from tournaments.queries.prizes import prize_list


@shared_page
def prizes(request, slug):
    tournament = _tournament(slug)
    table = prize_list(tournament) if tournament.prizes.exists() else None
    return render(request, "public/prizes.html", {"tournament": tournament, "prizes": table})


@shared_page
def prizes_pdf(request, slug):
    tournament = _tournament(slug)
    if not tournament.prizes.exists():
        raise Http404("The tournament has no prize list.")
    table = prize_list(tournament)
    if not table.completed:
        raise Http404("No round is complete yet.")
    name = "prizes" if table.final else f"prizes-provisional-{table.completed}"
    return _pdf(request, tournament, f"{slug}-{name}.pdf",
                lambda: printouts.prizes_pdf(tournament, table, _public_url(request, tournament)))
