package httpapi_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/musicify/musicify/internal/httpapi"
)

// A live connection may send a burst, then so many a second on the
// server's clock; past that it is closed as a policy violation.
func TestALiveConnectionThatFloodsIsClosed(t *testing.T) {
	e := newEnv(t, func(s *httpapi.Server) { s.Limits.LiveBurst, s.Limits.LivePerSecond = 10, 2 })
	ann := e.signUp("ann-flood", "ann@example.com", "secret1")
	c, err := ann.dial(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	syncs := func(n int) {
		t.Helper()
		for range n {
			wsSend(t, c, map[string]any{"type": "sync", "id": 1})
			wsNext(t, c, func(m map[string]any) bool { return m["type"] == "sync" })
		}
	}
	syncs(10)                        // the burst
	e.Clock.Advance(5 * time.Second) // refills it: 2 a second
	syncs(10)

	wsSend(t, c, map[string]any{"type": "sync", "id": 2}) // one past it, with the clock standing still
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, _, err := c.Read(ctx)
		if err == nil {
			continue
		}
		if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
			t.Fatalf("a flooding connection ended with %v, want a policy-violation close", err)
		}
		return
	}
}

// Each user may hold a few live connections; more are refused with 429
// until one closes.
func TestLiveConnectionsPerUserAreCapped(t *testing.T) {
	e := newEnv(t, func(s *httpapi.Server) { s.Limits.LiveConnections = 2 })
	ann := e.signUp("ann-tabs", "ann@example.com", "secret1")
	bob := e.signUp("bob-tabs", "bob@example.com", "secret1")
	first, err := ann.dial(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ann.dial(t, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := ann.dial(t, nil); err == nil || err.Error() != http.StatusText(http.StatusTooManyRequests) {
		t.Fatalf("a third connection: %v, want 429", err)
	}
	if _, err := bob.dial(t, nil); err != nil {
		t.Fatalf("another user was refused: %v", err)
	}

	first.Close(websocket.StatusNormalClosure, "bye")
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, err := ann.dial(t, nil)
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("a closed connection never freed its place: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
