"""The round lifecycle: pairing requests, the task, publish, discard, manual changes, explanations."""
