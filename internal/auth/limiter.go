package auth

import (
	"sync"
	"time"
)

// Limiter allows at most Limit events per key in any sliding Window. It is
// in-process: each instance counts for itself, which bounds guessing per
// instance; a shared store can replace it when instances multiply.
type Limiter struct {
	Limit  int
	Window time.Duration
	now    func() time.Time

	mu     sync.Mutex
	events map[string][]time.Time
}

// NewLimiter makes a limiter reading time from now.
func NewLimiter(limit int, window time.Duration, now func() time.Time) *Limiter {
	return &Limiter{Limit: limit, Window: window, now: now, events: map[string][]time.Time{}}
}

// Check reports how long the caller must wait before key may act again
// (0 when it may act now), without counting anything.
func (l *Limiter) Check(key string) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.wait(key, l.now())
}

// Take counts one event for key if the limit allows it, else returns the wait.
func (l *Limiter) Take(key string) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if wait := l.wait(key, now); wait > 0 {
		return wait
	}
	l.events[key] = append(l.events[key], now)
	return 0
}

// Count is how many events of key are in the window now.
func (l *Limiter) Count(key string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.wait(key, l.now())
	return len(l.events[key])
}

// Reset forgets key, e.g. after a successful login.
func (l *Limiter) Reset(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.events, key)
}

// wait drops events older than the window and answers for key; l.mu is held.
func (l *Limiter) wait(key string, now time.Time) time.Duration {
	if len(l.events) > 50_000 {
		l.sweep(now)
	}
	ev := l.events[key]
	cut := 0
	for cut < len(ev) && !ev[cut].After(now.Add(-l.Window)) {
		cut++
	}
	ev = ev[cut:]
	if len(ev) == 0 {
		delete(l.events, key)
		return 0
	}
	l.events[key] = ev
	if len(ev) < l.Limit {
		return 0
	}
	// The oldest counted event leaves the window first.
	return ev[len(ev)-l.Limit].Add(l.Window).Sub(now)
}

// sweep bounds memory when many keys (say, a scan from many addresses) pile up.
func (l *Limiter) sweep(now time.Time) {
	for k, ev := range l.events {
		if len(ev) == 0 || !ev[len(ev)-1].After(now.Add(-l.Window)) {
			delete(l.events, k)
		}
	}
}
