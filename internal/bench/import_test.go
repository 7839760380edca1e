package bench

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/testserver"
)

// The import bench runs end to end on the tiny generated library: the real
// scanner imports every file, the real runner does every job it queued,
// and every search succeeds.
func TestBenchImportImportsAndDrains(t *testing.T) {
	testserver.Slow(t, "runs a benchmark end to end")
	b := importBench{library: filepath.Join("..", "..", "testdata", "library"), songs: 300, workers: 1, conns: 2, d: 200 * time.Millisecond,
		drainFor: 3 * time.Minute} // ends the wait if the runner is broken; 24 jobs take seconds
	res, err := b.run()
	if err != nil {
		t.Fatal(err)
	}
	// One job a file: loudness and audio features from one decode, no rendition.
	if res.scan.Seen != 12 || res.scan.Added != 12 || res.queued != 12 || res.left != 0 {
		t.Errorf("the import saw %d files, added %d, queued %d jobs and left %d, want 12, 12, 12, 0",
			res.scan.Seen, res.scan.Added, res.queued, res.left)
	}
}
