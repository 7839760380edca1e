package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.PlaylistStore = (*DB)(nil)

// playlistSelect reads a playlist with its count and its mosaic: the first
// four distinct song covers in playlist order, joined by spaces (keys have
// none), inside the same query so a list of playlists costs one query.
// string_agg with ORDER BY reads the same in PostgreSQL and SQLite ≥ 3.44.
const playlistSelect = `SELECT p.id, p.user_id, u.username, p.name, p.description, p.cover_key, p.created_at, p.rules,
	(SELECT COUNT(*) FROM playlist_songs ps WHERE ps.playlist_id = p.id),
	COALESCE((SELECT string_agg(m.cover_key, ' ' ORDER BY m.pos, m.cover_key) FROM (
		SELECT s.cover_key, MIN(ps.position) AS pos FROM playlist_songs ps JOIN songs s ON s.id = ps.song_id
		WHERE ps.playlist_id = p.id AND s.cover_key <> ''
		GROUP BY s.cover_key ORDER BY pos, s.cover_key LIMIT 4) m), '')
	FROM playlists p JOIN users u ON u.id = p.user_id`

var errNoPlaylist = musicify.Errorf(musicify.ENOTFOUND, "This playlist does not exist.")

// CreatePlaylist inserts p; a name the user already has is a conflict.
func (d *DB) CreatePlaylist(ctx context.Context, p *musicify.Playlist) error {
	p.ID = musicify.NewID()
	if p.Created.IsZero() {
		p.Created = d.Now().UTC().Truncate(time.Millisecond) // as stored
	}
	rules, err := rulesJSON(p.Rules)
	if err != nil {
		return err
	}
	err = d.WithTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `INSERT INTO playlists (id, user_id, name, name_key, description, cover_key, created_at, updated_at, rules)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, p.ID, p.UserID, p.Name, strings.ToLower(p.Name), p.Description, p.CoverKey,
			toMillis(p.Created), toMillis(p.Created), rules); err != nil {
			return err
		}
		return d.dialect.index(ctx, tx, musicify.KindPlaylist, p.ID)
	})
	if _, ok := d.dialect.uniqueViolation(err); ok {
		return musicify.Errorf(musicify.ECONFLICT, "You already have a playlist called “%s”.", p.Name).In("name")
	} else if err != nil {
		return fmt.Errorf("creating playlist: %w", err)
	}
	return nil
}

func (d *DB) Playlist(ctx context.Context, id string) (*musicify.Playlist, error) {
	return d.playlistWhere(ctx, `p.id = ?`, id)
}

// PlaylistByName finds a user's playlist whatever the case of the name.
func (d *DB) PlaylistByName(ctx context.Context, userID, name string) (*musicify.Playlist, error) {
	return d.playlistWhere(ctx, `p.user_id = ? AND p.name_key = ?`, userID, strings.ToLower(name))
}

func (d *DB) playlistWhere(ctx context.Context, where string, args ...any) (*musicify.Playlist, error) {
	p, err := scanPlaylist(d.queryRow(ctx, playlistSelect+` WHERE `+where, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoPlaylist
	} else if err != nil {
		return nil, fmt.Errorf("reading playlist: %w", err)
	}
	return p, nil
}

// PlaylistsByUser lists a user's playlists, newest first.
func (d *DB) PlaylistsByUser(ctx context.Context, userID string) ([]*musicify.Playlist, error) {
	return collect(ctx, d, "playlists", scanPlaylist, playlistSelect+` WHERE p.user_id = ? ORDER BY p.created_at DESC, p.id`, userID)
}

func scanPlaylist(s scanner) (*musicify.Playlist, error) {
	var p musicify.Playlist
	var created int64
	var mosaic string
	var rules sql.NullString
	if err := s.Scan(&p.ID, &p.UserID, &p.Owner, &p.Name, &p.Description, &p.CoverKey, &created, &rules, &p.Songs, &mosaic); err != nil {
		return nil, err
	}
	if rules.Valid {
		p.Rules = &musicify.SmartRules{}
		if err := json.Unmarshal([]byte(rules.String), p.Rules); err != nil {
			return nil, fmt.Errorf("reading the rules of playlist %s: %w", p.ID, err)
		}
	}
	p.Created = fromMillis(created)
	p.Mosaic = strings.Fields(mosaic)
	return &p, nil
}

// PlaylistSongs lists a playlist's songs in their order; a smart
// playlist's are what its rules match now, so every reader (the assistant,
// Subsonic) sees them.
func (d *DB) PlaylistSongs(ctx context.Context, playlistID string) ([]*musicify.Song, error) {
	var owner string
	var rules sql.NullString
	err := d.queryRow(ctx, `SELECT user_id, rules FROM playlists WHERE id = ?`, playlistID).Scan(&owner, &rules)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("reading playlist: %w", lost(err))
	}
	if rules.Valid {
		var r musicify.SmartRules
		if err := json.Unmarshal([]byte(rules.String), &r); err != nil {
			return nil, fmt.Errorf("reading the rules of playlist %s: %w", playlistID, err)
		}
		return d.SmartSongs(ctx, owner, playlistID, &r)
	}
	return d.songList(ctx, `SELECT `+songColumns+` FROM playlist_songs ps
		JOIN songs s ON s.id = ps.song_id`+songJoins+`
		WHERE ps.playlist_id = ? ORDER BY ps.position, ps.added_at`, playlistID)
}

// AddPlaylistSong appends a song; a song already there is a conflict.
func (d *DB) AddPlaylistSong(ctx context.Context, playlistID, songID string) error {
	err := d.WithTx(ctx, func(tx *Tx) error {
		if err := tx.refuseSmart(ctx, playlistID); err != nil {
			return err
		}
		var n int
		if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM songs WHERE id = ?`, songID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return musicify.Errorf(musicify.ENOTFOUND, "This song does not exist.")
		}
		now := toMillis(d.Now())
		_, err := tx.exec(ctx, `INSERT INTO playlist_songs (playlist_id, song_id, position, added_at)
			VALUES (?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM playlist_songs WHERE playlist_id = ?), ?)`,
			playlistID, songID, playlistID, now)
		if _, ok := d.dialect.uniqueViolation(err); ok {
			return musicify.Errorf(musicify.ECONFLICT, "This song is already in the playlist.")
		} else if err != nil {
			return err
		}
		if _, err = tx.exec(ctx, `UPDATE playlists SET updated_at = ? WHERE id = ?`, now, playlistID); err != nil {
			return err
		}
		return tx.playlistChanged(ctx, playlistID)
	})
	return wrap(err, "adding to playlist")
}

