from celery import shared_task

from . import services


@shared_task(name="pairing.pair_round")
def pair_round_task(round_id: int) -> None:
    services.run_pairing(round_id)
