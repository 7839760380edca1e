package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.SubsonicStore = (*DB)(nil)

// Star stars an album or an artist; songs are starred as likes.
func (d *DB) Star(ctx context.Context, userID, kind, itemID string, at time.Time) error {
	if _, err := d.exec(ctx, `INSERT INTO stars (user_id, kind, item_id, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id, kind, item_id) DO NOTHING`, userID, kind, itemID, toMillis(at)); err != nil {
		return fmt.Errorf("starring: %w", err)
	}
	return nil
}

func (d *DB) Unstar(ctx context.Context, userID, kind, itemID string) error {
	if _, err := d.exec(ctx, `DELETE FROM stars WHERE user_id = ? AND kind = ? AND item_id = ?`, userID, kind, itemID); err != nil {
		return fmt.Errorf("unstarring: %w", err)
	}
	return nil
}

// Stars lists a user's likes and stars together, latest first.
func (d *DB) Stars(ctx context.Context, userID string) ([]musicify.Star, error) {
	list, err := collect(ctx, d, "stars", func(sc scanner) (musicify.Star, error) {
		var s musicify.Star
		var at int64
		err := sc.Scan(&s.Kind, &s.ItemID, &at)
		s.At = fromMillis(at)
		return s, err
	}, `SELECT kind, item_id, created_at FROM (
		SELECT 'song' AS kind, song_id AS item_id, created_at FROM likes WHERE user_id = ?
		UNION ALL SELECT kind, item_id, created_at FROM stars WHERE user_id = ?) x
		ORDER BY created_at DESC, item_id`, userID, userID)
	if err != nil {
		return nil, err
	}
	return list, nil
}

func (d *DB) SetRating(ctx context.Context, userID, kind, itemID string, rating int, at time.Time) error {
	var err error
	if rating <= 0 {
		_, err = d.exec(ctx, `DELETE FROM ratings WHERE user_id = ? AND item_id = ?`, userID, itemID)
	} else {
		_, err = d.exec(ctx, `INSERT INTO ratings (user_id, item_id, kind, rating, created_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (user_id, item_id) DO UPDATE SET rating = excluded.rating, created_at = excluded.created_at`,
			userID, itemID, kind, min(rating, 5), toMillis(at))
	}
	if err != nil {
		return fmt.Errorf("rating: %w", err)
	}
	return nil
}

func (d *DB) Ratings(ctx context.Context, userID string) (map[string]int, error) {
	rows, err := d.query(ctx, `SELECT item_id, rating FROM ratings WHERE user_id = ?`, userID)
	if err != nil {
		return nil, fmt.Errorf("reading ratings: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var id string
		var r int
		if err := rows.Scan(&id, &r); err != nil {
			return nil, fmt.Errorf("reading ratings: %w", err)
		}
		out[id] = r
	}
	return out, rows.Err()
}

func (d *DB) PlayQueue(ctx context.Context, userID string) (*musicify.PlayQueue, error) {
	q := musicify.PlayQueue{UserID: userID}
	var ids string
	var changed int64
	err := d.queryRow(ctx, `SELECT song_ids, current_id, current_index, position_ms, changed_at, changed_by FROM play_queues WHERE user_id = ?`,
		userID).Scan(&ids, &q.Current, &q.CurrentIndex, &q.PositionMs, &changed, &q.ChangedBy)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "No play queue is saved.")
	} else if err != nil {
		return nil, fmt.Errorf("reading play queue: %w", err)
	}
	q.SongIDs = strings.Fields(ids)
	q.Changed = fromMillis(changed)
	return &q, nil
}

func (d *DB) SavePlayQueue(ctx context.Context, q *musicify.PlayQueue) error {
	var err error
	if len(q.SongIDs) == 0 {
		_, err = d.exec(ctx, `DELETE FROM play_queues WHERE user_id = ?`, q.UserID)
	} else {
		_, err = d.exec(ctx, `INSERT INTO play_queues (user_id, song_ids, current_id, current_index, position_ms, changed_at, changed_by)
			VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET song_ids = excluded.song_ids,
			current_id = excluded.current_id, current_index = excluded.current_index, position_ms = excluded.position_ms,
			changed_at = excluded.changed_at, changed_by = excluded.changed_by`,
			q.UserID, strings.Join(q.SongIDs, " "), q.Current, q.CurrentIndex, q.PositionMs, toMillis(q.Changed), q.ChangedBy)
	}
	if err != nil {
		return fmt.Errorf("saving play queue: %w", err)
	}
	return nil
}

// SaveBookmark inserts only when the song is there, so a bookmark never
// names a song that does not exist.
func (d *DB) SaveBookmark(ctx context.Context, b *musicify.Bookmark) error {
	res, err := d.exec(ctx, `INSERT INTO bookmarks (user_id, song_id, position_ms, comment, created_at, changed_at)
		SELECT ?, id, ?, ?, ?, ? FROM songs WHERE id = ?
		ON CONFLICT (user_id, song_id) DO UPDATE SET position_ms = excluded.position_ms,
		comment = excluded.comment, changed_at = excluded.changed_at`,
		b.UserID, b.PositionMs, b.Comment, toMillis(b.Created), toMillis(b.Changed), b.SongID)
	if err != nil {
		return fmt.Errorf("saving bookmark: %w", err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return musicify.Errorf(musicify.ENOTFOUND, "There is no such song to bookmark.")
	}
	return nil
}

func (d *DB) Bookmarks(ctx context.Context, userID string) ([]musicify.Bookmark, error) {
	return collect(ctx, d, "bookmarks", func(sc scanner) (musicify.Bookmark, error) {
		b := musicify.Bookmark{UserID: userID}
		var created, changed int64
		err := sc.Scan(&b.SongID, &b.PositionMs, &b.Comment, &created, &changed)
		b.Created, b.Changed = fromMillis(created), fromMillis(changed)
		return b, err
	}, `SELECT song_id, position_ms, comment, created_at, changed_at FROM bookmarks WHERE user_id = ?
		ORDER BY changed_at DESC, song_id`, userID)
}

func (d *DB) DeleteBookmark(ctx context.Context, userID, songID string) error {
	if _, err := d.exec(ctx, `DELETE FROM bookmarks WHERE user_id = ? AND song_id = ?`, userID, songID); err != nil {
		return fmt.Errorf("deleting bookmark: %w", err)
	}
	return nil
}

// PlayedAlbums reads the user's listens (one row per counted play) by
// album; songs without an album are not in any.
func (d *DB) PlayedAlbums(ctx context.Context, userID string, byCount bool, offset, limit int) ([]string, error) {
	order := "MAX(l.at) DESC, COUNT(*) DESC"
	if byCount {
		order = "COUNT(*) DESC, MAX(l.at) DESC"
	}
	return collect(ctx, d, "played albums", func(sc scanner) (string, error) {
		var id string
		return id, sc.Scan(&id)
	}, `SELECT s.album_id FROM listens l JOIN songs s ON s.id = l.song_id
		WHERE l.user_id = ? AND s.album_id IS NOT NULL AND s.missing_at IS NULL
		GROUP BY s.album_id ORDER BY `+order+`, s.album_id LIMIT ? OFFSET ?`, userID, limit, offset)
}
