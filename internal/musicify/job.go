package musicify

import (
	"context"
	"time"
)

// Job states.
const (
	JobPending = "pending"
	JobRunning = "running"
	JobDone    = "done"
	JobFailed  = "failed"
)

// Job is durable background work: it survives restarts and is retried.
type Job struct {
	ID       string
	Kind     string
	Subject  string // what it is about, e.g. a song id
	Payload  string
	State    string
	Attempts int
	RunAt    time.Time
	Error    string
	// Priority orders due jobs: JobInteractive (what a person just
	// uploaded) before JobBulk (a library import).
	Priority int
}

// Job priorities; lower runs first.
const (
	JobInteractive = 0
	JobBulk        = 10
)

// JobStat counts the unfinished and failed jobs of one kind and priority,
// for the admin page: how far background work has come.
type JobStat struct {
	Kind     string
	Priority int
	Pending  int // waiting, including those waiting to be retried
	Running  int
	Failed   int // given up
}

// JobStore keeps jobs. ClaimJob hands a due job to exactly one worker.
type JobStore interface {
	EnqueueJob(ctx context.Context, j *Job) error
	// ClaimJob takes the next due job, leasing it until lease; ENOTFOUND when none is due.
	ClaimJob(ctx context.Context, now, lease time.Time) (*Job, error)
	// ExtendJob moves the lease of a job that is running on to until: the
	// worker doing it is alive.
	ExtendJob(ctx context.Context, id string, until time.Time) error
	// ReleaseJob hands a running job back, due now and its attempt not
	// counted: the instance doing it is stopping.
	ReleaseJob(ctx context.Context, id string, now time.Time) error
	FinishJob(ctx context.Context, id string, now time.Time) error
	// RetryJob puts a job back for later, or ends it as failed when at is nil.
	RetryJob(ctx context.Context, id, reason string, at *time.Time, now time.Time) error
	JobsFor(ctx context.Context, subject string) ([]*Job, error)
}
