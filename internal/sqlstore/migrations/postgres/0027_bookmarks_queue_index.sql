-- Bookmarks of Subsonic apps (audiobooks, long mixes): where a user
-- stopped in a song, one per user and song. They go with the user or the
-- song.
CREATE TABLE bookmarks (
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    song_id     TEXT NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
    position_ms BIGINT NOT NULL,
    comment     TEXT NOT NULL DEFAULT '',
    created_at  BIGINT NOT NULL,
    changed_at  BIGINT NOT NULL,
    PRIMARY KEY (user_id, song_id)
);

-- Where in the queue the song playing is (0-based), for apps that save the
-- queue by index: a song queued twice is told apart. A queue saved before
-- has 0, and readers fall back to the first place of current_id.
ALTER TABLE play_queues ADD COLUMN current_index INTEGER NOT NULL DEFAULT 0;
