package bench

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/jobs"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/nice"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/sqlstore"
)

// benchJobs measures searches while a bulk import's jobs drain: it queues
// the bulk analysis (loudness from one ffmpeg decode per song) of songs
// with real audio files, then searches with --conns in flight, idle and
// while the runner works, as serve runs it, and reports how fast the
// queue drains.
func benchJobs(args []string) int {
	fs := flag.NewFlagSet("bench jobs", flag.ContinueOnError)
	nSongs := fs.Int("songs", 100_000, "songs in the catalog that is searched")
	nJobs := fs.Int("jobs", 2_000, "of them, songs with a real audio file whose bulk analysis is queued")
	workers := fs.Int("workers", jobs.DefaultWorkers(), "jobs at once (MUSICIFY_JOB_WORKERS)")
	niced := fs.Bool("nice", true, "run ffmpeg at nice 10 as serve does; false measures jobs at normal priority")
	conns := fs.Int("conns", 8, "searches in flight")
	d := fs.Duration("for", 20*time.Second, "how long each search load runs")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := runBenchJobs(*nSongs, *nJobs, *workers, *niced, *conns, *d); err != nil {
		fmt.Fprintln(os.Stderr, "bench jobs:", err)
		return 1
	}
	return 0
}

func runBenchJobs(nSongs, nJobs, workers int, niced bool, conns int, d time.Duration) error {
	ctx := context.Background()
	ff := media.NewFFmpeg()
	if ff == nil {
		return fmt.Errorf("ffmpeg is needed: run scripts/system-deps.sh")
	}
	nJobs = min(nJobs, nSongs)
	dir, err := os.MkdirTemp("", "musicify-bench-jobs-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	db, err := sqlstore.Open(ctx, filepath.Join(dir, "musicify.db"))
	if err != nil {
		return err
	}
	defer db.Close()
	blobs, err := blob.NewLocal(filepath.Join(dir, "media"))
	if err != nil {
		return err
	}

	fmt.Printf("building %d songs, %d of them with a real 4-second file (a quarter FLAC)\n", nSongs, nJobs)
	start := time.Now()
	clips, err := benchClips(ctx, dir)
	if err != nil {
		return err
	}
	users, songs, listens := benchCatalog(nSongs, 2_000, 20_000)
	for i, s := range songs[:nJobs] {
		format := "mp3"
		if i%4 == 3 {
			format = "flac"
		}
		s.Format, s.Duration, s.AudioKey = format, 4, "songs/"+s.ID+"/original."+format
	}
	if err := db.Import(ctx, users, songs, listens); err != nil {
		return err
	}
	for i, s := range songs[:nJobs] {
		if err := blob.PutFile(ctx, blobs, s.AudioKey, clips[s.Format][i%len(clips[s.Format])]); err != nil {
			return err
		}
		if err := db.EnqueueJob(ctx, catalog.AnalyzeJob(s, musicify.JobBulk)); err != nil {
			return err
		}
	}
	fmt.Printf("built and queued in %s\n", time.Since(start).Round(time.Millisecond))

	srv, _, err := benchInstance(ctx, db, recommend.New(time.Now), blobs)
	if err != nil {
		return err
	}
	defer srv.Close()
	load, err := newSearchLoad(ctx, db, users, srv.URL, conns)
	if err != nil {
		return err
	}

	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	lib := &catalog.Service{Songs: db, Blobs: blobs, Probe: media.NewProber(), FFmpeg: ff, Logger: logger, Now: time.Now, TempDir: dir}
	analyze := lib.Analyze
	if !niced {
		analyze = func(ctx context.Context, j *musicify.Job) error { return lib.Analyze(nice.Foreground(ctx), j) }
	}
	runner := &jobs.Runner{Store: db, Handlers: map[string]jobs.Handler{catalog.JobAnalyze: analyze}, Logger: logger,
		Workers: workers, Poll: 100 * time.Millisecond}

	priority := "nice 10"
	if !niced {
		priority = "normal priority"
	}
	fmt.Printf("\n%d searches in flight for %s per row; %d jobs at once, ffmpeg at %s\n", conns, d, workers, priority)
	printSearchHeader()
	idle, took := load.until(closedAfter(d))
	printSearchRow("idle", idle, took)

	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	drained := make(chan struct{})
	t0 := time.Now()
	go func() {
		defer close(drained)
		runner.Run(runCtx)
	}()
	busy, took := load.until(closedAfter(d))
	counts, err := db.JobCounts(ctx)
	if err != nil {
		return err
	}
	printSearchRow(fmt.Sprintf("bulk jobs draining (%d left)", counts["pending"]+counts["running"]), busy, took)
	if counts["pending"] == 0 {
		fmt.Println("  the queue drained before the load ended: queue more --jobs for a fair figure")
	}
	for counts["pending"]+counts["running"] > 0 {
		time.Sleep(200 * time.Millisecond)
		if counts, err = db.JobCounts(ctx); err != nil {
			return err
		}
	}
	took = time.Since(t0)
	stop()
	<-drained
	fmt.Printf("\n%d jobs drained in %s: %.0f jobs/min (%d failed)\n", nJobs, took.Round(100*time.Millisecond),
		float64(nJobs)/took.Minutes(), counts["failed"])
	if n := idle.errors + busy.errors; n > 0 {
		return fmt.Errorf("%d searches failed", n)
	}
	if counts["failed"] > 0 {
		return fmt.Errorf("%d jobs failed: the figures are not those of the real work", counts["failed"])
	}
	return nil
}

// benchClips makes a few distinct 4-second clips of each format, so ffmpeg
// does real decoding work and no two neighbouring songs are the same file.
func benchClips(ctx context.Context, dir string) (map[string][]string, error) {
	clips := map[string][]string{}
	for i, freq := range []int{220, 330, 440, 550, 660, 880} {
		for _, f := range []struct{ ext, codec string }{{"mp3", "libmp3lame -b:a 192k"}, {"flac", "flac"}} {
			path := filepath.Join(dir, fmt.Sprintf("clip%d.%s", i, f.ext))
			args := []string{"-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi",
				"-i", fmt.Sprintf("sine=frequency=%d:duration=4,volume=0.%d", freq, 3+i),
				"-f", "lavfi", "-i", "anoisesrc=duration=4:amplitude=0.05", "-filter_complex", "amix=inputs=2",
				"-ar", "44100", "-ac", "2", "-c:a"}
			args = append(append(args, strings.Fields(f.codec)...), path)
			if out, err := exec.CommandContext(ctx, "ffmpeg", args...).CombinedOutput(); err != nil {
				return nil, fmt.Errorf("making a clip: %w: %s", err, out)
			}
			clips[f.ext] = append(clips[f.ext], path)
		}
	}
	return clips, nil
}
