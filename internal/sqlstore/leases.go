package sqlstore

import (
	"context"
	"fmt"
	"time"
)

// ClaimLease takes the lease name for holder until until, or renews it
// when holder has it; it reports false while another holder's lease runs.
// One statement does it, so two instances asking at once cannot both win.
func (d *DB) ClaimLease(ctx context.Context, name, holder string, now, until time.Time) (bool, error) {
	res, err := d.exec(ctx, `INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
		WHERE leases.holder = excluded.holder OR leases.expires_at <= ?`,
		name, holder, toMillis(until), toMillis(now))
	if err != nil {
		return false, fmt.Errorf("claiming lease %s: %w", name, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("claiming lease %s: %w", name, err)
	}
	return n > 0, nil
}

// ReleaseLease gives the lease up, if holder has it.
func (d *DB) ReleaseLease(ctx context.Context, name, holder string) error {
	if _, err := d.exec(ctx, `DELETE FROM leases WHERE name = ? AND holder = ?`, name, holder); err != nil {
		return fmt.Errorf("releasing lease %s: %w", name, err)
	}
	return nil
}
