from django.contrib import admin

from .models import Absence, Club, ForbiddenPair, Game, Membership, Player, ResultChange, Round, Tournament


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 1


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "start_date", "rounds", "system", "edition", "acceleration"]
    list_filter = ["club", "system", "edition", "acceleration"]
    search_fields = ["name"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "pairing_number", "rating", "title"]
    list_filter = ["tournament"]
    search_fields = ["name", "fide_id"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "requested_at"]
    list_filter = ["status"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["round", "board", "white", "black", "result"]
    list_select_related = ["round__tournament", "white", "black"]


admin.site.register([Absence, ForbiddenPair, ResultChange])
