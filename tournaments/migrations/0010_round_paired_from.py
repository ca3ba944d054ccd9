from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0009_public_home'),
    ]

    operations = [
        migrations.AddField(
            model_name='round',
            name='paired_from',
            field=models.JSONField(blank=True, default=dict, editable=False),
        ),
    ]
