package sqlstore

import (
	"context"
	"fmt"
	"time"
)

// A write being applied for longer than this is taken for one whose
// instance died in the middle, and applied again.
const requestStale = time.Minute

// BeginRequest claims a person's request key. When it returns claimed the
// caller applies the write and then finishes or abandons the key; when
// not, status and body are the first request's answer, or status is 0
// while that request is still being applied.
func (d *DB) BeginRequest(ctx context.Context, userID, key string, now time.Time) (claimed bool, status int, body string, err error) {
	res, err := d.exec(ctx, `INSERT INTO request_keys (user_id, request_id, created_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id, request_id) DO NOTHING`, userID, key, toMillis(now))
	if err != nil {
		return false, 0, "", fmt.Errorf("claiming a request key: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return false, 0, "", fmt.Errorf("claiming a request key: %w", err)
	} else if n == 1 {
		return true, 0, "", nil
	}
	var created int64
	if err := d.queryRow(ctx, `SELECT status, body, created_at FROM request_keys WHERE user_id = ? AND request_id = ?`,
		userID, key).Scan(&status, &body, &created); err != nil {
		return false, 0, "", fmt.Errorf("reading a request key: %w", err)
	}
	if status != 0 || fromMillis(created).After(now.Add(-requestStale)) {
		return false, status, body, nil
	}
	// Abandoned mid-write: the first to notice takes it over.
	res, err = d.exec(ctx, `UPDATE request_keys SET created_at = ? WHERE user_id = ? AND request_id = ? AND status = 0 AND created_at = ?`,
		toMillis(now), userID, key, created)
	if err != nil {
		return false, 0, "", fmt.Errorf("taking over a request key: %w", err)
	}
	n, err := res.RowsAffected()
	return err == nil && n == 1, 0, "", err
}

// FinishRequest keeps the answer of a claimed request for its repeats.
func (d *DB) FinishRequest(ctx context.Context, userID, key string, status int, body string) error {
	if _, err := d.exec(ctx, `UPDATE request_keys SET status = ?, body = ? WHERE user_id = ? AND request_id = ?`,
		status, body, userID, key); err != nil {
		return fmt.Errorf("keeping a request's answer: %w", err)
	}
	return nil
}

// AbandonRequest lets a claimed request that changed nothing (it failed)
// be sent again.
func (d *DB) AbandonRequest(ctx context.Context, userID, key string) error {
	if _, err := d.exec(ctx, `DELETE FROM request_keys WHERE user_id = ? AND request_id = ? AND status = 0`, userID, key); err != nil {
		return fmt.Errorf("releasing a request key: %w", err)
	}
	return nil
}

// DeleteRequestsBefore drops the keys of requests made before t.
func (d *DB) DeleteRequestsBefore(ctx context.Context, t time.Time) error {
	if _, err := d.exec(ctx, `DELETE FROM request_keys WHERE created_at < ?`, toMillis(t)); err != nil {
		return fmt.Errorf("sweeping request keys: %w", err)
	}
	return nil
}
