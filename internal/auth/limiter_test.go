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
