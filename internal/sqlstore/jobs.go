package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.JobStore = (*DB)(nil)

func (d *DB) EnqueueJob(ctx context.Context, j *musicify.Job) error {
	return d.insertJob(ctx, d, j)
}

// insertJob stores a new job through q: the database, or a transaction so
// the job commits with the row it is about.
func (d *DB) insertJob(ctx context.Context, q querier, j *musicify.Job) error {
	j.ID, j.State = musicify.NewID(), musicify.JobPending
	now := d.Now()
	if j.RunAt.IsZero() {
		j.RunAt = now
	}
	_, err := q.exec(ctx, `INSERT INTO jobs (id, kind, subject, payload, state, priority, run_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, j.ID, j.Kind, j.Subject, j.Payload, j.State, j.Priority, toMillis(j.RunAt), toMillis(now), toMillis(now))
	if err != nil {
		return fmt.Errorf("enqueueing %s job: %w", j.Kind, err)
	}
	return nil
}

// ClaimJob is one statement, so two workers can never take the same job
// (on PostgreSQL with the picks locked and locked rows skipped). Of the due
// jobs, the lowest priority number goes first, so an upload waits behind
// no queued import; within a priority, the one due longest. The waiting
// jobs and those whose lease ran out are picked apart, each the first of
// its walk of the jobs_claim index, because one condition joining them
// with OR has both databases read and sort every due job: thousands, with
// an import queued.
func (d *DB) ClaimJob(ctx context.Context, now, lease time.Time) (*musicify.Job, error) {
	pick := func(due string) string {
		return `SELECT * FROM (SELECT id, priority, run_at FROM jobs WHERE ` + due +
			` ORDER BY priority, run_at, id LIMIT 1` + d.dialect.skipLocked() + `)`
	}
	j, err := scanJob(d.queryRow(ctx, `UPDATE jobs SET state = 'running', attempts = attempts + 1, lease_until = ?, updated_at = ?
		WHERE id = (SELECT id FROM (`+pick(`state = 'pending' AND run_at <= ?`)+` waiting
			UNION ALL `+pick(`state = 'running' AND lease_until <= ?`)+` lapsed) due
			ORDER BY priority, run_at, id LIMIT 1)
		RETURNING `+jobColumns, toMillis(lease), toMillis(now), toMillis(now), toMillis(now)))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "No job is due.")
	} else if err != nil {
		return nil, fmt.Errorf("claiming job: %w", err)
	}
	return j, nil
}

func (d *DB) ExtendJob(ctx context.Context, id string, until time.Time) error {
	if _, err := d.exec(ctx, `UPDATE jobs SET lease_until = ? WHERE id = ? AND state = 'running'`, toMillis(until), id); err != nil {
		return fmt.Errorf("extending a job's lease: %w", err)
	}
	return nil
}

func (d *DB) ReleaseJob(ctx context.Context, id string, now time.Time) error {
	if _, err := d.exec(ctx, `UPDATE jobs SET state = 'pending', attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END,
		run_at = ?, updated_at = ? WHERE id = ? AND state = 'running'`, toMillis(now), toMillis(now), id); err != nil {
		return fmt.Errorf("handing a job back: %w", err)
	}
	return nil
}

func (d *DB) FinishJob(ctx context.Context, id string, now time.Time) error {
	if _, err := d.exec(ctx, `UPDATE jobs SET state = 'done', last_error = '', updated_at = ? WHERE id = ?`,
		toMillis(now), id); err != nil {
		return fmt.Errorf("finishing job: %w", err)
	}
	return nil
}

func (d *DB) RetryJob(ctx context.Context, id, reason string, at *time.Time, now time.Time) error {
	state, runAt := musicify.JobFailed, now
	if at != nil {
		state, runAt = musicify.JobPending, *at
	}
	if _, err := d.exec(ctx, `UPDATE jobs SET state = ?, run_at = ?, last_error = ?, updated_at = ? WHERE id = ?`,
		state, toMillis(runAt), reason, toMillis(now), id); err != nil {
		return fmt.Errorf("rescheduling job: %w", err)
	}
	return nil
}

// JobsFor lists the jobs about subject, newest first.
func (d *DB) JobsFor(ctx context.Context, subject string) ([]*musicify.Job, error) {
	return collect(ctx, d, "jobs", scanJob, `SELECT `+jobColumns+` FROM jobs WHERE subject = ? ORDER BY created_at DESC, id`, subject)
}

const jobColumns = `id, kind, subject, payload, state, attempts, run_at, last_error, priority`

func scanJob(s scanner) (*musicify.Job, error) {
	var j musicify.Job
	var runAt int64
	if err := s.Scan(&j.ID, &j.Kind, &j.Subject, &j.Payload, &j.State, &j.Attempts, &runAt, &j.Error, &j.Priority); err != nil {
		return nil, err
	}
	j.RunAt = fromMillis(runAt)
	return &j, nil
}
