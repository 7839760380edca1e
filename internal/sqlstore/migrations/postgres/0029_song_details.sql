-- What apps show of a song beyond its place: the audio stream (sample
-- rate, bit depth of lossless files, channels), the BPM tag, and the other
-- tags as JSON (musicify.SongDetails: comment, ISRC, moods, release dates
-- and types, labels, disc subtitle, sort names, explicit advisory).
-- tags_version is the version of the reader that read a library file: a
-- row from an older reader (0: before this column) is read again by the
-- next scan, changed or not.
ALTER TABLE songs ADD COLUMN sample_rate INTEGER NOT NULL DEFAULT 0;
ALTER TABLE songs ADD COLUMN bit_depth INTEGER NOT NULL DEFAULT 0;
ALTER TABLE songs ADD COLUMN channels INTEGER NOT NULL DEFAULT 0;
ALTER TABLE songs ADD COLUMN bpm INTEGER NOT NULL DEFAULT 0;
ALTER TABLE songs ADD COLUMN tag_details TEXT NOT NULL DEFAULT '{}';
ALTER TABLE songs ADD COLUMN tags_version INTEGER NOT NULL DEFAULT 0;
