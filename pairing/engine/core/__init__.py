"""What every Swiss system shares: round state, compatibility, criteria, completion, matching."""
