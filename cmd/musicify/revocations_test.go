package main

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
)

// A logout, a new password and a disabled account ended signed media URLs
// only in memory: after a restart they played again (403, then 206). They
// are events in the event log now, loaded at start.
func TestEndedMediaURLsStayEndedAfterARestart(t *testing.T) {
	dir := t.TempDir()
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(dir, "musicify.db"))
	if err != nil {
		t.Fatal(err)
	}
	hash, _ := auth.Argon2Params{Memory: 64, Time: 1, Threads: 1}.Hash("secret1")
	for _, name := range []string{"crash", "quitter", "reset"} {
		if err := db.CreateUser(context.Background(), &musicify.User{Username: name, Email: name + "@example.com", PasswordHash: hash}); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	p := startBinary(t, dir)
	// Each signs in and gets a signed URL of one song.
	songID := login(t, p.URL).upload(t, "Tune", "tune-12s.mp3")
	signed := map[string]string{}
	clients := map[string]*http.Client{}
	for _, name := range []string{"crash", "quitter", "reset"} {
		jar, _ := cookiejar.New(nil)
		c := &http.Client{Jar: jar}
		post(t, c, p.URL+"/api/auth/login", `{"username":"`+name+`","password":"secret1"}`)
		var song struct{ Audio string }
		getJSON(t, c, p.URL, "/api/songs/"+songID, &song)
		if !strings.Contains(song.Audio, "sig=") {
			t.Fatalf("not a signed URL: %q", song.Audio)
		}
		signed[name], clients[name] = song.Audio, c
		if status := fetch(t, p.URL+signed[name]); status != http.StatusPartialContent {
			t.Fatalf("%s's signed URL: %d", name, status)
		}
	}
	post(t, clients["quitter"], p.URL+"/api/auth/logout", "{}")
	db, err = sqlstore.OpenSQLite(context.Background(), filepath.Join(dir, "musicify.db"))
	if err != nil {
		t.Fatal(err)
	}
	reset, _ := db.UserByUsername(context.Background(), "reset")
	hash2, _ := auth.Argon2Params{Memory: 64, Time: 1, Threads: 1}.Hash("another1")
	if err := db.SetPassword(context.Background(), reset.ID, hash2); err != nil { // as a reset does
		t.Fatal(err)
	}
	crash, _ := db.UserByUsername(context.Background(), "crash")
	if err := db.SetDisabled(context.Background(), crash.ID, true, time.Now()); err != nil {
		t.Fatal(err)
	}
	db.Close()

	// A graceful restart, as every upgrade does.
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-p.done
	p = startBinary(t, dir)
	for name, u := range signed {
		if status := fetch(t, p.URL+u); status != http.StatusForbidden {
			t.Errorf("%s's ended URL after a restart: %d, want 403", name, status)
		}
	}
}

func post(t *testing.T, c *http.Client, url, body string) {
	t.Helper()
	res, err := c.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d %s", url, res.StatusCode, b)
	}
}

// fetch asks for the first bytes of a URL, as a player does, without a session.
func fetch(t *testing.T, url string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Range", "bytes=0-9")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}
