"""The public pages and their printouts (PDF files, QR codes)."""
