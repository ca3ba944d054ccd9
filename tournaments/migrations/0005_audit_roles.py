"""Roles (club admin, chief arbiter, deputy arbiter) and the audit log.

The former arbiters become chief arbiters (they could do everything in their club's tournaments);
the result history (ResultChange) moves into the audit log, then its table goes.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def forward(apps, schema_editor):
    Membership = apps.get_model("tournaments", "Membership")
    Membership.objects.filter(role="arbiter").update(role="chief")
    ResultChange = apps.get_model("tournaments", "ResultChange")
    AuditEntry = apps.get_model("tournaments", "AuditEntry")
    changes = ResultChange.objects.select_related("game__round").order_by("pk")
    for change in changes.iterator():
        round_ = change.game.round
        entry = AuditEntry.objects.create(
            tournament_id=round_.tournament_id, kind="result", action="changed" if change.old else "entered",
            summary=f"Round {round_.number} board {change.game.board}: {change.old or '—'} → {change.new or '—'}",
            before={"result": change.old}, after={"result": change.new}, game_id=change.game_id,
            user_id=change.changed_by_id)
        AuditEntry.objects.filter(pk=entry.pk).update(at=change.changed_at)


def backward(apps, schema_editor):
    Membership = apps.get_model("tournaments", "Membership")
    Membership.objects.filter(role__in=["chief", "deputy"]).update(role="arbiter")
    ResultChange = apps.get_model("tournaments", "ResultChange")
    AuditEntry = apps.get_model("tournaments", "AuditEntry")
    for entry in AuditEntry.objects.filter(kind="result", game__isnull=False).order_by("pk").iterator():
        change = ResultChange.objects.create(game_id=entry.game_id, old=(entry.before or {}).get("result", ""),
                                             new=(entry.after or {}).get("result", ""), changed_by_id=entry.user_id)
        ResultChange.objects.filter(pk=change.pk).update(changed_at=entry.at)


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0004_round_brackets'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name='membership',
            name='role',
            field=models.CharField(choices=[('admin', 'Club admin'), ('chief', 'Chief arbiter'), ('deputy', 'Deputy arbiter')], default='deputy', max_length=10),
        ),
        migrations.CreateModel(
            name='AuditEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('result', 'Result'), ('player', 'Player'), ('numbers', 'Pairing numbers'), ('absence', 'Absence'), ('settings', 'Settings'), ('tiebreaks', 'Tie-breaks'), ('pair', 'Forbidden pair'), ('round', 'Round')], max_length=10)),
                ('action', models.CharField(max_length=20)),
                ('summary', models.CharField(max_length=300)),
                ('before', models.JSONField(blank=True, null=True)),
                ('after', models.JSONField(blank=True, null=True)),
                ('via', models.CharField(blank=True, max_length=10)),
                ('at', models.DateTimeField(auto_now_add=True)),
                ('game', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='changes', to='tournaments.game')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='audit_entries', to='tournaments.tournament')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name_plural': 'audit entries',
                'ordering': ['-at', '-pk'],
            },
        ),
        migrations.RunPython(forward, backward),
        migrations.DeleteModel(
            name='ResultChange',
        ),
        migrations.AddIndex(
            model_name='auditentry',
            index=models.Index(fields=['tournament', '-at'], name='audit_by_tournament'),
        ),
    ]
