package httpapi

import (
	"context"
	"runtime"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/musicify"
)

// Limits bound what one signed-in user may ask of the costly calls: the
// assistant may call a paid model, a voice clip runs ffmpeg and pocketsphinx.
// Zero fields take the defaults.
type Limits struct {
	ChatPerMinute  int // default 20
	VoicePerMinute int // default 60: listening sends a clip every 2 s
	// ListensPer10Min bounds the listens one counts (default 100: a
	// player sends one after 10 s of a song; an offline queue, more).
	ListensPer10Min int
	Recognitions    int // voice clips recognized at once; default the CPUs
	// The live connection (/api/ws): messages one may send at once and then
	// each second (default 40 and 10), and connections per user (default 8).
	LiveBurst       int
	LivePerSecond   int
	LiveConnections int
}

type limiters struct {
	chat, voice, listens *auth.Limiter
	recognizing          semaphore
}

func (s *Server) limits() *limiters {
	s.limitsOnce.Do(func() {
		now := s.Now
		if now == nil {
			now = time.Now
		}
		or := func(v, def int) int {
			if v > 0 {
				return v
			}
			return def
		}
		s.limiters = &limiters{
			chat:        auth.NewLimiter(s.Rates, "chat", or(s.Limits.ChatPerMinute, 20), time.Minute, now),
			voice:       auth.NewLimiter(s.Rates, "voice", or(s.Limits.VoicePerMinute, 60), time.Minute, now),
			listens:     auth.NewLimiter(s.Rates, "listens", or(s.Limits.ListensPer10Min, 100), 10*time.Minute, now),
			recognizing: make(semaphore, or(s.Limits.Recognitions, runtime.NumCPU())),
		}
	})
	return s.limiters
}

// rateLimit counts one request of userID against l, or says how long to
// wait. A count that fails lets the request through, logged: these limits
// bound cost, not guessing, and a signed-in user should not lose the
// assistant to a hiccup of the limiter's database.
func (s *Server) rateLimit(ctx context.Context, l *auth.Limiter, what, userID string) error {
	wait, err := l.Take(ctx, userID)
	if err != nil {
		if ctx.Err() == nil {
			s.Logger.Error("counting a rate limit; letting the request through", "limit", l.Name, "err", err)
		}
		return nil
	}
	if wait > 0 {
		return musicify.RateLimited(what, wait)
	}
	return nil
}

// semaphore lets a fixed number of holders in at once.
type semaphore chan struct{}

func (s semaphore) acquire(ctx context.Context) (release func(), err error) {
	select {
	case s <- struct{}{}:
		var once sync.Once
		return func() { once.Do(func() { <-s }) }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
