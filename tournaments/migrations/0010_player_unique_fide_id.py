"""A FIDE id registered once per tournament; the titles labelled as FIDE writes them (GM, not Gm).

Tournaments saved before may hold the same FIDE id twice: the constraint could not be added over
them.  The first entry (lowest pairing number) keeps the id; the others' id is cleared and each
clearing is written in the tournament's audit log, naming both players, so that the arbiter sees it
and corrects the wrong entry (nothing else of the players changes: their games stay).
"""

from django.db import migrations, models
from django.db.models import Count


def clear_repeated_fide_ids(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    AuditEntry = apps.get_model("tournaments", "AuditEntry")
    repeated = (Player.objects.exclude(fide_id="").values("tournament_id", "fide_id")
                .annotate(count=Count("pk")).filter(count__gt=1))
    for row in repeated:
        players = list(Player.objects.filter(tournament_id=row["tournament_id"], fide_id=row["fide_id"])
                       .order_by("pairing_number", "pk"))
        kept = players[0]
        for player in players[1:]:
            player.fide_id = ""
            player.save(update_fields=["fide_id"])
            AuditEntry.objects.create(
                tournament_id=row["tournament_id"], kind="player", action="changed", via="migration",
                summary=(f"{player.name} (#{player.pairing_number}): FIDE id {row['fide_id']} cleared, registered "
                         f"already for {kept.name} (#{kept.pairing_number}); check which entry is right")[:300],
                before={"fide_id": row["fide_id"]}, after={"fide_id": ""})


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0009_public_home"),
    ]

    operations = [
        migrations.AlterField(
            model_name="player",
            name="title",
            field=models.CharField(blank=True, choices=[("GM", "GM"), ("IM", "IM"), ("WGM", "WGM"), ("FM", "FM"),
                                                        ("WIM", "WIM"), ("CM", "CM"), ("WFM", "WFM"), ("WCM", "WCM")],
                                   max_length=3),
        ),
        migrations.RunPython(clear_repeated_fide_ids, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(condition=models.Q(("fide_id", ""), _negated=True),
                                               fields=("tournament", "fide_id"), name="unique_fide_id"),
        ),
    ]
