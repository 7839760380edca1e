-- Where a song's transcript stands: none, pending, done or failed.
ALTER TABLE songs ADD COLUMN transcript_state TEXT NOT NULL DEFAULT 'none';
