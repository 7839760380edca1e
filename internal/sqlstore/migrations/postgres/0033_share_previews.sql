-- Whether visitors of a shared song or playlist may hear 30-second
-- previews of its songs without an account: 1 until the owner (the
-- uploader, for a song) turns them off.
ALTER TABLE songs ADD COLUMN previews INTEGER NOT NULL DEFAULT 1;
ALTER TABLE playlists ADD COLUMN previews INTEGER NOT NULL DEFAULT 1;
