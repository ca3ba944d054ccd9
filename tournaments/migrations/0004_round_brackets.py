from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0003_tournament_revision'),
    ]

    operations = [
        migrations.AddField(
            model_name='round',
            name='brackets',
            field=models.JSONField(blank=True, default=list, editable=False),
        ),
    ]
