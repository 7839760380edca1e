package bench

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/foreground"
	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/jobs"
	"github.com/musicify/musicify/internal/library"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/sqlstore"
)

// benchImport measures searches while a real bulk import runs: the library
// scanner imports a folder (make one with scripts/gen-library) into the
// search bench's catalog and the job runner drains the analysis it queues,
// both wired as serve wires them, while searches are kept in flight.
func benchImport(args []string) int {
	fs := flag.NewFlagSet("bench import", flag.ContinueOnError)
	b := importBench{}
	fs.StringVar(&b.library, "library", "", "the music folder to import")
	fs.IntVar(&b.songs, "songs", 100_000, "songs already in the catalog that is searched")
	fs.IntVar(&b.workers, "workers", jobs.DefaultWorkers(), "jobs at once (MUSICIFY_JOB_WORKERS)")
	fs.IntVar(&b.conns, "conns", 8, "searches in flight")
	fs.DurationVar(&b.d, "for", 20*time.Second, "how long the idle searches run, and at most those after the scan")
	fs.DurationVar(&b.drainFor, "drain-for", 0, "stop waiting for the queue this long after the scan (0: until it drains)")
	if err := fs.Parse(args); err != nil || b.library == "" {
		fmt.Fprintln(os.Stderr, "usage: musicify bench import --library DIR [--songs 100000 --for 20s --drain-for 0]")
		return 2
	}
	if _, err := b.run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench import:", err)
		return 1
	}
	return 0
}

type importBench struct {
	library               string
	songs, workers, conns int
	d, drainFor           time.Duration
}

// importResult is what the import did: its scan, the jobs it queued and
// those left when the bench stopped waiting.
type importResult struct {
	scan         musicify.ScanStatus
	queued, left int
}

