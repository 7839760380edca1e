-- A smart playlist keeps rules instead of songs: the JSON of
-- musicify.SmartRules, evaluated on every read. NULL for an ordinary one.
ALTER TABLE playlists ADD COLUMN rules TEXT;
