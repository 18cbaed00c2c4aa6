"""narrate: turn written lessons into chaptered, narrated podcast episodes."""

__version__ = "0.1.0"
