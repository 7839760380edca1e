-- Accounts, sessions, one-time codes and the dev outbox.
-- Times are Unix milliseconds (BIGINT here, INTEGER in SQLite); ids are text.

CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    username      TEXT NOT NULL,
    username_key  TEXT NOT NULL UNIQUE, -- lower-cased, so 'Ann' and 'ann' are one name
    email         TEXT NOT NULL UNIQUE, -- stored lower-cased
    password_hash TEXT NOT NULL,        -- '' for accounts made through an identity provider
    created_at    BIGINT NOT NULL
);

CREATE TABLE sessions (
    token_hash   TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL
);
CREATE INDEX sessions_user_id ON sessions (user_id);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

CREATE TABLE one_time_codes (
    purpose       TEXT NOT NULL,
    email         TEXT NOT NULL,
    code_hash     TEXT NOT NULL,
    username      TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL DEFAULT '',
    attempts      INTEGER NOT NULL DEFAULT 0,
    created_at    BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL,
    PRIMARY KEY (purpose, email)
);

CREATE TABLE outbox_mails (
    id         TEXT PRIMARY KEY,
    seq        BIGINT NOT NULL,    -- arrival order; two mails can share a millisecond
    to_addr    TEXT NOT NULL,
    subject    TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX outbox_mails_seq ON outbox_mails (seq);
