"""Audio stage: clips and pauses in, levelled, tagged episode audio out.

``timeline`` assembles clips and pauses into one PCM stream with cue and chapter times (ms);
``loudness`` measures integrated loudness (ITU-R BS.1770); ``encoder`` levels and encodes it (MP3,
AAC); ``id3`` writes ID3v2.3 tags and chapters; ``m4b`` writes MP4 chapters; ``cover`` conforms or
draws the cover art.
"""
