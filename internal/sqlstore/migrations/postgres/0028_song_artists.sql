-- Every artist a song credits, each in its role: its main artists (the
-- first is songs.artist_id), featured ones, album artists, composers and
-- other contributors (a performer's instrument is the sub_role). Each
-- name is an artist row of its own, with its page.
CREATE TABLE song_artists (
    song_id   TEXT NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
    artist_id TEXT NOT NULL REFERENCES artists (id),
    role      TEXT NOT NULL,
    sub_role  TEXT NOT NULL DEFAULT '',
    position  INTEGER NOT NULL DEFAULT 0,  -- the order within the role
    PRIMARY KEY (song_id, role, sub_role, artist_id)
);
CREATE INDEX song_artists_artist ON song_artists (artist_id, role);

-- How the tags say to sort the name ("Beatles, The"); '' when they do not.
ALTER TABLE artists ADD COLUMN sort_name TEXT NOT NULL DEFAULT '';

-- The songs already there keep their artist and album artist.
INSERT INTO song_artists (song_id, artist_id, role, position)
SELECT id, artist_id, 'artist', 0 FROM songs WHERE artist_id IS NOT NULL;
INSERT INTO song_artists (song_id, artist_id, role, position)
SELECT s.id, al.artist_id, 'albumartist', 0 FROM songs s JOIN albums al ON al.id = s.album_id;

-- Library files whose shown artist is more than their artist ("A feat. B")
-- are read again by the next scan, which credits each of their artists.
UPDATE songs SET file_mtime = 0 WHERE library_path IS NOT NULL
    AND artist_name <> (SELECT ar.name FROM artists ar WHERE ar.id = songs.artist_id);
