package library

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// Instances sharing a database and its folders scan one at a time, and
// each shows the latest scan, whoever ran it: an admin page served by an
// instance that did not scan says what the scan found, not "not scanned
// yet". A scan asked for while another instance scans does not stay
// "running" on the instance that asked.
func TestEveryInstanceShowsTheLatestScan(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		r := newRig(t, db)
		r.s.Lease, r.s.Holder, r.s.Shared = db, "b", db
		a := &Scanner{Store: db, Blobs: r.s.Blobs, Folders: r.s.Folders, Lease: db, Holder: "a", Shared: db,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
		makeAudio(t, r.path("a.mp3"), "-metadata", "title=A")
		makeAudio(t, r.path("b.mp3"), "-metadata", "title=B")
		if st := a.Status(); !st.Finished.IsZero() || st.Running {
			t.Fatalf("before any scan, a shows %+v", st)
		}
		scanned := r.scan()
		st := a.Status()
		if st.Running || !st.Finished.Equal(scanned.Finished) || st.Seen != 2 || st.Added != 2 ||
			len(st.Folders) != 1 || st.Folders[0] != r.dir {
			t.Fatalf("after b's scan, a shows %+v", st)
		}

		// b scans (it holds the lease) while a is asked to: a's scan gives
		// up at once, and a shows b's scan.
		now := time.Now()
		if ok, err := db.ClaimLease(context.Background(), scanLease, "b", now, now.Add(time.Hour)); err != nil || !ok {
			t.Fatalf("b takes the lease: %v %v", ok, err)
		}
		if !a.StartScan(false) {
			t.Fatal("a's StartScan did not start")
		}
		if st := a.own(); st.Running && st.Started.IsZero() {
			t.Errorf("a's scan runs but never started: %+v", st)
		}
		deadline := time.Now().Add(10 * time.Second) // a guard against a hang
		for a.own().Running {
			if time.Now().After(deadline) {
				t.Fatal("a's scan stayed running while b held the lease")
			}
			time.Sleep(5 * time.Millisecond)
		}
		if st := a.Status(); st.Running || st.Added != 2 {
			t.Errorf("a shows %+v", st)
		}
		if !a.StartScan(false) {
			t.Error("a could not be asked to scan again")
		}
		for a.own().Running && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
	})
}
