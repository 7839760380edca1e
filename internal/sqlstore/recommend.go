package sqlstore

import (
	"context"
	"fmt"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.RecommendSource = (*DB)(nil)

func (d *DB) EachListen(ctx context.Context, fn func(musicify.Interaction) error) error {
	return d.eachInteraction(ctx, `SELECT user_id, song_id, at FROM listens ORDER BY at`, fn)
}

// RecentlyPlayed lists the songs a user played, the latest first, each
// once, for the assistant's "what did I play last".
func (d *DB) RecentlyPlayed(ctx context.Context, userID string, n int) ([]string, error) {
	rows, err := d.query(ctx, `SELECT song_id FROM listens WHERE user_id = ? GROUP BY song_id ORDER BY MAX(at) DESC, song_id LIMIT ?`, userID, n)
	if err != nil {
		return nil, fmt.Errorf("reading recent listens: %w", err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("reading recent listens: %w", err)
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading recent listens: %w", err)
	}
	return out, nil
}

func (d *DB) EachLike(ctx context.Context, fn func(musicify.Interaction) error) error {
	return d.eachInteraction(ctx, `SELECT user_id, song_id, created_at FROM likes ORDER BY created_at`, fn)
}

func (d *DB) EachInterest(ctx context.Context, fn func(musicify.Interaction) error) error {
	return d.eachInteraction(ctx, `SELECT user_id, song_id, at FROM interests ORDER BY at`, fn)
}

// eachInteraction streams rows, so a million listens never sit in memory twice.
func (d *DB) eachInteraction(ctx context.Context, query string, fn func(musicify.Interaction) error) error {
	rows, err := d.query(ctx, query)
	if err != nil {
		return fmt.Errorf("reading interactions: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var it musicify.Interaction
		var at int64
		if err := rows.Scan(&it.UserID, &it.SongID, &at); err != nil {
			return fmt.Errorf("reading interactions: %w", err)
		}
		it.At = fromMillis(at)
		if err := fn(it); err != nil {
			return err
		}
	}
	return rows.Err()
}

// PlaylistMembers maps every playlist to its songs, in order.
func (d *DB) PlaylistMembers(ctx context.Context) (map[string][]string, error) {
	rows, err := d.query(ctx, `SELECT playlist_id, song_id FROM playlist_songs ORDER BY playlist_id, position`)
	if err != nil {
		return nil, fmt.Errorf("reading playlists: %w", err)
	}
	defer rows.Close()
	out := map[string][]string{}
	for rows.Next() {
		var p, s string
		if err := rows.Scan(&p, &s); err != nil {
			return nil, fmt.Errorf("reading playlists: %w", err)
		}
		out[p] = append(out[p], s)
	}
	return out, rows.Err()
}

func (d *DB) AddInterest(ctx context.Context, userID, songID string, at time.Time) error {
	if _, err := d.Song(ctx, songID); err != nil {
		return err
	}
	err := d.WithTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `INSERT INTO interests (user_id, song_id, at) VALUES (?, ?, ?)`, userID, songID, toMillis(at)); err != nil {
			return err
		}
		tx.emit(musicify.Event{Type: musicify.EventInterested, UserID: userID, SongID: songID, At: at})
		return nil
	})
	if err != nil {
		return fmt.Errorf("recording interest: %w", err)
	}
	return nil
}
