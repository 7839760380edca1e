package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"

	"github.com/musicify/musicify/internal/config"
	"github.com/musicify/musicify/internal/library"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
)

// scanCmd runs one scan of the library folders against the configured
// database and prints what it did. The server (if running) hears of the
// new songs through the event log.
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
	s, _, err := library.NewScanner(ctx, library.Setup{Dirs: cfg.LibraryDirs, Transcribe: cfg.TranscribeLibrary,
		ArtistSeparators: cfg.ArtistSeparators, ArtistExceptions: cfg.ArtistExceptions, DB: db, Now: db.Now, Blobs: blobs, Logger: logger})
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
