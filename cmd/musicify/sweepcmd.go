package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sweep"
)

// sweepCmd runs one sweep of what crashes left behind against the
// configured database and storage, as the server does once a day. With
// --force it deletes media no row names even when that is more than the
// small share one pass of the server deletes on its own: for after an
// owner has checked that those files are garbage.
func sweepCmd(args []string, out io.Writer) int {
	fs := flag.NewFlagSet("sweep", flag.ContinueOnError)
	force := fs.Bool("force", false, "delete every media file no row names, however many")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		return 2
	}
	if err := runSweep(*force, out); err != nil {
		fmt.Fprintln(os.Stderr, "musicify sweep:", err)
		return 1
	}
	return 0
}

func runSweep(force bool, out io.Writer) error {
	ctx := context.Background()
	cfg, db, err := configuredDB(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	blobs, storeTemp, err := openStore(ctx, cfg.MediaDir, cfg.S3)
	if err != nil {
		return err
	}
	id, err := db.Setting(ctx, "deployment_id")
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return fmt.Errorf("this database has no installation id yet: start musicify serve on it once")
	} else if err != nil {
		return err
	}
	if marker, err := blob.ReadDeployment(ctx, blobs); err != nil {
		return fmt.Errorf("MUSICIFY_STORAGE_URL: %w", err)
	} else if marker != id {
		return fmt.Errorf("MUSICIFY_STORAGE_URL is not this database's media storage (its marker names %q, the database is %s)", marker, id)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	s := &sweep.Sweeper{Blobs: blobs, Refs: db, TempDirs: append([]string{cfg.TempDir}, storeTemp...), Grace: orphanGrace,
		Now: time.Now, Logger: logger, Deployment: id, Force: force, RenditionBytes: cfg.RenditionCacheMB << 20}
	r, err := s.Sweep(ctx)
	fmt.Fprintf(out, "removed %d media files, %d temp files, %d empty folders\n", r.Blobs, r.TempFiles, r.Folders)
	return err
}
