package auth

import (
	"context"
	"runtime"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// hashPool runs argon2id a few at a time. Each run holds its memory cost
// (19 MiB by default) for tens of milliseconds, so without a bound a burst
// of logins grows the process by that much per request. Past the slots a
// short queue waits; past the queue the caller is told to come back.
type hashPool struct {
	slots chan struct{} // runs at once
	queue chan struct{} // runs at once plus those waiting
}

// Busy is said when the pool and its queue are full.
const msgBusy = "The server is busy checking passwords. Please try again in a moment."

// hashRetryAfter is what a refused caller is told to wait.
const hashRetryAfter = 2 * time.Second

func newHashPool(workers, queue int) *hashPool {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	if queue < 0 {
		queue = 0
	}
	return &hashPool{slots: make(chan struct{}, workers), queue: make(chan struct{}, workers+queue)}
}

// run calls f in a slot, waiting in the queue if it has room, or returns a
// 503 error at once when it has none.
func (p *hashPool) run(ctx context.Context, f func()) error {
	select {
	case p.queue <- struct{}{}:
	default:
		return &musicify.Error{Code: musicify.EUNAVAILABLE, Message: msgBusy, RetryAfter: hashRetryAfter}
	}
	defer func() { <-p.queue }()
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-p.slots }()
	f()
	return nil
}

// hashSecret hashes secret in the pool.
func (s *Service) hashSecret(ctx context.Context, secret string) (string, error) {
	var hash string
	var err error
	if perr := s.pool.run(ctx, func() { hash, err = s.hash.Hash(secret) }); perr != nil {
		return "", perr
	}
	return hash, err
}

// verify checks secret against hash in the pool.
func (s *Service) verify(ctx context.Context, hash, secret string) (bool, error) {
	var ok bool
	if err := s.pool.run(ctx, func() { ok = Verify(hash, secret) }); err != nil {
		return false, err
	}
	return ok, nil
}
