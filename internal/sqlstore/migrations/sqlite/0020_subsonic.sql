-- What Subsonic apps keep on the server besides likes (a starred song is
-- a like, so the web app sees it): starred albums and artists, ratings,
-- and each user's play queue, to go on listening on another device.

CREATE TABLE stars (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,   -- album or artist
    item_id    TEXT NOT NULL,   -- kept when the album or artist goes: it may come back with a rescan
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, kind, item_id)
);

CREATE TABLE ratings (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    item_id    TEXT NOT NULL,   -- a song, album or artist: their ids never collide
    kind       TEXT NOT NULL,
    rating     INTEGER NOT NULL, -- 1 to 5; 0 deletes the row
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, item_id)
);

CREATE TABLE play_queues (
    user_id     TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    song_ids    TEXT NOT NULL,            -- space-separated, in order
    current_id  TEXT NOT NULL DEFAULT '', -- the song playing
    position_ms INTEGER NOT NULL DEFAULT 0,
    changed_at  INTEGER NOT NULL,
    changed_by  TEXT NOT NULL DEFAULT ''  -- the client that saved it
);
