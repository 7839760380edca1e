package recommend

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
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

// A small catalog's list ends with the person's liked and recent songs;
// none of them is there because it is like itself.
func TestNoSongIsExplainedByItself(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	e := New(func() time.Time { return now })
	vecs := map[string][]float32{"x": {1, 0, 0}, "s1": {0, 1, 0}, "s2": {0, 0, 1}, "s3": {0, -1, 0}, "s4": {0, 0, -1}}
	for _, id := range []string{"x", "s1", "s2", "s3", "s4"} {
		e.SongAdded(&musicify.Song{ID: id, UserID: "uploader"})
		e.SetFeatures(id, vecs[id])
	}
	e.Liked("me", "x", now)
	for i, id := range []string{"s1", "s2", "s3", "s4"} {
		e.Listened("me", id, now.Add(time.Duration(i+1)*time.Minute))
	}
	recs := e.ForUserExplained("me", 10, Options{})
	if !slices.ContainsFunc(recs, func(r Rec) bool { return r.ID == "x" }) {
		t.Fatalf("the liked song should end the short list: %+v", recs)
	}
	for _, r := range recs {
		if r.Seed == r.ID {
			t.Errorf("%s is recommended because it is like itself: %+v", r.ID, recs)
		}
	}
}

// When the list runs short, the person's liked and recent songs come after
// every other song, also those that only reaching for variety found.
func TestLikedAndRecentSongsComeAfterEveryOtherSong(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	e := New(func() time.Time { return now })
	for i := range 3 {
		e.SongAdded(&musicify.Song{ID: fmt.Sprintf("a%d", i), Artist: "A", UserID: "uploader"})
		e.SongAdded(&musicify.Song{ID: fmt.Sprintf("c%d", i), Artist: "C", UserID: "uploader"})
	}
	e.SongAdded(&musicify.Song{ID: "lonely", Artist: "B", UserID: "uploader"}) // nobody played it
	for i, id := range []string{"a0", "a1", "a2", "c0", "c1", "c2"} {
		e.Listened("me", id, now.Add(time.Duration(i)*time.Minute))
	}
	got := e.ForUser("me", 10, Options{})
	if len(got) != 4 || got[0] != "lonely" {
		t.Fatalf("want the song not played first, then the three played a while ago: %q", got)
	}
}
