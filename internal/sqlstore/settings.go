package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/musicify/musicify/internal/musicify"
)

// Setting reads a named fact about this installation; ENOTFOUND when unset.
func (d *DB) Setting(ctx context.Context, name string) (string, error) {
	var v string
	err := d.queryRow(ctx, `SELECT value FROM settings WHERE name = ?`, name).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", musicify.Errorf(musicify.ENOTFOUND, "The setting %s is not set.", name)
	} else if err != nil {
		return "", fmt.Errorf("reading setting %s: %w", name, err)
	}
	return v, nil
}

// SetSetting writes a named fact, replacing any earlier value.
func (d *DB) SetSetting(ctx context.Context, name, value string) error {
	if _, err := d.exec(ctx, `INSERT INTO settings (name, value) VALUES (?, ?)
		ON CONFLICT (name) DO UPDATE SET value = excluded.value`, name, value); err != nil {
		return fmt.Errorf("writing setting %s: %w", name, err)
	}
	return nil
}

// EnsureSetting writes value only when name is unset and returns what is
// stored: of many instances starting at once, the first writer wins and
// all of them read its value.
func (d *DB) EnsureSetting(ctx context.Context, name, value string) (string, error) {
	if _, err := d.exec(ctx, `INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`, name, value); err != nil {
		return "", fmt.Errorf("writing setting %s: %w", name, err)
	}
	return d.Setting(ctx, name)
}
