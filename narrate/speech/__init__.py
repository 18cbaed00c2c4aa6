"""Speech stage: utterances of a script in, one WAV clip per utterance out.

``engines`` wraps the text-to-speech engines (pyttsx3 on espeak-ng, Piper); ``synthesis`` decides
what must be spoken and runs it, in parallel through ``workers``; ``cache`` is the content-addressed
utterance cache that makes rebuilds speak only what changed.
"""
