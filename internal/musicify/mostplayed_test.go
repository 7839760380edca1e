package musicify

import (
	"slices"
	"testing"
)

// An artist's top songs come most played first, and songs played as often
// keep the order they came in (newest first, as the stores list them).
func TestMostPlayedKeepsTheOrderOfEquals(t *testing.T) {
	in := []*Song{{ID: "new", Count: 2}, {ID: "hit", Count: 9}, {ID: "old", Count: 2}, {ID: "quiet"}}
	var got []string
	for _, s := range MostPlayed(in) {
		got = append(got, s.ID)
	}
	if want := []string{"hit", "new", "old", "quiet"}; !slices.Equal(got, want) {
		t.Errorf("MostPlayed = %v, want %v", got, want)
	}
	if in[0].ID != "new" {
		t.Error("MostPlayed reordered the list it was given")
	}
}
