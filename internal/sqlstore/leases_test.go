package sqlstore_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// One holder at a time: the holder renews, another waits for the lease to
// run out or be released, and of many asking at once exactly one wins.
func TestALeaseHasOneHolder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db, ctx := open(t), context.Background()
		t0 := time.UnixMilli(1_700_000_000_000)
		claim := func(holder string, now time.Time) bool {
			t.Helper()
			ok, err := db.ClaimLease(ctx, "scan", holder, now, now.Add(time.Minute))
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		if !claim("a", t0) || !claim("a", t0.Add(30*time.Second)) {
			t.Fatal("the first holder could not take or renew the lease")
		}
		if claim("b", t0.Add(80*time.Second)) {
			t.Fatal("b took a lease a renewed until t0+90s")
		}
		if !claim("b", t0.Add(90*time.Second)) || claim("a", t0.Add(91*time.Second)) {
			t.Fatal("the lease did not pass to b once it ran out")
		}
		if err := db.ReleaseLease(ctx, "scan", "a"); err != nil { // not a's to release
			t.Fatal(err)
		}
		if claim("a", t0.Add(92*time.Second)) {
			t.Fatal("a released b's lease")
		}
		if err := db.ReleaseLease(ctx, "scan", "b"); err != nil {
			t.Fatal(err)
		}
		if !claim("a", t0.Add(93*time.Second)) {
			t.Fatal("a released lease could not be taken")
		}

		var wg sync.WaitGroup
		wins := make(chan string, 8)
		later := t0.Add(time.Hour)
		for _, h := range []string{"c", "d", "e", "f", "g", "h", "i", "j"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if ok, err := db.ClaimLease(ctx, "scan", h, later, later.Add(time.Minute)); err != nil {
					t.Error(err)
				} else if ok {
					wins <- h
				}
			}()
		}
		wg.Wait()
		close(wins)
		if n := len(wins); n != 1 {
			t.Fatalf("%d holders at once", n)
		}
	})
}
