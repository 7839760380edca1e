// Command musicify is the whole Musicify server in one binary.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	_ "time/tzdata" // people's time zones, on hosts without a zoneinfo database

	"github.com/musicify/musicify/internal/bench"
	"github.com/musicify/musicify/internal/config"
	"github.com/musicify/musicify/internal/recommend/eval"
)

const usage = `usage:
  musicify serve                                      run the server (configured by MUSICIFY_* variables)
  musicify migrate --to-database postgres://…         copy this SQLite installation into PostgreSQL (safe to re-run)
  musicify migrate --to-storage s3://BUCKET?…         copy its media into S3 (either flag, or both; safe to re-run)
  musicify scan [--full]                              import MUSICIFY_LIBRARY_DIRS into the database once and print the counts
  musicify mail [--to EMAIL] [-n 5]                   print the mails kept without MUSICIFY_SMTP_URL (sign-up codes), newest first
  musicify sweep [--force]                            remove what crashes left behind now; --force lifts the cap on media files
  musicify version                                    print the version
  musicify eval recommend --interactions FILE.csv     leave-one-out test of the recommender beside popularity, item-kNN, RP3β, EASE
  musicify bench [--database postgres://… --load 10s]  latency of search and recommendations on a large catalog
  musicify bench events --database postgres://…       how long an event takes from one instance to another
  musicify bench scan --library DIR [--database …]    first scan and unchanged rescan of a library (scripts/gen-library makes one)
  musicify bench jobs [--jobs 2000 --workers N]        search latency while a bulk import's jobs drain
  musicify bench import --library DIR                 search latency while the scanner imports DIR and its jobs drain
  musicify bench soak [--minutes 10 --library DIR]    a steady mix of web and Subsonic use for long: errors, latency, memory over time
`

const serveHelp = `usage: musicify serve

Runs the server. It takes no flags: every setting is a MUSICIFY_* environment
variable, read once at start (a bad value stops the start with a line that
names it). The main ones:

  MUSICIFY_ADDR           listen address (127.0.0.1:8080)
  MUSICIFY_BASE_URL       the public URL (http://localhost:8080)
  MUSICIFY_DATA_DIR       database and media (./data)
  MUSICIFY_DATABASE_URL   postgres://… for PostgreSQL (SQLite in the data dir)
  MUSICIFY_STORAGE_URL    s3://BUCKET?endpoint=… for S3 (the data dir's media)
  MUSICIFY_PUBSUB_URL     nats://… to share events between instances
  MUSICIFY_SMTP_URL       smtp://… or smtps://… to send mail
  MUSICIFY_DEMO           seed the demo catalog into an empty database (true)
  MUSICIFY_LIBRARY_DIRS   music folders to import, :-separated

The README lists every variable.
`

// version is set at build time with -ldflags "-X main.version=…".
var version = ""

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(os.Stderr, usage)
		return 2
	}
	switch args[0] {
	case "version", "--version", "-v":
		fmt.Println("musicify", Version())
		return 0
	case "serve":
		if len(args) > 1 {
			if args[1] == "--help" || args[1] == "-h" || args[1] == "help" {
				fmt.Print(serveHelp)
				return 0
			}
			fmt.Fprintf(os.Stderr, "musicify serve takes no arguments (%q): it is configured by MUSICIFY_* variables\n%s", args[1], serveHelp)
			return 2
		}
		tuneForRequests()
		return serve()
	case "migrate":
		return migrateCmd(args[1:])
	case "bench":
		tuneForRequests() // the benches serve requests as serve does
		return bench.Main(args[1:])
	case "scan":
		return scanCmd(args[1:], os.Stdout)
	case "sweep":
		return sweepCmd(args[1:], os.Stdout)
	case "mail":
		return mailCmd(args[1:], os.Stdout)
	case "eval":
		if len(args) > 1 && args[1] == "recommend" {
			return eval.Recommend(args[2:], os.Stdout, os.Stderr)
		}
	}
	fmt.Fprintf(os.Stderr, "musicify: unknown command %q\n%s", strings.Join(args, " "), usage)
	return 2
}

func serve() int {
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	cfg, err := config.Load(os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "musicify: cannot start:", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	m := NewMain(cfg, logger)
	if err := m.Run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "musicify: cannot start:", err)
		m.Close()
		return 1
	}
	<-ctx.Done()
	logger.Info("shutting down: finishing requests in flight")
	if err := m.Close(); err != nil {
		logger.Error("shutting down", "err", err)
		return 1
	}
	logger.Info("stopped")
	return 0
}

// Version is the build's version: the -ldflags value, else the VCS revision.
func Version() string {
	if version != "" {
		return version
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		rev, dirty := "", false
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if rev != "" && dirty {
			rev += "-dirty"
		}
		if rev != "" {
			return "dev-" + rev
		}
	}
	return "dev"
}
