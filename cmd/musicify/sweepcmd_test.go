package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
)

// More orphans than one pass deletes stay until the owner runs
// musicify sweep --force, which keeps every file a row names.
func TestMusicifySweepForceRemovesWhatTheCapHeldBack(t *testing.T) {
	home := t.TempDir()
	ctx := context.Background()
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(home, "musicify.db"))
	if err != nil {
		t.Fatal(err)
	}
	u := &musicify.User{Username: "owner", Email: "owner@example.com"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	if err := db.CreateSong(ctx, &musicify.Song{ID: "kept", Name: "Kept", UserID: u.ID, Format: "mp3", Size: 5, SHA256: "x", AudioKey: "songs/kept/original.mp3"}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	media := filepath.Join(home, "media")
	files := []string{"songs/kept/original.mp3"}
	for i := range 40 {
		files = append(files, fmt.Sprintf("songs/orphan%d/original.mp3", i))
	}
	past := time.Now().Add(-2 * orphanGrace)
	for _, f := range files {
		p := filepath.Join(media, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("bytes"), 0o640); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, past, past); err != nil {
			t.Fatal(err)
		}
	}
	p := startBinary(t, home) // marks the storage; its own sweep holds back
	p.waitLog(t, "more than one pass deletes")
	p.kill()
	exists := func(f string) bool {
		_, err := os.Stat(filepath.Join(media, f))
		return err == nil
	}
	if !exists("songs/orphan0/original.mp3") {
		t.Fatal("the server's sweep deleted more than the cap")
	}

	t.Setenv("MUSICIFY_DATA_DIR", home)
	t.Setenv("MUSICIFY_DEMO", "false")
	var out bytes.Buffer
	if err := runSweep(false, &out); err == nil || !strings.Contains(err.Error(), "musicify sweep --force") || !exists("songs/orphan39/original.mp3") {
		t.Fatalf("musicify sweep without --force: %v", err)
	}
	out.Reset()
	if err := runSweep(true, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "removed 40 media files") || exists("songs/orphan0/original.mp3") || !exists("songs/kept/original.mp3") || !exists(musicify.DeploymentKey) {
		t.Fatalf("musicify sweep --force: %s", out.String())
	}
}
