package recommend

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// coListened is an engine whose model learned two crowds: one plays the
// "north" songs together, the other the "south" ones, both a hit, and one
// person a song of each. Their artists and genres cut across the crowds,
// so tags alone would group them otherwise.
func coListened(t *testing.T) *Engine {
	t.Helper()
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	e := New(func() time.Time { return now })
	genres := []string{"Rock", "Jazz", ""}
	ts := NewTrainSet(now)
	e.SongAdded(&musicify.Song{ID: "hit", Artist: "star", UserID: "owner"})
	for i := range 6 {
		for _, side := range []string{"north", "south"} {
			e.SongAdded(&musicify.Song{ID: fmt.Sprintf("%s%d", side, i), Artist: fmt.Sprintf("band-%d", i%3),
				Genre: genres[i%3], UserID: "owner", Name: "song"})
		}
	}
	for u := range 5 {
		for i := range 6 {
			if (u+i)%3 != 0 { // each plays most of their crowd's songs
				ts.Add(fmt.Sprintf("u:northfan%d", u), fmt.Sprintf("north%d", i), weightListen)
				ts.Add(fmt.Sprintf("u:southfan%d", u), fmt.Sprintf("south%d", i), weightListen)
			}
		}
		ts.Add(fmt.Sprintf("u:northfan%d", u), "hit", weightListen)
	}
	for _, song := range []string{"north0", "south0", "hit"} {
		ts.Add("u:both", song, weightListen)
	}
	m, err := Train(ts, TrainConfig{})
	if err != nil {
		t.Fatal(err)
	}
	e.SetModel(m)
	return e
}

func TestTastesFollowWhatIsPlayedTogetherNotTheTags(t *testing.T) {
	e := coListened(t)
	e.SongAdded(&musicify.Song{ID: "fresh", Artist: "band-0", Genre: "Rock", UserID: "owner"}) // after the model
	favourites := []string{"south2", "north0", "north1", "fresh", "south0", "north3", "gone", "south4", "north1", "north5", "south5"}
	groups, unplaced := e.Tastes(favourites)
	want := [][]string{{"south2", "south0", "south4", "south5"}, {"north0", "north1", "north3", "north5"}}
	if !slices.EqualFunc(groups, want, slices.Equal) {
		t.Fatalf("groups %v, want %v", groups, want)
	}
	if !slices.Equal(unplaced, []string{"fresh", "gone"}) {
		t.Fatalf("unplaced %v, want the song newer than the model and the unknown one", unplaced)
	}
	// Asked again, and on another instance that numbers its songs otherwise.
	other := New(nil)
	for i := 5; i >= 0; i-- {
		for _, side := range []string{"south", "north"} {
			other.SongAdded(&musicify.Song{ID: fmt.Sprintf("%s%d", side, i), UserID: "owner"})
		}
	}
	other.SongAdded(&musicify.Song{ID: "fresh", UserID: "owner"})
	other.SetModel(e.Model())
	for _, engine := range []*Engine{e, e, other} {
		again, left := engine.Tastes(favourites)
		if !slices.EqualFunc(again, groups, slices.Equal) || !slices.Equal(left, unplaced) {
			t.Fatalf("asked again: %v %v, first %v %v", again, left, groups, unplaced)
		}
	}
}

func TestWithoutAModelNoSongIsPlaced(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	e := fixture(&now)
	groups, unplaced := e.Tastes([]string{"jazz0", "jazz1", "metal0"})
	if len(groups) != 0 || !slices.Equal(unplaced, []string{"jazz0", "jazz1", "metal0"}) {
		t.Fatalf("before any model: %v %v", groups, unplaced)
	}
}

// Two pairs, each alike within and a little across: two groups, as the
// weak links are below the threshold. (sim is used up.)
func TestAverageLinkageJoinsWhatIsAlikeOnAverageOnly(t *testing.T) {
	sim := [][]float64{
		{0, 0.9, 0.05, 0},
		{0.9, 0, 0, 0.05},
		{0.05, 0, 0, 0.5},
		{0, 0.05, 0.5, 0},
	}
	got := averageLinkage(sim, 0.1)
	if want := [][]int{{0, 1}, {2, 3}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("%v, want %v", got, want)
	}
}
