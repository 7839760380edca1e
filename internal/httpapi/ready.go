package httpapi

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/httpapi/platform"
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

// readyFor is how long a readiness answer is reused: the endpoint is
// public, and without this a flood of probes would become a flood of
// database pings, bucket requests and log lines.
const readyFor = time.Second

// readyState is the last readiness answer, shared by the probes within readyFor.
type readyState struct {
	mu      sync.Mutex
	at      time.Time
	results map[string]string
}

// handleReady answers 200 when every check passes, else 503 naming each
// that failed. The reasons are short and fixed (the details, which may
// name hosts and buckets, go to the log), because the endpoint is public:
// load balancers probe it without credentials.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) error {
	s.ready.mu.Lock()
	if s.ready.results == nil || s.now().Sub(s.ready.at) >= readyFor || s.now().Before(s.ready.at) {
		// Not the caller's context: one that leaves must not fail the check for the others.
		s.ready.results = s.checkReady(context.WithoutCancel(r.Context()))
		s.ready.at = s.now()
	}
	results := s.ready.results
	s.ready.mu.Unlock()
	for _, result := range results {
		if result != "ok" {
			platform.WriteJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "unavailable", "checks": results})
			return nil
		}
	}
	platform.WriteJSON(w, http.StatusOK, map[string]any{"status": "ready", "checks": results})
	return nil
}

// CheckReady runs every readiness check once, as /readyz does, and says
// which failed (nil when all passed).
func (s *Server) CheckReady(ctx context.Context) map[string]string {
	failed := map[string]string{}
	for name, result := range s.checkReady(ctx) {
		if result != "ok" {
			failed[name] = result
		}
	}
	if len(failed) == 0 {
		return nil
	}
	return failed
}

// checkReady runs every check at once, within ReadyTimeout.
func (s *Server) checkReady(ctx context.Context) map[string]string {
	ctx, cancel := context.WithTimeout(ctx, platform.OrDefault(s.ReadyTimeout, defaultReadyTimeout))
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
	return results
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

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) error {
	if err := s.Ping(r.Context()); err != nil {
		s.Logger.Error("health check failed", "err", err)
		platform.WriteJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "database": "down"})
		return nil
	}
	status := map[string]string{"status": "ok", "version": s.Version}
	if s.Seeding != nil && s.Seeding() {
		status["demo"] = "seeding"
	}
	platform.WriteJSON(w, http.StatusOK, status)
	return nil
}
