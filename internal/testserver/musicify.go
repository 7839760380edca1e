package testserver

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// built is the musicify binary, built once per test binary for the tests
// that run it as its own process: a real kill -9, a real memory high-water
// mark, a soak against the server as self-hosters run it.
var built struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// Musicify builds the musicify command once and returns its path. The
// tests that run it, like the benchmarks end to end, take seconds each:
// the fast tier (-short) skips them and keeps the in-process ones.
func Musicify(t testing.TB) string {
	t.Helper()
	Slow(t, "builds and runs the musicify binary")
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "musicify-bin-")
		if built.err != nil {
			return
		}
		built.path = filepath.Join(built.dir, "musicify")
		out, err := exec.Command("go", "build", "-o", built.path, "github.com/musicify/musicify/cmd/musicify").CombinedOutput()
		if err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
}

// Main runs a package's tests, then stops the servers they started and
// removes the binary Musicify built, and exits with the tests' code: the
// TestMain of a package whose tests run the binary.
func Main(m *testing.M) {
	code := m.Run()
	StopS3()
	StopPostgres()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// Slow skips t in -short mode, saying what it does that takes seconds.
func Slow(t testing.TB, does string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("%s: run without -short (make test does)", does)
	}
}
