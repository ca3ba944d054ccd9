from django.apps import AppConfig


class PairingConfig(AppConfig):
    name = "pairing"
    verbose_name = "Pairing"

    def ready(self) -> None:
        from pairing.rounds import notices

        notices.connect()
