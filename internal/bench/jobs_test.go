package bench

import (
	"testing"

	"github.com/musicify/musicify/internal/testserver"
)

// The background-work bench runs end to end on a small catalog: every
// search succeeds and every queued job is done with real ffmpeg.
func TestBenchJobsDrainsItsQueue(t *testing.T) {
	testserver.Slow(t, "runs a benchmark end to end")
	if code := benchJobs([]string{"--songs", "300", "--jobs", "8", "--for", "200ms", "--workers", "2"}); code != 0 {
		t.Fatalf("bench jobs exited with %d", code)
	}
}
