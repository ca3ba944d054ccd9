from celery import Task, shared_task
from celery.exceptions import TimeLimitExceeded

from pairing.rounds.run import run_pairing
from pairing.rounds.timing import fail_past_time_limit


class PairingTask(Task):
    def on_failure(self, exc, task_id, args, kwargs, einfo):
        # Celery's hard limit killed the process (the engine did not stop at the soft limit):
        # Celery calls this in the worker's main process, and the round must not stay being paired.
        if isinstance(exc, TimeLimitExceeded):
            fail_past_time_limit(args[0], task_id)


@shared_task(name="pairing.pair_round", base=PairingTask, bind=True)
def pair_round_task(self, round_id: int) -> None:
    run_pairing(round_id, self.request.id)



@shared_task(name="pairing.send_notices")
def send_notices_task(round_id: int | None = None) -> int:
    """Send the due pairing notices of the round (of any round: None), batch after batch."""
    from pairing.rounds.mailer import deliver

    return deliver(round_id)
