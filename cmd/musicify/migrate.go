package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/musicify/musicify/internal/config"
	"github.com/musicify/musicify/internal/sqlstore"
)

// migrateCmd moves the installation MUSICIFY_* describes to PostgreSQL
// (--to-database) and its media to another store (--to-storage), either or
// both. Stop the server first: it holds the SQLite file's write lock for
// the whole copy, and writes made meanwhile would not be carried over.
func migrateCmd(args []string) int {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	toDatabase := fs.String("to-database", "", "postgres://… URL of the database to copy into")
	toStorage := fs.String("to-storage", "", "s3://BUCKET?… (or file://DIR) to copy the media into")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if (*toDatabase == "" && *toStorage == "") || fs.NArg() > 0 {
		fmt.Fprint(os.Stderr, "musicify migrate: say where to with --to-database postgres://… and/or --to-storage s3://…\n", usage)
		return 2
	}
	cfg, err := config.Load(os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "musicify migrate:", err)
		return 1
	}
	if err := migrate(context.Background(), cfg, *toDatabase, *toStorage, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "musicify migrate:", err)
		return 1
	}
	return 0
}

// migrate copies the database, then the media: both steps skip what is
// already there, so it can run again after a failure.
func migrate(ctx context.Context, cfg *config.Config, toDatabase, toStorage string, out io.Writer) error {
	var dst *config.Config
	if toStorage != "" { // checked before the long database copy
		dir, s3, err := config.Storage("--to-storage", toStorage)
		if err != nil {
			return err
		}
		dst = &config.Config{MediaDir: dir, S3: s3}
	}
	if toDatabase != "" {
		if err := migrateDatabase(ctx, cfg, toDatabase, out); err != nil {
			return err
		}
	}
	if dst != nil {
		return migrateMedia(ctx, cfg, dst, out)
	}
	return nil
}

func migrateDatabase(ctx context.Context, cfg *config.Config, toDatabase string, out io.Writer) error {
	if !strings.HasPrefix(toDatabase, "postgres://") && !strings.HasPrefix(toDatabase, "postgresql://") {
		return errors.New("--to-database must be a postgres:// URL")
	}
	if cfg.DatabasePath == "" {
		return errors.New("this installation is already on PostgreSQL (MUSICIFY_DATABASE_URL)")
	}
	if _, err := os.Stat(cfg.DatabasePath); err != nil {
		return fmt.Errorf("no SQLite database to move at %s (set MUSICIFY_DATA_DIR or MUSICIFY_DATABASE_URL): %w", cfg.DatabasePath, err)
	}
	from, err := sqlstore.OpenSQLite(ctx, cfg.DatabasePath)
	if err != nil {
		return err
	}
	defer from.Close()
	to, err := sqlstore.OpenPostgres(ctx, toDatabase)
	if err != nil {
		return err // names neither the URL nor its password
	}
	defer to.Close()
	counts, err := sqlstore.Copy(ctx, from, to)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%-16s %10s %10s\n", "table", "sqlite", "postgres")
	for _, c := range counts {
		fmt.Fprintf(out, "%-16s %10d %10d\n", c.Table, c.From, c.To)
	}
	fmt.Fprintln(out, "database done: start musicify with MUSICIFY_DATABASE_URL set to the new database")
	return nil
}
