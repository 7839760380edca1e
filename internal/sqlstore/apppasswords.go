package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.AppPasswordStore = (*DB)(nil)

const appPasswordColumns = `id, user_id, name, secret, api_key_hash, created_at, last_used_at`

// CreateAppPassword implements musicify.AppPasswordStore. The count and the
// insert share a transaction that holds the user's row (PostgreSQL) or the
// write lock (SQLite), so two requests at once cannot both make the 20th.
func (d *DB) CreateAppPassword(ctx context.Context, p *musicify.AppPassword, max int) error {
	if p.ID == "" {
		p.ID = musicify.NewID()
	}
	if p.CreatedAt.IsZero() {
		p.CreatedAt = d.Now().UTC().Truncate(time.Millisecond) // as stored
	}
	lock := ""
	if d.dialect.name() == "postgres" {
		lock = " FOR UPDATE"
	}
	err := d.WithTx(ctx, func(tx *Tx) error {
		var id string
		if err := tx.queryRow(ctx, `SELECT id FROM users WHERE id = ?`+lock, p.UserID).Scan(&id); errors.Is(err, sql.ErrNoRows) {
			return musicify.Errorf(musicify.ENOTFOUND, "This user does not exist.")
		} else if err != nil {
			return err
		}
		var n int
		if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM app_passwords WHERE user_id = ?`, p.UserID).Scan(&n); err != nil {
			return err
		}
		if n >= max {
			return musicify.Errorf(musicify.ECONFLICT, musicify.MsgAppPasswordsFull)
		}
		_, err := tx.exec(ctx, `INSERT INTO app_passwords (id, user_id, name, name_key, secret, api_key_hash, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`,
			p.ID, p.UserID, p.Name, musicify.NameKey(p.Name), p.Secret, p.APIKeyHash, toMillis(p.CreatedAt))
		return err
	})
	if col, ok := d.dialect.uniqueViolation(err); ok {
		if col == "app_passwords.api_key_hash" {
			// 120 random bits collided: the caller's bug, not the user's.
			return fmt.Errorf("creating app password: the secret is already in use")
		}
		return musicify.Errorf(musicify.ECONFLICT, musicify.MsgAppPasswordNameUsed)
	} else if e := (*musicify.Error)(nil); errors.As(err, &e) {
		return err
	} else if err != nil {
		return fmt.Errorf("creating app password: %w", err)
	}
	return nil
}

// AppPasswords implements musicify.AppPasswordStore.
func (d *DB) AppPasswords(ctx context.Context, userID string) ([]*musicify.AppPassword, error) {
	return collect(ctx, d, "app passwords", scanAppPassword,
		`SELECT `+appPasswordColumns+` FROM app_passwords WHERE user_id = ? ORDER BY created_at DESC, id`, userID)
}

// AppPasswordByAPIKeyHash implements musicify.AppPasswordStore.
func (d *DB) AppPasswordByAPIKeyHash(ctx context.Context, hash string) (*musicify.AppPassword, error) {
	p, err := scanAppPassword(d.queryRow(ctx, `SELECT `+appPasswordColumns+` FROM app_passwords WHERE api_key_hash = ?`, hash))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, musicify.Errorf(musicify.ENOTFOUND, musicify.MsgAppPasswordNotFound)
	} else if err != nil {
		return nil, fmt.Errorf("reading app password: %w", err)
	}
	return p, nil
}

// DeleteAppPassword implements musicify.AppPasswordStore: the owner is in
// the WHERE clause, so someone else's id is as unknown as a made-up one.
func (d *DB) DeleteAppPassword(ctx context.Context, userID, id string) error {
	res, err := d.exec(ctx, `DELETE FROM app_passwords WHERE id = ? AND user_id = ?`, id, userID)
	if err != nil {
		return fmt.Errorf("deleting app password: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("deleting app password: %w", err)
	} else if n == 0 {
		return musicify.Errorf(musicify.ENOTFOUND, musicify.MsgAppPasswordNotFound)
	}
	return nil
}

// TouchAppPassword implements musicify.AppPasswordStore.
func (d *DB) TouchAppPassword(ctx context.Context, id string, at time.Time) error {
	if _, err := d.exec(ctx, `UPDATE app_passwords SET last_used_at = ? WHERE id = ?`, toMillis(at), id); err != nil {
		return fmt.Errorf("recording app password use: %w", err)
	}
	return nil
}

func scanAppPassword(s scanner) (*musicify.AppPassword, error) {
	var p musicify.AppPassword
	var created int64
	var used sql.NullInt64
	if err := s.Scan(&p.ID, &p.UserID, &p.Name, &p.Secret, &p.APIKeyHash, &created, &used); err != nil {
		return nil, err
	}
	p.CreatedAt = fromMillis(created)
	if used.Valid {
		p.LastUsedAt = fromMillis(used.Int64)
	}
	return &p, nil
}
