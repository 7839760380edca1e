package library

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

func TestTheWatcherImportsNewFilesAndNoticesDeletedOnes(t *testing.T) {
	r := newRig(t, storetest.SQLite(t))
	makeAudio(t, r.path("Old/a.mp3"), "-metadata", "title=Old One")
	scans := make(chan musicify.ScanStatus, 100)
	r.s.OnScan = func(st musicify.ScanStatus) { scans <- st }
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.s.Run(ctx, 0, 5*time.Millisecond)
	}()
	t.Cleanup(func() { cancel(); <-done })
	deadline := time.After(60 * time.Second) // a hang fails the test instead of the whole run
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		for !ok() {
			select {
			case <-scans:
			case <-deadline:
				t.Fatalf("no scan found %s", what)
			}
		}
	}
	waitFor("the first file", func() bool { songs, _ := r.db.Songs(ctx); return len(songs) == 1 })

	// An album copied in: made outside, then moved into a new folder.
	staging := t.TempDir()
	makeAudio(t, filepath.Join(staging, "01 New.mp3"), "-metadata", "title=New One")
	if err := os.MkdirAll(r.path("Artist/Album"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(staging, "01 New.mp3"), r.path("Artist/Album/01 New.mp3")); err != nil {
		t.Fatal(err)
	}
	waitFor("the new file", func() bool { songs, _ := r.db.Songs(ctx); return len(songs) == 2 })

	if err := os.RemoveAll(r.path("Old")); err != nil {
		t.Fatal(err)
	}
	waitFor("the deleted file", func() bool {
		songs, _ := r.db.Songs(ctx)
		return len(songs) == 1 && songs[0].Title == "New One"
	})
}

// Every interval a walk of everything finds what the watcher missed: here
// a file the watcher is too slow for (its debounce outlasts the test) is
// found on the next tick, and only then.
func TestThePeriodicScanFindsWhatTheWatcherMissed(t *testing.T) {
	r := newRig(t, storetest.SQLite(t))
	makeAudio(t, r.path("a.mp3"), "-metadata", "title=A")
	scans := make(chan musicify.ScanStatus, 100)
	r.s.OnScan = func(st musicify.ScanStatus) { scans <- st }
	ticks := make(chan time.Time)
	var asked time.Duration
	r.s.ticker = func(d time.Duration) (<-chan time.Time, func()) {
		asked = d // read once Run's loop has taken a tick
		return ticks, func() {}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.s.Run(ctx, time.Hour, 24*time.Hour)
	}()
	t.Cleanup(func() { cancel(); <-done })
	deadline := time.After(60 * time.Second) // a hang fails the test instead of the whole run
	next := func(what string) musicify.ScanStatus {
		t.Helper()
		select {
		case st := <-scans:
			return st
		case <-deadline:
			t.Fatalf("no scan %s", what)
			return musicify.ScanStatus{}
		}
	}
	if st := next("at the start"); st.Added != 1 {
		t.Fatalf("first scan = %+v", st)
	}
	makeAudio(t, r.path("b.mp3"), "-metadata", "title=B")
	select {
	case ticks <- time.Now():
	case <-deadline:
		t.Fatal("Run's loop never took a tick")
	}
	if asked != time.Hour {
		t.Errorf("the ticker ticks every %v, want the interval, 1h", asked)
	}
	if st := next("on the tick"); st.Seen != 2 || st.Added != 1 {
		t.Errorf("the periodic scan = %+v, want the new file added", counts(st))
	}
}
