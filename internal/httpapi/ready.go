package httpapi

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// ReadyCheck is one thing an instance needs before it takes traffic.
type ReadyCheck struct {
	Name  string // database, storage, bus
	Check func(context.Context) error
}

// defaultReadyTimeout bounds the checks (Server.ReadyTimeout overrides
// it), so a hung dependency answers 503 in time for the load balancer's
// probe instead of holding it.
const defaultReadyTimeout = 3 * time.Second

// handleReady runs every check at once and answers 200 when all pass,
// else 503 naming each that failed. The reasons are short and fixed (the
// details, which may name hosts and buckets, go to the log), because the
// endpoint is public: load balancers probe it without credentials.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), orDefault(s.ReadyTimeout, defaultReadyTimeout))
	defer cancel()
	results := make(map[string]string, len(s.Ready))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, c := range s.Ready {
		wg.Go(func() {
			result := "ok"
			if err := c.Check(ctx); err != nil {
				s.Logger.Warn("readiness check failed", "check", c.Name, "err", err)
				result = readyReason(err)
			}
			mu.Lock()
			results[c.Name] = result
			mu.Unlock()
		})
	}
	wg.Wait()
	for _, result := range results {
		if result != "ok" {
			writeJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "unavailable", "checks": results})
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": "ready", "checks": results})
}

// readyReason is what /readyz says of a failed check: a check's own
// message when it wrote one for people, else whether it timed out.
func readyReason(err error) string {
	var e *musicify.Error
	switch {
	case errors.As(err, &e):
		return e.Message
	case errors.Is(err, context.DeadlineExceeded):
		return "timed out"
	default:
		return "not answering"
	}
}
