package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
)

// Pool is the connection pool, for its statistics (open, in use, waits)
// in the metrics; everything else goes through the store's methods.
func (d *DB) Pool() *sql.DB { return d.db }

// JobCounts counts the jobs waiting, running and failed, by state, for the
// metrics. Done jobs are left out: they only grow, and the index that
// starts with state (jobs_claim) keeps this cheap however many there are.
func (d *DB) JobCounts(ctx context.Context) (map[string]int, error) {
	rows, err := d.query(ctx, `SELECT state, COUNT(*) FROM jobs WHERE state IN ('pending', 'running', 'failed') GROUP BY state`)
	if err != nil {
		return nil, fmt.Errorf("counting jobs: %w", err)
	}
	defer rows.Close()
	counts := map[string]int{"pending": 0, "running": 0, "failed": 0}
	for rows.Next() {
		var state string
		var n int
		if err := rows.Scan(&state, &n); err != nil {
			return nil, fmt.Errorf("counting jobs: %w", err)
		}
		counts[state] = n
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("counting jobs: %w", err)
	}
	return counts, nil
}
