-- Administration: admins, disabled accounts, single-use sign-up invitations.

ALTER TABLE users ADD COLUMN is_admin INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN disabled_at BIGINT; -- NULL: the account may sign in

-- Who became the first admin: '' until someone does. Every change of who
-- is an admin first writes this row, so such changes run one at a time on
-- every database (the row lock serializes them in PostgreSQL).
INSERT INTO settings (name, value) VALUES ('admin_claim', '');

-- An installation that had people before this migration: its earliest
-- person is the admin. The demo seeding's accounts (the demo listener and
-- the password-less artists, all at example.com) are nobody's, so they
-- never take the place of the first real person.
UPDATE users SET is_admin = 1 WHERE id = (
    SELECT id FROM users
    WHERE id <> 'library'
      AND NOT (email LIKE '%@example.com' AND (username_key = 'demo' OR password_hash = ''))
    ORDER BY created_at, id LIMIT 1);
UPDATE settings SET value = COALESCE((SELECT id FROM users WHERE is_admin = 1), '') WHERE name = 'admin_claim';

CREATE TABLE invites (
    id         TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE, -- sha256 of the token in the link; the token itself is never stored
    created_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_by    TEXT REFERENCES users (id) ON DELETE SET NULL,
    used_at    BIGINT
);
CREATE INDEX invites_created ON invites (created_at);
