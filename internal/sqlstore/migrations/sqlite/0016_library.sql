-- Albums and artists as rows of their own, songs imported from library
-- folders, and the library account that owns those songs.

-- The owner of imported songs: '~' keeps the name out of sign-up's reach
-- and the empty hash out of password sign-in's.
INSERT INTO users (id, username, username_key, email, password_hash, created_at)
VALUES ('library', '~library', '~library', '~library', '', 0);
DELETE FROM users_fts WHERE rowid = (SELECT rowid FROM users WHERE id = 'library');

CREATE TABLE artists (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,          -- with its real capitals: 'Neon Harbor'
    name_key   TEXT NOT NULL UNIQUE,   -- musicify.NameKey(name)
    user_id    TEXT UNIQUE REFERENCES users (id) ON DELETE SET NULL, -- the uploader it is
    mbid       TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
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
    plays       INTEGER NOT NULL DEFAULT 0, -- listens of its songs, kept by every listen
    created_at  INTEGER NOT NULL,
    UNIQUE (artist_id, name_key)
);
CREATE INDEX albums_created ON albums (created_at);
CREATE INDEX albums_name ON albums (name_key);
CREATE INDEX albums_year ON albums (year);
CREATE INDEX albums_plays ON albums (plays);

ALTER TABLE songs ADD COLUMN artist_name TEXT NOT NULL DEFAULT '';  -- the track's artist as shown
ALTER TABLE songs ADD COLUMN artist_id TEXT REFERENCES artists (id);
ALTER TABLE songs ADD COLUMN album_id TEXT REFERENCES albums (id);
ALTER TABLE songs ADD COLUMN track_no INTEGER NOT NULL DEFAULT 0;
ALTER TABLE songs ADD COLUMN disc_no INTEGER NOT NULL DEFAULT 0;
ALTER TABLE songs ADD COLUMN year INTEGER NOT NULL DEFAULT 0;
ALTER TABLE songs ADD COLUMN genre TEXT NOT NULL DEFAULT '';        -- the first; all in song_genres
ALTER TABLE songs ADD COLUMN mbid TEXT NOT NULL DEFAULT '';
ALTER TABLE songs ADD COLUMN replaygain_track REAL;
ALTER TABLE songs ADD COLUMN replaygain_album REAL;
ALTER TABLE songs ADD COLUMN lyrics_synced TEXT NOT NULL DEFAULT '';
ALTER TABLE songs ADD COLUMN library_path TEXT;                     -- '<folder id>/<path>'; NULL for uploads
ALTER TABLE songs ADD COLUMN file_mtime INTEGER NOT NULL DEFAULT 0;
ALTER TABLE songs ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';  -- finds a moved file
ALTER TABLE songs ADD COLUMN missing_at INTEGER;                    -- the file is gone; kept for history
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

-- The folders of MUSICIFY_LIBRARY_DIRS, each with a stable id for its songs' paths.
CREATE TABLE library_folders (
    id         TEXT PRIMARY KEY,
    path       TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
);

-- Uploaders become artists, their songs' albums become albums (a song
-- without an album tag is a single named after it).
UPDATE songs SET artist_name = (SELECT username FROM users WHERE users.id = songs.user_id);
INSERT INTO artists (id, name, name_key, user_id, created_at)
SELECT u.id, u.username, u.username_key, u.id, MIN(s.created_at)
FROM users u JOIN songs s ON s.user_id = u.id GROUP BY u.id, u.username, u.username_key;
UPDATE songs SET artist_id = user_id;
INSERT INTO albums (id, name, name_key, artist_id, created_at)
SELECT lower(hex(randomblob(12))), MIN(name), key, user_id, MIN(created_at) FROM (
    SELECT CASE WHEN tag_album <> '' THEN tag_album ELSE name END AS name,
           lower(trim(CASE WHEN tag_album <> '' THEN tag_album ELSE name END)) AS key,
           user_id, created_at
    FROM songs) GROUP BY user_id, key;
UPDATE songs SET album_id = (SELECT a.id FROM albums a WHERE a.artist_id = songs.user_id
    AND a.name_key = lower(trim(CASE WHEN songs.tag_album <> '' THEN songs.tag_album ELSE songs.name END)));

-- Search reads a song's artist from the song now (an imported song's is a
-- tag, not an account), and a song whose file went missing leaves it.
DROP TRIGGER songs_fts_insert;
DROP TRIGGER songs_fts_update;
DROP TRIGGER songs_words_update;
CREATE TRIGGER songs_fts_insert AFTER INSERT ON songs WHEN NEW.missing_at IS NULL BEGIN
    INSERT INTO songs_fts (rowid, name, artist, album, body)
    VALUES (NEW.rowid, NEW.name, NEW.artist_name, NEW.tag_album || ' ' || NEW.tag_title, NEW.body_text);
END;
CREATE TRIGGER songs_fts_update
AFTER UPDATE OF name, artist_name, tag_album, tag_title, body_text, missing_at ON songs BEGIN
    DELETE FROM songs_fts WHERE rowid = OLD.rowid;
    INSERT INTO songs_fts (rowid, name, artist, album, body)
    SELECT NEW.rowid, NEW.name, NEW.artist_name, NEW.tag_album || ' ' || NEW.tag_title, NEW.body_text
    WHERE NEW.missing_at IS NULL;
END;
CREATE TRIGGER songs_words_update
AFTER UPDATE OF name, artist_name, tag_album, tag_title, body_text, missing_at ON songs BEGIN
    UPDATE search_versions SET version = version + 1 WHERE kind = 'song';
END;
UPDATE albums SET plays = (SELECT COALESCE(SUM(view_count), 0) FROM songs WHERE songs.album_id = albums.id);
