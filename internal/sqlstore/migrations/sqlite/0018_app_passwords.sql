-- App passwords: what Subsonic clients sign in with, one per device, so
-- web passwords stay argon2id. The Subsonic token scheme needs the plain
-- password on the server, so the secret is kept encrypted (AES-256-GCM
-- under a key derived from the server secret: nonce then ciphertext), not
-- hashed. api_key_hash is the secret's SHA-256 (hex), which finds the row
-- of an OpenSubsonic apiKey without a username.
CREATE TABLE app_passwords (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    name_key     TEXT NOT NULL,        -- musicify.NameKey(name): one 'Phone' per user
    secret       BLOB NOT NULL,
    api_key_hash TEXT NOT NULL UNIQUE,
    created_at   INTEGER NOT NULL,
    last_used_at INTEGER,               -- NULL until first used
    UNIQUE (user_id, name_key)
);
