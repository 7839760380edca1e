package recommend

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// A song "A feat. B" is B's too: it is grouped under both artists, and a
// retag or removal takes it out of the groups it left.
func TestAFeaturedArtistGroupsTheSongUnderThemToo(t *testing.T) {
	now := time.Now()
	e := New(func() time.Time { return now })
	data, _ := json.Marshal(musicify.SongData{Name: "Duet", Artist: "Ana feat. Bo", Artists: []string{"Ana", "Bo"}})
	e.Apply(context.Background(), musicify.Event{Seq: 1, Type: musicify.EventSongAdded, SongID: "duet", UserID: "library", Data: data})
	e.SongAdded(&musicify.Song{ID: "bo-solo", UserID: "library", Artist: "Bo", Name: "Solo"})
	if got := fmt.Sprint(e.byArtist["Ana feat. Bo"], e.byArtist["Ana"], e.byArtist["Bo"]); got != "[0] [0] [0 1]" {
		t.Fatalf("groups: %s (%v)", got, e.byArtist)
	}
	// A listener of Bo's own song is offered the song Bo is featured on.
	e.Listened("fan", "bo-solo", now)
	if recs := e.ForUser("fan", 5, Options{}); !slices.Contains(recs, "duet") {
		t.Errorf("a fan of Bo got %v", recs)
	}
	e.SongAdded(&musicify.Song{ID: "duet", UserID: "library", Artist: "Ana", Name: "Duet"}) // retagged: Ana alone
	if _, ok := e.byArtist["Ana feat. Bo"]; ok || fmt.Sprint(e.byArtist["Bo"]) != "[1]" {
		t.Fatalf("groups after the retag: %v", e.byArtist)
	}
	e.SongRemoved("duet")
	if _, ok := e.byArtist["Ana"]; ok {
		t.Fatalf("groups after the removal: %v", e.byArtist)
	}
}
