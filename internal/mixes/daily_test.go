package mixes_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/mixes"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
)

// tastes is a listener with songs of several genres by several artists:
// rock (r1–r5, by amber and basil), jazz (j1–j4, by cobalt) and one folk
// song; r5 and j4 nobody played.
func tastes(t *testing.T, db *sqlstore.DB, w *world) {
	t.Helper()
	ctx := context.Background()
	artists := map[string]*musicify.User{}
	for _, name := range []string{"amber", "basil", "cobalt", "dune"} {
		u := &musicify.User{Username: name, Email: name + "@example.com"}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		artists[name] = u
	}
	for _, s := range []struct{ id, genre, by string }{
		{"r1", "Rock", "amber"}, {"r2", "Rock", "basil"}, {"r3", "Rock", "amber"}, {"r4", "Rock", "basil"}, {"r5", "Rock", "amber"},
		{"j1", "Jazz", "cobalt"}, {"j2", "Jazz", "cobalt"}, {"j3", "Jazz", "cobalt"}, {"j4", "Jazz", "cobalt"},
		{"f1", "Folk", "dune"},
	} {
		if err := db.CreateSong(ctx, &musicify.Song{ID: s.id, Name: "Song " + s.id, UserID: artists[s.by].ID, Genre: s.genre,
			Format: "mp3", Size: 1, SHA256: s.id, AudioKey: "k/" + s.id}); err != nil {
			t.Fatal(err)
		}
	}
	at := w.now.Add(-48 * time.Hour)
	for song, plays := range map[string]int{"r1": 5, "r2": 4, "r3": 3, "r4": 2, "j1": 3, "j2": 2, "j3": 1, "f1": 6} {
		for i := range plays {
			if _, _, err := db.CountListen(ctx, song, w.me.ID, at.Add(time.Duration(i)*time.Minute), musicify.ListenRule{PerDay: 100}); err != nil {
				t.Fatal(err)
			}
		}
	}
	w.recs.similar = map[string][]string{
		"r1": {"r2", "r5", "j4"}, // r2 was played: never a find
		"j1": {"j4", "r5"},       // r5 went to the rock mix already
		"f1": {"r5"},
	}
}

// One Daily Mix a taste, the most played taste first, each its favourites
// (two to a find) and finds nobody of them played; a taste of one song
// makes no mix. Named by place, described by genre and artists.
func TestDailyMixesAreOneATaste(t *testing.T) {
	w := newWorld(t)
	tastes(t, w.db, w)
	daily, err := w.svc.Daily(context.Background(), w.me)
	if err != nil {
		t.Fatal(err)
	}
	if len(daily) != 2 {
		t.Fatalf("%d Daily Mixes, want rock and jazz: %+v", len(daily), daily)
	}
	rock, jazz := daily[0], daily[1]
	if rock.Kind != "daily-mix-1" || !slices.Equal(rock.Songs, []string{"r1", "r2", "r5", "r3", "r4"}) {
		t.Errorf("rock: %s %v", rock.Kind, rock.Songs)
	}
	if jazz.Kind != "daily-mix-2" || !slices.Equal(jazz.Songs, []string{"j1", "j2", "j4", "j3"}) {
		t.Errorf("jazz: %s %v", jazz.Kind, jazz.Songs)
	}
	if r := rock.Reasons; len(r) != 5 || r[0].Reason != mixes.ReasonFavourite || r[2].Reason != "because" || r[2].Seed != "r1" {
		t.Errorf("rock's reasons: %+v", r)
	}
	songs, _ := w.db.SongsByIDs(context.Background(), rock.Songs)
	byID := map[string]*musicify.Song{}
	for _, s := range songs {
		byID[s.ID] = s
	}
	if got := mixes.TitleOf(rock, byID); got.Name != "Daily Mix 1" || got.Description != "Rock · amber and basil" {
		t.Errorf("rock's title: %+v", got)
	}
	// By its id, as the pages and apps ask; one not made today is not found.
	m, err := w.svc.Mix(context.Background(), w.me, "daily-mix-2")
	if err != nil || !slices.Equal(m.Songs, jazz.Songs) {
		t.Errorf("daily-mix-2: %+v, %v", m, err)
	}
	if _, err := w.svc.Mix(context.Background(), w.me, "daily-mix-3"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
		t.Errorf("a third Daily Mix: %v", err)
	}
}

