package auth

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Limiter allows at most Limit events per key in any sliding Window. Its
// events live in a musicify.RateStore: Memory counts for one instance, the
// database for all of them, so N instances are not N times looser.
type Limiter struct {
	Name   string // keeps this limiter's keys apart from others' in a shared store
	Limit  int
	Window time.Duration
	now    func() time.Time
	store  musicify.RateStore
}

// NewLimiter makes a limiter named name, reading time from now, keeping its
// events in store (its own Memory when nil).
func NewLimiter(store musicify.RateStore, name string, limit int, window time.Duration, now func() time.Time) *Limiter {
	if store == nil {
		store = NewMemory()
	}
	return &Limiter{Name: name, Limit: limit, Window: window, now: now, store: store}
}

// Sibling is another limiter named name over l's store and clock, so that
// an area given one limiter can bound a second kind of request as widely
// (every instance) as the first.
func (l *Limiter) Sibling(name string, limit int, window time.Duration) *Limiter {
	return NewLimiter(l.store, name, limit, window, l.now)
}

// Check reports how long the caller must wait before key may act again
// (0 when it may act now), without counting anything.
func (l *Limiter) Check(ctx context.Context, key string) (time.Duration, error) {
	hits, err := l.store.RateHits(ctx, l.key(key))
	if err != nil {
		return 0, err
	}
	_, wait := l.recent(hits, l.now())
	return wait, nil
}

// Take counts one event for key if the limit allows it, else returns the wait.
func (l *Limiter) Take(ctx context.Context, key string) (time.Duration, error) {
	// A key over its limit stays over it until time passes, so a plain read
	// can refuse: a flood from one address then costs the shared store a
	// read each, not a locked write.
	if wait, err := l.Check(ctx, key); err != nil || wait > 0 {
		return wait, err
	}
	now := l.now()
	var wait time.Duration
	err := l.store.UpdateRateHits(ctx, l.key(key), l.Window, func(hits []time.Time) []time.Time {
		hits, wait = l.recent(hits, now)
		if wait > 0 {
			return hits
		}
		return append(hits, now)
	})
	return wait, err
}

// Reserve takes key's next turn: spacing after the latest turn taken, or
// after now if that is later, and returns the wait until it. A turn more
// than most away is not taken (ok false). Turns taken by every instance
// sharing the store are spaced alike.
func (l *Limiter) Reserve(ctx context.Context, key string, spacing, most time.Duration) (wait time.Duration, ok bool, err error) {
	now := l.now()
	err = l.store.UpdateRateHits(ctx, l.key(key), l.Window, func(turns []time.Time) []time.Time {
		last := now
		kept := turns[:0]
		for _, t := range turns {
			if t.After(now.Add(-l.Window)) {
				kept = append(kept, t)
			}
			if t.After(last) {
				last = t
			}
		}
		start := last.Add(spacing)
		if wait = start.Sub(now); wait > most {
			return kept
		}
		ok = true
		return append(kept, start)
	})
	return wait, ok, err
}

// Count is how many events of key are in the window now.
func (l *Limiter) Count(ctx context.Context, key string) (int, error) {
	hits, err := l.store.RateHits(ctx, l.key(key))
	hits, _ = l.recent(hits, l.now())
	return len(hits), err
}

// Reset forgets key, e.g. after a successful login.
func (l *Limiter) Reset(ctx context.Context, key string) error {
	return l.store.UpdateRateHits(ctx, l.key(key), l.Window, func([]time.Time) []time.Time { return nil })
}

func (l *Limiter) key(key string) string { return l.Name + "|" + key }

// recent keeps the events of hits inside the window ending at now, and says
// how long until the limit allows one more.
func (l *Limiter) recent(hits []time.Time, now time.Time) ([]time.Time, time.Duration) {
	cut := 0
	for cut < len(hits) && !hits[cut].After(now.Add(-l.Window)) {
		cut++
	}
	hits = hits[cut:]
	if len(hits) < l.Limit {
		return hits, 0
	}
	// The oldest counted event leaves the window first.
	return hits, hits[len(hits)-l.Limit].Add(l.Window).Sub(now)
}

// Memory is a RateStore in this process: the default with SQLite, where one
// instance serves everyone.
type Memory struct {
	mu   sync.Mutex
	keys map[string]memoryHits
}

type memoryHits struct {
	hits    []time.Time
	expires time.Time // the newest hit plus keep
}

// NewMemory makes an empty in-process store.
func NewMemory() *Memory { return &Memory{keys: map[string]memoryHits{}} }

// RateHits implements musicify.RateStore.
func (m *Memory) RateHits(_ context.Context, key string) ([]time.Time, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.keys[key].hits), nil
}

// UpdateRateHits implements musicify.RateStore.
func (m *Memory) UpdateRateHits(_ context.Context, key string, keep time.Duration, fn func([]time.Time) []time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	hits := fn(m.keys[key].hits)
	if len(hits) == 0 {
		delete(m.keys, key)
		return nil
	}
	newest := hits[len(hits)-1]
	if len(m.keys) > 50_000 {
		m.sweep(newest)
	}
	m.keys[key] = memoryHits{hits: hits, expires: newest.Add(keep)}
	return nil
}

// sweep bounds memory when many keys (say, a scan from many addresses) pile up.
func (m *Memory) sweep(now time.Time) {
	for k, v := range m.keys {
		if !v.expires.After(now) {
			delete(m.keys, k)
		}
	}
}
