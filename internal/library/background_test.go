package library

import (
	"bytes"
	"context"
	"image/color"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"testing/synctest"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/foreground"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/nice"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// A scan is background work: by default it reads with one worker per core
// but one, so a core is always left to the people listening.
func TestAScanLeavesACoreToListeners(t *testing.T) {
	for cpus, want := range map[int]int{1: 1, 2: 1, 4: 3, 16: 15} {
		if got := scanWorkers(cpus); got != want {
			t.Errorf("on %d cores a scan reads with %d workers, want %d", cpus, got, want)
		}
	}
	if got, want := (&Scanner{}).workers(), max(1, runtime.NumCPU()-1); got != want {
		t.Errorf("by default a scan reads with %d workers on %d cores, want %d", got, runtime.NumCPU(), want)
	}
	if got := (&Scanner{Workers: 5}).workers(); got != 5 {
		t.Errorf("Workers: 5 reads with %d workers", got)
	}
}

// The ffprobe a scan falls back to runs at low priority, like a job's
// ffmpeg: a real ffprobe behind a script that notes its own niceness.
func TestAScanRunsFFprobeNiced(t *testing.T) {
	r := newRig(t, storetest.SQLite(t))
	makeAudio(t, r.path("Tone/a.wav"), "-metadata", "title=Tone")
	dir := t.TempDir()
	stats := filepath.Join(dir, "stats")
	script := filepath.Join(dir, "ffprobe")
	writeFile(t, script, []byte("#!/bin/sh\ncat /proc/self/stat >> '"+stats+"'\nexec '"+mustLook(t, "ffprobe")+"' \"$@\"\n"))
	if err := os.Chmod(script, 0o755); err != nil {
		t.Fatal(err)
	}
	r.s.FFprobe = script
	if st := r.scan(); st.Added != 1 {
		t.Fatalf("scan = %+v", st)
	}
	out, err := os.ReadFile(stats)
	if err != nil {
		t.Fatalf("ffprobe was never run for a WAV file: %v", err)
	}
	own, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		t.Fatal(err)
	}
	base, err := nice.FromStat(own)
	if err != nil {
		t.Fatal(err)
	}
	for line := range bytes.Lines(out) {
		if n, err := nice.FromStat(line); err != nil || n < min(base+nice.Level, 19) {
			t.Errorf("the scan's ffprobe ran at niceness %d (%v), want at least %d", n, err, min(base+nice.Level, 19))
		}
	}
}

// Rendering a cover takes one of the readers' slots: while the readers hold
// them all, no cover is made, so a scan keeps at most Workers cores busy.
func TestCoversWaitForAReaderSlot(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		db := storetest.SQLite(t)
		blobs, err := blob.NewLocal(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		s := &Scanner{Store: db, Blobs: blobs, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
		ctx := context.Background()
		song := &musicify.Song{Name: "Low Tide", Format: "mp3", Size: 1, SHA256: "x", AudioKey: "lib/f/a.mp3", LibraryPath: "f/a.mp3"}
		if err := db.AddLibrarySong(ctx, song, musicify.TrackTags{Title: "Low Tide", Artist: "Neon Shore", Album: "Ebb"}); err != nil {
			t.Fatal(err)
		}
		cpu := foreground.NewSlots(1)
		cpu.Take(ctx) // the one reader is reading
		q := newCoverQueue(ctx, s, cpu)
		q.add(song.AlbumID, pngImage(t, color.RGBA{10, 120, 200, 255}), "", "")
		synctest.Wait() // the cover maker is as far as it goes
		if a, err := db.Album(ctx, song.AlbumID); err != nil || a.CoverKey != "" {
			t.Errorf("a cover was made while every slot was taken: %+v %v", a, err)
		}
		cpu.Give()
		q.wait()
		if a, err := db.Album(ctx, song.AlbumID); err != nil || a.CoverKey == "" {
			t.Errorf("no cover once a slot was free: %+v %v", a, err)
		}
	})
}
