-- What the owner writes about a playlist (Subsonic's comment); '' for
-- none. internal/playlists bounds it (musicify.PlaylistDescriptionMax).
ALTER TABLE playlists ADD COLUMN description TEXT NOT NULL DEFAULT '';
