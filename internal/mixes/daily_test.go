package mixes_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/mixes"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
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

// crowds gives w a trained engine: two crowds each play their own songs
// together (n… and s…), which have no genre and share their two artists,
// so tags would group them by artist instead; the person played three of
// each, north the more.
func crowds(t *testing.T, w *world) {
	t.Helper()
	ctx := context.Background()
	engine := recommend.New(func() time.Time { return w.now })
	var artists []*musicify.User
	for _, name := range []string{"amber", "basil"} {
		u := &musicify.User{Username: name, Email: name + "@example.com"}
		if err := w.db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		artists = append(artists, u)
	}
	for i := range 6 {
		for _, crowd := range []string{"n", "s"} {
			id := fmt.Sprintf("%s%d", crowd, i)
			song := &musicify.Song{ID: id, Name: "Song " + id, UserID: artists[i%2].ID, Artist: artists[i%2].Username,
				Format: "mp3", Size: 1, SHA256: id, AudioKey: "k/" + id}
			if err := w.db.CreateSong(ctx, song); err != nil {
				t.Fatal(err)
			}
			engine.SongAdded(song)
		}
	}
	ts := recommend.NewTrainSet(w.now)
	for u := range 5 {
		for i := range 6 {
			if (u+i)%3 != 0 {
				ts.Add(fmt.Sprintf("u:north%d", u), fmt.Sprintf("n%d", i), recommend.ListenWeight)
				ts.Add(fmt.Sprintf("u:south%d", u), fmt.Sprintf("s%d", i), recommend.ListenWeight)
			}
		}
	}
	model, err := recommend.Train(ts, recommend.TrainConfig{})
	if err != nil {
		t.Fatal(err)
	}
	engine.SetModel(model)
	for song, plays := range map[string]int{"n0": 6, "s0": 5, "n1": 4, "s1": 3, "n2": 2, "s2": 1} {
		for i := range plays {
			w.listen(t, song, w.now.Add(-time.Hour+time.Duration(i)*time.Minute))
		}
	}
	w.svc.Recommender = engine
}

// The tastes are the learned model's: each mix holds one crowd's songs,
// the person's favourites of it and finds they never played, the same on
// another instance with the same listens.
func TestDailyMixesFollowWhatTheModelLearned(t *testing.T) {
	w := newWorld(t)
	crowds(t, w)
	ctx := context.Background()
	daily, err := w.svc.Daily(ctx, w.me)
	if err != nil || len(daily) != 2 {
		t.Fatalf("%d Daily Mixes (%v), want one a crowd: %+v", len(daily), err, daily)
	}
	seen := map[string]bool{}
	for i, crowd := range []string{"n", "s"} { // north is the more played
		m := daily[i]
		var favs, finds []string
		for k, id := range m.Songs {
			if !strings.HasPrefix(id, crowd) || seen[id] {
				t.Fatalf("mix %d mixes the crowds or repeats a song: %v", i+1, m.Songs)
			}
			seen[id] = true
			if m.Reasons[k].Reason == mixes.ReasonFavourite {
				favs = append(favs, id)
			} else {
				finds = append(finds, id)
			}
		}
		if want := []string{crowd + "0", crowd + "1", crowd + "2"}; !slices.Equal(favs, want) {
			t.Errorf("mix %d's favourites: %v, want %v", i+1, favs, want)
		}
		if len(finds) == 0 {
			t.Errorf("mix %d has no find: %v", i+1, m.Songs)
		}
		for _, id := range finds {
			if id[1] < '3' {
				t.Errorf("mix %d finds %s, which they played", i+1, id)
			}
		}
	}
	w2 := newWorld(t)
	crowds(t, w2)
	again, err := w2.svc.Daily(ctx, w2.me)
	if err != nil || !slices.EqualFunc(again, daily, func(a, b *musicify.Mix) bool { return slices.Equal(a.Songs, b.Songs) }) {
		t.Errorf("another instance: %v (%v), want %v", again, err, daily)
	}
}

// Where the model places some favourites, they make its tastes, whatever
// their genres, and the rest are grouped by their tags; a find joins a
// mix only when the model groups it with the mix's favourites or, unknown
// to the model, shares a favourite's genre.
func TestTheModelsTastesComeFirstAndTagsGroupTheRest(t *testing.T) {
	w := newWorld(t)
	tastes(t, w.db, w)
	// The model plays r1, r2, j1 and j2 together, j4 with j3 only, and r3
	// with none of them: r3 still finds company in its tag, with r4.
	w.recs.tastes = [][]string{{"r1", "r2", "j1", "j2"}, {"r3"}, {"j3", "j4"}}
	daily, err := w.svc.Daily(context.Background(), w.me)
	if err != nil || len(daily) != 2 {
		t.Fatalf("%d Daily Mixes (%v), want the model's taste and rock: %+v", len(daily), err, daily)
	}
	if !slices.Equal(daily[0].Songs, []string{"r1", "r2", "r5", "j1", "j2"}) {
		t.Errorf("the model's taste: %v", daily[0].Songs)
	}
	if !slices.Equal(daily[1].Songs, []string{"r3", "r4"}) {
		t.Errorf("rock by its tag: %v", daily[1].Songs)
	}
	songs, _ := w.db.SongsByIDs(context.Background(), daily[0].Songs)
	byID := map[string]*musicify.Song{}
	for _, s := range songs {
		byID[s.ID] = s
	}
	if got := mixes.TitleOf(daily[0], byID).Description; got != "Rock and Jazz · amber, basil and more" {
		t.Errorf("a taste of two genres is described as %q", got)
	}
}
