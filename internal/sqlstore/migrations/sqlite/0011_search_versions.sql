-- A counter per searchable kind that moves with every change of the words
-- its index holds, so typo word lists are reloaded exactly when they change,
-- not on a timer and not on every listen.
CREATE TABLE search_versions (
    kind    TEXT PRIMARY KEY,
    version INTEGER NOT NULL DEFAULT 0
);
INSERT INTO search_versions (kind) VALUES ('song'), ('user'), ('playlist');

CREATE TRIGGER songs_words_insert AFTER INSERT ON songs BEGIN
    UPDATE search_versions SET version = version + 1 WHERE kind = 'song';
END;
CREATE TRIGGER songs_words_update AFTER UPDATE OF name, tag_album, tag_title, body_text ON songs BEGIN
    UPDATE search_versions SET version = version + 1 WHERE kind = 'song';
END;
CREATE TRIGGER songs_words_delete AFTER DELETE ON songs BEGIN
    UPDATE search_versions SET version = version + 1 WHERE kind = 'song';
END;

CREATE TRIGGER users_words_insert AFTER INSERT ON users BEGIN
    UPDATE search_versions SET version = version + 1 WHERE kind = 'user';
END;
CREATE TRIGGER users_words_update AFTER UPDATE OF username ON users BEGIN
    UPDATE search_versions SET version = version + 1 WHERE kind = 'user';
END;
CREATE TRIGGER users_words_delete AFTER DELETE ON users BEGIN
    UPDATE search_versions SET version = version + 1 WHERE kind = 'user';
END;

CREATE TRIGGER playlists_words_insert AFTER INSERT ON playlists BEGIN
    UPDATE search_versions SET version = version + 1 WHERE kind = 'playlist';
END;
CREATE TRIGGER playlists_words_update AFTER UPDATE OF name ON playlists BEGIN
    UPDATE search_versions SET version = version + 1 WHERE kind = 'playlist';
END;
CREATE TRIGGER playlists_words_delete AFTER DELETE ON playlists BEGIN
    UPDATE search_versions SET version = version + 1 WHERE kind = 'playlist';
END;
