package library

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// watch runs the scanner (a scan, then the watcher with a short debounce)
// until the test ends; each scan's status comes on the channel.
func (r *rig) watch() (<-chan musicify.ScanStatus, context.Context) {
	scans := make(chan musicify.ScanStatus, 100)
	r.s.OnScan = func(st musicify.ScanStatus) { scans <- st }
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.s.Run(ctx, 0, 5*time.Millisecond)
	}()
	r.t.Cleanup(func() { cancel(); <-done })
	return scans, ctx
}

func TestTheWatcherImportsNewFilesAndNoticesDeletedOnes(t *testing.T) {
	r := newRig(t, storetest.SQLite(t))
	makeAudio(t, r.path("Old/a.mp3"), "-metadata", "title=Old One")
	scans, ctx := r.watch()
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

// A broken file is listed once however many scans read it again: the
// watcher's rescan of a directory re-reads it, as it is never imported.
// A file read while it was being written, and imported once written, is
// not listed at all.
func TestABrokenFileIsCountedOnceAcrossTheWatchersScans(t *testing.T) {
	r := newRig(t, storetest.SQLite(t))
	makeAudio(t, r.path("a.mp3"), "-metadata", "title=A")
	for _, bad := range []string{"bad.mp3", "Sub/bad.flac"} {
		if err := os.MkdirAll(filepath.Dir(r.path(bad)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(r.path(bad), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	scans, ctx := r.watch()
	deadline := time.After(60 * time.Second) // a hang fails the test instead of the whole run
	// settle waits for the scan after which there are n songs and the two
	// broken files are listed, once each (a file read half written may be
	// listed until a later scan imports it).
	settle := func(what string, n int) {
		t.Helper()
		var last musicify.ScanStatus
		for {
			all, _ := r.db.Songs(ctx)
			if len(all) == n && last.Failed == 2 && len(last.Failures) == 2 &&
				last.Failures[0].Path != last.Failures[1].Path {
				return
			}
			select {
			case last = <-scans:
			case <-deadline:
				t.Fatalf("%s: %d songs, failed %d: %+v", what, len(all), last.Failed, last.Failures)
			}
		}
	}
	settle("the first scan", 1)
	// Written in place: the watcher may read it half written, then again.
	makeAudio(t, r.path("Sub/b.mp3"), "-metadata", "title=B")
	settle("the file in Sub", 2)
	makeAudio(t, r.path("New/c.mp3"), "-metadata", "title=C") // a new directory: the whole folder is read again
	settle("the new directory", 3)
}

// An instance killed mid-scan holds the scan lease until it lapses: the
// instance that starts meanwhile skips its first walk, and tries again
// once the lease could have lapsed, not at the next hourly scan.
func TestAWalkKeptByADeadInstancesLeaseIsTriedAgain(t *testing.T) {
	db := storetest.SQLite(t)
	r := newRig(t, db)
	var mu sync.Mutex
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	r.s.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	r.s.Lease, r.s.Holder, r.s.retryEvery = db, "new", 10*time.Millisecond
	makeAudio(t, r.path("a.mp3"), "-metadata", "title=A")
	if ok, err := db.ClaimLease(context.Background(), scanLease, "dead", now, now.Add(leaseTTL)); err != nil || !ok {
		t.Fatalf("the dead instance's lease: %v %v", ok, err)
	}
	scans, _ := r.watch()
	// The first walk is skipped while the lease holds; the clock moves past it.
	for deadline := time.After(60 * time.Second); ; {
		select {
		case st := <-scans:
			if st.Added == 1 {
				return
			}
		case <-time.After(20 * time.Millisecond):
			mu.Lock()
			now = now.Add(time.Minute)
			mu.Unlock()
		case <-deadline:
			t.Fatal("the walk was never tried again")
		}
	}
}
