-- The mixes made for a person that stay the same for a period (Discover
-- Weekly: a week): the first one made in the period is kept, so every
-- instance and every reload shows the same songs until the next one.
CREATE TABLE mixes (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    period     TEXT NOT NULL,
    songs      TEXT NOT NULL, -- song ids in order, space-separated
    reasons    TEXT NOT NULL, -- one JSON object per song, as a JSON array
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, kind)
);
