package mediaurl

import (
	"encoding/json"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Revocations are the ended sessions whose URLs may still be unexpired.
// An entry is kept for the longest life of a URL and then forgotten, so the
// set stays as small as the logouts of the last few hours.
type Revocations struct {
	horizon time.Duration
	now     func() time.Time

	mu       sync.Mutex
	sessions map[string]time.Time // session id → forget after
	users    map[string]ended     // user → sessions started up to before ended
}

type ended struct {
	before int64 // Unix milliseconds
	forget time.Time
}

// NewRevocations keeps each entry for horizon, the longest life of a URL.
func NewRevocations(horizon time.Duration, now func() time.Time) *Revocations {
	return &Revocations{horizon: horizon, now: now, sessions: map[string]time.Time{}, users: map[string]ended{}}
}

// EndSession refuses from now on the URLs of one session (a logout).
func (r *Revocations) EndSession(sid string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sweep()
	r.sessions[sid] = r.now().Add(r.horizon)
}

// EndSessionsOf refuses the URLs of every session of user that started up
// to at (a password reset ends them all).
func (r *Revocations) EndSessionsOf(user string, at time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sweep()
	if e, ok := r.users[user]; ok && e.before >= at.UnixMilli() {
		return
	}
	r.users[user] = ended{before: at.UnixMilli(), forget: r.now().Add(r.horizon)}
}

// Refuses reports whether c belongs to a session that has ended.
func (r *Revocations) Refuses(c Claims) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.sessions[c.Session]; ok {
		return true
	}
	e, ok := r.users[c.User]
	return ok && c.Since <= e.before
}

func (r *Revocations) sweep() {
	now := r.now()
	for k, t := range r.sessions {
		if now.After(t) {
			delete(r.sessions, k)
		}
	}
	for k, e := range r.users {
		if now.After(e.forget) {
			delete(r.users, k)
		}
	}
}

// Apply takes an ended-sessions event; other events are ignored.
func (r *Revocations) Apply(e musicify.Event) {
	if e.Type != musicify.EventSessionsEnded {
		return
	}
	var d musicify.SessionsEnded
	if json.Unmarshal(e.Data, &d) != nil {
		return
	}
	if d.Session != "" {
		r.EndSession(d.Session)
	}
	if d.Before != 0 && e.UserID != "" {
		r.EndSessionsOf(e.UserID, time.UnixMilli(d.Before))
	}
}
