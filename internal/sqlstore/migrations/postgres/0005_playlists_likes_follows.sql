-- Playlists, likes and follows.

CREATE TABLE playlists (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    name_key   TEXT NOT NULL,            -- lower-cased: one user has one playlist of a name
    cover_key  TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (user_id, name_key)
);

CREATE TABLE playlist_songs (
    playlist_id TEXT NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
    song_id     TEXT NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    added_at    BIGINT NOT NULL,
    PRIMARY KEY (playlist_id, song_id)
);
CREATE INDEX playlist_songs_song ON playlist_songs (song_id);

CREATE TABLE likes (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    song_id    TEXT NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, song_id)
);
CREATE INDEX likes_song ON likes (song_id);

CREATE TABLE follows (
    id          TEXT PRIMARY KEY,
    follower_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    followee_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL,
    UNIQUE (follower_id, followee_id)
);
CREATE INDEX follows_followee ON follows (followee_id);
