package jobs_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/jobs"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/nice"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
	"github.com/musicify/musicify/internal/testclock"
	"github.com/musicify/musicify/internal/testserver"
)

var jobT0 = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

func TestMain(m *testing.M) {
	code := m.Run()
	testserver.StopPostgres()
	os.Exit(code)
}

// Jobs are heavy: the runner leaves a core to requests and never has more
// than Workers jobs running, however many are due and however RunOne is
// called. Each job blocks until the test lets it end. (On PostgreSQL the
// claimers never wait for each other, so a runner without the bound would
// start more jobs while the first ones block; SQLite makes them take turns.)
func TestTheRunnerRunsAtMostWorkersJobsAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		atMostWorkersAtOnce(t, open(t))
	})
}

func atMostWorkersAtOnce(t *testing.T, db *sqlstore.DB) {
	clk := testclock.New(jobT0)
	db.Now = clk.Now
	const workers, total = 3, 10
	var running, most atomic.Int32
	started, release := make(chan string), make(chan struct{})
	block := func(ctx context.Context, j *musicify.Job) error {
		n := running.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		started <- j.Subject
		<-release
		running.Add(-1)
		return nil
	}
	r := runner(db, clk, map[string]jobs.Handler{"block": block})
	r.Workers = workers
	ctx := context.Background()
	for i := range total {
		if err := r.Enqueue(ctx, &musicify.Job{Kind: "block", Subject: fmt.Sprint(i), Priority: musicify.JobBulk}); err != nil {
			t.Fatal(err)
		}
	}
	runCtx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() { r.Run(runCtx) })
	for range 2 { // callers of RunOne beside the runner's own workers
		wg.Go(func() {
			for r.RunOne(runCtx) {
			}
		})
	}
	// While Workers jobs block, no other is even claimed: the store has
	// exactly that many running.
	claimed := func() {
		t.Helper()
		if counts, err := db.JobCounts(ctx); err != nil || counts["running"] != workers {
			t.Errorf("%d jobs claimed while %d run (%v), want %d", counts["running"], running.Load(), err, workers)
		}
	}
	for range workers {
		<-started
	}
	claimed()
	for range total - workers { // one ends, the next starts
		release <- struct{}{}
		<-started
		claimed()
	}
	for range workers {
		release <- struct{}{}
	}
	stop()
	wg.Wait()
	if got := most.Load(); got != workers {
		t.Errorf("%d jobs ran at once, want at most and at best %d", got, workers)
	}
	if counts, err := db.JobCounts(ctx); err != nil || counts["pending"]+counts["running"] != 0 {
		t.Errorf("left over: %v, %v", counts, err)
	}
}

func TestByDefaultOneCoreIsLeftForRequests(t *testing.T) {
	if got, want := jobs.DefaultWorkers(), max(1, runtime.NumCPU()-1); got != want {
		t.Errorf("DefaultWorkers() = %d on %d cores, want %d", got, runtime.NumCPU(), want)
	}
}

// What a job starts runs at low priority: a real child of a handler.
func TestJobsStartTheirProgramsNiced(t *testing.T) {
	clk := testclock.New(jobT0)
	db := openDB(t, filepath.Join(t.TempDir(), "m.db"), clk)
	defer db.Close()
	var stat []byte
	r := runner(db, clk, map[string]jobs.Handler{"probe": func(ctx context.Context, j *musicify.Job) (err error) {
		stat, err = nice.Command(ctx, "sh", "-c", "cat /proc/self/stat").Output()
		return err
	}})
	if err := r.Enqueue(context.Background(), &musicify.Job{Kind: "probe"}); err != nil {
		t.Fatal(err)
	}
	if !r.RunOne(context.Background()) {
		t.Fatal("the job did not run")
	}
	if n, err := nice.FromStat(stat); err != nil || n < nice.Level {
		t.Errorf("a job's program ran at niceness %d (%v), want at least %d", n, err, nice.Level)
	}
}

// countingYield records the turns a job asked for before it ran.
type countingYield struct{ asked atomic.Int32 }

func (c *countingYield) Yield(context.Context, time.Duration) { c.asked.Add(1) }

// A job is background work like a library scan: it starts in a gap between
// the requests people wait for.
func TestAJobStartsInAGapBetweenRequests(t *testing.T) {
	db := storetest.SQLite(t)
	clk := testclock.New(jobT0)
	db.Now = clk.Now
	r := runner(db, clk, map[string]jobs.Handler{"work": func(context.Context, *musicify.Job) error { return nil }})
	yield := &countingYield{}
	r.Foreground = yield
	ctx := context.Background()
	if err := r.Enqueue(ctx, &musicify.Job{Kind: "work", Subject: "s1", Priority: musicify.JobBulk}); err != nil {
		t.Fatal(err)
	}
	if !r.RunOne(ctx) {
		t.Fatal("the job did not run")
	}
	if yield.asked.Load() != 1 {
		t.Errorf("the job asked for %d gaps between requests, want 1", yield.asked.Load())
	}
}
