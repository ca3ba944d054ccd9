"""What the pages read: standings and crosstables, board lists, a player's record (read models,
cached under the tournament's revision where they are costly)."""
