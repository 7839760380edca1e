package bench

import (
	"os"
	"testing"

	"github.com/musicify/musicify/internal/testserver"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testserver.StopPostgres()
	testserver.RemoveMusicify()
	os.Exit(code)
}
