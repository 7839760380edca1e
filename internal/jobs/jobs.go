// Package jobs runs durable background work: jobs are rows in the
// database, so they survive restarts, are retried with backoff, and any
// instance's workers can take them.
package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"runtime/debug"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/nice"
	"github.com/musicify/musicify/internal/supervise"
)

// MaxAttempts is how many times a job runs before it is given up, unless
// the Runner says otherwise. Handlers see the attempt in Job.Attempts.
const MaxAttempts = 5

// Handler does one job. An error retries it later; wrap it with Permanent
// when retrying cannot help.
type Handler func(ctx context.Context, j *musicify.Job) error

// Permanent marks an error that ends a job at once.
func Permanent(err error) error { return &permanent{err} }

type permanent struct{ error }

func (p *permanent) Unwrap() error { return p.error }

// Runner polls for due jobs and hands each to its kind's handler.
type Runner struct {
	Store    musicify.JobStore
	Handlers map[string]Handler
	Logger   *slog.Logger
	Now      func() time.Time
	// Workers is how many jobs run at once, however RunOne is called:
	// every job is heavy (ffmpeg or pocketsphinx on a whole song), and the
	// people listening need a core. Zero is DefaultWorkers().
	Workers int
	// Foreground, when set, counts the requests people wait for
	// (foreground.Gauge): a job starts in a gap between them. (A job's
	// heavy work is its niced ffmpeg; the Go work a handler does itself
	// takes one of the background CPU slots, see catalog.Service.CPU.)
	Foreground interface {
		Yield(ctx context.Context, most time.Duration)
	}
	// Supervisor restarts a worker whose loop panics and hears of jobs
	// that panic (each fails for good: retrying would panic again).
	Supervisor *supervise.Supervisor
	// Poll is how often an idle worker looks.
	Poll        time.Duration
	Lease       time.Duration
	MaxAttempts int

	wake  chan struct{}
	slots chan struct{} // one per job running
	once  sync.Once
}

func (r *Runner) init() {
	r.once.Do(func() {
		r.wake = make(chan struct{}, 1)
		if r.Now == nil {
			r.Now = time.Now
		}
		if r.Workers <= 0 {
			r.Workers = DefaultWorkers()
		}
		r.slots = make(chan struct{}, r.Workers)
		if r.Poll == 0 {
			r.Poll = 2 * time.Second
		}
		if r.Lease == 0 {
			r.Lease = DefaultLease
		}
		if r.MaxAttempts == 0 {
			r.MaxAttempts = MaxAttempts
		}
	})
}

// Enqueue stores a job and wakes a worker.
func (r *Runner) Enqueue(ctx context.Context, j *musicify.Job) error {
	r.init()
	if err := r.Store.EnqueueJob(ctx, j); err != nil {
		return err
	}
	r.Wake()
	return nil
}

// Wake has a worker look for due jobs now, for jobs stored with the row
// they are about rather than through Enqueue.
func (r *Runner) Wake() {
	r.init()
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// Run works until ctx ends; jobs in flight then get their context cancelled
// and are taken again after their lease.
func (r *Runner) Run(ctx context.Context) {
	r.init()
	var wg sync.WaitGroup
	for i := 0; i < r.Workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.Supervisor.Run(ctx, "jobs", r.work)
		}()
	}
	wg.Wait()
}

func (r *Runner) work(ctx context.Context) {
	t := time.NewTicker(r.Poll)
	defer t.Stop()
	for ctx.Err() == nil {
		if r.RunOne(ctx) {
			continue // there may be more
		}
		select {
		case <-ctx.Done():
		case <-r.wake:
		case <-t.C:
		}
	}
}

// DefaultLease is how long a claimed job is its worker's without word from
// it: a worker renews it every third of that while the job runs, so a job
// of an instance that died is taken over within DefaultLease.
const DefaultLease = 20 * time.Second

// DefaultWorkers is one job per core but one, and at least one: a core is
// left for requests even while an import's thousands of jobs drain.
func DefaultWorkers() int { return max(1, runtime.NumCPU()-1) }

// giveWayAtMost bounds a job's wait for a gap between requests: a stream of
// them delays each job, never stops the queue.
const giveWayAtMost = 20 * time.Millisecond

// RunOne runs one due job, if any, and reports whether it found one. It
// first waits for one of the Workers slots, so no caller ever has more
// than Workers jobs running.
func (r *Runner) RunOne(ctx context.Context) bool {
	r.init()
	select {
	case r.slots <- struct{}{}:
		defer func() { <-r.slots }()
	case <-ctx.Done():
		return false
	}
	if r.Foreground != nil {
		r.Foreground.Yield(ctx, giveWayAtMost)
	}
	now := r.Now()
	j, err := r.Store.ClaimJob(ctx, now, now.Add(r.Lease))
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return false
	} else if err != nil {
		if ctx.Err() == nil {
			r.Logger.Error("claiming job", "err", err)
		}
		return false
	}
	err = r.runLeased(ctx, j)
	finish := context.WithoutCancel(ctx)
	switch {
	case err == nil:
		err = r.Store.FinishJob(finish, j.ID, r.Now())
	case ctx.Err() != nil:
		// Stopping: the job goes back at once, for whichever instance is
		// up, rather than when its lease lapses.
		if err := r.Store.ReleaseJob(finish, j.ID, r.Now()); err != nil {
			r.Logger.Warn("handing a job back at shutdown; it is taken again when its lease lapses", "kind", j.Kind, "err", err)
		}
		return true
	default:
		var p *permanent
		var retryAt *time.Time
		if !errors.As(err, &p) && j.Attempts < r.MaxAttempts {
			at := r.Now().Add(Backoff(j.Attempts))
			retryAt = &at
		}
		r.Logger.Warn("job failed", "kind", j.Kind, "subject", j.Subject, "attempt", j.Attempts, "retry", retryAt != nil, "err", err)
		err = r.Store.RetryJob(finish, j.ID, err.Error(), retryAt, r.Now())
	}
	if err != nil {
		r.Logger.Error("recording job result", "kind", j.Kind, "err", err)
	}
	return true
}

// runLeased runs j while renewing its lease, so that its lease can be
// short: long enough for a pause, not for an instance that died.
func (r *Runner) runLeased(ctx context.Context, j *musicify.Job) error {
	done := make(chan struct{})
	renewed := make(chan struct{})
	go func() {
		defer close(renewed)
		defer r.Supervisor.Recover("jobs.lease")
		t := time.NewTicker(r.Lease / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if err := r.Store.ExtendJob(context.WithoutCancel(ctx), j.ID, r.Now().Add(r.Lease)); err != nil {
					r.Logger.Warn("renewing a job's lease", "kind", j.Kind, "err", err)
				}
			}
		}
	}()
	err := r.run(ctx, j)
	close(done)
	<-renewed
	return err
}

func (r *Runner) run(ctx context.Context, j *musicify.Job) (err error) {
	h, ok := r.Handlers[j.Kind]
	if !ok {
		return Permanent(fmt.Errorf("no handler for job kind %q", j.Kind))
	}
	defer func() {
		if v := recover(); v != nil {
			r.Supervisor.Report("jobs."+j.Kind, v, debug.Stack())
			err = Permanent(fmt.Errorf("job panicked: %v", v))
		}
	}()
	// No person waits for a job: the programs it starts run niced.
	return h(nice.Background(ctx), j)
}

// Backoff is the wait before attempt n+1: 10 s, 40 s, 90 s, 160 s… up to an hour.
func Backoff(attempt int) time.Duration {
	return min(time.Duration(attempt*attempt)*10*time.Second, time.Hour)
}
