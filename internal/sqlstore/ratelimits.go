package sqlstore

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.RateStore = (*DB)(nil)

// RateHits implements musicify.RateStore.
func (d *DB) RateHits(ctx context.Context, key string) ([]time.Time, error) {
	var s string
	err := d.queryRow(ctx, `SELECT hits FROM rate_hits WHERE id = ?`, rateKey(key)).Scan(&s)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("reading a rate limit: %w", err)
	}
	return parseHits(s)
}

// UpdateRateHits implements musicify.RateStore. The upsert that reads the
// row also locks it until commit (on SQLite the transaction holds the write
// lock), so instances updating one key take turns and none is lost.
func (d *DB) UpdateRateHits(ctx context.Context, key string, keep time.Duration, fn func([]time.Time) []time.Time) error {
	k := rateKey(key)
	err := d.WithTx(ctx, func(tx *Tx) error {
		var s string
		if err := tx.queryRow(ctx, `INSERT INTO rate_hits (id, expires_at) VALUES (?, 0)
			ON CONFLICT (id) DO UPDATE SET hits = rate_hits.hits RETURNING hits`, k).Scan(&s); err != nil {
			return err
		}
		hits, err := parseHits(s)
		if err != nil {
			return err
		}
		hits = fn(hits)
		if len(hits) == 0 {
			_, err = tx.exec(ctx, `DELETE FROM rate_hits WHERE id = ?`, k)
			return err
		}
		_, err = tx.exec(ctx, `UPDATE rate_hits SET hits = ?, expires_at = ? WHERE id = ?`,
			formatHits(hits), toMillis(hits[len(hits)-1].Add(keep)), k)
		return err
	})
	return wrap(err, "counting a rate limit")
}

// DeleteExpiredRateHits drops the keys whose newest event left its window
// by now, for the hourly sweep.
func (d *DB) DeleteExpiredRateHits(ctx context.Context, now time.Time) error {
	if _, err := d.exec(ctx, `DELETE FROM rate_hits WHERE expires_at <= ?`, toMillis(now)); err != nil {
		return fmt.Errorf("sweeping rate limits: %w", err)
	}
	return nil
}

// rateKey hashes a limit key: keys hold emails and network addresses,
// which the table has no need to keep, and the hash bounds their length.
func rateKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

func parseHits(s string) ([]time.Time, error) {
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(s, ",")
	hits := make([]time.Time, len(parts))
	for i, p := range parts {
		ms, err := strconv.ParseInt(p, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("reading rate limit events %q: %w", s, err)
		}
		hits[i] = fromMillis(ms)
	}
	return hits, nil
}

func formatHits(hits []time.Time) string {
	b := make([]byte, 0, 14*len(hits))
	for i, h := range hits {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, toMillis(h), 10)
	}
	return string(b)
}
