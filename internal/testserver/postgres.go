package testserver

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

// pgServer is the PostgreSQL this test binary started, or the one named by
// MUSICIFY_TEST_POSTGRES_URL: an admin URL that may create databases.
var pg struct {
	once  sync.Once
	admin string
	err   error
	cmd   *exec.Cmd
	done  chan struct{}
	dir   string
}

// Postgres returns the URL of a new, empty database for this test on a real
// PostgreSQL server, dropped when the test ends. Call StopPostgres from
// TestMain so the server this binary started ends with it.
func Postgres(t testing.TB) string {
	t.Helper()
	pg.once.Do(func() {
		if u := os.Getenv("MUSICIFY_TEST_POSTGRES_URL"); u != "" {
			pg.admin = u
			return
		}
		pg.admin, pg.err = startPostgres()
	})
	if pg.err != nil {
		t.Fatalf("starting PostgreSQL for the tests (run scripts/system-deps.sh, or set MUSICIFY_TEST_POSTGRES_URL): %v", pg.err)
	}
	admin, err := sql.Open("pgx", pg.admin)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	b := make([]byte, 8)
	rand.Read(b)
	name := "musicify_test_" + hex.EncodeToString(b)
	ctx := context.Background()
	if _, err := admin.ExecContext(ctx, `CREATE DATABASE `+name); err != nil {
		t.Fatalf("creating test database: %v", err)
	}
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", pg.admin)
		if err != nil {
			t.Error(err)
			return
		}
		defer admin.Close()
		if _, err := admin.ExecContext(ctx, `DROP DATABASE `+name+` WITH (FORCE)`); err != nil {
			t.Errorf("dropping test database: %v", err)
		}
	})
	u, err := url.Parse(pg.admin)
	if err != nil {
		t.Fatalf("MUSICIFY_TEST_POSTGRES_URL: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

// StopPostgres stops the server Postgres started, if it did, and removes
// its files.
func StopPostgres() {
	if pg.cmd == nil {
		return
	}
	// SIGINT is PostgreSQL's fast shutdown: it ends the backends and exits.
	_ = pg.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-pg.done:
	case <-time.After(30 * time.Second):
		_ = pg.cmd.Process.Kill()
		<-pg.done
	}
	os.RemoveAll(pg.dir)
	pg.cmd = nil
}

// startPostgres runs initdb and postgres from Debian's package in a temp
// dir on a free port, as the postgres user when this runs as root (the
// server refuses to run as root), and returns the admin URL.
func startPostgres() (string, error) {
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(bins) == 0 {
		return "", errors.New("no /usr/lib/postgresql/*/bin/initdb")
	}
	bin := filepath.Dir(bins[len(bins)-1])
	dir, err := os.MkdirTemp("", "musicify-pg-")
	if err != nil {
		return "", err
	}
	pg.dir = dir
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return "", fmt.Errorf("running as root needs a postgres user: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			return "", err
		}
	}
	command := func(name string, args ...string) *exec.Cmd {
		c := exec.Command(filepath.Join(bin, name), args...)
		c.Dir = dir
		// Pdeathsig ends the server if this test binary dies without TestMain's Stop.
		c.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGKILL}
		return c
	}
	data := filepath.Join(dir, "data")
	if out, err := command("initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync").CombinedOutput(); err != nil {
		return "", fmt.Errorf("initdb: %v: %s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := command("postgres", "-D", data, "-p", strconv.Itoa(port), "-k", dir, "-c", "listen_addresses=127.0.0.1",
		"-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=200")
	logf, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		return "", err
	}
	defer logf.Close()
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		return "", fmt.Errorf("starting postgres: %w", err)
	}
	pg.cmd, pg.done = cmd, make(chan struct{})
	go func() { _ = cmd.Wait(); close(pg.done) }()
	admin := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
	db, err := sql.Open("pgx", admin)
	if err != nil {
		return "", err
	}
	defer db.Close()
	// A guard against a hang, not a speed check.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err := db.PingContext(ctx)
		cancel()
		if err == nil {
			return admin, nil
		}
		select {
		case <-pg.done:
			log, _ := os.ReadFile(filepath.Join(dir, "server.log"))
			return "", fmt.Errorf("postgres stopped before it answered: %s", log)
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return "", fmt.Errorf("postgres did not answer on port %d: %w", port, err)
		}
	}
}
