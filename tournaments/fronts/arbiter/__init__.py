"""The arbiter's pages: tournaments, players, results (``views``) and rounds (``rounds``)."""
