package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

var (
	_ musicify.SessionStore = (*DB)(nil)
	_ musicify.CodeStore    = (*DB)(nil)
	_ musicify.OutboxStore  = (*DB)(nil)
)

func (d *DB) CreateSession(ctx context.Context, s *musicify.Session) error {
	_, err := d.exec(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
		VALUES (?, ?, ?, ?, ?)`,
		s.TokenHash, s.UserID, toMillis(s.CreatedAt), toMillis(s.LastSeenAt), toMillis(s.ExpiresAt))
	if err != nil {
		return fmt.Errorf("creating session: %w", err)
	}
	return nil
}

func (d *DB) SessionByTokenHash(ctx context.Context, tokenHash string) (*musicify.Session, error) {
	var s musicify.Session
	var created, seen, expires int64
	err := d.queryRow(ctx, `SELECT token_hash, user_id, created_at, last_seen_at, expires_at
		FROM sessions WHERE token_hash = ?`, tokenHash).Scan(&s.TokenHash, &s.UserID, &created, &seen, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "This session does not exist.")
	} else if err != nil {
		return nil, fmt.Errorf("reading session: %w", err)
	}
	s.CreatedAt, s.LastSeenAt, s.ExpiresAt = fromMillis(created), fromMillis(seen), fromMillis(expires)
	return &s, nil
}

func (d *DB) TouchSession(ctx context.Context, tokenHash string, seen, expires time.Time) error {
	if _, err := d.exec(ctx, `UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE token_hash = ?`,
		toMillis(seen), toMillis(expires), tokenHash); err != nil {
		return fmt.Errorf("touching session: %w", err)
	}
	return nil
}

// DeleteSession ends a session (a logout) and, with it, the media URLs it
// was handed, on every instance (EventSessionsEnded in the same step).
func (d *DB) DeleteSession(ctx context.Context, tokenHash string) error {
	err := d.WithTx(ctx, func(tx *Tx) error {
		var userID string
		err := tx.queryRow(ctx, `DELETE FROM sessions WHERE token_hash = ? RETURNING user_id`, tokenHash).Scan(&userID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // ended already
		} else if err != nil {
			return err
		}
		tx.emit(musicify.SessionEnded(userID, tokenHash, d.Now()))
		return nil
	})
	return wrap(err, "deleting session")
}

func (d *DB) DeleteExpiredSessions(ctx context.Context, now time.Time) error {
	if _, err := d.exec(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, toMillis(now)); err != nil {
		return fmt.Errorf("deleting expired sessions: %w", err)
	}
	return nil
}
