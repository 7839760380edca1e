package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.MixStore = (*DB)(nil)

func (d *DB) KeepMix(ctx context.Context, userID string, m *musicify.Mix) (*musicify.Mix, error) {
	reasons, err := json.Marshal(m.Reasons)
	if err != nil {
		return nil, fmt.Errorf("encoding mix reasons: %w", err)
	}
	created := m.Created
	if created.IsZero() {
		created = d.Now()
	}
	// A mix of an earlier period gives way; one of this period stays, and
	// so does a later one (an instance whose clock is behind cannot take a
	// week back). Periods sort as text ("2026-W48" < "2026-W49").
	_, err = d.exec(ctx, `INSERT INTO mixes (user_id, kind, period, songs, reasons, created_at) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id, kind) DO UPDATE SET period = excluded.period, songs = excluded.songs,
			reasons = excluded.reasons, created_at = excluded.created_at
		WHERE mixes.period < excluded.period`,
		userID, m.Kind, m.Period, strings.Join(m.Songs, " "), string(reasons), toMillis(created))
	if err != nil {
		return nil, wrap(err, "keeping a mix")
	}
	return d.KeptMix(ctx, userID, m.Kind)
}

func (d *DB) KeptMix(ctx context.Context, userID, kind string) (*musicify.Mix, error) {
	kept := musicify.Mix{Kind: kind}
	var songs, why string
	var at int64
	err := d.queryRow(ctx, `SELECT period, songs, reasons, created_at FROM mixes WHERE user_id = ? AND kind = ?`, userID, kind).
		Scan(&kept.Period, &songs, &why, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "No %s mix is kept yet.", kind)
	} else if err != nil {
		return nil, wrap(err, "reading a mix")
	}
	kept.Songs, kept.Created = strings.Fields(songs), fromMillis(at)
	if err := json.Unmarshal([]byte(why), &kept.Reasons); err != nil {
		return nil, fmt.Errorf("decoding mix reasons: %w", err)
	}
	return &kept, nil
}

func (d *DB) MostPlayedSince(ctx context.Context, userID string, since time.Time, min, n int) ([]string, error) {
	return d.songIDs(ctx, `SELECT song_id FROM listens WHERE user_id = ? AND at >= ?
		GROUP BY song_id HAVING COUNT(*) >= ? ORDER BY COUNT(*) DESC, MAX(at) DESC, song_id LIMIT ?`,
		userID, toMillis(since), min, n)
}

func (d *DB) PlayedBeforeOnly(ctx context.Context, userID string, before time.Time, min, n int) ([]string, error) {
	return d.songIDs(ctx, `SELECT song_id FROM listens WHERE user_id = ?
		GROUP BY song_id HAVING COUNT(*) >= ? AND MAX(at) < ? ORDER BY COUNT(*) DESC, MAX(at) DESC, song_id LIMIT ?`,
		userID, min, toMillis(before), n)
}

func (d *DB) PlayedSongs(ctx context.Context, userID string) ([]string, error) {
	return d.songIDs(ctx, `SELECT DISTINCT song_id FROM listens WHERE user_id = ? ORDER BY song_id`, userID)
}

func (d *DB) NewFromTheirArtists(ctx context.Context, userID string, since time.Time, n int) ([]string, error) {
	return d.songIDs(ctx, `SELECT s.id FROM songs s WHERE s.created_at >= ? AND s.missing_at IS NULL AND s.user_id <> ?
		AND (s.user_id IN (SELECT followee_id FROM follows WHERE follower_id = ?)
			OR s.artist_id IN (SELECT p.artist_id FROM listens l JOIN songs p ON p.id = l.song_id WHERE l.user_id = ?))
		ORDER BY s.created_at DESC, s.id LIMIT ?`, toMillis(since), userID, userID, userID, n)
}

// songIDs runs a query of one column of song ids.
func (d *DB) songIDs(ctx context.Context, query string, args ...any) ([]string, error) {
	return collect(ctx, d, "listens", func(s scanner) (string, error) {
		var id string
		err := s.Scan(&id)
		return id, err
	}, query, args...)
}
