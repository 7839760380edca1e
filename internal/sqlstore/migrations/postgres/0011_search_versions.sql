-- A counter per searchable kind that moves with every change of the words
-- its index holds, so typo word lists are reloaded exactly when they change,
-- not on a timer and not on every listen.
CREATE TABLE search_versions (
    kind    TEXT PRIMARY KEY,
    version BIGINT NOT NULL DEFAULT 0
);
INSERT INTO search_versions (kind) VALUES ('song'), ('user'), ('playlist');

CREATE FUNCTION bump_search_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE search_versions SET version = version + 1 WHERE kind = TG_ARGV[0];
    RETURN NULL;
END $$;

CREATE TRIGGER songs_words AFTER INSERT OR UPDATE OR DELETE ON songs_search
    FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version('song');
CREATE TRIGGER users_words AFTER INSERT OR UPDATE OR DELETE ON users_search
    FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version('user');
CREATE TRIGGER playlists_words AFTER INSERT OR UPDATE OR DELETE ON playlists_search
    FOR EACH STATEMENT EXECUTE FUNCTION bump_search_version('playlist');