// playlistChanged emits playlist.changed with the playlist's songs as the
// transaction leaves them.
func (t *Tx) playlistChanged(ctx context.Context, id string) error {
	rows, err := t.query(ctx, `SELECT song_id FROM playlist_songs WHERE playlist_id = ? ORDER BY position, added_at`, id)
	if err != nil {
		return err
	}
	defer rows.Close()
	p := musicify.PlaylistData{Songs: []string{}}
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return err
		}
		p.Songs = append(p.Songs, s)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return t.emitPlaylist(id, p)
}

func (t *Tx) emitPlaylist(id string, p musicify.PlaylistData) error {
	data, err := json.Marshal(p)
	if err != nil {
		return err
	}
	t.emit(musicify.Event{Type: musicify.EventPlaylistChanged, PlaylistID: id, Data: data})
	return nil
}

func (d *DB) RemovePlaylistSong(ctx context.Context, playlistID, songID string) error {
	err := d.WithTx(ctx, func(tx *Tx) error {
		if err := tx.refuseSmart(ctx, playlistID); err != nil {
			return err
		}
		res, err := tx.exec(ctx, `DELETE FROM playlist_songs WHERE playlist_id = ? AND song_id = ?`, playlistID, songID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return musicify.Errorf(musicify.ENOTFOUND, "This song is not in the playlist.")
		}
		return tx.playlistChanged(ctx, playlistID)
	})
	return wrap(err, "removing from playlist")
}

// ReorderPlaylist writes the new positions in one transaction, after
// checking the list names every song of the playlist exactly once.
func (d *DB) ReorderPlaylist(ctx context.Context, playlistID string, songIDs []string) error {
	err := d.WithTx(ctx, func(tx *Tx) error {
		if err := tx.refuseSmart(ctx, playlistID); err != nil {
			return err
		}
		rows, err := tx.query(ctx, `SELECT song_id FROM playlist_songs WHERE playlist_id = ?`, playlistID)
		if err != nil {
			return err
		}
		var have []string
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			have = append(have, id)
		}
		rows.Close()
		want := append([]string(nil), songIDs...)
		sort.Strings(have)
		sort.Strings(want)
		if strings.Join(have, ",") != strings.Join(want, ",") {
			return musicify.Errorf(musicify.EINVALID, "The new order must list every song of the playlist once. Reload the playlist and try again.")
		}
		for i, id := range songIDs {
			if _, err := tx.exec(ctx, `UPDATE playlist_songs SET position = ? WHERE playlist_id = ? AND song_id = ?`,
				i+1, playlistID, id); err != nil {
				return err
			}
		}
		return nil
	})
	return wrap(err, "reordering playlist")
}

