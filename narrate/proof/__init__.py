"""Proof-listening: an offline speech recogniser hears the built episodes and reports the cues a
listener would mishear (:mod:`narrate.proof.listen`), scored against the narration script
(:mod:`narrate.proof.report`)."""
