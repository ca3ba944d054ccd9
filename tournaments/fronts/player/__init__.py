"""The player's pages: what a signed-in player sees and does about his own entries (docs/players.md)."""
