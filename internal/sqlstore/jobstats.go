package sqlstore

import (
	"context"
	"fmt"

	"github.com/musicify/musicify/internal/musicify"
)

// JobStats counts the pending, running and failed jobs by kind and
// priority, interactive first. Done jobs are left out, as in JobCounts:
// they only grow, while the others are a walk of the jobs_claim index.
func (d *DB) JobStats(ctx context.Context) ([]musicify.JobStat, error) {
	rows, err := d.query(ctx, `SELECT kind, priority, state, COUNT(*) FROM jobs
		WHERE state IN ('pending', 'running', 'failed') GROUP BY kind, priority, state ORDER BY priority, kind`)
	if err != nil {
		return nil, fmt.Errorf("counting jobs: %w", err)
	}
	defer rows.Close()
	var stats []musicify.JobStat
	for rows.Next() {
		var kind, state string
		var priority, n int
		if err := rows.Scan(&kind, &priority, &state, &n); err != nil {
			return nil, fmt.Errorf("counting jobs: %w", err)
		}
		if len(stats) == 0 || stats[len(stats)-1].Kind != kind || stats[len(stats)-1].Priority != priority {
			stats = append(stats, musicify.JobStat{Kind: kind, Priority: priority})
		}
		s := &stats[len(stats)-1]
		switch state {
		case musicify.JobPending:
			s.Pending = n
		case musicify.JobRunning:
			s.Running = n
		case musicify.JobFailed:
			s.Failed = n
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("counting jobs: %w", err)
	}
	return stats, nil
}
