package recommend

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// fixture is a small catalog: two tastes (jazz, metal) and their fans.
func fixture(now *time.Time) *Engine {
	e := New(func() time.Time { return *now })
	for i := 0; i < 6; i++ {
		e.SongAdded(&musicify.Song{ID: fmt.Sprintf("jazz%d", i), Artist: fmt.Sprintf("jazz-band-%d", i%3), UserID: "jazz-owner", Name: "smooth night saxophone"})
		e.SongAdded(&musicify.Song{ID: fmt.Sprintf("metal%d", i), Artist: fmt.Sprintf("metal-band-%d", i%3), UserID: "metal-owner", Name: "loud thunder guitar"})
	}
	for u := 0; u < 5; u++ {
		for i := 0; i < 6; i++ {
			if (u+i)%3 != 0 { // each fan played most of their genre
				e.Listened(fmt.Sprintf("jazzfan%d", u), fmt.Sprintf("jazz%d", i), *now)
				e.Listened(fmt.Sprintf("metalfan%d", u), fmt.Sprintf("metal%d", i), *now)
			}
		}
	}
	return e
}

func TestRecommendationsFollowTasteAndLeaveOutWhatWasJustPlayed(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	e := fixture(&now)
	e.Listened("newbie", "jazz0", now)
	e.Liked("newbie", "jazz1", now)
	recs := e.ForUser("newbie", 4, Options{})
	if len(recs) != 4 {
		t.Fatalf("recs: %v", recs)
	}
	for _, id := range recs[:3] {
		if !strings.HasPrefix(id, "jazz") {
			t.Errorf("a jazz listener got %v", recs)
		}
	}
	for _, id := range recs {
		if id == "jazz0" || id == "jazz1" {
			t.Errorf("just played or liked songs are recommended: %v", recs)
		}
	}
}

func TestLikedSongsComeLastRatherThanLeaveTheListShort(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	e := fixture(&now)
	for i := 0; i < 6; i++ {
		e.Liked("collector", fmt.Sprintf("jazz%d", i), now)
	}
	for i := 0; i < 5; i++ {
		e.Liked("collector", fmt.Sprintf("metal%d", i), now)
	}
	recs := e.ForUser("collector", 8, Options{})
	if len(recs) != 8 || recs[0] != "metal5" {
		t.Fatalf("the one song not liked first, then liked ones: %v", recs)
	}
	if got := e.ForUser("collector", 8, Options{ExcludeAll: true}); len(got) != 1 {
		t.Fatalf("evaluation still leaves out everything touched: %v", got)
	}
}

func TestAnInteractionChangesRecommendationsAtOnce(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	e := fixture(&now)
	e.Listened("convert", "metal0", now)
	before := e.ForUser("convert", 3, Options{})
	if !strings.HasPrefix(before[0], "metal") {
		t.Fatalf("before: %v", before)
	}
	now = now.Add(time.Minute)
	for i := 0; i < 4; i++ {
		e.Liked("convert", fmt.Sprintf("jazz%d", i), now)
	}
	after := e.ForUser("convert", 3, Options{})
	if !strings.HasPrefix(after[0], "jazz") {
		t.Fatalf("after liking jazz: %v", after)
	}
	// A new upload is recommended as soon as people play it.
	e.SongAdded(&musicify.Song{ID: "jazz-new", Artist: "jazz-band-9", Name: "smooth saxophone"})
	for u := 0; u < 5; u++ {
		e.Listened(fmt.Sprintf("jazzfan%d", u), "jazz-new", now)
	}
	if !contains(e.ForUser("convert", 5, Options{}), "jazz-new") {
		t.Fatal("a new song played by people of the same taste is not recommended")
	}
	// Deleted songs disappear.
	e.SongRemoved("jazz-new")
	if contains(e.ForUser("convert", 10, Options{}), "jazz-new") || contains(e.Top(50), "jazz-new") {
		t.Fatal("a deleted song is still recommended")
	}
}

func TestRecommendationsAreVaried(t *testing.T) {
	now := time.Now()
	e := New(func() time.Time { return now })
	for i := 0; i < 10; i++ {
		e.SongAdded(&musicify.Song{ID: fmt.Sprintf("a%d", i), Artist: "prolific"})
		e.SongAdded(&musicify.Song{ID: fmt.Sprintf("b%d", i), Artist: fmt.Sprintf("other%d", i)})
	}
	for u := 0; u < 4; u++ {
		for i := 0; i < 10; i++ {
			e.Listened(fmt.Sprintf("u%d", u), fmt.Sprintf("a%d", i), now) // strong: the same artist
			if i < 5 {
				e.Listened(fmt.Sprintf("u%d", u), fmt.Sprintf("b%d", i), now)
			}
		}
	}
	e.Listened("me", "a0", now)
	recs := e.ForUser("me", 10, Options{})
	n := 0
	for _, id := range recs {
		if strings.HasPrefix(id, "a") {
			n++
		}
	}
	if n > maxPerArtist {
		t.Fatalf("%d songs of one artist in the first ten: %v", n, recs)
	}
}

