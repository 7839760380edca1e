package auth

import (
	"context"
	"testing"
	"time"
)

func TestLimiterSlidesItsWindow(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	l := NewLimiter(nil, "test", 3, time.Minute, func() time.Time { return now })
	for i := 0; i < 3; i++ {
		if wait, _ := l.Take(ctx, "ip"); wait != 0 {
			t.Fatalf("event %d refused (wait %v)", i+1, wait)
		}
		now = now.Add(10 * time.Second)
	}
	// Events at 0s, 10s and 20s; now is 30s: the first leaves the window at 60s.
	if wait, _ := l.Take(ctx, "ip"); wait != 30*time.Second {
		t.Fatalf("4th event: wait = %v, want 30s", wait)
	}
	if wait, _ := l.Check(ctx, "other"); wait != 0 {
		t.Errorf("another key is limited too: %v", wait)
	}
	now = now.Add(30 * time.Second)
	if wait, _ := l.Take(ctx, "ip"); wait != 0 {
		t.Errorf("after the oldest event left the window: wait = %v", wait)
	}
	l.Reset(ctx, "ip")
	if wait, _ := l.Check(ctx, "ip"); wait != 0 {
		t.Errorf("after Reset: wait = %v", wait)
	}
}

func TestLimiterCheckDoesNotCount(t *testing.T) {
	ctx := context.Background()
	now := time.Now()
	l := NewLimiter(nil, "test", 1, time.Minute, func() time.Time { return now })
	for i := 0; i < 5; i++ {
		if must(l.Check(ctx, "k")) != 0 {
			t.Fatal("Check counted an event")
		}
	}
	l.Take(ctx, "k")
	if must(l.Check(ctx, "k")) == 0 {
		t.Fatal("Check does not see the event Take counted")
	}
}

func must(wait time.Duration, err error) time.Duration {
	if err != nil {
		panic(err)
	}
	return wait
}

// countingStore counts the updates that reach a store.
type countingStore struct {
	*Memory
	updates int
}

func (c *countingStore) UpdateRateHits(ctx context.Context, key string, keep time.Duration, fn func([]time.Time) []time.Time) error {
	c.updates++
	return c.Memory.UpdateRateHits(ctx, key, keep, fn)
}

// A flood over the limit must not become a flood of locked writes in the
// shared database: refused takes only read.
func TestRefusedTakesOnlyRead(t *testing.T) {
	ctx := context.Background()
	now := time.Now()
	store := &countingStore{Memory: NewMemory()}
	l := NewLimiter(store, "test", 2, time.Minute, func() time.Time { return now })
	for i := 0; i < 100; i++ {
		l.Take(ctx, "192.0.2.1")
	}
	if store.updates != 2 {
		t.Errorf("%d updates for 2 allowed and 98 refused takes, want 2", store.updates)
	}
}
