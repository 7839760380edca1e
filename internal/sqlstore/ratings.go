package sqlstore

import (
	"context"
	"fmt"
	"time"
)

// SongMarks reads, for the songs of ids, everyone's average rating
// (Subsonic's setRating writes the ratings) and when the user last
// listened to each (listens_user_song_at answers from the index alone).
// Songs nobody rated or the user never heard are not in the maps.
func (d *DB) SongMarks(ctx context.Context, userID string, ids []string) (map[string]float64, map[string]time.Time, error) {
	averages, played := map[string]float64{}, map[string]time.Time{}
	for start := 0; start < len(ids); start += 500 {
		batch := anys(ids[start:min(start+500, len(ids))])
		in := `(` + placeholders(len(batch)) + `)`
		if err := d.eachRow(ctx, func(scan func(...any) error) error {
			var id string
			var avg float64
			if err := scan(&id, &avg); err != nil {
				return err
			}
			averages[id] = avg
			return nil
		}, `SELECT item_id, AVG(rating) FROM ratings WHERE item_id IN `+in+` GROUP BY item_id`, batch...); err != nil {
			return nil, nil, fmt.Errorf("reading average ratings: %w", err)
		}
		if err := d.eachRow(ctx, func(scan func(...any) error) error {
			var id string
			var at int64
			if err := scan(&id, &at); err != nil {
				return err
			}
			played[id] = fromMillis(at)
			return nil
		}, `SELECT song_id, MAX(at) FROM listens WHERE user_id = ? AND song_id IN `+in+` GROUP BY song_id`,
			append([]any{userID}, batch...)...); err != nil {
			return nil, nil, fmt.Errorf("reading last plays: %w", err)
		}
	}
	return averages, played, nil
}

// eachRow runs a query and hands each row's Scan to fn.
func (d *DB) eachRow(ctx context.Context, fn func(scan func(...any) error) error, query string, args ...any) error {
	rows, err := d.query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}
