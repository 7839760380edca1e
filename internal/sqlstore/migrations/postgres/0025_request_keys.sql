-- Writes sent with an Idempotency-Key (the offline queue's listens, likes
-- and playlist edits): the first request with a person's key applies the
-- write and keeps its answer here; a repeat gets that answer again and
-- changes nothing, on any instance. status 0 is a write being applied.
-- created_at is unix milliseconds; the hourly sweep drops rows after a week.
CREATE TABLE request_keys (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    request_id TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    status     INTEGER NOT NULL DEFAULT 0,
    body       TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (user_id, request_id)
);
CREATE INDEX request_keys_created ON request_keys (created_at);
