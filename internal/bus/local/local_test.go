package local_test

import (
	"testing"

	"github.com/musicify/musicify/internal/bus/bustest"
	"github.com/musicify/musicify/internal/bus/local"
	"github.com/musicify/musicify/internal/musicify"
)

func TestLocalBusKeepsTheContract(t *testing.T) {
	b := local.New()
	t.Cleanup(func() { _ = b.Close() })
	bustest.Run(t, bustest.Harness{New: func(*testing.T) musicify.Bus { return b }})
}
