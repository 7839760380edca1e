-- An artist's cover is their latest song's cover: this finds it without
-- reading every song of theirs that has none.
CREATE INDEX songs_user_cover ON songs (user_id, created_at) WHERE cover_key <> '';

-- Broad searches walk the songs from the most listened down.
CREATE INDEX songs_views ON songs (view_count);
