-- A listen counts once per song length for a person and a song: counting
-- one looks up that pair's listens around its time.
CREATE INDEX listens_user_song_at ON listens (user_id, song_id, at);
