-- Devices: each of a person's browsers and apps, named, with what it last
-- reported playing (one JSON document) and when it was last seen, from
-- which the app tells online from offline.
CREATE TABLE devices (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    seen_at    INTEGER NOT NULL,
    state      TEXT NOT NULL,
    jukebox    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX devices_user ON devices (user_id);
