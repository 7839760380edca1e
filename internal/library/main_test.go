package library

import (
	"os"
	"testing"

	"github.com/musicify/musicify/internal/testserver"
)

// TestMain stops the PostgreSQL the store tests start and removes its
// files, which Pdeathsig alone would leave in the temp dir.
func TestMain(m *testing.M) {
	code := m.Run()
	testserver.StopPostgres()
	os.Exit(code)
}
