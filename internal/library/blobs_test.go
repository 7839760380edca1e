package library

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
	"github.com/musicify/musicify/internal/sweep"
)

func TestLibraryFilesSurviveSongDeletionAndTheSweep(t *testing.T) {
	db := storetest.SQLite(t)
	ctx := context.Background()
	dir := t.TempDir()
	makeAudio(t, filepath.Join(dir, "A", "B", "01 Song.mp3"), "-metadata", "title=Song")
	local, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	folder, err := db.LibraryFolder(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	blobs := NewBlobs(local, []*musicify.LibraryFolder{folder})
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	s := &Scanner{Store: db, Blobs: blobs, Folders: []string{dir}, Logger: logger}
	if st, err := s.Scan(ctx, false); err != nil || st.Added != 1 {
		t.Fatalf("scan = %+v, %v", st, err)
	}
	songs, _ := db.Songs(ctx)
	key := songs[0].AudioKey
	if b, err := blobs.Open(ctx, key); err != nil || b.Size == 0 {
		t.Fatalf("open %s = %v", key, err)
	} else {
		b.Body.Close()
	}
	if _, err := blobs.Put(ctx, key, bytes.NewReader([]byte("x"))); musicify.ErrorCode(err) != musicify.EFORBIDDEN {
		t.Errorf("writing a library file = %v", err)
	}
	if _, err := blobs.Put(ctx, "songs/x/original.mp3", bytes.NewReader([]byte("x"))); err != nil {
		t.Errorf("other keys go to the store: %v", err)
	}

	// What song deletion does, then a sweep that finds everything old.
	if err := db.DeleteSong(ctx, songs[0].ID); err != nil {
		t.Fatal(err)
	}
	if err := blobs.Delete(ctx, key); err != nil {
		t.Fatal(err)
	}
	sw := &sweep.Sweeper{Blobs: blobs, Refs: db, Grace: time.Hour, Logger: logger,
		Now: func() time.Time { return time.Now().Add(48 * time.Hour) }}
	if _, err := sw.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "A", "B", "01 Song.mp3")); err != nil {
		t.Errorf("the library file is gone: %v", err)
	}
	listed := 0
	_ = blobs.List(ctx, func(key string, _ int64, _ time.Time) error {
		if musicify.IsLibraryKey(key) {
			listed++
		}
		return nil
	})
	if listed != 0 {
		t.Errorf("List gave %d library keys", listed)
	}
}

func TestLibraryKeysStayInTheirFolder(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	writeFile(t, filepath.Join(outside, "secret.mp3"), []byte("secret"))
	writeFile(t, filepath.Join(dir, "in.mp3"), []byte("music"))
	if err := os.Symlink(filepath.Join(outside, "secret.mp3"), filepath.Join(dir, "link.mp3")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "in.mp3"), filepath.Join(dir, "alias.mp3")); err != nil {
		t.Fatal(err)
	}
	b := NewBlobs(nil, []*musicify.LibraryFolder{{ID: "f1", Path: dir}})
	for key, ok := range map[string]bool{
		"lib/f1/in.mp3": true, "lib/f1/alias.mp3": true, "lib/f1/link.mp3": false,
		"lib/f1/../" + filepath.Base(outside) + "/secret.mp3": false, "lib/f1//etc/passwd": false, "lib/f2/in.mp3": false, "lib/f1/": false,
	} {
		blob, err := b.Open(context.Background(), key)
		if (err == nil) != ok {
			t.Errorf("Open(%s) = %v, want ok %v", key, err, ok)
		}
		if err == nil {
			blob.Body.Close()
		} else if musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("Open(%s) = %v, want not found", key, err)
		}
	}
}
