package sweep_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sweep"
	"github.com/musicify/musicify/internal/testserver"
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
	w := &world{root: root, db: db, user: u, s: &sweep.Sweeper{Blobs: blobs, Refs: db, TempDirs: []string{blobs.TempDir(), spool}, Grace: time.Hour,
		Now: func() time.Time { return now }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Deployment: "ours"}}
	if err := blob.WriteDeployment(context.Background(), blobs, "ours"); err != nil {
		t.Fatal(err)
	}
	w.age(t, musicify.DeploymentKey, old)
	return w
}

// song stores a song whose original is key, and the file.
func (w *world) song(t *testing.T, id string) {
	t.Helper()
	key := "songs/" + id + "/original.mp3"
	if err := w.db.CreateSong(context.Background(), &musicify.Song{ID: id, Name: id, UserID: w.user.ID, Format: "mp3", Size: 5, SHA256: "x", AudioKey: key}); err != nil {
		t.Fatal(err)
	}
	w.file(t, key, old)
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

func TestTheSweepTouchesNoMediaInAStoreNotMarkedAsItsOwn(t *testing.T) {
	for name, marker := range map[string]string{"another installation's": "theirs", "unmarked": ""} {
		t.Run(name, func(t *testing.T) {
			w := newWorld(t)
			w.song(t, "kept")
			w.file(t, "songs/orphan/original.mp3", old)
			if marker == "" {
				if err := os.Remove(filepath.Join(w.root, musicify.DeploymentKey)); err != nil {
					t.Fatal(err)
				}
			} else if err := blob.WriteDeployment(context.Background(), w.s.Blobs, marker); err != nil {
				t.Fatal(err)
			}
			if r, err := w.s.Sweep(context.Background()); err != nil || r.Blobs != 0 || !w.exists("songs/orphan/original.mp3") {
				t.Fatalf("swept media of a store marked %q: %+v, %v", marker, r, err)
			}
		})
	}
}

func TestOnePassDeletesOnlyASmallShareOfTheStoreUnlessForced(t *testing.T) {
	w := newWorld(t)
	w.song(t, "kept")
	for i := range 30 {
		w.file(t, fmt.Sprintf("songs/orphan%d/original.mp3", i), old)
	}
	_, err := w.s.Sweep(context.Background())
	if err == nil || !strings.Contains(err.Error(), "musicify sweep --force") {
		t.Fatalf("30 orphans of 32 files swept without --force: %v", err)
	}
	if !w.exists("songs/orphan0/original.mp3") || !w.exists("songs/orphan29/original.mp3") {
		t.Fatal("a pass over the cap deleted some files")
	}
	w.s.Force = true
	r, err := w.s.Sweep(context.Background())
	if err != nil || r.Blobs != 30 || !w.exists("songs/kept/original.mp3") || w.exists("songs/orphan0/original.mp3") {
		t.Fatalf("a forced sweep: %+v, %v", r, err)
	}
}

// Two installations keep their media in one bucket, one at its root and
// one under a folder: each sweep removes its own orphans only.
func TestTwoInstallationsOnOneBucketSweepOnlyTheirOwnMedia(t *testing.T) {
	srv := testserver.S3(t)
	bucket := srv.Bucket(t)
	ctx := context.Background()
	type install struct {
		store *blob.S3
		s     *sweep.Sweeper
	}
	setup := func(prefix, id string) install {
		store, err := blob.NewS3(ctx, blob.S3Options{Bucket: bucket, Prefix: prefix, Endpoint: srv.Endpoint,
			Region: srv.Region, PathStyle: true, AccessKey: srv.AccessKey, SecretKey: srv.SecretKey})
		if err != nil {
			t.Fatal(err)
		}
		db, err := sqlstore.OpenSQLite(ctx, filepath.Join(t.TempDir(), "m.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		u := &musicify.User{Username: "ann", Email: "ann@example.com"}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateSong(ctx, &musicify.Song{ID: "kept", Name: "Kept", UserID: u.ID, Format: "mp3", Size: 5, SHA256: "x", AudioKey: "songs/kept/original.mp3"}); err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{"songs/kept/original.mp3", "songs/orphan/original.mp3"} {
			if _, err := store.Put(ctx, key, strings.NewReader("bytes")); err != nil {
				t.Fatal(err)
			}
		}
		if err := blob.WriteDeployment(ctx, store, id); err != nil {
			t.Fatal(err)
		}
		later := func() time.Time { return time.Now().Add(2 * time.Hour) } // the objects are past the grace period
		return install{store, &sweep.Sweeper{Blobs: store, Refs: db, Grace: time.Hour, Now: later,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Deployment: id}}
	}
	root, nested := setup("", "root"), setup("nested/", "nested")
	exists := func(in install, key string) bool {
		b, err := in.store.Open(ctx, key)
		if err == nil {
			b.Body.Close()
		}
		return err == nil
	}
	if r, err := root.s.Sweep(ctx); err != nil || r.Blobs != 1 {
		t.Fatalf("the root installation's sweep: %+v, %v", r, err)
	}
	if exists(root, "songs/orphan/original.mp3") || !exists(root, "songs/kept/original.mp3") {
		t.Fatal("the root installation's sweep kept its orphan or lost its song")
	}
	for _, key := range []string{"songs/kept/original.mp3", "songs/orphan/original.mp3", musicify.DeploymentKey} {
		if !exists(nested, key) {
			t.Fatalf("the root installation's sweep deleted the other's %s", key)
		}
	}
	if r, err := nested.s.Sweep(ctx); err != nil || r.Blobs != 1 || exists(nested, "songs/orphan/original.mp3") || !exists(nested, "songs/kept/original.mp3") {
		t.Fatalf("the nested installation's sweep: %+v, %v", r, err)
	}
	if !exists(root, "songs/kept/original.mp3") || !exists(root, musicify.DeploymentKey) {
		t.Fatal("the nested installation's sweep touched the root's media")
	}
}

// Renditions made for players are kept for RenditionMaxAge, then removed;
// those older versions made at import, which no row names any more, are
// removed however many there are: they are made again when asked for.
func TestTheSweepRemovesOldRenditionsPastTheCap(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	for i := range 40 {
		id := fmt.Sprintf("s%02d", i)
		key := "songs/" + id + "/original.mp3"
		if err := w.db.CreateSong(ctx, &musicify.Song{ID: id, Name: id, UserID: w.user.ID, Format: "mp3", Size: 5, SHA256: id, AudioKey: key}); err != nil {
			t.Fatal(err)
		}
		w.file(t, key, old)
		w.file(t, "songs/"+id+"/stream.mp3", old)
		w.age(t, "songs/"+id, old)
	}
	w.file(t, catalog.RenditionBlobs+"s01/abc-160.mp3", -time.Hour*24)
	w.file(t, catalog.RenditionBlobs+"s02/abc-96.mp3", -sweep.RenditionMaxAge-time.Hour)
	r, err := w.s.Sweep(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if r.Blobs != 41 {
		t.Errorf("removed %d files, want the 40 old renditions and the stale one", r.Blobs)
	}
	for rel, want := range map[string]bool{
		"songs/s00/original.mp3": true, "songs/s00/stream.mp3": false, "songs/s39/stream.mp3": false,
		catalog.RenditionBlobs + "s01/abc-160.mp3": true, catalog.RenditionBlobs + "s02/abc-96.mp3": false,
	} {
		if got := w.exists(rel); got != want {
			t.Errorf("%s exists: %v, want %v", rel, got, want)
		}
	}
}

// Past RenditionBytes the renditions made first go, however young: the
// cache stays under its bound and the latest made, the ones played, stay.
func TestTheSweepKeepsRenditionsUnderTheirBound(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	key := "songs/s1/original.mp3"
	if err := w.db.CreateSong(ctx, &musicify.Song{ID: "s1", Name: "s1", UserID: w.user.ID, Format: "mp3", Size: 5, SHA256: "s1", AudioKey: key}); err != nil {
		t.Fatal(err)
	}
	w.file(t, key, old)
	// Five files of 5 bytes, made an hour apart; room for two.
	for i := range 5 {
		w.file(t, fmt.Sprintf("%ss1/r%d-96.mp3", catalog.RenditionBlobs, i), -time.Duration(5-i)*time.Hour)
	}
	w.s.RenditionBytes = 10
	r, err := w.s.Sweep(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if r.Blobs != 3 {
		t.Errorf("removed %d files, want the 3 renditions made first", r.Blobs)
	}
	for i, want := range []bool{false, false, false, true, true} {
		rel := fmt.Sprintf("%ss1/r%d-96.mp3", catalog.RenditionBlobs, i)
		if got := w.exists(rel); got != want {
			t.Errorf("%s exists: %v, want %v", rel, got, want)
		}
	}
	if !w.exists(key) {
		t.Error("the original went with the renditions")
	}
	// Under the bound, a second pass removes nothing.
	if r, err := w.s.Sweep(ctx); err != nil || r.Blobs != 0 {
		t.Errorf("second pass: %+v %v", r, err)
	}
}