// UpdatePlaylist writes the details e names, in one statement so a name
// refused leaves the description as it was too.
func (d *DB) UpdatePlaylist(ctx context.Context, id string, e musicify.PlaylistEdit) error {
	set, args := `updated_at = ?`, []any{toMillis(d.Now())}
	if e.Name != nil {
		set += `, name = ?, name_key = ?`
		args = append(args, *e.Name, strings.ToLower(*e.Name))
	}
	if e.Description != nil {
		set += `, description = ?`
		args = append(args, *e.Description)
	}
	err := d.WithTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `UPDATE playlists SET `+set+` WHERE id = ?`, append(args, id)...)
		if _, ok := d.dialect.uniqueViolation(err); ok {
			return musicify.Errorf(musicify.ECONFLICT, "You already have a playlist called “%s”.", *e.Name).In("name")
		} else if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errNoPlaylist
		}
		if e.Name == nil {
			return nil
		}
		return d.dialect.index(ctx, tx, musicify.KindPlaylist, id)
	})
	return wrap(err, "updating playlist")
}

func (d *DB) SetPlaylistCover(ctx context.Context, id, coverKey string) (string, error) {
	return d.swapColumn(ctx, "playlists", "cover_key", id, coverKey, errNoPlaylist)
}

// swapColumn sets a text column of one row and returns its old value, in
// one transaction. table and column are constants of this package.
func (d *DB) swapColumn(ctx context.Context, table, column, id, value string, notFound error) (string, error) {
	var old string
	err := d.WithTx(ctx, func(tx *Tx) error {
		err := tx.queryRow(ctx, `SELECT `+column+` FROM `+table+` WHERE id = ?`, id).Scan(&old)
		if errors.Is(err, sql.ErrNoRows) {
			return notFound
		} else if err != nil {
			return err
		}
		_, err = tx.exec(ctx, `UPDATE `+table+` SET `+column+` = ? WHERE id = ?`, value, id)
		return err
	})
	if err != nil {
		return "", wrap(err, "updating "+table)
	}
	return old, nil
}

func (d *DB) DeletePlaylist(ctx context.Context, id string) error {
	err := d.WithTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `DELETE FROM playlists WHERE id = ?`, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errNoPlaylist
		}
		return tx.emitPlaylist(id, musicify.PlaylistData{Songs: []string{}})
	})
	return wrap(err, "deleting playlist")
}

// refuseSmart stops a hand edit of a smart playlist, whichever way the
// request came (web, Subsonic, the assistant).
func (t *Tx) refuseSmart(ctx context.Context, playlistID string) error {
	var rules sql.NullString
	err := t.queryRow(ctx, `SELECT rules FROM playlists WHERE id = ?`, playlistID).Scan(&rules)
	if errors.Is(err, sql.ErrNoRows) {
		return errNoPlaylist
	} else if err != nil {
		return err
	}
	if rules.Valid {
		return musicify.ErrSmartPlaylist
	}
	return nil
}

func rulesJSON(r *musicify.SmartRules) (any, error) {
	if r == nil {
		return nil, nil
	}
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("writing rules: %w", err)
	}
	return string(b), nil
}

// SetPlaylistRules replaces a smart playlist's rules; an ordinary playlist
// cannot become smart (its songs would be lost), so it is refused.
func (d *DB) SetPlaylistRules(ctx context.Context, id string, rules *musicify.SmartRules) error {
	if rules == nil {
		return musicify.Errorf(musicify.EINVALID, "Please give the smart playlist its rules.").In("rules")
	}
	text, err := rulesJSON(rules)
	if err != nil {
		return err
	}
	err = d.WithTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `UPDATE playlists SET rules = ?, updated_at = ? WHERE id = ? AND rules IS NOT NULL`,
			text, toMillis(d.Now()), id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			var one int
			if err := tx.queryRow(ctx, `SELECT 1 FROM playlists WHERE id = ?`, id).Scan(&one); errors.Is(err, sql.ErrNoRows) {
				return errNoPlaylist
			} else if err != nil {
				return err
			}
			return musicify.Errorf(musicify.ECONFLICT, "This playlist holds songs chosen by hand, not rules: make a new smart playlist instead.")
		}
		return nil
	})
	return wrap(err, "setting playlist rules")
}
