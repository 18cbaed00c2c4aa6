"""Text stage: lesson files in, narration script out.

``readers`` parse YAML, Markdown and pasted text pages into :class:`narrate.model.Lesson`;
``normalize`` and ``numbers`` turn written text into spoken text; ``lexicon`` applies an author's
pronunciation lexicon; ``script`` lays a lesson out as chapters of utterances and pauses.
"""
