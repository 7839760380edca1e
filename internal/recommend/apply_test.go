package recommend

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

func songAdded(t *testing.T, seq uint64, id, artist string) musicify.Event {
	data, err := json.Marshal(musicify.SongData{Name: id, Artist: artist})
	if err != nil {
		t.Fatal(err)
	}
	return musicify.Event{Seq: seq, Type: musicify.EventSongAdded, SongID: id, UserID: "u-" + artist, Data: data}
}

// Events from the event log teach the engine as the calls did, and one it
// has already applied (a duplicate, or one its loaded state includes)
// changes nothing: a listen replayed is not a second listen.
func TestApplyingAnEventTwiceChangesNothing(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	e := New(func() time.Time { return at })
	apply := func(ev musicify.Event) {
		t.Helper()
		if err := e.Apply(ctx, ev); err != nil {
			t.Fatal(err)
		}
	}
	apply(songAdded(t, 1, "a", "x"))
	apply(songAdded(t, 2, "b", "y"))
	listen := musicify.Event{Seq: 3, Type: musicify.EventListened, UserID: "ann", SongID: "b", At: at}
	apply(listen)
	apply(musicify.Event{Seq: 4, Type: musicify.EventLiked, UserID: "bob", SongID: "a", At: at})
	apply(listen)
	apply(musicify.Event{Seq: 2, Type: musicify.EventListened, UserID: "ann", SongID: "b", At: at}) // older than applied
	if got := e.total[e.songIndex["b"]]; got != 1 {
		t.Fatalf("b has %v listens after a replay, want 1", got)
	}
	if top := e.Top(2); !slices.Equal(top, []string{"b"}) {
		t.Fatalf("top = %v", top)
	}

	// State loaded up to seq 10 already holds event 10.
	e.SetApplied(10)
	apply(musicify.Event{Seq: 10, Type: musicify.EventListened, UserID: "ann", SongID: "b", At: at})
	if got := e.total[e.songIndex["b"]]; got != 1 {
		t.Fatalf("b has %v listens, want the loaded 1", got)
	}
	apply(musicify.Event{Seq: 11, Type: musicify.EventSongRemoved, SongID: "b"})
	if got := e.total[e.songIndex["b"]]; got != 0 {
		t.Fatalf("b deleted keeps %v listens, as its rows do not", got)
	}
	if top := e.Top(2); slices.Contains(top, "b") {
		t.Fatalf("top after removing b = %v", top)
	}
}

// playlist.changed carries the playlist's songs; a playlist deleted has none.
func TestAPlaylistEventMakesThePlaylistAListenerOfItsSongs(t *testing.T) {
	ctx := context.Background()
	e := New(time.Now)
	for i, id := range []string{"a", "b"} {
		if err := e.Apply(ctx, songAdded(t, uint64(i+1), id, id)); err != nil {
			t.Fatal(err)
		}
	}
	members := func(seq uint64, songs ...string) {
		data, _ := json.Marshal(musicify.PlaylistData{Songs: songs})
		if err := e.Apply(ctx, musicify.Event{Seq: seq, Type: musicify.EventPlaylistChanged, PlaylistID: "p", Data: data}); err != nil {
			t.Fatal(err)
		}
	}
	members(3, "a", "b")
	if got := e.Similar("a", 5); !slices.Contains(got, "b") {
		t.Fatalf("similar to a = %v, want b (they share a playlist)", got)
	}
	members(4)
	if n := len(e.hist[e.listeners["p:p"]].entries); n != 0 {
		t.Fatalf("the deleted playlist still lists %d songs", n)
	}
}

// song.added carries the genre tag, which the content side reads.
func TestASongsGenreFromItsEventMakesItLikeOthersOfTheGenre(t *testing.T) {
	ctx := context.Background()
	e := New(time.Now)
	for i, s := range []struct{ id, genre string }{{"a", "shoegaze"}, {"b", "polka"}, {"c", "shoegaze"}} {
		data, _ := json.Marshal(musicify.SongData{Name: "Untitled", Artist: s.id, Genre: s.genre})
		if err := e.Apply(ctx, musicify.Event{Seq: uint64(i + 1), Type: musicify.EventSongAdded, SongID: s.id, Data: data}); err != nil {
			t.Fatal(err)
		}
	}
	if got := e.Similar("a", 1); !slices.Equal(got, []string{"c"}) {
		t.Fatalf("like a shoegaze song: %v", got)
	}
}

// song.analyzed brings a song's sound, as the store emits it after the
// features job: the song can be recommended by it at once.
func TestAnAnalyzedSongIsHeardAtOnce(t *testing.T) {
	e := New(time.Now)
	ctx := context.Background()
	if err := e.Apply(ctx, songAdded(t, 1, "a", "x")); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(musicify.SongAnalyzedData{Embedding: []float32{3, 4}})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Apply(ctx, musicify.Event{Seq: 2, Type: musicify.EventSongAnalyzed, SongID: "a", Data: data}); err != nil {
		t.Fatal(err)
	}
	if v := e.vecOf(e.songIndex["a"]); !slices.Equal(v, []float32{0.6, 0.8}) {
		t.Fatalf("the song's sound: %v", v)
	}
}
