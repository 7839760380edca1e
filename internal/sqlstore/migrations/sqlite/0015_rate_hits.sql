-- Rate limits shared by every instance: the recent event times of one
-- limit key, as comma-separated unix milliseconds, oldest first. id is the
-- key's SHA-256: keys hold emails and addresses. The hourly sweep drops
-- rows whose newest event left its window (expires_at, unix milliseconds).
CREATE TABLE rate_hits (
    id         TEXT PRIMARY KEY,
    hits       TEXT NOT NULL DEFAULT '',
    expires_at BIGINT NOT NULL
);
CREATE INDEX rate_hits_expires ON rate_hits (expires_at);
