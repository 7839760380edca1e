package recommend

import (
	"testing"
	"time"
)

// Each test here is a promise a random world once broke.

func TestArtistsGivesNoMoreThanAskedForEvenNone(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	e := fixture(&now)
	e.Listened("fan", "jazz0", now)
	for _, n := range []int{0, 1, 2} {
		if got := e.Artists("fan", n); len(got) != n {
			t.Errorf("Artists(fan, %d) = %q", n, got)
		}
	}
}
