"""An event's public page: every section's current round (its first boards), with the links to
its round, standings, crosstable and prize list (tournaments/queries/events.py)."""

from django.db.models import Exists, OuterRef
from django.shortcuts import get_object_or_404, render

from tournaments.fronts.public.views import shared_page
from tournaments.models import Event, PlayerSide
from tournaments.queries.events import section_rounds
from tournaments.queries.standings import points_before


@shared_page
def event(request, event):
    """Cached under every tournament's revision (no ``slug``): a section's change shows at once."""
    event = get_object_or_404(Event.objects.select_related("club"), slug=event)
    sections = section_rounds(event)
    for section in sections:
        before = points_before(section.tournament, section.round.number) if section.round else {}
        for game in section.games:
            game.white_points = before.get(game.white.pairing_number, 0)
            game.black_points = before.get(game.black.pairing_number, 0) if game.black else None
    registration = event.tournaments.filter(Exists(PlayerSide.objects.filter(
        tournament=OuterRef("pk"), registration=True))).exists()
    return render(request, "public/event.html", {"event": event, "sections": sections,
                                                 "registration": registration})
