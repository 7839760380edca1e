package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// PutCode replaces the live code for the purpose and email, resetting its tries.
func (d *DB) PutCode(ctx context.Context, c *musicify.Code) error {
	err := d.WithTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `DELETE FROM one_time_codes WHERE purpose = ? AND email = ?`, c.Purpose, c.Email); err != nil {
			return err
		}
		_, err := tx.exec(ctx, `INSERT INTO one_time_codes
			(purpose, email, code_hash, username, password_hash, attempts, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
			c.Purpose, c.Email, c.CodeHash, c.Username, c.PasswordHash, toMillis(c.CreatedAt), toMillis(c.ExpiresAt))
		return err
	})
	if err != nil {
		return fmt.Errorf("storing code: %w", err)
	}
	return nil
}

func (d *DB) Code(ctx context.Context, purpose musicify.CodePurpose, email string) (*musicify.Code, error) {
	var c musicify.Code
	var created, expires int64
	err := d.queryRow(ctx, `SELECT purpose, email, code_hash, username, password_hash, attempts, created_at, expires_at
		FROM one_time_codes WHERE purpose = ? AND email = ?`, purpose, email).
		Scan(&c.Purpose, &c.Email, &c.CodeHash, &c.Username, &c.PasswordHash, &c.Attempts, &created, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "No code is waiting for this email.")
	} else if err != nil {
		return nil, fmt.Errorf("reading code: %w", err)
	}
	c.CreatedAt, c.ExpiresAt = fromMillis(created), fromMillis(expires)
	return &c, nil
}

func (d *DB) TakeCodeAttempt(ctx context.Context, purpose musicify.CodePurpose, email string, max int) (int, error) {
	var n int
	err := d.queryRow(ctx, `UPDATE one_time_codes SET attempts = attempts + 1
		WHERE purpose = ? AND email = ? AND attempts < ? RETURNING attempts`, purpose, email, max).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil // used up, or replaced or used meanwhile: nothing to compare
	} else if err != nil {
		return 0, fmt.Errorf("counting code attempt: %w", err)
	}
	return n, nil
}

func (d *DB) ReturnCodeAttempt(ctx context.Context, purpose musicify.CodePurpose, email string) error {
	if _, err := d.exec(ctx, `UPDATE one_time_codes SET attempts = attempts - 1
		WHERE purpose = ? AND email = ? AND attempts > 0`, purpose, email); err != nil {
		return fmt.Errorf("returning code attempt: %w", err)
	}
	return nil
}

func (d *DB) DeleteCode(ctx context.Context, purpose musicify.CodePurpose, email, codeHash string) (bool, error) {
	res, err := d.exec(ctx, `DELETE FROM one_time_codes WHERE purpose = ? AND email = ? AND code_hash = ?`,
		purpose, email, codeHash)
	if err != nil {
		return false, fmt.Errorf("deleting code: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("deleting code: %w", err)
	}
	return n == 1, nil
}

// DeleteStaleCodes removes codes that expired before the given time.
func (d *DB) DeleteStaleCodes(ctx context.Context, before time.Time) error {
	if _, err := d.exec(ctx, `DELETE FROM one_time_codes WHERE expires_at < ?`, toMillis(before)); err != nil {
		return fmt.Errorf("deleting stale codes: %w", err)
	}
	return nil
}
