-- Durable background jobs (transcoding, loudness, later transcription).
CREATE TABLE jobs (
    id          TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,
    subject     TEXT NOT NULL DEFAULT '',   -- what the job is about, e.g. a song id
    payload     TEXT NOT NULL DEFAULT '',
    state       TEXT NOT NULL,              -- pending, running, done, failed
    attempts    INTEGER NOT NULL DEFAULT 0,
    run_at      BIGINT NOT NULL,            -- not before
    lease_until BIGINT NOT NULL DEFAULT 0,  -- a running job whose lease ran out is taken again
    last_error  TEXT NOT NULL DEFAULT '',
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX jobs_due ON jobs (state, run_at);
CREATE INDEX jobs_subject ON jobs (subject, kind);
