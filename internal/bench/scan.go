package bench

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/pprof"
	"time"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/library"
	"github.com/musicify/musicify/internal/sqlstore"
)

// benchScan measures a first scan of a library into an empty database and
// a rescan with nothing changed (make one with scripts/gen-library).
func benchScan(args []string) int {
	fs := flag.NewFlagSet("bench scan", flag.ContinueOnError)
	dir := fs.String("library", "", "the music folder to scan")
	dbURL := fs.String("database", "", "postgres://… (default: SQLite in a temp dir); its tables are added to")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the first scan to this file")
	if err := fs.Parse(args); err != nil || *dir == "" {
		fmt.Fprintln(os.Stderr, "usage: musicify bench scan --library DIR [--database postgres://…] [--cpuprofile FILE]")
		return 2
	}
	abs, err := filepath.Abs(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench scan:", err)
		return 1
	}
	tmp, err := os.MkdirTemp("", "musicify-bench-scan-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench scan:", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	if *dbURL == "" {
		*dbURL = "sqlite://" + filepath.Join(tmp, "bench.db")
	}
	ctx := context.Background()
	db, err := sqlstore.Open(ctx, *dbURL)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench scan:", err)
		return 1
	}
	defer db.Close()
	blobs, err := blob.NewLocal(filepath.Join(tmp, "media"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench scan:", err)
		return 1
	}
	s, _, err := library.NewScanner(ctx, library.Setup{Dirs: []string{abs}, DB: db, Now: db.Now, Blobs: blobs,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench scan:", err)
		return 1
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench scan:", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "bench scan:", err)
			return 1
		}
	}
	start, cpu := time.Now(), cpuTime()
	st, err := s.Scan(ctx, false)
	first, firstCPU := time.Since(start), cpuTime()-cpu
	if *cpuProfile != "" {
		pprof.StopCPUProfile()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench scan:", err)
		return 1
	}
	fmt.Printf("first scan: %d files (%d added, %d failed) in %s: %.0f files/s; CPU %s (%.2f ms a file)\n", st.Seen,
		st.Added, st.Failed, first.Round(time.Millisecond), float64(st.Seen)/first.Seconds(), firstCPU.Round(time.Millisecond),
		float64(firstCPU.Microseconds())/1000/float64(max(st.Seen, 1)))
	start, cpu = time.Now(), cpuTime()
	st, err = s.Scan(ctx, false)
	again, againCPU := time.Since(start), cpuTime()-cpu
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench scan:", err)
		return 1
	}
	fmt.Printf("unchanged rescan: %d files (%d added, %d updated) in %s; CPU %s\n", st.Seen, st.Added, st.Updated,
		again.Round(time.Millisecond), againCPU.Round(time.Millisecond))
	return 0
}
