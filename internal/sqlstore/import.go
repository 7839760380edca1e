package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

// Import writes many users, songs and listens in one transaction each,
// for bringing a library in (and for the benchmark's large catalog). It
// writes no events: load the recommender afterwards.
func (d *DB) Import(ctx context.Context, users []*musicify.User, songs []*musicify.Song, listens []musicify.Interaction) error {
	err := d.inTx(ctx, `INSERT INTO users (id, username, username_key, email, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		len(users), func(st *sql.Stmt, i int) error {
			u := users[i]
			_, err := st.ExecContext(ctx, u.ID, u.Username, strings.ToLower(u.Username), musicify.NormalizeEmail(u.Email), u.PasswordHash, toMillis(u.CreatedAt))
			return err
		})
	if err != nil {
		return fmt.Errorf("importing users: %w", err)
	}
	artists, albums := placeImports(users, songs)
	err = d.inTx(ctx, `INSERT INTO artists (id, name, name_key, user_id, created_at) VALUES (?, ?, ?, ?, ?)`,
		len(artists), func(st *sql.Stmt, i int) error {
			u := artists[i]
			_, err := st.ExecContext(ctx, u.ID, u.Username, musicify.NameKey(u.Username), u.ID, toMillis(u.CreatedAt))
			return err
		})
	if err != nil {
		return fmt.Errorf("importing artists: %w", err)
	}
	err = d.inTx(ctx, `INSERT INTO albums (id, name, name_key, artist_id, created_at) VALUES (?, ?, ?, ?, ?)`,
		len(albums), func(st *sql.Stmt, i int) error {
			a := albums[i]
			_, err := st.ExecContext(ctx, a.ID, a.Name, musicify.NameKey(a.Name), a.ArtistID, toMillis(a.Created))
			return err
		})
	if err != nil {
		return fmt.Errorf("importing albums: %w", err)
	}
	err = d.inTx(ctx, `INSERT INTO songs (id, user_id, name, format, duration, bitrate, size, sha256, audio_key,
		cover_key, body_text, view_count, created_at, artist_name, artist_id, album_id, tag_album)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		len(songs), func(st *sql.Stmt, i int) error {
			s := songs[i]
			_, err := st.ExecContext(ctx, s.ID, s.UserID, s.Name, s.Format, s.Duration, s.Bitrate, s.Size, s.SHA256,
				s.AudioKey, s.CoverKey, s.Text, s.Count, toMillis(s.Created), s.Artist, s.ArtistID, s.AlbumID, s.Album)
			return err
		})
	if err != nil {
		return fmt.Errorf("importing songs: %w", err)
	}
	err = d.inTx(ctx, `INSERT INTO listens (song_id, user_id, at) VALUES (?, ?, ?)`, len(listens), func(st *sql.Stmt, i int) error {
		l := listens[i]
		_, err := st.ExecContext(ctx, l.SongID, l.UserID, toMillis(l.At))
		return err
	})
	if err != nil {
		return fmt.Errorf("importing listens: %w", err)
	}
	if _, err := d.exec(ctx, `UPDATE songs SET view_count = (SELECT COUNT(*) FROM listens l WHERE l.song_id = songs.id)`); err != nil {
		return fmt.Errorf("counting imported listens: %w", err)
	}
	if _, err := d.exec(ctx, `UPDATE albums SET plays = (SELECT COALESCE(SUM(view_count), 0) FROM songs s
		WHERE s.album_id = albums.id)`); err != nil {
		return fmt.Errorf("counting imported listens: %w", err)
	}
	err = d.WithTx(ctx, func(tx *Tx) error {
		for _, kind := range []string{musicify.KindUser, musicify.KindSong} {
			if err := d.dialect.index(ctx, tx, kind, ""); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("indexing imported songs: %w", err)
	}
	if err := d.dialect.optimize(ctx, d); err != nil {
		return fmt.Errorf("optimizing the search index: %w", err)
	}
	return nil
}

// placeImports files imported songs as uploads are filed: under their
// uploader's artist (whose id is the user's) and an album, a single named
// after the song when it has no album tag. It returns the rows to add.
func placeImports(users []*musicify.User, songs []*musicify.Song) ([]*musicify.User, []*musicify.Album) {
	byID := map[string]*musicify.User{}
	for _, u := range users {
		byID[u.ID] = u
	}
	var artists []*musicify.User
	seen := map[string]bool{}
	albums := map[string]*musicify.Album{}
	var order []*musicify.Album
	for _, s := range songs {
		u := byID[s.UserID]
		if u == nil {
			continue
		}
		if !seen[u.ID] {
			seen[u.ID] = true
			artists = append(artists, u)
		}
		name := s.Album
		if strings.TrimSpace(name) == "" {
			name = s.Name
		}
		key := u.ID + "/" + musicify.NameKey(name)
		a := albums[key]
		if a == nil {
			a = &musicify.Album{ID: musicify.NewID(), Name: name, ArtistID: u.ID, Created: s.Created}
			albums[key] = a
			order = append(order, a)
		}
		s.Artist, s.ArtistID, s.AlbumID = u.Username, u.ID, a.ID
	}
	return artists, order
}

// inTx runs one prepared statement n times in a single transaction.
func (d *DB) inTx(ctx context.Context, query string, n int, each func(*sql.Stmt, int) error) error {
	return d.WithTx(ctx, func(tx *Tx) error {
		st, err := tx.prepare(ctx, query)
		if err != nil {
			return err
		}
		defer st.Close()
		for i := 0; i < n; i++ {
			if err := each(st, i); err != nil {
				return err
			}
		}
		return nil
	})
}
