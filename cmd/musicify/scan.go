package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"

	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/config"
	"github.com/musicify/musicify/internal/jobs"
	"github.com/musicify/musicify/internal/library"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
)

// libraryScanner builds the scanner of MUSICIFY_LIBRARY_DIRS (nil when
// none is set) and the blob store that also serves the folders' files.
func libraryScanner(ctx context.Context, cfg *config.Config, db *sqlstore.DB, blobs musicify.BlobStore, logger *slog.Logger) (*library.Scanner, musicify.BlobStore, error) {
	if len(cfg.LibraryDirs) == 0 {
		return nil, blobs, nil
	}
	var folders []*musicify.LibraryFolder
	for _, dir := range cfg.LibraryDirs {
		f, err := db.LibraryFolder(ctx, dir)
		if err != nil {
			return nil, nil, fmt.Errorf("MUSICIFY_LIBRARY_DIRS: %w", err)
		}
		folders = append(folders, f)
	}
	served := library.NewBlobs(blobs, folders)
	s := &library.Scanner{Store: db, Blobs: served, Folders: cfg.LibraryDirs, Logger: logger, Now: db.Now,
		Lease: db, Holder: musicify.NewID(), // instances sharing a database scan one at a time
		Shared:  db, // and every one of them shows the latest scan
		Analyze: media.NewFFmpeg() != nil, Transcribe: cfg.TranscribeLibrary}
	if p, err := exec.LookPath("ffprobe"); err == nil {
		s.FFprobe = p
	} else {
		logger.Warn("library: ffprobe is not installed; WAV tags and files the pure-Go readers refuse are not imported")
	}
	return s, served, nil
}

// scanCmd runs one scan of the library folders against the configured
// database and prints what it did. The server (if running) hears of the
// new songs through the events outbox.
func scanCmd(args []string, out io.Writer) int {
	fs := flag.NewFlagSet("scan", flag.ContinueOnError)
	full := fs.Bool("full", false, "read every file again, changed or not")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		return 2
	}
	cfg, err := config.Load(os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "musicify scan:", err)
		return 1
	}
	if len(cfg.LibraryDirs) == 0 {
		fmt.Fprintln(os.Stderr, "musicify scan: set MUSICIFY_LIBRARY_DIRS to the music folders to import")
		return 2
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	ctx := context.Background()
	db, err := sqlstore.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		fmt.Fprintln(os.Stderr, "musicify scan:", err)
		return 1
	}
	defer db.Close()
	blobs, _, err := openStore(ctx, cfg.MediaDir, cfg.S3)
	if err != nil {
		fmt.Fprintln(os.Stderr, "musicify scan:", err)
		return 1
	}
	s, _, err := libraryScanner(ctx, cfg, db, blobs, logger)
	if err != nil {
		fmt.Fprintln(os.Stderr, "musicify scan:", err)
		return 1
	}
	st, err := s.Scan(ctx, *full)
	printScan(out, st)
	if err != nil {
		fmt.Fprintln(os.Stderr, "musicify scan:", err)
		return 1
	}
	return 0
}

func printScan(out io.Writer, st musicify.ScanStatus) {
	fmt.Fprintf(out, "seen %d, added %d, updated %d, removed %d, failed %d in %s\n",
		st.Seen, st.Added, st.Updated, st.Removed, st.Failed, st.Finished.Sub(st.Started).Round(1e6))
	for _, f := range st.Failures {
		fmt.Fprintf(out, "  failed: %s: %s\n", f.Path, f.Reason)
	}
}

// jobHandlers are the background jobs of songs, uploaded or imported: serve
// runs them, and the import bench as serve does.
func jobHandlers(lib *catalog.Service) map[string]jobs.Handler {
	return map[string]jobs.Handler{catalog.JobAnalyze: lib.Analyze, catalog.JobTranscribe: lib.Transcribe,
		catalog.JobFeatures: lib.MeasureFeatures}
}
