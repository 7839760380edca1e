package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/config"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
)

// failOnPanic fails the test on any panic the supervisor recovers: the
// server survives it, and the test says it happened.
func failOnPanic(t *testing.T) func(string, any, []byte) {
	return func(worker string, v any, stack []byte) {
		t.Errorf("background worker %s panicked: %v\n%s", worker, v, stack)
	}
}

func startMain(t *testing.T, extra map[string]string, tweak ...func(*Main)) *Main {
	t.Helper()
	vars := map[string]string{"MUSICIFY_ADDR": "127.0.0.1:0", "MUSICIFY_DATA_DIR": t.TempDir(), "MUSICIFY_DEMO": "false"}
	for k, v := range extra {
		vars[k] = v
	}
	cfg, err := config.Load(func(k string) string { return vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	m := NewMain(cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	m.Hash = auth.Argon2Params{Memory: 64, Time: 1, Threads: 1}
	m.OnPanic = failOnPanic(t)
	for _, f := range tweak {
		f(m)
	}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

func TestMainServesTheAppAndTheAPI(t *testing.T) {
	m := startMain(t, nil)
	res, err := http.Get(m.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("healthz: %d", res.StatusCode)
	}
	res, err = http.Get(m.URL + "/home")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(strings.ToLower(string(body)), "<!doctype html>") {
		t.Fatalf("/home: %d %.80s", res.StatusCode, body)
	}
	if _, err := filepath.Abs(m.Config.DatabasePath); err != nil {
		t.Fatal(err)
	}
}

func TestTheDevOutboxIsOnOnlyWhenAskedFor(t *testing.T) {
	// A server that already has an account gets no demo catalog: the test
	// stays quick, and that rule is checked on the way.
	dir := t.TempDir()
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(dir, "musicify.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := db.CreateUser(context.Background(), &musicify.User{Username: "owner", Email: "owner@example.com"}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	m := startMain(t, map[string]string{"MUSICIFY_DEMO": "true", "MUSICIFY_DEV_MAIL": "true", "MUSICIFY_DATA_DIR": dir})
	if songs, _ := m.DB.Songs(context.Background()); len(songs) != 0 || m.seeding.Load() {
		t.Fatalf("a server with accounts was seeded: %d songs", len(songs))
	}
	res, err := http.Post(m.URL+"/api/auth/cheak", "application/json",
		strings.NewReader(`{"username":"newbie","email":"newbie@example.com","password":"secret1"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("cheak: %d", res.StatusCode)
	}
	res, err = http.Get(m.URL + "/dev/mail.json?to=newbie@example.com")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(body), "is your Musicify sign-up code") {
		t.Fatalf("outbox: %s", body)
	}
	// The demo alone does not open it: behind a proxy that adds no header,
	// the outbox would hand anyone the admin's reset code.
	for _, vars := range []map[string]string{{"MUSICIFY_DEMO": "false"}, {"MUSICIFY_DEMO": "true", "MUSICIFY_DATA_DIR": dir}} {
		off := startMain(t, vars)
		res, err = http.Get(off.URL + "/dev/mail.json")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 404 {
			t.Fatalf("outbox served with %v: %d", vars, res.StatusCode)
		}
	}
}

// A request in flight when shutdown starts still gets its answer.
func TestCloseFinishesRequestsInFlight(t *testing.T) {
	m := startMain(t, nil)
	conn, err := net.Dial("tcp", strings.TrimPrefix(m.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"username":"nobody","password":"wrong-password"}`
	// With Expect: 100-continue the server says "100 Continue" once the
	// handler reads the body: then the request is surely in flight.
	fmt.Fprintf(conn, "POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"+
		"Expect: 100-continue\r\nContent-Length: %d\r\n\r\n", len(body))
	rd := bufio.NewReader(conn)
	cont, err := http.ReadResponse(rd, nil)
	if err != nil || cont.StatusCode != http.StatusContinue {
		t.Fatalf("no 100 Continue: %v", err)
	}

	closed := make(chan error, 1)
	go func() { closed <- m.Close() }()
	select {
	case err := <-closed:
		t.Fatalf("Close returned (%v) while a request was in flight", err)
	case <-time.After(200 * time.Millisecond):
	}
	fmt.Fprint(conn, body)
	res, err := http.ReadResponse(rd, nil)
	if err != nil {
		t.Fatalf("the in-flight request got no answer: %v", err)
	}
	got, _ := io.ReadAll(res.Body)
	if res.StatusCode != 401 || !bytes.Contains(got, []byte("Wrong username or password")) {
		t.Fatalf("in-flight answer: %d %s", res.StatusCode, got)
	}
	if err := <-closed; err != nil {
		t.Fatalf("Close: %v", err)
	}
	if _, err := http.Get(m.URL + "/healthz"); err == nil {
		t.Fatal("the server still answers after Close")
	}
}

func TestCommandLine(t *testing.T) {
	if code := run([]string{"version"}); code != 0 {
		t.Errorf("version exit %d", code)
	}
	if code := run(nil); code != 2 {
		t.Errorf("no command exit %d", code)
	}
	if code := run([]string{"dance"}); code != 2 {
		t.Errorf("unknown command exit %d", code)
	}
	if code := run([]string{"serve", "--help"}); code != 0 {
		t.Errorf("serve --help exit %d: it prints help, it does not start", code)
	}
	if code := run([]string{"serve", "--port", "80"}); code != 2 {
		t.Errorf("serve with a flag exit %d", code)
	}
	t.Setenv("MUSICIFY_MAX_UPLOAD_MB", "-1")
	if code := run([]string{"serve"}); code != 1 {
		t.Errorf("serve with a bad setting exit %d", code)
	}
}

func TestTheDevOutboxWithAPublicURLStaysShutAndSaysSo(t *testing.T) {
	dir := t.TempDir()
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(dir, "musicify.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := db.CreateUser(context.Background(), &musicify.User{Username: "owner", Email: "owner@example.com"}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	vars := map[string]string{"MUSICIFY_ADDR": "127.0.0.1:0", "MUSICIFY_DATA_DIR": dir, "MUSICIFY_DEMO": "true",
		"MUSICIFY_DEV_MAIL": "true", "MUSICIFY_BASE_URL": "https://music.example.com"}
	cfg, err := config.Load(func(k string) string { return vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	// The background sweep logs while the test reads: one lock for both.
	var logs strings.Builder
	var mu sync.Mutex
	m := NewMain(cfg, slog.New(slog.NewTextHandler(lockedWriter{&mu, &logs}, nil)))
	m.Hash = auth.Argon2Params{Memory: 64, Time: 1, Threads: 1}
	m.OnPanic = failOnPanic(t)
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	res, err := http.Get(m.URL + "/dev/mail.json?to=owner@example.com")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 404 {
		t.Fatalf("outbox with a public base URL: %d", res.StatusCode)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, want := range []string{"MUSICIFY_DEV_MAIL is ignored because MUSICIFY_BASE_URL is not a loopback URL", "demo mode with a public MUSICIFY_BASE_URL"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("the start log does not say %q:\n%s", want, logs.String())
		}
	}
}

// A kill -9 mid-upload leaves the spooled part in this instance's tmp/,
// which no other process uses: it is removed at the next start, not an
// hour later.
func TestTheTempDirIsEmptiedAtStart(t *testing.T) {
	dir := t.TempDir()
	left := filepath.Join(dir, "tmp", "upload-123")
	if err := os.MkdirAll(filepath.Dir(left), 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(left, bytes.Repeat([]byte{1}, 6<<20), 0o600); err != nil {
		t.Fatal(err)
	}
	startMain(t, map[string]string{"MUSICIFY_DATA_DIR": dir})
	if _, err := os.Stat(left); !os.IsNotExist(err) {
		t.Fatalf("a half-received upload is still in tmp/: %v", err)
	}
}
