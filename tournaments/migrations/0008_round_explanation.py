from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0007_fide_mode'),
    ]

    operations = [
        migrations.AddField(
            model_name='round',
            name='explanation',
            field=models.JSONField(blank=True, default=dict, editable=False),
        ),
        migrations.AddField(
            model_name='round',
            name='explanation_published',
            field=models.BooleanField(default=False),
        ),
    ]
