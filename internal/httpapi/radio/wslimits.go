package radio

import (
	"sync"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// liveConns counts each user's open live connections.
type liveConns struct {
	mu sync.Mutex
	n  map[string]int
}

// holdLive takes one of the user's live connections, or says there are too
// many: each holds goroutines and a share of every broadcast.
func (s *API) holdLive(userID string) (release func(), err error) {
	limit := s.LiveConnections
	if limit <= 0 {
		limit = 8
	}
	l := &s.live
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.n[userID] >= limit {
		return nil, musicify.Errorf(musicify.ERATELIMITED, "You have %d live connections open, the most allowed. Close a tab and try again.", limit)
	}
	if l.n == nil {
		l.n = map[string]int{}
	}
	l.n[userID]++
	var once sync.Once
	return func() {
		once.Do(func() {
			l.mu.Lock()
			defer l.mu.Unlock()
			if l.n[userID]--; l.n[userID] == 0 {
				delete(l.n, userID)
			}
		})
	}, nil
}

// bucket lets a burst of messages through, then rate a second, on the
// server's clock.
type bucket struct {
	tokens, rate, burst float64
	last                time.Time
}

func (s *API) messageBucket() *bucket {
	burst, rate := s.LiveBurst, s.LivePerSecond
	if burst <= 0 {
		burst = 40 // a clock-sync round is 8 probes, twice at start
	}
	if rate <= 0 {
		rate = 10
	}
	return &bucket{tokens: float64(burst), rate: float64(rate), burst: float64(burst)}
}

func (b *bucket) take(now time.Time) bool {
	if !b.last.IsZero() && now.After(b.last) {
		b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
