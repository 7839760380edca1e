package recommend

import (
	"slices"
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

// Options.Heard keeps songs out however long ago they were played, also
// for someone whose history the engine holds nothing of (any more).
func TestSongsHeardStayOutForSomeoneWithNoHistoryToo(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name string
		user string
	}{
		{"a stranger", "stranger"},
		{"someone who liked a song and took it back", "fickle"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := fixture(&now)
			e.Liked("fickle", "metal0", now)
			e.Unliked("fickle", "metal0")
			heard := e.Top(3)
			got := e.ForUser(tc.user, 12, Options{Heard: heard})
			if len(got) != 12-len(heard) {
				t.Errorf("%d songs of the 12 not heard", len(got))
			}
			for _, id := range heard {
				if slices.Contains(got, id) {
					t.Errorf("%s was heard, yet recommended: %q", id, got)
				}
			}
		})
	}
}
