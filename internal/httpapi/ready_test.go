package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/musicify"
)

func TestReadyzChecksTheDatabaseAndStorage(t *testing.T) {
	var e *env
	e = newEnv(t, func(s *httpapi.Server) {
		s.Ready = []httpapi.ReadyCheck{
			{Name: "database", Check: func(ctx context.Context) error { return e.DB.Ping(ctx) }},
			{Name: "storage", Check: func(ctx context.Context) error { return e.Blobs.Ping(ctx) }},
		}
	})
	c := e.client()
	r := c.get("/readyz")
	if r.Status != http.StatusOK || r.Body["status"] != "ready" {
		t.Fatalf("GET /readyz = %d %s", r.Status, r.Raw)
	}
	if checks, _ := r.Body["checks"].(map[string]any); checks["database"] != "ok" || checks["storage"] != "ok" {
		t.Errorf("checks = %v, want database and storage ok", r.Body["checks"])
	}

	if err := e.DB.Close(); err != nil {
		t.Fatal(err)
	}
	e.Clock.Advance(time.Second) // past the reused answer
	r = c.get("/readyz")
	checks, _ := r.Body["checks"].(map[string]any)
	if r.Status != http.StatusServiceUnavailable || r.Body["status"] != "unavailable" || checks["database"] != "not answering" || checks["storage"] != "ok" {
		t.Fatalf("with the database closed: %d %s, want 503 naming the database", r.Status, r.Raw)
	}
}

func TestReadyzGivesACheckOwnReasonButNoDetails(t *testing.T) {
	e := newEnv(t, func(s *httpapi.Server) {
		s.Ready = []httpapi.ReadyCheck{
			{Name: "bus", Check: func(context.Context) error {
				return musicify.Errorf(musicify.EUNAVAILABLE, "not connected to NATS")
			}},
			{Name: "storage", Check: func(ctx context.Context) error {
				<-ctx.Done() // a bucket that never answers
				return fmt.Errorf("reaching S3 bucket secret-bucket: %w", ctx.Err())
			}},
		}
		s.ReadyTimeout = 10 * time.Millisecond
	})
	r := e.client().get("/readyz")
	checks, _ := r.Body["checks"].(map[string]any)
	if r.Status != http.StatusServiceUnavailable || checks["bus"] != "not connected to NATS" || checks["storage"] != "timed out" {
		t.Fatalf("GET /readyz = %d %s", r.Status, r.Raw)
	}
	if strings.Contains(r.Raw, "secret-bucket") {
		t.Errorf("/readyz shows a check's details: %s", r.Raw)
	}
}

func TestAFloodOfProbesRunsTheChecksOnceASecond(t *testing.T) {
	var runs atomic.Int32
	e := newEnv(t, func(s *httpapi.Server) {
		s.Ready = []httpapi.ReadyCheck{{Name: "storage", Check: func(context.Context) error {
			runs.Add(1)
			return nil
		}}}
	})
	c := e.client()
	for range 20 {
		expect(t, c.get("/readyz"), http.StatusOK, "")
	}
	if n := runs.Load(); n != 1 {
		t.Fatalf("20 probes within a second ran the checks %d times, want 1", n)
	}
	e.Clock.Advance(time.Second)
	expect(t, c.get("/readyz"), http.StatusOK, "")
	if n := runs.Load(); n != 2 {
		t.Fatalf("a probe a second later ran the checks %d times in all, want 2", n)
	}
}
