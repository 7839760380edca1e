package platform

import (
	"context"
	"sync"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/musicify"
)

// RateLimit counts one request of userID against l, or says how long to
// wait. A count that fails lets the request through, logged: these limits
// bound cost, not guessing, and a signed-in user should not lose the
// assistant to a hiccup of the limiter's database.
func (p *Platform) RateLimit(ctx context.Context, l *auth.Limiter, what, userID string) error {
	wait, err := l.Take(ctx, userID)
	if err != nil {
		if ctx.Err() == nil {
			p.Logger.Error("counting a rate limit; letting the request through", "limit", l.Name, "err", err)
		}
		return nil
	}
	if wait > 0 {
		return musicify.RateLimited(what, wait)
	}
	return nil
}

// Semaphore lets a fixed number of holders in at once.
type Semaphore chan struct{}

// Acquire waits for a place, or for ctx to end.
func (s Semaphore) Acquire(ctx context.Context) (release func(), err error) {
	select {
	case s <- struct{}{}:
		var once sync.Once
		return func() { once.Do(func() { <-s }) }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
