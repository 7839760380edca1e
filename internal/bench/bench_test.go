package bench

import (
	"testing"
	"time"

	"github.com/musicify/musicify/internal/testserver"
)

// The benchmark runs end to end on a small catalog on both stores, with
// the load on one instance and on two: what it prints is its figures, so
// this only checks that every request of it succeeded.
func TestBenchRunsOnSQLiteAndPostgres(t *testing.T) {
	small := []string{"--songs", "300", "--users", "20", "--interactions", "3000", "--requests", "20", "--load", "200ms", "--conns", "2"}
	for _, c := range []struct {
		name string
		args func(t *testing.T) []string
	}{
		{"sqlite", func(t *testing.T) []string { return append([]string{"--dir", t.TempDir()}, small...) }},
		{"postgres", func(t *testing.T) []string { return append([]string{"--database", testserver.Postgres(t)}, small...) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			if code := Main(c.args(t)); code != 0 {
				t.Fatalf("bench exited with %d", code)
			}
		})
	}
}

// Every event written on A reaches B's follower, through NATS or, without
// it, through the event log alone.
func TestBenchEventsReachTheOtherInstance(t *testing.T) {
	broker := testserver.NATSServer(t)
	for _, pubsub := range []string{broker.URL, ""} {
		t.Run("pubsub "+pubsub, func(t *testing.T) {
			if err := runBenchEvents(testserver.Postgres(t), pubsub, 30, 0, 20*time.Millisecond); err != nil {
				t.Fatal(err)
			}
		})
	}
}
