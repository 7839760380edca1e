-- Artist and album pages count and cover only the songs still present:
-- these partial indexes answer those questions without reading the rows
-- (an artist's songs, their newest cover, an album's presence).
CREATE INDEX songs_artist_listed ON songs (artist_id, created_at) WHERE missing_at IS NULL;
CREATE INDEX songs_artist_cover ON songs (artist_id, created_at) WHERE cover_key <> '' AND missing_at IS NULL;
CREATE INDEX songs_album_listed ON songs (album_id) WHERE missing_at IS NULL;
