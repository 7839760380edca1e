package mediaurl

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Another instance learns of ended sessions only through these events.
func TestEndedSessionsArriveAsEventsAndAreForgottenAfterTheLongestURLLife(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	r := NewRevocations(7*time.Hour, clock)
	a := Claims{User: "u1", Session: musicify.SessionRef("hash-a"), Since: now.Add(-time.Hour).UnixMilli()}
	b := Claims{User: "u1", Session: "sb", Since: now.Add(-time.Hour).UnixMilli()}
	later := Claims{User: "u1", Session: "sc", Since: now.Add(time.Minute).UnixMilli()}

	raw, _ := json.Marshal(musicify.SessionEnded("u1", "hash-a", now)) // as the bus carries it
	var e musicify.Event
	if err := json.Unmarshal(raw, &e); err != nil {
		t.Fatal(err)
	}
	r.Apply(e)
	if !r.Refuses(a) || r.Refuses(b) {
		t.Fatalf("after a logout: refuses a %v, b %v", r.Refuses(a), r.Refuses(b))
	}
	r.Apply(musicify.SessionsEndedOf("u1", now))
	if !r.Refuses(b) || r.Refuses(later) {
		t.Fatalf("after a reset: refuses b %v, a later session %v", r.Refuses(b), r.Refuses(later))
	}
	now = now.Add(7*time.Hour + time.Second)
	r.EndSession("other") // sweeps
	if r.Refuses(a) || r.Refuses(b) || len(r.sessions) != 1 || len(r.users) != 0 {
		t.Fatalf("kept past the horizon: %v %v", r.sessions, r.users)
	}
}