func TestNewcomersGetWhatIsPopularAndTopFavoursRecentListens(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	e := New(func() time.Time { return now })
	for _, id := range []string{"old-hit", "new-hit", "quiet"} {
		e.SongAdded(&musicify.Song{ID: id, Artist: id})
	}
	for i := 0; i < 10; i++ {
		e.Listened(fmt.Sprintf("x%d", i), "old-hit", now.Add(-60*24*time.Hour)) // two months ago
	}
	for i := 0; i < 4; i++ {
		e.Listened(fmt.Sprintf("y%d", i), "new-hit", now.Add(-time.Hour))
	}
	e.Listened("z", "quiet", now)
	if top := e.Top(3); fmt.Sprint(top) != "[new-hit old-hit quiet]" {
		t.Fatalf("top: %v", top)
	}
	if recs := e.ForUser("stranger", 2, Options{}); fmt.Sprint(recs) != "[new-hit old-hit]" {
		t.Fatalf("newcomer: %v", recs)
	}
}

func TestSimilarSongsAndArtists(t *testing.T) {
	now := time.Now()
	e := fixture(&now)
	sim := e.Similar("metal0", 3)
	if len(sim) != 3 || contains(sim, "metal0") {
		t.Fatalf("similar: %v", sim)
	}
	for _, id := range sim {
		if !strings.HasPrefix(id, "metal") {
			t.Errorf("more like a metal song: %v", sim)
		}
	}
	e.Listened("fan", "jazz0", now)
	artists := e.Artists("fan", 2)
	if len(artists) != 2 || !strings.HasPrefix(artists[0], "jazz-band") {
		t.Fatalf("artists: %v", artists)
	}
}

func TestPlaylistsTieTheirSongsTogether(t *testing.T) {
	now := time.Now()
	e := New(func() time.Time { return now })
	for _, id := range []string{"x", "y", "z", "w"} {
		e.SongAdded(&musicify.Song{ID: id, Artist: "artist-" + id})
	}
	e.PlaylistChanged("p1", []string{"x", "y"})
	e.PlaylistChanged("p2", []string{"x", "y", "z"})
	if sim := e.Similar("x", 1); fmt.Sprint(sim) != "[y]" {
		t.Fatalf("similar to x: %v", sim)
	}
	e.PlaylistChanged("p1", nil)
	e.PlaylistChanged("p2", []string{"x", "z"})
	if sim := e.Similar("x", 1); fmt.Sprint(sim) != "[z]" {
		t.Fatalf("after the playlists changed: %v", sim)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestATranscriptChangesWhatASongIsLike(t *testing.T) {
	now := time.Now()
	e := New(func() time.Time { return now })
	e.SongAdded(&musicify.Song{ID: "sea", Artist: "a", Name: "Untitled", Text: "ocean waves sailing harbour boats"})
	e.SongAdded(&musicify.Song{ID: "mystery", Artist: "b", Name: "Track 2"})
	e.SongAdded(&musicify.Song{ID: "desert", Artist: "c", Name: "Track 3", Text: "sand dunes camel heat"})
	if sim := e.Similar("sea", 3); contains(sim[:1], "mystery") {
		t.Fatalf("before its transcript: %v", sim)
	}
	e.SongAdded(&musicify.Song{ID: "mystery", Artist: "b", Name: "Track 2", Text: "harbour boats on ocean waves"})
	if sim := e.Similar("sea", 1); fmt.Sprint(sim) != "[mystery]" {
		t.Fatalf("after its transcript: %v", sim)
	}
	if n := len(e.byArtist["b"]); n != 1 {
		t.Fatalf("the song is listed %d times under its artist", n)
	}
}

func TestARenamedArtistTakesTheirSongsAlong(t *testing.T) {
	now := time.Now()
	e := New(func() time.Time { return now })
	e.SongAdded(&musicify.Song{ID: "s1", UserID: "u", Artist: "neon-harbor", Name: "One"})
	e.SongAdded(&musicify.Song{ID: "s2", UserID: "u", Artist: "neon-harbor", Name: "Two"})
	for range 2 { // the rename's events may be applied twice: once here, once replayed
		e.SongAdded(&musicify.Song{ID: "s1", UserID: "u", Artist: "Neon Harbor", Name: "One"})
	}
	if got := fmt.Sprint(e.byArtist["Neon Harbor"], e.byArtist["neon-harbor"]); got != "[0] [1]" {
		t.Fatalf("songs by artist after the rename: %s", got)
	}
	e.SongAdded(&musicify.Song{ID: "s2", UserID: "u", Artist: "Neon Harbor", Name: "Two"})
	if _, ok := e.byArtist["neon-harbor"]; ok || len(e.byArtist["Neon Harbor"]) != 2 {
		t.Fatalf("songs by artist after the rename: %v", e.byArtist)
	}
}
