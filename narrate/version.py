"""narrate's version (PEP 440), kept apart so that every layer can read it without importing the API."""

__version__ = "0.1.0"
