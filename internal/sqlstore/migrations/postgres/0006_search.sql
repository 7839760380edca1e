-- Full-text search over songs, users and playlists. The store writes each
-- document itself, as a tsvector of words folded in Go exactly as queries
-- are (search.Fold), weighted by field: A name, B artist or owner, C album
-- and title tags, D lyrics. No text-search parser or extension is involved,
-- so a word means the same on both sides.
CREATE TABLE songs_search (
    song_id TEXT PRIMARY KEY REFERENCES songs (id) ON DELETE CASCADE,
    doc     TSVECTOR NOT NULL
);
CREATE INDEX songs_search_doc ON songs_search USING GIN (doc);

CREATE TABLE users_search (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    doc     TSVECTOR NOT NULL
);
CREATE INDEX users_search_doc ON users_search USING GIN (doc);

CREATE TABLE playlists_search (
    playlist_id TEXT PRIMARY KEY REFERENCES playlists (id) ON DELETE CASCADE,
    doc         TSVECTOR NOT NULL
);
CREATE INDEX playlists_search_doc ON playlists_search USING GIN (doc);
