package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/testserver"
)

// refused runs `musicify serve` expecting it to stop at start, and returns
// its last line.
func refused(t *testing.T, dataDir string, env ...string) string {
	t.Helper()
	cmd := exec.Command(testserver.Musicify(t), "serve")
	cmd.Env = append(append(os.Environ(), "MUSICIFY_ADDR=127.0.0.1:0", "MUSICIFY_DATA_DIR="+dataDir, "MUSICIFY_DEMO=false"), env...)
	out, err := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); err == nil || code != 1 {
		t.Fatalf("exit %d (%v), want 1:\n%s", code, err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return lines[len(lines)-1]
}

// An instance whose database and media storage are not one installation's
// stops at start with one line naming the variable to fix, before it can
// sweep the other installation's media away: the demo on a fresh SQLite
// beside a cluster's bucket, a database beside storage holding none of its
// media.
func TestAnInstanceWhoseDatabaseAndStorageAreNoPairRefusesToStart(t *testing.T) {
	srv := testserver.S3(t)
	bucket := srv.Bucket(t)
	ctx := context.Background()
	store, err := blob.NewS3(ctx, blob.S3Options{Bucket: bucket, Endpoint: srv.Endpoint,
		Region: srv.Region, PathStyle: true, AccessKey: srv.AccessKey, SecretKey: srv.SecretKey})
	if err != nil {
		t.Fatal(err)
	}
	s3env := []string{
		fmt.Sprintf("MUSICIFY_STORAGE_URL=s3://%s?endpoint=%s&region=%s&path_style=true", bucket, srv.Endpoint, srv.Region),
		"AWS_ACCESS_KEY_ID=" + srv.AccessKey, "AWS_SECRET_ACCESS_KEY=" + srv.SecretKey, "AWS_SESSION_TOKEN=",
	}
	objects := func() []string {
		var keys []string
		if err := store.List(ctx, func(key string, _ int64, _ time.Time) error { keys = append(keys, key); return nil }); err != nil {
			t.Fatal(err)
		}
		return keys
	}

	// The installation: its database names a song whose file is in the bucket.
	home := t.TempDir()
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(home, "musicify.db"))
	if err != nil {
		t.Fatal(err)
	}
	hash, _ := auth.Argon2Params{Memory: 64, Time: 1, Threads: 1}.Hash("secret1")
	u := &musicify.User{Username: "owner", Email: "owner@example.com", PasswordHash: hash}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	if err := db.CreateSong(ctx, &musicify.Song{ID: "kept", Name: "Kept", UserID: u.ID, Format: "mp3", Size: 5, SHA256: "x", AudioKey: "songs/kept/original.mp3"}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := store.Put(ctx, "songs/kept/original.mp3", strings.NewReader("bytes")); err != nil {
		t.Fatal(err)
	}
	p := startBinary(t, home, s3env...)
	p.waitLog(t, "media storage marked as this installation's")
	p.kill()
	before := objects()
	if !slices.Contains(before, musicify.DeploymentKey) {
		t.Fatalf("no marker in the bucket after the first start: %v", before)
	}

	// A fresh SQLite with the demo, given the cluster's bucket.
	last := refused(t, t.TempDir(), append(s3env, "MUSICIFY_DEMO=true")...)
	if !strings.HasPrefix(last, "musicify: cannot start: MUSICIFY_STORAGE_URL holds the media of the Musicify installation") {
		t.Fatalf("a fresh database beside the bucket: %q", last)
	}
	if after := objects(); !slices.Equal(after, before) {
		t.Fatalf("the refused instance changed the bucket: %v, was %v", after, before)
	}
	// The installation's database beside empty storage.
	last = refused(t, home, "MUSICIFY_STORAGE_URL=file://"+t.TempDir())
	if !strings.HasPrefix(last, "musicify: cannot start: MUSICIFY_STORAGE_URL holds none of this database's media") {
		t.Fatalf("the database beside empty storage: %q", last)
	}
	// The pair still starts.
	startBinary(t, home, s3env...)
}

// On PostgreSQL with media on a local disk, a second instance with a disk
// of its own is refused (its uploads would be missing everywhere else),
// again on every try; one that shares the first one's folder starts.
func TestASecondInstanceOnItsOwnLocalDiskIsRefused(t *testing.T) {
	db := "MUSICIFY_DATABASE_URL=" + testserver.Postgres(t)
	first := t.TempDir()
	startBinary(t, t.TempDir(), db, "MUSICIFY_STORAGE_URL=file://"+first)
	own := t.TempDir()
	for range 2 {
		last := refused(t, t.TempDir(), db, "MUSICIFY_STORAGE_URL=file://"+own)
		if !strings.HasPrefix(last, "musicify: cannot start: this database keeps its media on the local disk of") || !strings.Contains(last, "MUSICIFY_STORAGE_URL=s3://") {
			t.Fatalf("a second instance on its own disk: %q", last)
		}
	}
	startBinary(t, t.TempDir(), db, "MUSICIFY_STORAGE_URL=file://"+first)
}
