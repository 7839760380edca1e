package sqlstore_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
	"github.com/musicify/musicify/internal/testclock"
)

// eachRateStore runs test on every musicify.RateStore: the in-process one
// and the database on each dialect.
func eachRateStore(t *testing.T, test func(t *testing.T, store musicify.RateStore)) {
	t.Run("memory", func(t *testing.T) { test(t, auth.NewMemory()) })
	storetest.Each(t, func(t *testing.T, open storetest.Opener) { test(t, open(t)) })
}

func TestRateLimitersCountTheSameOnEveryStore(t *testing.T) {
	eachRateStore(t, func(t *testing.T, store musicify.RateStore) {
		ctx := context.Background()
		clk := testclock.New(time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
		l := auth.NewLimiter(store, "login-ip", 3, time.Minute, clk.Now)
		for i := 0; i < 3; i++ {
			if wait, err := l.Take(ctx, "192.0.2.1"); err != nil || wait != 0 {
				t.Fatalf("event %d refused: wait %v, %v", i+1, wait, err)
			}
			clk.Advance(10 * time.Second)
		}
		// Events at 0s, 10s and 20s; now is 30s: the first leaves the window at 60s.
		if wait, err := l.Take(ctx, "192.0.2.1"); err != nil || wait != 30*time.Second {
			t.Fatalf("4th event: wait = %v, %v; want 30s", wait, err)
		}
		if n, err := l.Count(ctx, "192.0.2.1"); err != nil || n != 3 {
			t.Errorf("Count = %d, %v; want 3 (the refused event is not counted)", n, err)
		}
		if wait, err := l.Check(ctx, "192.0.2.2"); err != nil || wait != 0 {
			t.Errorf("another key is limited too: %v, %v", wait, err)
		}
		other := auth.NewLimiter(store, "code-check-ip", 1, time.Minute, clk.Now)
		if wait, err := other.Take(ctx, "192.0.2.1"); err != nil || wait != 0 {
			t.Errorf("another limiter's same key is limited too: %v, %v", wait, err)
		}

		clk.Advance(30 * time.Second)
		if wait, err := l.Take(ctx, "192.0.2.1"); err != nil || wait != 0 {
			t.Fatalf("after the oldest event left the window: wait = %v, %v", wait, err)
		}
		if wait, err := l.Check(ctx, "192.0.2.1"); err != nil || wait != 10*time.Second {
			t.Errorf("Check = %v, %v; want 10s (the event at 10s leaves at 70s, now is 60s)", wait, err)
		}
		for i := 0; i < 3; i++ {
			if wait, _ := other.Check(ctx, "192.0.2.9"); wait != 0 {
				t.Fatal("Check counted an event")
			}
		}
		if err := l.Reset(ctx, "192.0.2.1"); err != nil {
			t.Fatal(err)
		}
		if n, err := l.Count(ctx, "192.0.2.1"); err != nil || n != 0 {
			t.Errorf("after Reset: Count = %d, %v", n, err)
		}
	})
}

// However many requests arrive at once, at most the limit are let through.
func TestRateLimitsHoldUnderConcurrentTakes(t *testing.T) {
	eachRateStore(t, func(t *testing.T, store musicify.RateStore) {
		now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
		l := auth.NewLimiter(store, "login-pair", 10, 15*time.Minute, func() time.Time { return now })
		var allowed atomic.Int32
		var wg sync.WaitGroup
		for i := 0; i < 30; i++ {
			wg.Go(func() {
				wait, err := l.Take(context.Background(), "user:1|192.0.2.66")
				if err != nil {
					t.Error(err)
				} else if wait == 0 {
					allowed.Add(1)
				}
			})
		}
		wg.Wait()
		if allowed.Load() != 10 {
			t.Errorf("%d of 30 concurrent takes allowed, want 10", allowed.Load())
		}
	})
}

// The hourly sweep drops a key once its newest event left its window, and
// not before.
func TestSweepDropsExpiredRateLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		ctx := context.Background()
		db := open(t)
		start := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
		at := func(d time.Duration) func() time.Time { return func() time.Time { return start.Add(d) } }
		if _, err := auth.NewLimiter(db, "chat", 5, time.Minute, at(0)).Take(ctx, "u1"); err != nil {
			t.Fatal(err)
		}
		// A reader with a longer window sees whether the row is still there.
		stored := func(sweepAt time.Duration) int {
			t.Helper()
			if err := db.DeleteExpiredRateHits(ctx, start.Add(sweepAt)); err != nil {
				t.Fatal(err)
			}
			n, err := auth.NewLimiter(db, "chat", 5, time.Hour, at(sweepAt)).Count(ctx, "u1")
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := stored(59 * time.Second); n != 1 {
			t.Fatalf("swept within the window: %d events left", n)
		}
		if n := stored(time.Minute); n != 0 {
			t.Fatalf("not swept after the window: %d events left", n)
		}
	})
}

var _ musicify.RateStore = (*sqlstore.DB)(nil)
