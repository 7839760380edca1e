-- Songs, their listens, and the artist cover a user may set.

CREATE TABLE songs (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    format     TEXT NOT NULL,
    duration   DOUBLE PRECISION NOT NULL DEFAULT 0, -- seconds
    bitrate    INTEGER NOT NULL DEFAULT 0,
    size       BIGINT NOT NULL,
    sha256     TEXT NOT NULL,
    audio_key  TEXT NOT NULL,              -- the original in blob storage
    stream_key TEXT NOT NULL DEFAULT '',   -- a lighter rendition, when one was made
    cover_key  TEXT NOT NULL DEFAULT '',   -- blob prefix of the cover sizes
    body_text  TEXT NOT NULL DEFAULT '',   -- lyrics or transcript
    loudness   DOUBLE PRECISION,           -- LUFS, NULL until measured
    tag_title  TEXT NOT NULL DEFAULT '',
    tag_album  TEXT NOT NULL DEFAULT '',
    view_count BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    UNIQUE (user_id, sha256)
);
CREATE INDEX songs_user_created ON songs (user_id, created_at);
CREATE INDEX songs_created ON songs (created_at);

-- Every counted listen, for top songs and recommendations.
CREATE TABLE listens (
    song_id TEXT NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    at      BIGINT NOT NULL
);
CREATE INDEX listens_song_at ON listens (song_id, at);
CREATE INDEX listens_user_at ON listens (user_id, at);

ALTER TABLE users ADD COLUMN artist_cover_key TEXT NOT NULL DEFAULT '';
