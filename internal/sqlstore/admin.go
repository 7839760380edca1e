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

var _ musicify.AdminStore = (*DB)(nil)

var errNoUser = musicify.Errorf(musicify.ENOTFOUND, "This user does not exist.")

// lockAdmins makes transactions that change who is an admin run one at a
// time: each writes the admin_claim row first, which PostgreSQL locks
// until the commit (SQLite runs one writer anyway).
func (t *Tx) lockAdmins(ctx context.Context) error {
	_, err := t.exec(ctx, `UPDATE settings SET value = value WHERE name = 'admin_claim'`)
	return err
}

// grant gives a new account, inside its transaction, what g says.
func (d *DB) grant(ctx context.Context, tx *Tx, u *musicify.User, g musicify.AccountGrant) error {
	if g.InviteHash != "" {
		res, err := tx.exec(ctx, `UPDATE invites SET used_by = ?, used_at = ?
			WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`,
			u.ID, toMillis(u.CreatedAt), g.InviteHash, toMillis(d.Now()))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return musicify.Errorf(musicify.EINVALID, musicify.MsgInviteInvalid)
		}
	}
	if !g.FirstAdmin || u.Admin {
		return nil
	}
	if err := tx.lockAdmins(ctx); err != nil {
		return err
	}
	res, err := tx.exec(ctx, `UPDATE settings SET value = ? WHERE name = 'admin_claim' AND value = ''
		AND NOT EXISTS (SELECT 1 FROM users WHERE is_admin = 1)`, u.ID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		if _, err := tx.exec(ctx, `UPDATE users SET is_admin = 1 WHERE id = ?`, u.ID); err != nil {
			return err
		}
		u.Admin = true
	}
	return nil
}

