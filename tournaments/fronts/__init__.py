"""The fronts: what people and programs see of the tournaments, above the round lifecycle
(``pairing.rounds``) and the tournaments' data and business actions (``tournaments``).

One package per audience: the arbiter's pages (``arbiter``: tournaments, players, results and the
rounds), the public pages and printouts (``public``), the REST API (``api``); beside them the
table of who may do what, by URL name (``permissions``), the Django admin and the commands.
"""
