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

var _ musicify.UserStore = (*DB)(nil)

const userColumns = `id, username, email, password_hash, created_at, is_admin, disabled_at IS NOT NULL, artist_cover_key, time_zone`

// CreateUser inserts u, filling in its id and creation time. A taken
// username or email is a conflict with the message the form shows.
func (d *DB) CreateUser(ctx context.Context, u *musicify.User) error {
	return d.CreateAccount(ctx, u, musicify.AccountGrant{})
}

// CreateAccount is CreateUser with what comes with the account (admin.go).
func (d *DB) CreateAccount(ctx context.Context, u *musicify.User, g musicify.AccountGrant) error {
	u.ID = musicify.NewID()
	u.Email = musicify.NormalizeEmail(u.Email)
	if u.CreatedAt.IsZero() {
		u.CreatedAt = d.Now().UTC().Truncate(time.Millisecond) // as stored
	}
	err := d.WithTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `INSERT INTO users (id, username, username_key, email, password_hash, created_at, is_admin)
			VALUES (?, ?, ?, ?, ?, ?, ?)`,
			u.ID, u.Username, strings.ToLower(u.Username), u.Email, u.PasswordHash, toMillis(u.CreatedAt), boolInt(u.Admin)); err != nil {
			return err
		}
		if err := d.grant(ctx, tx, u, g); err != nil {
			return err
		}
		return d.dialect.index(ctx, tx, musicify.KindUser, u.ID)
	})
	if col, ok := d.dialect.uniqueViolation(err); ok {
		if strings.HasSuffix(col, "email") {
			return musicify.Errorf(musicify.ECONFLICT, musicify.MsgEmailTaken).In("email")
		}
		return musicify.Errorf(musicify.ECONFLICT, musicify.MsgUsernameTaken).In("username")
	} else if err != nil {
		return fmt.Errorf("inserting user: %w", err)
	}
	return nil
}

func (d *DB) UserByID(ctx context.Context, id string) (*musicify.User, error) {
	return d.userWhere(ctx, `id = ?`, id)
}

// UserByUsername finds a user whatever the case of the name.
func (d *DB) UserByUsername(ctx context.Context, username string) (*musicify.User, error) {
	return d.userWhere(ctx, `username_key = ?`, strings.ToLower(username))
}

func (d *DB) UserByEmail(ctx context.Context, email string) (*musicify.User, error) {
	return d.userWhere(ctx, `email = ?`, musicify.NormalizeEmail(email))
}

func (d *DB) userWhere(ctx context.Context, where string, arg any) (*musicify.User, error) {
	u, err := scanUser(d.queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE `+where, arg))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "This user does not exist.")
	} else if err != nil {
		return nil, fmt.Errorf("reading user: %w", err)
	}
	return u, nil
}

// SetPassword replaces the hash and ends every session of the user, in one
// transaction so no old session outlives the change.
func (d *DB) SetPassword(ctx context.Context, userID, hash string) error {
	err := d.WithTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `UPDATE users SET password_hash = ? WHERE id = ?`, hash, userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return musicify.Errorf(musicify.ENOTFOUND, "This user does not exist.")
		}
		_, err = tx.exec(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID)
		tx.emit(musicify.SessionsEndedOf(userID, d.Now()))
		return err
	})
	return wrap(err, "setting password")
}

// ReplacePassword replaces the hash and ends the user's other sessions in
// one transaction; each ended session is told apart, so the media links of
// the one kept keep working.
func (d *DB) ReplacePassword(ctx context.Context, userID, hash, keepTokenHash string) error {
	err := d.WithTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `UPDATE users SET password_hash = ? WHERE id = ?`, hash, userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return musicify.Errorf(musicify.ENOTFOUND, "This user does not exist.")
		}
		others, err := tx.ids(ctx, `SELECT token_hash FROM sessions WHERE user_id = ? AND token_hash <> ?`, userID, keepTokenHash)
		if err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?`, userID, keepTokenHash); err != nil {
			return err
		}
		for _, h := range others {
			tx.emit(musicify.SessionEnded(userID, h, d.Now()))
		}
		return nil
	})
	return wrap(err, "replacing password")
}

// SetEmail moves the user to another address, stored lower-cased.
func (d *DB) SetEmail(ctx context.Context, userID, email string) error {
	res, err := d.exec(ctx, `UPDATE users SET email = ? WHERE id = ?`, musicify.NormalizeEmail(email), userID)
	if _, ok := d.dialect.uniqueViolation(err); ok {
		return musicify.Errorf(musicify.ECONFLICT, musicify.MsgEmailTaken).In("email")
	} else if err != nil {
		return fmt.Errorf("setting email: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return musicify.Errorf(musicify.ENOTFOUND, "This user does not exist.")
	}
	return nil
}

// SetTimeZone records the IANA time zone the user's days are counted in.
func (d *DB) SetTimeZone(ctx context.Context, userID, zone string) error {
	res, err := d.exec(ctx, `UPDATE users SET time_zone = ? WHERE id = ?`, zone, userID)
	if err != nil {
		return fmt.Errorf("setting time zone: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return musicify.Errorf(musicify.ENOTFOUND, "This user does not exist.")
	}
	return nil
}

// usersByIDs loads many users in one query, in the order of ids.
func (d *DB) usersByIDs(ctx context.Context, ids []string) ([]*musicify.User, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	list, err := collect(ctx, d, "users", scanUser, `SELECT `+userColumns+` FROM users WHERE id IN (`+placeholders(len(ids))+`)`, anys(ids)...)
	if err != nil {
		return nil, err
	}
	return inOrder(ids, list, func(u *musicify.User) string { return u.ID }), nil
}

// UsersByIDs loads many users in the order of ids, skipping unknown ones.
func (d *DB) UsersByIDs(ctx context.Context, ids []string) ([]*musicify.User, error) {
	return d.usersByIDs(ctx, ids)
}

// Users lists every person's account by name (not the library's).
func (d *DB) Users(ctx context.Context) ([]*musicify.User, error) {
	return collect(ctx, d, "users", scanUser, `SELECT `+userColumns+` FROM users WHERE id <> ?
		ORDER BY username_key`, musicify.LibraryUserID)
}

type scanner interface{ Scan(dest ...any) error }

func scanUser(s scanner) (*musicify.User, error) {
	var u musicify.User
	var created int64
	if err := s.Scan(&u.ID, &u.Username, &u.Email, &u.PasswordHash, &created, &u.Admin, &u.Disabled, &u.PictureKey, &u.TimeZone); err != nil {
		return nil, err
	}
	u.CreatedAt = fromMillis(created)
	return &u, nil
}
