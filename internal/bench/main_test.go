package bench

import (
	"testing"

	"github.com/musicify/musicify/internal/testserver"
)

func TestMain(m *testing.M) { testserver.Main(m) }
