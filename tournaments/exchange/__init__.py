"""The tournament in and out of files: TRF (the engine's document, export, import) and CSV."""
