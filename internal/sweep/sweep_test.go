package sweep_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sweep"
)

var now = time.Date(2031, 3, 4, 12, 0, 0, 0, time.UTC)

const (
	old   = -2 * time.Hour    // past the grace period: left behind
	fresh = -10 * time.Minute // within it: maybe in flight
)

type world struct {
	root string
	db   *sqlstore.DB
	s    *sweep.Sweeper
	user *musicify.User
}

func newWorld(t *testing.T) *world {
	t.Helper()
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	data := t.TempDir()
	root, spool := filepath.Join(data, "media"), filepath.Join(data, "tmp")
	if err := os.Mkdir(spool, 0o750); err != nil {
		t.Fatal(err)
	}
	blobs, err := blob.NewLocal(root)
	if err != nil {
		t.Fatal(err)
	}
	u := &musicify.User{Username: "ann", Email: "ann@example.com"}
	if err := db.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return &world{root: root, db: db, user: u, s: &sweep.Sweeper{Blobs: blobs, Refs: db, TempDirs: []string{blobs.TempDir(), spool}, Grace: time.Hour,
		Now: func() time.Time { return now }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}}
}

// file writes rel under the media root, last changed at now+age.
func (w *world) file(t *testing.T, rel string, age time.Duration) {
	t.Helper()
	p := filepath.Join(w.root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("bytes"), 0o640); err != nil {
		t.Fatal(err)
	}
	w.age(t, rel, age)
}

// dir makes an empty folder rel, last changed at now+age.
func (w *world) dir(t *testing.T, rel string, age time.Duration) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(w.root, filepath.FromSlash(rel)), 0o750); err != nil {
		t.Fatal(err)
	}
	w.age(t, rel, age)
}

func (w *world) age(t *testing.T, rel string, age time.Duration) {
	t.Helper()
	if err := os.Chtimes(filepath.Join(w.root, filepath.FromSlash(rel)), now.Add(age), now.Add(age)); err != nil {
		t.Fatal(err)
	}
}

func (w *world) exists(rel string) bool {
	_, err := os.Stat(filepath.Join(w.root, filepath.FromSlash(rel)))
	return err == nil
}

func TestTheSweepRemovesOnlyWhatNoRowNamesAndIsPastTheGracePeriod(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	song := &musicify.Song{ID: "kept", Name: "Kept", UserID: w.user.ID, Format: "flac", Size: 5, SHA256: "x",
		AudioKey: "songs/kept/original.flac", StreamKey: "songs/kept/stream.ogg", CoverKey: "covers/c1"}
	if err := w.db.CreateSong(ctx, song); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"songs/kept/original.flac", "songs/kept/stream.ogg", "covers/c1-64.jpg", "covers/c1-640.jpg"} {
		w.file(t, f, old)
	}
	w.file(t, "songs/crashed/original.flac", old) // written, then killed before its row
	w.file(t, "songs/uploading/original.mp3", fresh)
	w.file(t, "covers/gone-64.jpg", old)
	w.file(t, musicify.RecommendBlobs+"model.json", old) // the trained model: no row names it
	w.dir(t, "songs/empty", old)                         // made, then killed before the file
	w.dir(t, "songs/making", fresh)
	w.file(t, ".tmp/put-killed", old) // the local store's own temp files
	w.file(t, ".tmp/put-arriving", fresh)
	w.file(t, "../tmp/upload-killed", old) // the data dir's spool
	w.file(t, "../tmp/upload-arriving", fresh)
	w.file(t, ".tmp/demo-busy/audio", -time.Minute)
	w.age(t, ".tmp/demo-busy", old) // an old folder still being written in
	w.file(t, ".tmp/demo-dead/audio", old)
	w.age(t, ".tmp/demo-dead", old)
	for _, d := range []string{"songs/crashed", "songs/uploading", "songs/kept", "covers"} {
		w.age(t, d, old)
	}

	r, err := w.s.Sweep(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]bool{
		"songs/kept/original.flac": true, "songs/kept/stream.ogg": true, "covers/c1-64.jpg": true, "covers/c1-640.jpg": true,
		"songs/uploading/original.mp3": true, "songs/making": true, musicify.RecommendBlobs + "model.json": true, ".tmp/put-arriving": true, "../tmp/upload-arriving": true, ".tmp/demo-busy/audio": true,
		"songs/crashed": false, "covers/gone-64.jpg": false, "songs/empty": false, ".tmp/put-killed": false, "../tmp/upload-killed": false, ".tmp/demo-dead": false,
	} {
		if got := w.exists(rel); got != want {
			t.Errorf("%s exists: %v, want %v", rel, got, want)
		}
	}
	if want := (sweep.Report{TempFiles: 3, Blobs: 2, Folders: 1}); r != want {
		t.Errorf("report %+v, want %+v", r, want)
	}
}

func TestTheSweepKeepsMediaThatNoRowAtAllNames(t *testing.T) {
	w := newWorld(t) // an empty database beside full media: a wrong database, likely
	w.file(t, "songs/someone/original.mp3", old)
	r, err := w.s.Sweep(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !w.exists("songs/someone/original.mp3") || r.Blobs != 0 {
		t.Fatalf("media swept beside an empty database: %+v", r)
	}
}
