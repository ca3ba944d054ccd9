"""The round lifecycle: request a pairing, run the engine, publish or discard.

A refusal speaks the arbiter's language; what is stored (the audit log, a failed round's
``error``, written by the task as well) stays in English.

``request_pairing`` creates the round in the database first: the unique
(tournament, number) constraint makes a second request for the same round
fail however it arrives (double click, two arbiters, the API), so one
pairing task runs per round.

No lock is held while the engine computes: ``run_pairing`` reads the
tournament as a TRF document, pairs it outside any transaction, then stores
the boards in a short transaction under the tournament's lock, only if the
round is still being paired and the document read again is the same.  Every
action that changes what a pairing reads takes that lock first
(``tournaments.services.lock_tournament``), so it waits for that short write,
never for the engine.

The engine reports its progress through a callback (``RoundProgress``): the
task writes it to the round at most once a second, in a one-row UPDATE of its
own, and the round's page shows it.  The same callback enforces the
tournament's time limit in any process (a worker, or the web process when
tasks run eagerly), besides Celery's soft and hard limits sent with the task.

A round never stays "being paired": the task is recorded with the round (an
outbox, ``outbox.py``) and sent once that commits; it is redelivered when its
pool process dies (``CELERY_TASK_ACKS_LATE``,
``CELERY_TASK_REJECT_ON_WORKER_LOST``); it beats while the engine computes
(``heartbeat.py``), and the watcher (``watch.py``: on every look at the round,
and in every worker) sends a task unsent, silent or never taken again, once,
then fails the round with a message (no beat process needed); the round fails
with a message past its tournament's ``pairing_time_limit``.  The arbiter can cancel a pairing at any time
(``discard_round``): the engine stops at its next bracket, and a task that
finishes afterwards stores nothing.

A draft remembers what it was paired from (``Round.paired_from``, ``stale``):
a change of the pairing input afterwards marks it out of date on the round
page, and ``publish_round`` asks before publishing it, or a draft whose
players to be paired have no board (refused in FIDE mode when the engine's
own pairing gave them boards, ``manual.could_be_paired``).  ``pair_again``
discards a draft and pairs the round again in one action.
"""

