package auth

import (
	"testing"
	"time"
)

func TestLimiterSlidesItsWindow(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	l := NewLimiter(3, time.Minute, func() time.Time { return now })
	for i := 0; i < 3; i++ {
		if wait := l.Take("ip"); wait != 0 {
			t.Fatalf("event %d refused (wait %v)", i+1, wait)
		}
		now = now.Add(10 * time.Second)
	}
	// Events at 0s, 10s and 20s; now is 30s: the first leaves the window at 60s.
	if wait := l.Take("ip"); wait != 30*time.Second {
		t.Fatalf("4th event: wait = %v, want 30s", wait)
	}
	if wait := l.Check("other"); wait != 0 {
		t.Errorf("another key is limited too: %v", wait)
	}
	now = now.Add(30 * time.Second)
	if wait := l.Take("ip"); wait != 0 {
		t.Errorf("after the oldest event left the window: wait = %v", wait)
	}
	l.Reset("ip")
	if wait := l.Check("ip"); wait != 0 {
		t.Errorf("after Reset: wait = %v", wait)
	}
}

func TestLimiterCheckDoesNotCount(t *testing.T) {
	now := time.Now()
	l := NewLimiter(1, time.Minute, func() time.Time { return now })
	for i := 0; i < 5; i++ {
		if l.Check("k") != 0 {
			t.Fatal("Check counted an event")
		}
	}
	l.Take("k")
	if l.Check("k") == 0 {
		t.Fatal("Check does not see the event Take counted")
	}
}
