package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/config"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/testserver"
)

// Moving up: `musicify migrate --to-database --to-storage` copies the
// SQLite installation into PostgreSQL and its media into S3, says what it
// copied, can run again, and the binary then serves the song from there.
func TestMigrateMovesTheInstallationToPostgreSQL(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src, err := sqlstore.OpenSQLite(ctx, filepath.Join(dir, "musicify.db"))
	if err != nil {
		t.Fatal(err)
	}
	hash, _ := auth.Argon2Params{Memory: 64, Time: 1, Threads: 1}.Hash("secret1")
	crash := &musicify.User{Username: "crash", Email: "crash@example.com", PasswordHash: hash}
	if err := src.CreateUser(ctx, crash); err != nil {
		t.Fatal(err)
	}
	tune, err := os.ReadFile(filepath.Join("..", "..", "testdata", "audio", "tune-12s.mp3"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(tune)
	song := &musicify.Song{ID: "s1", Name: "Midnight Harbour", UserID: crash.ID, Format: "mp3",
		SHA256: hex.EncodeToString(sum[:]), AudioKey: "songs/s1/original.mp3"}
	if err := src.CreateSong(ctx, song); err != nil {
		t.Fatal(err)
	}
	src.Close()
	local, err := blob.NewLocal(filepath.Join(dir, "media"))
	if err != nil {
		t.Fatal(err)
	}
	putBlob(t, local, song.AudioKey, tune)
	putBlob(t, local, "covers/c1-640.jpg", []byte("a cover"))
	cfg, err := config.Load(func(k string) string { return map[string]string{"MUSICIFY_DATA_DIR": dir}[k] })
	if err != nil {
		t.Fatal(err)
	}
	url := testserver.Postgres(t)
	srv := testserver.S3(t)
	bucket := srv.Bucket(t)
	storage := fmt.Sprintf("s3://%s/music?endpoint=%s&region=%s&path_style=true", bucket, srv.Endpoint, srv.Region)
	t.Setenv("AWS_ACCESS_KEY_ID", srv.AccessKey)
	t.Setenv("AWS_SECRET_ACCESS_KEY", srv.SecretKey)
	t.Setenv("AWS_SESSION_TOKEN", "")
	for run, media := range []string{"media: 2 copied (", "media: 0 copied (0 bytes), 2 already there, 0 failed"} {
		var out bytes.Buffer
		if err := migrate(ctx, cfg, url, storage, &out); err != nil {
			t.Fatalf("run %d: %v", run+1, err)
		}
		if !strings.Contains(out.String(), "songs                     1          1") || !strings.Contains(out.String(), media) {
			t.Fatalf("run %d said:\n%s", run+1, out.String())
		}
	}

	// The moved installation, with no local data, streams the song from S3.
	p := startBinary(t, t.TempDir(), "MUSICIFY_DATABASE_URL="+url, "MUSICIFY_STORAGE_URL="+storage)
	c := login(t, p.URL)
	res, body := c.get(t, "/media/songs/s1/original.mp3", "bytes=100-1099")
	if res.StatusCode != 206 || !bytes.Equal(body, tune[100:1100]) {
		t.Fatalf("range of the moved song: %d, %d bytes", res.StatusCode, len(body))
	}
	p.kill()

	dst, err := sqlstore.OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	if hits, err := dst.Search(ctx, musicify.KindSong, musicify.Query{{{Word: "harbour"}}}, 10); err != nil || len(hits) != 1 {
		t.Errorf("the moved song is not found: %+v, %v", hits, err)
	}

	for _, tc := range []struct{ to, dir, want string }{
		{"sqlite:///tmp/x.db", dir, "--to-database must be a postgres:// URL"},
		{url, t.TempDir(), "no SQLite database to move"},
	} {
		cfg, _ := config.Load(func(k string) string { return map[string]string{"MUSICIFY_DATA_DIR": tc.dir}[k] })
		if err := migrate(ctx, cfg, tc.to, "", &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("migrate to %s from %s = %v, want %q", tc.to, tc.dir, err, tc.want)
		}
	}
	if code := run([]string{"migrate"}); code != 2 {
		t.Errorf("migrate without a destination exit %d, want 2", code)
	}
}

// Media alone: --to-storage without --to-database copies the files,
// checks songs' originals against the database's SHA-256 and exits
// non-zero naming a file that does not match.
func TestMigrateMovesMediaAloneAndNamesWhatFailed(t *testing.T) {
	ctx := context.Background()
	dir, to := t.TempDir(), t.TempDir()
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(dir, "musicify.db"))
	if err != nil {
		t.Fatal(err)
	}
	ann := &musicify.User{Username: "ann", Email: "ann@example.com", PasswordHash: "h"}
	if err := db.CreateUser(ctx, ann); err != nil {
		t.Fatal(err)
	}
	good, bad := []byte("good song"), []byte("rotten song")
	for id, b := range map[string][]byte{"s1": good, "s2": []byte("the song as uploaded")} {
		sum := sha256.Sum256(b)
		if err := db.CreateSong(ctx, &musicify.Song{ID: id, Name: id, UserID: ann.ID, Format: "mp3",
			SHA256: hex.EncodeToString(sum[:]), AudioKey: "songs/" + id + "/original.mp3"}); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	local, err := blob.NewLocal(filepath.Join(dir, "media"))
	if err != nil {
		t.Fatal(err)
	}
	putBlob(t, local, "songs/s1/original.mp3", good)
	putBlob(t, local, "songs/s2/original.mp3", bad) // rotted on disk since its upload

	t.Setenv("MUSICIFY_DATA_DIR", dir)
	if code := run([]string{"migrate", "--to-storage", "file://" + to}); code != 1 {
		t.Fatalf("migrate with a rotten file exit %d, want 1", code)
	}
	cfg, _ := config.Load(os.Getenv)
	err = migrate(ctx, cfg, "", "file://"+to, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "1 media files did not copy") || !strings.Contains(err.Error(), "songs/s2/original.mp3") {
		t.Fatalf("migrate with a rotten file = %v, want it named", err)
	}
	if got, err := os.ReadFile(filepath.Join(to, "songs", "s1", "original.mp3")); err != nil || !bytes.Equal(got, good) {
		t.Errorf("the good song was not copied: %q, %v", got, err)
	}
	if _, err := os.Stat(filepath.Join(to, "songs", "s2", "original.mp3")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the rotten song was copied: %v", err)
	}
	for _, tc := range []struct{ to, want string }{
		{"file://" + filepath.Join(dir, "media"), "names the store the media are already in"},
		{"ftp://x", "--to-storage"},
	} {
		if err := migrate(ctx, cfg, "", tc.to, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("migrate --to-storage %s = %v, want %q", tc.to, err, tc.want)
		}
	}
}

func putBlob(t *testing.T, s musicify.BlobStore, key string, b []byte) {
	t.Helper()
	if _, err := s.Put(context.Background(), key, bytes.NewReader(b)); err != nil {
		t.Fatal(err)
	}
}
