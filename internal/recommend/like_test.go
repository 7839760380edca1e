package recommend_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/sqlstore"
)

// ranking is an engine whose like songs are fixed, so a test can say
// what Like must make of them; it answers at most n, as the engine does.
type ranking map[string][]string

func (r ranking) Similar(songID string, n int) []string {
	list := r[songID]
	return slices.Clone(list[:min(n, len(list))])
}

// likeWorld is a real SQLite catalog holding songs of the given ids, each
// by an artist of its own.
func likeWorld(t *testing.T, ids ...string) *sqlstore.DB {
	t.Helper()
	ctx := context.Background()
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(t.TempDir(), "musicify.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	users := []*musicify.User{{ID: "u", Username: "u", Email: "u@example.com", CreatedAt: now}}
	var songs []*musicify.Song
	for _, id := range ids {
		songs = append(songs, &musicify.Song{ID: id, UserID: "u", Name: id, Artist: "by-" + id, Format: "mp3",
			Duration: 180, Size: 1, SHA256: id, AudioKey: "songs/" + id + "/original.mp3", Created: now})
	}
	if err := db.Import(ctx, users, songs, nil); err != nil {
		t.Fatal(err)
	}
	return db
}

func songIDs(list []*musicify.Song) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = s.ID
	}
	return out
}

func TestLikeSongsTakeTurnsBetweenSeedsAndNeverRepeatASeedOrASong(t *testing.T) {
	ctx := context.Background()
	db := likeWorld(t, "a", "b", "a1", "a2", "a3", "b1", "b2", "both")
	like := &recommend.Like{Store: db, Engine: ranking{
		"a": {"a1", "a2", "a3", "b", "both"},
		"b": {"b1", "both", "b2", "a"},
	}}
	got, err := like.Songs(ctx, []string{"a", "b"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	// By rank: a's best, b's best, a's second, b's second…: not all of a's
	// list before b's.
	if want := []string{"a1", "b1", "a2", "both", "a3"}; !slices.Equal(songIDs(got), want) {
		t.Fatalf("like a and b: %v, want %v", songIDs(got), want)
	}
	got, err = like.Songs(ctx, []string{"a", "b", "a"}, 50)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a1", "b1", "a2", "both", "a3", "b2"}; !slices.Equal(songIDs(got), want) {
		t.Fatalf("like a, b and a again, 50 asked: %v, want %v", songIDs(got), want)
	}
}

func TestLikeSongsDropSongsDeletedSinceTheEngineRankedThem(t *testing.T) {
	ctx := context.Background()
	db := likeWorld(t, "a", "b", "a1", "gone", "a2", "b1", "b2", "b3")
	// The engine still ranks "gone": it hears of the deletion later.
	like := &recommend.Like{Store: db, Engine: ranking{"a": {"a1", "gone", "a2"}, "b": {"b1", "b2", "b3"}}}
	if err := db.DeleteSong(ctx, "gone"); err != nil {
		t.Fatal(err)
	}
	got, err := like.Songs(ctx, []string{"a"}, 3)
	if err != nil || !slices.Equal(songIDs(got), []string{"a1", "a2"}) {
		t.Fatalf("like a: %v %v, want [a1 a2]", songIDs(got), err)
	}
	// With another seed's songs to spare, the next one takes its place.
	got, err = like.Songs(ctx, []string{"a", "b"}, 3)
	if err != nil || !slices.Equal(songIDs(got), []string{"a1", "b1", "b2"}) {
		t.Fatalf("like a and b: %v %v, want [a1 b1 b2]", songIDs(got), err)
	}
}

func TestLikeOfAnUnknownSongIsNotFound(t *testing.T) {
	ctx := context.Background()
	db := likeWorld(t, "a", "a1")
	like := &recommend.Like{Store: db, Engine: ranking{"a": {"a1"}}}
	if _, err := like.Songs(ctx, []string{"nope"}, 5); musicify.ErrorCode(err) != musicify.ENOTFOUND {
		t.Fatalf("like an unknown song: %v, want not found", err)
	}
	if _, err := like.Radio(ctx, "nope", 5); musicify.ErrorCode(err) != musicify.ENOTFOUND {
		t.Fatalf("radio from an unknown song: %v, want not found", err)
	}
	// A seed deleted meanwhile is passed over while another is left.
	if got, err := like.Songs(ctx, []string{"nope", "a"}, 5); err != nil || !slices.Equal(songIDs(got), []string{"a1"}) {
		t.Fatalf("like an unknown song and a: %v %v", songIDs(got), err)
	}
	// Nothing is like no song at all, which is not an error: an artist
	// may have no songs.
	if got, err := like.Songs(ctx, nil, 5); err != nil || got == nil || len(got) != 0 {
		t.Fatalf("like no songs: %v %v", got, err)
	}
}

func TestLikeRadioStartsWithTheSeedAndStepsToTheNearestSong(t *testing.T) {
	ctx := context.Background()
	db := likeWorld(t, "seed", "loud", "near", "gone", "mid", "unmeasured")
	for id, energy := range map[string]float64{"seed": 0.5, "loud": 0.95, "near": 0.55, "mid": 0.75} {
		f := &musicify.AudioFeatures{Version: 1, BPM: 120, Energy: energy, Embedding: []float32{1, 0}}
		if err := db.SetSongFeatures(ctx, id, f); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.DeleteSong(ctx, "gone"); err != nil {
		t.Fatal(err)
	}
	engine := ranking{"seed": {"unmeasured", "loud", "gone", "near", "mid"}}
	like := &recommend.Like{Store: db, Features: db, Engine: engine}
	got, err := like.Radio(ctx, "seed", 10)
	if want := []string{"seed", "near", "mid", "loud", "unmeasured"}; err != nil || !slices.Equal(songIDs(got), want) {
		t.Fatalf("radio: %v %v, want %v", songIDs(got), err, want)
	}
	if got, err := like.Radio(ctx, "seed", 2); err != nil || !slices.Equal(songIDs(got), []string{"seed", "near"}) {
		t.Fatalf("radio of 2: %v %v", songIDs(got), err)
	}
	// Without features the radio keeps the engine's order.
	like.Features = nil
	if got, err := like.Radio(ctx, "seed", 10); err != nil || !slices.Equal(songIDs(got), []string{"seed", "unmeasured", "loud", "near", "mid"}) {
		t.Fatalf("radio without features: %v %v", songIDs(got), err)
	}
}

// With one seed, Like answers the engine's own list as the store has it:
// the web and the assistant showed exactly that before Like existed.
func TestLikeOfOneSongIsTheEnginesListOfItsLiveSongs(t *testing.T) {
	ctx := context.Background()
	db, _ := sharedWorld(t)
	engine := recommend.New(func() time.Time { return time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC) })
	if err := engine.Load(ctx, db); err != nil {
		t.Fatal(err)
	}
	like := &recommend.Like{Engine: engine, Store: db, Features: db}
	for _, seed := range []string{"jazz0", "metal3"} {
		want, err := db.SongsByIDs(ctx, engine.Similar(seed, 4))
		if err != nil {
			t.Fatal(err)
		}
		got, err := like.Songs(ctx, []string{seed}, 4)
		if err != nil || len(got) == 0 || !slices.Equal(songIDs(got), songIDs(want)) {
			t.Fatalf("like %s: %v %v, want %v", seed, songIDs(got), err, songIDs(want))
		}
	}
}
