package sqlstore

import (
	"context"
	"fmt"
	"time"
)

// AverageRatings is every rated item's average rating over the people
// who rated it (Subsonic's setRating writes them).
func (d *DB) AverageRatings(ctx context.Context) (map[string]float64, error) {
	rows, err := d.query(ctx, `SELECT item_id, AVG(rating) FROM ratings GROUP BY item_id`)
	if err != nil {
		return nil, fmt.Errorf("reading average ratings: %w", err)
	}
	defer rows.Close()
	out := map[string]float64{}
	for rows.Next() {
		var id string
		var avg float64
		if err := rows.Scan(&id, &avg); err != nil {
			return nil, fmt.Errorf("reading average ratings: %w", err)
		}
		out[id] = avg
	}
	return out, rows.Err()
}

// LastPlays is when the user last listened to each song they listened
// to (listens_user_song_at answers it from the index alone).
func (d *DB) LastPlays(ctx context.Context, userID string) (map[string]time.Time, error) {
	rows, err := d.query(ctx, `SELECT song_id, MAX(at) FROM listens WHERE user_id = ? GROUP BY song_id`, userID)
	if err != nil {
		return nil, fmt.Errorf("reading last plays: %w", err)
	}
	defer rows.Close()
	out := map[string]time.Time{}
	for rows.Next() {
		var id string
		var at int64
		if err := rows.Scan(&id, &at); err != nil {
			return nil, fmt.Errorf("reading last plays: %w", err)
		}
		out[id] = fromMillis(at)
	}
	return out, rows.Err()
}
