"""Publish stage: encoded episodes in, a podcast folder out.

``episode`` writes one episode's files; ``transcripts`` WebVTT, SRT and JSON chapters; ``feed`` the
RSS feed (RSS 2.0, Apple's itunes tags, Podcast Index namespace); ``preview`` the browser preview;
``output`` stages files and swaps them into the output folder atomically; ``check`` validates a
built folder; ``serve`` serves it over HTTP; ``media_types`` is the media (MIME) type of every file
they publish.
"""
