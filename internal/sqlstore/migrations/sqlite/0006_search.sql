-- Full-text search over songs, users and playlists (SQLite FTS5). Each
-- index row shares the rowid of its source row, and triggers keep the
-- indexes in step with every write. unicode61 folds case and diacritics;
-- hyphens and punctuation split words ('neon-harbor' is 'neon' 'harbor').
-- The prefix indexes make as-you-type queries ('submar*') cheap.

CREATE VIRTUAL TABLE songs_fts USING fts5(
    name, artist, album, body,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
);
CREATE VIRTUAL TABLE users_fts USING fts5(
    username,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
);
CREATE VIRTUAL TABLE playlists_fts USING fts5(
    name, owner,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
);

-- The words of each index, for typo correction.
CREATE VIRTUAL TABLE songs_terms USING fts5vocab(songs_fts, 'row');
CREATE VIRTUAL TABLE users_terms USING fts5vocab(users_fts, 'row');
CREATE VIRTUAL TABLE playlists_terms USING fts5vocab(playlists_fts, 'row');

CREATE TRIGGER songs_fts_insert AFTER INSERT ON songs BEGIN
    INSERT INTO songs_fts (rowid, name, artist, album, body)
    VALUES (NEW.rowid, NEW.name, (SELECT username FROM users WHERE id = NEW.user_id),
            NEW.tag_album || ' ' || NEW.tag_title, NEW.body_text);
END;
CREATE TRIGGER songs_fts_update AFTER UPDATE OF name, tag_album, tag_title, body_text ON songs BEGIN
    DELETE FROM songs_fts WHERE rowid = OLD.rowid;
    INSERT INTO songs_fts (rowid, name, artist, album, body)
    VALUES (NEW.rowid, NEW.name, (SELECT username FROM users WHERE id = NEW.user_id),
            NEW.tag_album || ' ' || NEW.tag_title, NEW.body_text);
END;
CREATE TRIGGER songs_fts_delete AFTER DELETE ON songs BEGIN
    DELETE FROM songs_fts WHERE rowid = OLD.rowid;
END;

CREATE TRIGGER users_fts_insert AFTER INSERT ON users BEGIN
    INSERT INTO users_fts (rowid, username) VALUES (NEW.rowid, NEW.username);
END;
CREATE TRIGGER users_fts_update AFTER UPDATE OF username ON users BEGIN
    DELETE FROM users_fts WHERE rowid = OLD.rowid;
    INSERT INTO users_fts (rowid, username) VALUES (NEW.rowid, NEW.username);
END;
CREATE TRIGGER users_fts_delete AFTER DELETE ON users BEGIN
    DELETE FROM users_fts WHERE rowid = OLD.rowid;
END;

CREATE TRIGGER playlists_fts_insert AFTER INSERT ON playlists BEGIN
    INSERT INTO playlists_fts (rowid, name, owner)
    VALUES (NEW.rowid, NEW.name, (SELECT username FROM users WHERE id = NEW.user_id));
END;
CREATE TRIGGER playlists_fts_update AFTER UPDATE OF name ON playlists BEGIN
    DELETE FROM playlists_fts WHERE rowid = OLD.rowid;
    INSERT INTO playlists_fts (rowid, name, owner)
    VALUES (NEW.rowid, NEW.name, (SELECT username FROM users WHERE id = NEW.user_id));
END;
CREATE TRIGGER playlists_fts_delete AFTER DELETE ON playlists BEGIN
    DELETE FROM playlists_fts WHERE rowid = OLD.rowid;
END;

-- Index what existed before this migration.
INSERT INTO songs_fts (rowid, name, artist, album, body)
    SELECT s.rowid, s.name, u.username, s.tag_album || ' ' || s.tag_title, s.body_text
    FROM songs s JOIN users u ON u.id = s.user_id;
INSERT INTO users_fts (rowid, username) SELECT rowid, username FROM users;
INSERT INTO playlists_fts (rowid, name, owner)
    SELECT p.rowid, p.name, u.username FROM playlists p JOIN users u ON u.id = p.user_id;
