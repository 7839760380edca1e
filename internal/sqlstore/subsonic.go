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
	err := d.queryRow(ctx, `SELECT song_ids, current_id, position_ms, changed_at, changed_by FROM play_queues WHERE user_id = ?`,
		userID).Scan(&ids, &q.Current, &q.PositionMs, &changed, &q.ChangedBy)
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
		_, err = d.exec(ctx, `INSERT INTO play_queues (user_id, song_ids, current_id, position_ms, changed_at, changed_by)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET song_ids = excluded.song_ids,
			current_id = excluded.current_id, position_ms = excluded.position_ms, changed_at = excluded.changed_at,
			changed_by = excluded.changed_by`,
			q.UserID, strings.Join(q.SongIDs, " "), q.Current, q.PositionMs, toMillis(q.Changed), q.ChangedBy)
	}
	if err != nil {
		return fmt.Errorf("saving play queue: %w", err)
	}
	return nil
}
