-- Signs of interest sent by the client (POST /recommend/create),
-- weaker than a listen, for recommendations.
CREATE TABLE interests (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    song_id TEXT NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
    at      INTEGER NOT NULL
);
CREATE INDEX interests_user_at ON interests (user_id, at);