// At most six, however many tastes.
func TestNoMoreThanSixDailyMixes(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	for g := range 8 {
		for i := range 2 {
			id := fmt.Sprintf("g%d-%d", g, i)
			if err := w.db.CreateSong(ctx, &musicify.Song{ID: id, Name: id, UserID: w.me.ID, Genre: fmt.Sprintf("Genre %d", g),
				Format: "mp3", Size: 1, SHA256: id, AudioKey: "k/" + id}); err != nil {
				t.Fatal(err)
			}
			w.listen(t, id, w.now.Add(-time.Hour))
		}
	}
	daily, err := w.svc.Daily(ctx, w.me)
	if err != nil || len(daily) != mixes.MaxDaily {
		t.Fatalf("%d Daily Mixes (%v), want %d", len(daily), err, mixes.MaxDaily)
	}
}

// Made once a day and kept for it: new plays and a new ranking change
// nothing until the person's next midnight; the same inputs make the same
// mixes, and a second instance on the same database shows the kept ones.
func TestDailyMixesAreKeptForTheDayAndTheSameEverywhere(t *testing.T) {
	w := newWorld(t)
	tastes(t, w.db, w)
	ctx := context.Background()
	first, err := w.svc.Daily(ctx, w.me)
	if err != nil || len(first) != 2 {
		t.Fatal(len(first), err)
	}

	// Another instance, and a fresh database with the same listens.
	other := &mixes.Service{Store: w.db, Recommender: &ranked{}, Songs: w.db, Now: func() time.Time { return w.now }}
	w2 := newWorld(t)
	tastes(t, w2.db, w2)
	for _, svc := range []*mixes.Service{other, w2.svc} {
		me := w.me
		if svc == w2.svc {
			me = w2.me
		}
		again, err := svc.Daily(ctx, me)
		if err != nil || len(again) != len(first) {
			t.Fatalf("%v, %v", again, err)
		}
		for i := range first {
			if !slices.Equal(again[i].Songs, first[i].Songs) || again[i].Kind != first[i].Kind {
				t.Errorf("mix %d: %v, want %v", i, again[i].Songs, first[i].Songs)
			}
		}
	}

	// Later today: plays and ranking change, the mixes do not.
	w.now = w.now.Add(10 * time.Hour) // 22:00 UTC
	w.listen(t, "j4", w.now.Add(-time.Minute))
	w.recs.similar = nil
	later, _ := w.svc.Daily(ctx, w.me)
	if len(later) != 2 || !slices.Equal(later[1].Songs, first[1].Songs) {
		t.Fatalf("changed within the day: %v", later)
	}
	// Tomorrow: made again, from today's plays and ranking: j4, played
	// now, is one of the favourites, and rock has no finds left.
	w.now = w.now.Add(3 * time.Hour)
	next, _ := w.svc.Daily(ctx, w.me)
	if len(next) != 2 || next[1].Period != "2026-11-26" || !slices.Equal(next[0].Songs, []string{"r1", "r2", "r3", "r4"}) ||
		next[1].Songs[2] != "j4" || next[1].Reasons[2].Reason != mixes.ReasonFavourite {
		t.Fatalf("the next day: %+v / %+v", next[0], next[1])
	}
}

// A newcomer with nothing played has no Daily Mix, and nothing is kept.
func TestNoDailyMixBeforeAnyPlays(t *testing.T) {
	w := newWorld(t)
	daily, err := w.svc.Daily(context.Background(), w.me)
	if err != nil || len(daily) != 0 {
		t.Fatalf("%v, %v", daily, err)
	}
}
