-- Radio stations: an audio file played on a loop from a start time.
CREATE TABLE stations (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    start_at   BIGINT  NOT NULL,  -- Unix milliseconds, an instant: time zones only matter when typed
    audio_key  TEXT NOT NULL,
    format     TEXT NOT NULL,
    duration   DOUBLE PRECISION NOT NULL,
    created_at BIGINT  NOT NULL
);
CREATE INDEX stations_start ON stations (start_at);