// GrantAdmin makes the accounts named in MUSICIFY_ADMIN admins, and
// returns the names no account has (they are not reserved: signing up
// with one makes no admin).
func (d *DB) GrantAdmin(ctx context.Context, usernames []string) (unclaimed []string, err error) {
	if len(usernames) == 0 {
		return nil, nil
	}
	keys := make([]string, len(usernames))
	for i, n := range usernames {
		keys[i] = strings.ToLower(n)
	}
	err = d.WithTx(ctx, func(tx *Tx) error {
		if err := tx.lockAdmins(ctx); err != nil {
			return err
		}
		args := append([]any{musicify.LibraryUserID}, anys(keys)...)
		if _, err := tx.exec(ctx, `UPDATE users SET is_admin = 1, disabled_at = NULL
			WHERE id <> ? AND username_key IN (`+placeholders(len(keys))+`)`, args...); err != nil {
			return err
		}
		rows, err := tx.query(ctx, `SELECT username_key FROM users WHERE id <> ? AND username_key IN (`+placeholders(len(keys))+`)`, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		found := map[string]bool{}
		for rows.Next() {
			var k string
			if err := rows.Scan(&k); err != nil {
				return err
			}
			found[k] = true
		}
		for i, k := range keys {
			if !found[k] {
				unclaimed = append(unclaimed, usernames[i])
			}
		}
		return rows.Err()
	})
	return unclaimed, wrap(err, "granting admin")
}

// person reads the flags of an account a person has; the library
// account is nobody's and is not found.
func (t *Tx) person(ctx context.Context, userID string) (username string, admin, disabled bool, err error) {
	if userID == musicify.LibraryUserID {
		return "", false, false, errNoUser
	}
	err = t.queryRow(ctx, `SELECT username, is_admin, disabled_at IS NOT NULL FROM users WHERE id = ?`, userID).
		Scan(&username, &admin, &disabled)
	if errors.Is(err, sql.ErrNoRows) {
		err = errNoUser
	}
	return username, admin, disabled, err
}

func (d *DB) SetAdmin(ctx context.Context, userID string, admin bool) error {
	err := d.WithTx(ctx, func(tx *Tx) error {
		if err := tx.lockAdmins(ctx); err != nil {
			return err
		}
		name, isAdmin, disabled, err := tx.person(ctx, userID)
		if err != nil || isAdmin == admin {
			return err
		}
		if admin && disabled {
			return musicify.Errorf(musicify.EINVALID, "%s is disabled: enable the account before making it an admin.", name)
		}
		if !admin {
			var others int
			if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM users WHERE is_admin = 1 AND id <> ?`, userID).Scan(&others); err != nil {
				return err
			}
			if others == 0 {
				return musicify.Errorf(musicify.ECONFLICT, "%s is the last admin. Make someone else an admin first.", name)
			}
		}
		_, err = tx.exec(ctx, `UPDATE users SET is_admin = ? WHERE id = ?`, boolInt(admin), userID)
		return err
	})
	return wrap(err, "setting admin")
}

// SetDisabled disables or enables an account. Disabling ends its sessions
// in the same step, so no request of theirs is served after it.
func (d *DB) SetDisabled(ctx context.Context, userID string, disabled bool, at time.Time) error {
	err := d.WithTx(ctx, func(tx *Tx) error {
		if err := tx.lockAdmins(ctx); err != nil {
			return err
		}
		name, admin, _, err := tx.person(ctx, userID)
		if err != nil {
			return err
		}
		if !disabled {
			_, err := tx.exec(ctx, `UPDATE users SET disabled_at = NULL WHERE id = ?`, userID)
			return err
		}
		if admin {
			return musicify.Errorf(musicify.ECONFLICT, "%s is an admin. Remove their admin rights before disabling the account.", name)
		}
		if _, err := tx.exec(ctx, `UPDATE users SET disabled_at = COALESCE(disabled_at, ?) WHERE id = ?`, toMillis(at), userID); err != nil {
			return err
		}
		_, err = tx.exec(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID)
		tx.emit(musicify.SessionsEndedOf(userID, d.Now()))
		return err
	})
	return wrap(err, "disabling user")
}

// DeleteUser deletes an account with its sessions, playlists, likes,
// follows and stations. Kept uploads pass to the library account, so they
// stay in other people's playlists, likes and history; the uploader's
// artist page stays as an artist of no account.
func (d *DB) DeleteUser(ctx context.Context, userID string, keepSongs bool) error {
	err := d.WithTx(ctx, func(tx *Tx) error {
		if err := tx.lockAdmins(ctx); err != nil {
			return err
		}
		name, admin, _, err := tx.person(ctx, userID)
		if err != nil {
			return err
		}
		if admin {
			return musicify.Errorf(musicify.ECONFLICT, "%s is an admin. Remove their admin rights before deleting the account.", name)
		}
		if keepSongs {
			if _, err := tx.exec(ctx, `UPDATE songs SET user_id = ? WHERE user_id = ?`, musicify.LibraryUserID, userID); err != nil {
				return err
			}
		}
		_, err = tx.deleteAccount(ctx, userID, name)
		return err
	})
	return wrap(err, "deleting user")
}

// DeleteOwnAccount deletes the account of the person asking, who may be an
// admin as long as another admin remains (checked under the admins' lock,
// so two last admins leaving at once cannot both go). Their uploads must
// be deleted already. It returns the files the deleted rows named (covers
// of their playlists and artist page, audio of their stations) for the
// caller to remove once the rows are gone.
func (d *DB) DeleteOwnAccount(ctx context.Context, userID string) (musicify.AccountFiles, error) {
	var files musicify.AccountFiles
	err := d.WithTx(ctx, func(tx *Tx) error {
		if err := tx.lockAdmins(ctx); err != nil {
			return err
		}
		name, admin, _, err := tx.person(ctx, userID)
		if err != nil {
			return err
		}
		if admin {
			var others int
			if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM users WHERE is_admin = 1 AND id <> ?`, userID).Scan(&others); err != nil {
				return err
			}
			if others == 0 {
				return musicify.Errorf(musicify.ECONFLICT, musicify.MsgLastAdminLeaving)
			}
		}
		files, err = tx.deleteAccount(ctx, userID, name)
		return err
	})
	return files, wrap(err, "deleting own account")
}

// deleteAccount deletes a person's row, and with it (by cascade) their
// sessions, app passwords, playlists, likes, follows and stations. Any
// song still theirs stops it: its files would be left without a row.
func (t *Tx) deleteAccount(ctx context.Context, userID, name string) (musicify.AccountFiles, error) {
	var files musicify.AccountFiles
	var n int
	if err := t.queryRow(ctx, `SELECT COUNT(*) FROM songs WHERE user_id = ?`, userID).Scan(&n); err != nil {
		return files, err
	}
	if n > 0 {
		return files, musicify.Errorf(musicify.ECONFLICT, "%s still has %d songs: delete them first, or keep them.", name, n)
	}
	covers, err := t.ids(ctx, `SELECT artist_cover_key FROM users WHERE id = ? AND artist_cover_key <> ''
		UNION ALL SELECT cover_key FROM playlists WHERE user_id = ? AND cover_key <> ''`, userID, userID)
	if err != nil {
		return files, err
	}
	audio, err := t.ids(ctx, `SELECT audio_key FROM stations WHERE user_id = ? AND audio_key <> ''`, userID)
	if err != nil {
		return files, err
	}
	files = musicify.AccountFiles{CoverKeys: covers, AudioKeys: audio}
	// Their playlists go with them: say so to whoever learned them.
	lists, err := t.ids(ctx, `SELECT id FROM playlists WHERE user_id = ?`, userID)
	if err != nil {
		return files, err
	}
	for _, id := range lists {
		if err := t.emitPlaylist(id, musicify.PlaylistData{Songs: []string{}}); err != nil {
			return files, err
		}
	}
	_, err = t.exec(ctx, `DELETE FROM users WHERE id = ?`, userID)
	t.emit(musicify.SessionsEndedOf(userID, t.d.Now()))
	return files, err
}

