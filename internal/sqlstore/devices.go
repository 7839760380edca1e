package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.DeviceStore = (*DB)(nil)

func noDevice() error {
	return musicify.Errorf(musicify.ENOTFOUND, "That device is not one of yours, or it was removed.")
}

func (d *DB) CreateDevice(ctx context.Context, dev *musicify.Device) error {
	state, err := json.Marshal(dev.State)
	if err != nil {
		return fmt.Errorf("encoding a device's state: %w", err)
	}
	return d.WithTx(ctx, func(tx *Tx) error {
		var n int
		if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM devices WHERE user_id = ?`, dev.UserID).Scan(&n); err != nil {
			return wrap(err, "counting devices")
		}
		if n >= musicify.DeviceMaxPerUser {
			// A browser whose storage was cleared comes back as a new device:
			// the one seen longest ago makes room, so a person is never locked out.
			if _, err := tx.exec(ctx, `DELETE FROM devices WHERE id = (SELECT id FROM devices WHERE user_id = ?
				ORDER BY seen_at, created_at, id LIMIT 1)`, dev.UserID); err != nil {
				return wrap(err, "making room for a device")
			}
		}
		_, err := tx.exec(ctx, `INSERT INTO devices (id, user_id, name, created_at, seen_at, state, jukebox) VALUES (?, ?, ?, ?, ?, ?, 0)`,
			dev.ID, dev.UserID, dev.Name, toMillis(dev.Created), seenMillis(dev.Seen), string(state))
		return wrap(err, "creating a device")
	})
}

func seenMillis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return toMillis(t)
}

const deviceColumns = `id, user_id, name, created_at, seen_at, state, jukebox`

func scanDevice(row interface{ Scan(...any) error }) (*musicify.Device, error) {
	var dev musicify.Device
	var created, seen, jukebox int64
	var state string
	if err := row.Scan(&dev.ID, &dev.UserID, &dev.Name, &created, &seen, &state, &jukebox); err != nil {
		return nil, err
	}
	dev.Created, dev.Jukebox = fromMillis(created), jukebox != 0
	if seen > 0 {
		dev.Seen = fromMillis(seen)
	}
	if err := json.Unmarshal([]byte(state), &dev.State); err != nil {
		return nil, fmt.Errorf("decoding device %s: %w", dev.ID, err)
	}
	return &dev, nil
}

func (d *DB) Device(ctx context.Context, id string) (*musicify.Device, error) {
	dev, err := scanDevice(d.queryRow(ctx, `SELECT `+deviceColumns+` FROM devices WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, noDevice()
	}
	if err != nil {
		return nil, wrap(err, "reading a device")
	}
	return dev, nil
}

func (d *DB) DevicesOf(ctx context.Context, userID string) ([]*musicify.Device, error) {
	rows, err := d.query(ctx, `SELECT `+deviceColumns+` FROM devices WHERE user_id = ? ORDER BY created_at, id`, userID)
	if err != nil {
		return nil, wrap(err, "listing devices")
	}
	defer rows.Close()
	var out []*musicify.Device
	for rows.Next() {
		dev, err := scanDevice(rows)
		if err != nil {
			return nil, wrap(err, "listing devices")
		}
		out = append(out, dev)
	}
	return out, wrap(rows.Err(), "listing devices")
}

// one runs an update on one of the owner's devices: ENOTFOUND when the
// device is not theirs.
func (d *DB) one(ctx context.Context, what, query string, args ...any) error {
	res, err := d.exec(ctx, query, args...)
	if err != nil {
		return wrap(err, what)
	}
	if n, err := res.RowsAffected(); err != nil {
		return wrap(err, what)
	} else if n == 0 {
		return noDevice()
	}
	return nil
}

func (d *DB) RenameDevice(ctx context.Context, userID, id, name string) error {
	return d.one(ctx, "renaming a device", `UPDATE devices SET name = ? WHERE id = ? AND user_id = ?`, name, id, userID)
}

func (d *DB) SetJukebox(ctx context.Context, userID, id string) error {
	return d.WithTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `UPDATE devices SET jukebox = CASE WHEN id = ? THEN 1 ELSE 0 END WHERE user_id = ?`, id, userID); err != nil {
			return wrap(err, "choosing the jukebox")
		}
		var n int
		if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM devices WHERE id = ? AND user_id = ?`, id, userID).Scan(&n); err != nil {
			return wrap(err, "choosing the jukebox")
		}
		if n == 0 {
			return noDevice() // the transaction rolls the update back
		}
		return nil
	})
}

func (d *DB) SeeDevice(ctx context.Context, userID, id string, seen time.Time) error {
	return d.one(ctx, "seeing a device", `UPDATE devices SET seen_at = ? WHERE id = ? AND user_id = ?`, seenMillis(seen), id, userID)
}

func (d *DB) SaveDeviceState(ctx context.Context, userID, id string, state musicify.DeviceState, seen time.Time) error {
	b, err := json.Marshal(state)
	if err != nil {
		return fmt.Errorf("encoding a device's state: %w", err)
	}
	return d.one(ctx, "saving a device's state", `UPDATE devices SET state = ?, seen_at = ? WHERE id = ? AND user_id = ?`,
		string(b), seenMillis(seen), id, userID)
}

func (d *DB) DeleteDevice(ctx context.Context, userID, id string) error {
	return d.one(ctx, "removing a device", `DELETE FROM devices WHERE id = ? AND user_id = ?`, id, userID)
}
