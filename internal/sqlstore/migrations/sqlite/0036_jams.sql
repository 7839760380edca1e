-- Jams: live sessions with a shared queue. A Jam's whole state (members,
-- queue, playback, votes) is one JSON document saved over the version it
-- was read at, so two instances changing it at once cannot lose a change;
-- jam_members lets a person's current Jam be found.
CREATE TABLE jams (
    id         TEXT PRIMARY KEY,
    host_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    state      TEXT NOT NULL,
    version    INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    ended_at   INTEGER
);

CREATE TABLE jam_members (
    jam_id  TEXT NOT NULL REFERENCES jams (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (jam_id, user_id)
);
CREATE INDEX jam_members_user ON jam_members (user_id);