func (d *DB) UserStats(ctx context.Context) ([]*musicify.UserStats, error) {
	return collect(ctx, d, "users", func(s scanner) (*musicify.UserStats, error) {
		var u musicify.UserStats
		var created int64
		err := s.Scan(&u.ID, &u.Username, &u.Email, &u.PasswordHash, &created, &u.Admin, &u.Disabled, &u.PictureKey, &u.TimeZone, &u.Songs, &u.Bytes)
		u.CreatedAt = fromMillis(created)
		return &u, err
	}, `SELECT `+userColumns+`,
		(SELECT COUNT(*) FROM songs s WHERE s.user_id = users.id),
		(SELECT COALESCE(SUM(s.size), 0) FROM songs s WHERE s.user_id = users.id)
		FROM users WHERE id <> ? ORDER BY created_at, id`, musicify.LibraryUserID)
}

func (d *DB) UploadedSongIDs(ctx context.Context, userID string) ([]string, error) {
	return collect(ctx, d, "songs", func(s scanner) (string, error) {
		var id string
		err := s.Scan(&id)
		return id, err
	}, `SELECT id FROM songs WHERE user_id = ? ORDER BY created_at, id`, userID)
}

const inviteColumns = `id, token_hash, COALESCE(created_by, ''), created_at, expires_at, COALESCE(used_by, ''), COALESCE(used_at, 0)`

func scanInvite(s scanner) (*musicify.Invite, error) {
	var inv musicify.Invite
	var created, expires, used int64
	if err := s.Scan(&inv.ID, &inv.TokenHash, &inv.CreatedBy, &created, &expires, &inv.UsedBy, &used); err != nil {
		return nil, err
	}
	inv.CreatedAt, inv.ExpiresAt = fromMillis(created), fromMillis(expires)
	if used != 0 {
		inv.UsedAt = fromMillis(used)
	}
	return &inv, nil
}

// CreateInvite stores an invitation, filling in its id.
func (d *DB) CreateInvite(ctx context.Context, inv *musicify.Invite) error {
	inv.ID = musicify.NewID()
	var by any
	if inv.CreatedBy != "" {
		by = inv.CreatedBy
	}
	if _, err := d.exec(ctx, `INSERT INTO invites (id, token_hash, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
		inv.ID, inv.TokenHash, by, toMillis(inv.CreatedAt), toMillis(inv.ExpiresAt)); err != nil {
		return fmt.Errorf("creating invite: %w", err)
	}
	return nil
}

func (d *DB) InviteByTokenHash(ctx context.Context, tokenHash string, now time.Time) (*musicify.Invite, error) {
	inv, err := scanInvite(d.queryRow(ctx, `SELECT `+inviteColumns+` FROM invites
		WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`, tokenHash, toMillis(now)))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, musicify.Errorf(musicify.EINVALID, musicify.MsgInviteInvalid)
	} else if err != nil {
		return nil, fmt.Errorf("reading invite: %w", err)
	}
	return inv, nil
}

// Invites lists invitations, newest first.
func (d *DB) Invites(ctx context.Context) ([]*musicify.Invite, error) {
	return collect(ctx, d, "invites", scanInvite, `SELECT `+inviteColumns+` FROM invites ORDER BY created_at DESC, id`)
}

// DeleteInvite revokes an invitation; one already used is only forgotten.
func (d *DB) DeleteInvite(ctx context.Context, id string) error {
	res, err := d.exec(ctx, `DELETE FROM invites WHERE id = ?`, id)
	if err != nil {
		return fmt.Errorf("deleting invite: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return musicify.Errorf(musicify.ENOTFOUND, "This invitation does not exist.")
	}
	return nil
}