func (b importBench) run() (importResult, error) {
	var res importResult
	ctx := context.Background()
	if media.NewFFmpeg() == nil {
		return res, fmt.Errorf("ffmpeg is needed: run scripts/system-deps.sh")
	}
	abs, err := filepath.Abs(b.library)
	if err != nil {
		return res, err
	}
	tmp, err := os.MkdirTemp("", "musicify-bench-import-")
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(tmp)
	db, err := sqlstore.Open(ctx, filepath.Join(tmp, "musicify.db"))
	if err != nil {
		return res, err
	}
	defer db.Close()
	blobs, err := blob.NewLocal(filepath.Join(tmp, "media"))
	if err != nil {
		return res, err
	}
	fmt.Printf("building %d songs to search\n", b.songs)
	start := time.Now()
	users, songs, listens := benchCatalog(b.songs, 2_000, 20_000)
	if err := db.Import(ctx, users, songs, listens); err != nil {
		return res, err
	}
	fmt.Printf("built in %s\n", time.Since(start).Round(time.Millisecond))

	// The scanner and the runner as serve wires them (cmd/musicify/app.go), logs aside.
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	scanner, served, err := library.NewScanner(ctx, library.Setup{Dirs: []string{abs}, DB: db, Now: db.Now, Blobs: blobs, Logger: logger})
	if err != nil {
		return res, err
	}
	runner := &jobs.Runner{Store: db, Logger: logger, Workers: b.workers}
	lib := &catalog.Service{Songs: db, Features: db, Blobs: served, Probe: media.NewProber(), FFmpeg: media.NewFFmpeg(), Jobs: runner,
		Logger: logger, Now: time.Now, TempDir: tmp}
	runner.Handlers = lib.JobHandlers()
	var doneDuring atomic.Int64 // jobs done, to tell how many the scan queued
	for kind, h := range runner.Handlers {
		runner.Handlers[kind] = func(ctx context.Context, j *musicify.Job) error {
			err := h(ctx, j)
			if err == nil {
				doneDuring.Add(1)
			}
			return err
		}
	}
	scanner.Jobs = runner

	srv, _, err := benchInstance(ctx, db, recommend.New(time.Now), served, func(api *httpapi.Server) {
		// As serve wires them (cmd/musicify/app.go).
		api.Foreground = &foreground.Gauge{}
		api.Search.Background = foreground.NewSlots(jobs.DefaultWorkers())
		scanner.Foreground, scanner.CPU = api.Foreground, api.Search.Background
		runner.Foreground, lib.CPU = api.Foreground, api.Search.Background
	})
	if err != nil {
		return res, err
	}
	defer srv.Close()
	load, err := newSearchLoad(ctx, db, users, srv.URL, b.conns)
	if err != nil {
		return res, err
	}
	fmt.Printf("\n%d searches in flight; the import reads with one worker per core but one, runs %d jobs at once, "+
		"ffprobe and ffmpeg at nice 10\n", b.conns, b.workers)
	printSearchHeader()
	idle, took := load.until(closedAfter(b.d))
	printSearchRow("idle", idle, took)

	runCtx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() { stop(); wg.Wait() }()
	wg.Go(func() { runner.Run(runCtx) })
	scanned := make(chan struct{})
	var scanErr error
	t0 := time.Now()
	wg.Go(func() {
		defer close(scanned)
		res.scan, scanErr = scanner.Scan(runCtx, false)
	})
	during, took := load.until(scanned)
	scanTook := time.Since(t0)
	if scanErr != nil {
		return res, scanErr
	}
	left, err := jobsLeft(ctx, db)
	if err != nil {
		return res, err
	}
	res.queued = left + int(doneDuring.Load()) // the jobs of each file: analysis and features; transcription is opt-in
	printSearchRow("importing (the scan, and jobs)", during, took)
	if len(during.lat) < 1_000 {
		fmt.Println("  few searches ran during the scan: import a larger library for a fair figure")
	}

	// After the scan the queue drains, searched beside for up to --for.
	waitCtx, cancel := ctx, func() {}
	if b.drainFor > 0 {
		waitCtx, cancel = context.WithTimeout(ctx, b.drainFor)
	}
	defer cancel()
	drained := make(chan struct{})
	var waitErr error
	go func() {
		defer close(drained)
		res.left, waitErr = waitDrained(waitCtx, db)
	}()
	after, took := load.until(firstClosed(closedAfter(b.d), drained))
	printSearchRow(fmt.Sprintf("after the scan, jobs draining (%d left)", left), after, took)
	<-drained
	if waitErr != nil {
		return res, waitErr
	}
	drainTook := time.Since(t0)

	st := res.scan
	fmt.Printf("\nimport: %d files (%d added, %d failed) in %s: %.0f files/s\n", st.Seen, st.Added, st.Failed,
		scanTook.Round(100*time.Millisecond), float64(st.Seen)/scanTook.Seconds())
	done := res.queued - res.left
	if res.left == 0 {
		fmt.Printf("queue: %d jobs drained %s after the import started: %.0f jobs/min\n", res.queued,
			drainTook.Round(100*time.Millisecond), float64(done)/drainTook.Minutes())
	} else {
		rate := float64(done) / drainTook.Minutes()
		fmt.Printf("queue: %d of %d jobs done %s after the import started (%.0f jobs/min); --drain-for ended the wait, "+
			"the rest would take about %s more\n", done, res.queued, drainTook.Round(100*time.Millisecond), rate,
			time.Duration(float64(res.left)/rate*float64(time.Minute)).Round(time.Second))
	}
	counts, err := db.JobCounts(ctx)
	if err != nil {
		return res, err
	}
	if n := idle.errors + during.errors + after.errors; n > 0 {
		return res, fmt.Errorf("%d searches failed", n)
	}
	if st.Failed > 0 || counts["failed"] > 0 {
		return res, fmt.Errorf("%d files and %d jobs failed: the figures are not those of the real work", st.Failed, counts["failed"])
	}
	return res, nil
}

// jobsLeft counts the jobs not done yet.
func jobsLeft(ctx context.Context, db *sqlstore.DB) (int, error) {
	counts, err := db.JobCounts(ctx)
	return counts["pending"] + counts["running"], err
}

// waitDrained waits until no job is left, or ctx ends, and says how many are.
func waitDrained(ctx context.Context, db *sqlstore.DB) (int, error) {
	for {
		n, err := jobsLeft(context.WithoutCancel(ctx), db)
		if err != nil || n == 0 || ctx.Err() != nil {
			return n, err
		}
		select {
		case <-ctx.Done():
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// firstClosed is closed when a or b is.
func firstClosed(a, b <-chan struct{}) <-chan struct{} {
	c := make(chan struct{})
	go func() {
		select {
		case <-a:
		case <-b:
		}
		close(c)
	}()
	return c
}
