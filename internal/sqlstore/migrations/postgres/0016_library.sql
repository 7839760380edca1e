-- Albums and artists as rows of their own, songs imported from library
-- folders, and the library account that owns those songs. (The search
-- documents are written in Go, which reads a song's artist from the song
-- now and leaves the library account and missing files out.)

-- The owner of imported songs: '~' keeps the name out of sign-up's reach
-- and the empty hash out of password sign-in's.
INSERT INTO users (id, username, username_key, email, password_hash, created_at)
VALUES ('library', '~library', '~library', '~library', '', 0);

CREATE TABLE artists (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,          -- with its real capitals: 'Neon Harbor'
    name_key   TEXT NOT NULL UNIQUE,   -- musicify.NameKey(name)
    user_id    TEXT UNIQUE REFERENCES users (id) ON DELETE SET NULL, -- the uploader it is
    mbid       TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);

CREATE TABLE albums (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    name_key    TEXT NOT NULL,
    artist_id   TEXT NOT NULL REFERENCES artists (id),
    year        INTEGER NOT NULL DEFAULT 0,
    genre       TEXT NOT NULL DEFAULT '',
    compilation INTEGER NOT NULL DEFAULT 0,
    mbid        TEXT NOT NULL DEFAULT '',
    cover_key   TEXT NOT NULL DEFAULT '',
    plays       BIGINT NOT NULL DEFAULT 0, -- listens of its songs, kept by every listen
    created_at  BIGINT NOT NULL,
    UNIQUE (artist_id, name_key)
);
CREATE INDEX albums_created ON albums (created_at);
CREATE INDEX albums_name ON albums (name_key);
CREATE INDEX albums_year ON albums (year);
CREATE INDEX albums_plays ON albums (plays);

ALTER TABLE songs
    ADD COLUMN artist_name TEXT NOT NULL DEFAULT '',
    ADD COLUMN artist_id TEXT REFERENCES artists (id),
    ADD COLUMN album_id TEXT REFERENCES albums (id),
    ADD COLUMN track_no INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN disc_no INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN year INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN genre TEXT NOT NULL DEFAULT '',
    ADD COLUMN mbid TEXT NOT NULL DEFAULT '',
    ADD COLUMN replaygain_track DOUBLE PRECISION,
    ADD COLUMN replaygain_album DOUBLE PRECISION,
    ADD COLUMN lyrics_synced TEXT NOT NULL DEFAULT '',
    ADD COLUMN library_path TEXT,
    ADD COLUMN file_mtime BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '',
    ADD COLUMN missing_at BIGINT;
CREATE UNIQUE INDEX songs_library_path ON songs (library_path);
CREATE INDEX songs_album ON songs (album_id, disc_no, track_no);
CREATE INDEX songs_artist ON songs (artist_id);
CREATE INDEX songs_fingerprint ON songs (fingerprint);

CREATE TABLE song_genres (
    song_id   TEXT NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
    genre     TEXT NOT NULL,
    genre_key TEXT NOT NULL,
    PRIMARY KEY (song_id, genre_key)
);
CREATE INDEX song_genres_key ON song_genres (genre_key);

CREATE TABLE library_folders (
    id         TEXT PRIMARY KEY,
    path       TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

-- Uploaders become artists, their songs' albums become albums (a song
-- without an album tag is a single named after it).
UPDATE songs SET artist_name = u.username FROM users u WHERE u.id = songs.user_id;
INSERT INTO artists (id, name, name_key, user_id, created_at)
SELECT u.id, u.username, u.username_key, u.id, MIN(s.created_at)
FROM users u JOIN songs s ON s.user_id = u.id GROUP BY u.id, u.username, u.username_key;
UPDATE songs SET artist_id = user_id;
INSERT INTO albums (id, name, name_key, artist_id, created_at)
SELECT substr(md5(random()::text || key || user_id), 1, 24), MIN(name), key, user_id, MIN(created_at) FROM (
    SELECT CASE WHEN tag_album <> '' THEN tag_album ELSE name END AS name,
           lower(trim(CASE WHEN tag_album <> '' THEN tag_album ELSE name END)) AS key,
           user_id, created_at
    FROM songs) x GROUP BY user_id, key;
UPDATE songs SET album_id = a.id FROM albums a WHERE a.artist_id = songs.user_id
    AND a.name_key = lower(trim(CASE WHEN songs.tag_album <> '' THEN songs.tag_album ELSE songs.name END));
UPDATE albums SET plays = (SELECT COALESCE(SUM(view_count), 0) FROM songs WHERE songs.album_id = albums.id);
