"""The Django admin, for superusers only (``admin_site.py``).  Every change made here of a
tournament's data goes to its audit log with the admin user (``AuditedAdmin``); the audit log
itself is read-only."""

from django.contrib import admin

from tournaments import audit
from tournaments.models import (
    Absence,
    AuditEntry,
    ByeRequest,
    CheckIn,
    Club,
    Event,
    ForbiddenPair,
    Game,
    Membership,
    Player,
    PlayerSide,
    Registration,
    Round,
    Tournament,
)

Kind = AuditEntry.Kind

#: For each model: the kind of its changes and the way to its tournament's id.
AUDITED = {
    Tournament: (Kind.SETTINGS, lambda obj: obj.pk),
    Player: (Kind.PLAYER, lambda obj: obj.tournament_id),
    Absence: (Kind.ABSENCE, lambda obj: obj.player.tournament_id),
    ForbiddenPair: (Kind.FORBIDDEN_PAIR, lambda obj: obj.tournament_id),
    Round: (Kind.ROUND, lambda obj: obj.tournament_id),
    Game: (Kind.RESULT, lambda obj: obj.round.tournament_id),
    # The player's side (docs/players.md)
    PlayerSide: (Kind.SETTINGS, lambda obj: obj.tournament_id),
    Registration: (Kind.REGISTRATION, lambda obj: obj.tournament_id),
    CheckIn: (Kind.CHECK_IN, lambda obj: obj.player.tournament_id),
    ByeRequest: (Kind.BYE_REQUEST, lambda obj: obj.player.tournament_id),
}


def _kind(obj, changed: dict) -> str:
    kind = AUDITED[type(obj)][0]
    if isinstance(obj, Tournament) and changed and set(changed) <= {"tiebreaks", "tiebreak_edition", "ties_by_lot"}:
        return Kind.TIEBREAKS
    if isinstance(obj, Player) and set(changed) == {"pairing_number"}:
        return Kind.PAIRING_NUMBERS
    return kind


class AuditedAdmin(admin.ModelAdmin):
    """Logs each save and delete with what the object was before and after."""

    def _data(self, obj) -> dict:
        return audit.snapshot(obj)

    def save_model(self, request, obj, form, change):
        before = self._data(type(obj).objects.get(pk=obj.pk)) if change else {}
        super().save_model(request, obj, form, change)
        after = self._data(obj)
        name = obj._meta.verbose_name
        if change:
            before, after = audit.changes(before, after)
            if not after:
                return
            summary = f"{name.capitalize()} {obj} changed in the admin: {', '.join(after)}"
        else:
            before, summary = None, f"{name.capitalize()} {obj} added in the admin"
        audit.record(AUDITED[type(obj)][1](obj), _kind(obj, after), "changed" if change else "added", summary,
                     user=request.user, before=before or None, after=after,
                     game=obj if isinstance(obj, Game) else None, via="admin")

    def _log_deletion(self, request, obj):
        if isinstance(obj, Tournament):
            return  # its log goes with it
        audit.record(AUDITED[type(obj)][1](obj), _kind(obj, {}), "deleted",
                     f"{obj._meta.verbose_name.capitalize()} {obj} deleted in the admin", user=request.user,
                     before=self._data(obj), via="admin")

    def delete_model(self, request, obj):
        self._log_deletion(request, obj)
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        for obj in queryset:
            self._log_deletion(request, obj)
        super().delete_queryset(request, queryset)


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 1


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    """An event's changes go to its own audit log and to each of its sections' (a section added or
    removed is the tournament's change, made in its admin or on the event's page); an event deleted,
    to its sections' (its own log goes with it)."""

    list_display = ["name", "club", "venue", "start_date", "end_date", "slug"]
    list_filter = ["club"]
    search_fields = ["name", "venue"]

    def get_readonly_fields(self, request, obj=None):
        return ["slug"] if obj is not None else []  # the address of its pages stays

    def get_prepopulated_fields(self, request, obj=None):
        return {} if obj is not None else {"slug": ["name"]}

    def save_model(self, request, obj, form, change):
        before = audit.snapshot(Event.objects.get(pk=obj.pk)) if change else {}
        super().save_model(request, obj, form, change)
        before, after = audit.changes(before, audit.snapshot(obj))
        if not after:
            return
        summary = (f"Event {obj} changed in the admin: {', '.join(after)}" if change
                   else f"Event {obj} added in the admin")
        audit.record_event(obj, obj.tournaments.all(), Kind.SETTINGS, "event", summary, user=request.user,
                           before=before or None, after=after, via="admin")

    def delete_model(self, request, obj):
        self._log_deletion(request, obj)
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        for obj in queryset:
            self._log_deletion(request, obj)
        super().delete_queryset(request, queryset)

    def _log_deletion(self, request, obj):
        for section in obj.tournaments.all():  # they stay, single tournaments (Tournament.event: SET_NULL)
            audit.record(section, Kind.SETTINGS, "event", f"Event {obj} deleted in the admin", user=request.user,
                         before={"event": obj.name, "section": section.section_order}, after={"event": None},
                         via="admin")


@admin.register(Tournament)
class TournamentAdmin(AuditedAdmin):
    list_display = ["name", "club", "start_date", "rounds", "system", "edition", "acceleration"]
    list_filter = ["club", "system", "edition", "acceleration"]
    search_fields = ["name"]


@admin.register(Player)
class PlayerAdmin(AuditedAdmin):
    list_display = ["name", "tournament", "pairing_number", "rating", "title"]
    list_filter = ["tournament"]
    search_fields = ["name", "fide_id"]


@admin.register(Round)
class RoundAdmin(AuditedAdmin):
    list_display = ["tournament", "number", "status", "requested_at"]
    list_filter = ["status"]


@admin.register(Game)
class GameAdmin(AuditedAdmin):
    list_display = ["round", "board", "white", "black", "result"]
    list_select_related = ["round__tournament", "white", "black"]


admin.site.register([Absence, ForbiddenPair, PlayerSide, Registration, CheckIn, ByeRequest], AuditedAdmin)


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    """Read only: nobody edits the log; a superuser (the only user of the admin, admin_site.py) may
    delete a tournament, and its log with it."""

    list_display = ["at", "tournament", "event", "kind", "summary", "user", "via"]
    list_filter = ["kind", "via"]
    list_select_related = ["tournament", "event", "user"]
    search_fields = ["summary"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
