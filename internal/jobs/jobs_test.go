package jobs_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/jobs"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/supervise"
	"github.com/musicify/musicify/internal/testclock"
)

func openDB(t *testing.T, path string, clk *testclock.Clock) *sqlstore.DB {
	t.Helper()
	db, err := sqlstore.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	db.Now = clk.Now
	return db
}

func runner(db *sqlstore.DB, clk *testclock.Clock, handlers map[string]jobs.Handler) *jobs.Runner {
	return &jobs.Runner{Store: db, Handlers: handlers, Now: clk.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

func state(t *testing.T, db *sqlstore.DB, subject string) *musicify.Job {
	t.Helper()
	js, err := db.JobsFor(context.Background(), subject)
	if err != nil || len(js) != 1 {
		t.Fatalf("jobs for %s: %v %v", subject, js, err)
	}
	return js[0]
}

func TestJobsSurviveARestart(t *testing.T) {
	clk := testclock.New(time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
	path := filepath.Join(t.TempDir(), "m.db")
	db := openDB(t, path, clk)
	if err := runner(db, clk, nil).Enqueue(context.Background(), &musicify.Job{Kind: "greet", Subject: "song-1", Payload: "hi"}); err != nil {
		t.Fatal(err)
	}
	db.Close() // the server stops before any worker ran

	db = openDB(t, path, clk)
	defer db.Close()
	var got string
	r := runner(db, clk, map[string]jobs.Handler{"greet": func(_ context.Context, j *musicify.Job) error {
		got = j.Subject + ":" + j.Payload
		return nil
	}})
	if !r.RunOne(context.Background()) || got != "song-1:hi" {
		t.Fatalf("after restart: ran=%q", got)
	}
	if j := state(t, db, "song-1"); j.State != musicify.JobDone {
		t.Errorf("state = %s", j.State)
	}
	if r.RunOne(context.Background()) {
		t.Error("a done job ran again")
	}
}

func TestFailedJobsRetryWithBackoffThenFail(t *testing.T) {
	clk := testclock.New(time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
	db := openDB(t, filepath.Join(t.TempDir(), "m.db"), clk)
	defer db.Close()
	calls := 0
	r := runner(db, clk, map[string]jobs.Handler{"flaky": func(context.Context, *musicify.Job) error {
		calls++
		return errors.New("ffmpeg exploded")
	}})
	r.MaxAttempts = 3
	ctx := context.Background()
	if err := r.Enqueue(ctx, &musicify.Job{Kind: "flaky", Subject: "s"}); err != nil {
		t.Fatal(err)
	}
	r.RunOne(ctx)
	j := state(t, db, "s")
	if j.State != musicify.JobPending || j.Error != "ffmpeg exploded" || !j.RunAt.Equal(clk.Now().Add(10*time.Second)) {
		t.Fatalf("after one failure: %+v", j)
	}
	if r.RunOne(ctx) {
		t.Fatal("retried before the backoff ran out")
	}
	clk.Advance(10 * time.Second)
	r.RunOne(ctx)
	clk.Advance(40 * time.Second)
	r.RunOne(ctx)
	if j := state(t, db, "s"); j.State != musicify.JobFailed || j.Attempts != 3 || calls != 3 {
		t.Fatalf("after three failures: %+v (calls %d)", j, calls)
	}
	clk.Advance(time.Hour)
	if r.RunOne(ctx) {
		t.Error("a failed job ran again")
	}
}

func TestPermanentErrorsAndPanicsEndAJob(t *testing.T) {
	clk := testclock.New(time.Now())
	db := openDB(t, filepath.Join(t.TempDir(), "m.db"), clk)
	defer db.Close()
	r := runner(db, clk, map[string]jobs.Handler{
		"gone":  func(context.Context, *musicify.Job) error { return jobs.Permanent(errors.New("song deleted")) },
		"panic": func(context.Context, *musicify.Job) error { panic("boom") },
	})
	var heard []string
	r.Supervisor = &supervise.Supervisor{Logger: slog.New(slog.DiscardHandler), OnPanic: func(worker string, v any, _ []byte) {
		heard = append(heard, fmt.Sprint(worker, ": ", v))
	}}
	ctx := context.Background()
	for _, kind := range []string{"gone", "panic", "unknown"} {
		if err := r.Enqueue(ctx, &musicify.Job{Kind: kind, Subject: kind}); err != nil {
			t.Fatal(err)
		}
		r.RunOne(ctx)
		if j := state(t, db, kind); j.State != musicify.JobFailed {
			t.Errorf("%s: state %s", kind, j.State)
		}
	}
	if len(heard) != 1 || heard[0] != "jobs.panic: boom" {
		t.Errorf("the supervisor heard %q, want the one panic", heard)
	}
}

func TestAJobWhoseWorkerDiedIsTakenAgainAfterItsLease(t *testing.T) {
	clk := testclock.New(time.Now())
	db := openDB(t, filepath.Join(t.TempDir(), "m.db"), clk)
	defer db.Close()
	ctx := context.Background()
	if err := db.EnqueueJob(ctx, &musicify.Job{Kind: "k", Subject: "s"}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ClaimJob(ctx, clk.Now(), clk.Now().Add(time.Minute)); err != nil {
		t.Fatal(err) // a worker took it and then crashed
	}
	if _, err := db.ClaimJob(ctx, clk.Now(), clk.Now().Add(time.Minute)); musicify.ErrorCode(err) != musicify.ENOTFOUND {
		t.Fatalf("a leased job was handed out twice: %v", err)
	}
	clk.Advance(time.Minute)
	j, err := db.ClaimJob(ctx, clk.Now(), clk.Now().Add(time.Minute))
	if err != nil || j.Attempts != 2 {
		t.Fatalf("after the lease: %+v %v", j, err)
	}
}

func TestTheRunnerWakesOnEnqueue(t *testing.T) {
	clk := testclock.New(time.Now())
	db := openDB(t, filepath.Join(t.TempDir(), "m.db"), clk)
	defer db.Close()
	done := make(chan string, 1)
	r := runner(db, clk, map[string]jobs.Handler{"k": func(_ context.Context, j *musicify.Job) error {
		done <- j.Subject
		return nil
	}})
	r.Poll = time.Hour // only the wake-up can start it in time
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() { r.Run(ctx); close(stopped) }()
	if err := r.Enqueue(context.Background(), &musicify.Job{Kind: "k", Subject: "woken"}); err != nil {
		t.Fatal(err)
	}
	select {
	case got := <-done:
		if got != "woken" {
			t.Fatalf("ran %q", got)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the runner did not wake up")
	}
	cancel()
	<-stopped
}

// A graceful stop (every rolling upgrade) left its running jobs leased for
// 15 minutes: now they go back at once, their attempt not counted.
func TestAStoppingWorkerHandsItsJobBack(t *testing.T) {
	clk := testclock.New(time.Now())
	db := openDB(t, filepath.Join(t.TempDir(), "m.db"), clk)
	defer db.Close()
	started := make(chan struct{})
	r := runner(db, clk, map[string]jobs.Handler{"k": func(ctx context.Context, _ *musicify.Job) error {
		close(started)
		<-ctx.Done() // a long job, cut short by the stop
		return ctx.Err()
	}})
	ctx, cancel := context.WithCancel(context.Background())
	if err := r.Enqueue(ctx, &musicify.Job{Kind: "k", Subject: "s"}); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { defer close(done); r.Run(ctx) }()
	<-started
	cancel()
	<-done
	if j := state(t, db, "s"); j.State != musicify.JobPending || j.Attempts != 0 {
		t.Fatalf("after the stop: %+v", j)
	}
	if j, err := db.ClaimJob(context.Background(), clk.Now(), clk.Now().Add(time.Minute)); err != nil || j.Subject != "s" {
		t.Fatalf("another instance cannot take it at once: %+v %v", j, err)
	}
}

// A job's lease is short and renewed while the job runs: long work keeps
// it, a dead worker loses it within the lease.
func TestARunningJobKeepsItsShortLease(t *testing.T) {
	clk := testclock.New(time.Now())
	db := openDB(t, filepath.Join(t.TempDir(), "m.db"), clk)
	defer db.Close()
	started, finish := make(chan struct{}), make(chan struct{})
	r := runner(db, clk, map[string]jobs.Handler{"k": func(context.Context, *musicify.Job) error {
		close(started)
		<-finish
		return nil
	}})
	r.Lease = 30 * time.Millisecond // renewed every 10 ms of real time
	ctx := context.Background()
	if err := r.Enqueue(ctx, &musicify.Job{Kind: "k", Subject: "s"}); err != nil {
		t.Fatal(err)
	}
	ran := make(chan bool)
	go func() { ran <- r.RunOne(ctx) }()
	<-started
	clk.Advance(time.Hour) // far past the lease it was claimed with
	// The worker renews it past the new time...
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		var until int64
		if err := db.Pool().QueryRow(`SELECT lease_until FROM jobs`).Scan(&until); err != nil {
			t.Fatal(err)
		}
		if until > clk.Now().UnixMilli() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the lease of a running job was not renewed")
		}
	}
	// ...so nobody else can claim it.
	if _, err := db.ClaimJob(ctx, clk.Now(), clk.Now().Add(time.Minute)); musicify.ErrorCode(err) != musicify.ENOTFOUND {
		t.Fatalf("a running job was claimed again: %v", err)
	}
	close(finish)
	<-ran
	if j := state(t, db, "s"); j.State != musicify.JobDone {
		t.Fatalf("after the job: %+v", j)
	}
}
