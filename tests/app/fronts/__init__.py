"""The fronts: the arbiter's and the public pages, the API, the permission table, the settings."""
