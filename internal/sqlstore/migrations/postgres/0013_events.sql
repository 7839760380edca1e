-- The events outbox: every domain event, written in the transaction of its
-- change, numbered in commit order (under an advisory lock, not a sequence,
-- which can commit out of order), so any instance can catch up by seq.
-- at is unix milliseconds; data is a small JSON object.
CREATE TABLE events (
    seq         BIGINT PRIMARY KEY,
    type        TEXT NOT NULL,
    user_id     TEXT NOT NULL DEFAULT '',
    song_id     TEXT NOT NULL DEFAULT '',
    playlist_id TEXT NOT NULL DEFAULT '',
    station_id  TEXT NOT NULL DEFAULT '',
    at          BIGINT NOT NULL,
    data        JSONB NOT NULL DEFAULT '{}'
);
-- The sweep drops events older than a week by this.
CREATE INDEX events_at ON events (at);
