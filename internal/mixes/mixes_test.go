package mixes_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/mixes"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/sqlstore"
)

// ranked is a recommender that answers what it was told, and records what
// it was asked to leave out.
type ranked struct {
	ids     []string
	heard   []string
	calls   int
	similar map[string][]string // songs like a song, for the Daily Mixes
	tastes  [][]string          // the model's groups; songs in none it cannot place
}

// Tastes answers the groups it was told, each of the songs asked that is in
// it, in the order asked.
func (r *ranked) Tastes(songIDs []string) (groups [][]string, unplaced []string) {
	placed := map[string]bool{}
	for _, t := range r.tastes {
		var g []string
		for _, id := range songIDs {
			if slices.Contains(t, id) && !placed[id] {
				g, placed[id] = append(g, id), true
			}
		}
		if g != nil {
			groups = append(groups, g)
		}
	}
	for _, id := range songIDs {
		if !placed[id] {
			unplaced = append(unplaced, id)
		}
	}
	return groups, unplaced
}

func (r *ranked) Similar(songID string, n int) []string {
	like := r.similar[songID]
	return like[:min(n, len(like))]
}

func (r *ranked) ForUserExplained(_ string, n int, opts recommend.Options) []recommend.Rec {
	r.heard, r.calls = opts.Heard, r.calls+1
	var out []recommend.Rec
	for _, id := range r.ids[:min(n, len(r.ids))] {
		out = append(out, recommend.Rec{ID: id, Reason: recommend.ReasonBecause, Seed: "liked"})
	}
	return out
}

type world struct {
	db   *sqlstore.DB
	me   *musicify.User
	now  time.Time
	recs *ranked
	svc  *mixes.Service
}

func newWorld(t *testing.T) *world {
	t.Helper()
	ctx := context.Background()
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	w := &world{db: db, now: time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC), recs: &ranked{}} // a Wednesday
	db.Now = func() time.Time { return w.now }                                                // songs are added at the world's time
	w.me = &musicify.User{Username: "ida", Email: "ida@example.com"}
	artist := &musicify.User{Username: "band", Email: "band@example.com"}
	for _, u := range []*musicify.User{w.me, artist} {
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range []string{"a", "b", "c", "d", "e", "f"} {
		if err := db.CreateSong(ctx, &musicify.Song{ID: id, Name: "Song " + id, UserID: artist.ID, Format: "mp3",
			Size: 1, SHA256: id, AudioKey: "k/" + id}); err != nil {
			t.Fatal(err)
		}
	}
	w.svc = &mixes.Service{Store: db, Recommender: w.recs, Songs: db, Now: func() time.Time { return w.now }}
	return w
}

func (w *world) listen(t *testing.T, song string, at time.Time) {
	t.Helper()
	if _, _, err := w.db.CountListen(context.Background(), song, w.me.ID, at, musicify.ListenRule{PerDay: 100}); err != nil {
		t.Fatal(err)
	}
}

func (w *world) mix(t *testing.T, kind string) []string {
	t.Helper()
	m, err := w.svc.Mix(context.Background(), w.me, kind)
	if err != nil {
		t.Fatal(err)
	}
	return m.Songs
}

// Discover Weekly holds only songs never played, however long ago, and
// stays the same all week while plays and the recommender change; the next
// Monday brings a new one.
func TestDiscoverWeeklyIsNeverPlayedSongsKeptForTheWeek(t *testing.T) {
	w := newWorld(t)
	w.listen(t, "a", w.now.AddDate(-1, 0, 0)) // a year ago: beyond any bounded history
	w.recs.ids = []string{"a", "b", "c"}
	if got := w.mix(t, mixes.DiscoverWeekly); !slices.Equal(got, []string{"b", "c"}) {
		t.Fatalf("Discover Weekly %v, want the never-played b and c", got)
	}
	if !slices.Contains(w.recs.heard, "a") {
		t.Errorf("the recommender was not told what was played: %v", w.recs.heard)
	}
	m, _ := w.svc.Mix(context.Background(), w.me, mixes.DiscoverWeekly)
	if m.Period != "2026-W48" || len(m.Reasons) != 2 || m.Reasons[0].Seed != "liked" {
		t.Errorf("the mix's week and reasons: %+v", m)
	}

	// Sunday night: new plays and a new ranking change nothing this week.
	w.now = time.Date(2026, 11, 29, 23, 0, 0, 0, time.UTC)
	w.listen(t, "d", w.now.Add(-time.Hour))
	w.recs.ids = []string{"e", "f"}
	calls := w.recs.calls
	if got := w.mix(t, mixes.DiscoverWeekly); !slices.Equal(got, []string{"b", "c"}) {
		t.Fatalf("Discover Weekly changed within the week: %v", got)
	}
	if w.recs.calls != calls {
		t.Errorf("the kept week's mix was ranked again: %d calls, %d before", w.recs.calls, calls)
	}
	// Monday: a new mix.
	w.now = time.Date(2026, 11, 30, 0, 30, 0, 0, time.UTC)
	if got := w.mix(t, mixes.DiscoverWeekly); !slices.Equal(got, []string{"e", "f"}) {
		t.Fatalf("the next week's Discover Weekly: %v", got)
	}
}

// With nothing to recommend, no week is spent on an empty mix.
func TestAnEmptyDiscoverWeeklyIsNotKept(t *testing.T) {
	w := newWorld(t)
	if got := w.mix(t, mixes.DiscoverWeekly); len(got) != 0 {
		t.Fatalf("%v", got)
	}
	w.recs.ids = []string{"b"}
	if got := w.mix(t, mixes.DiscoverWeekly); !slices.Equal(got, []string{"b"}) {
		t.Fatalf("the first songs to recommend waited for next week: %v", got)
	}
}

// On Repeat is the last 30 days' most played (twice at least); Repeat
// Rewind what was played often before them and not since.
func TestOnRepeatAndRepeatRewindReadTheListens(t *testing.T) {
	w := newWorld(t)
	month := w.now.AddDate(0, 0, -30)
	for i := range 3 {
		w.listen(t, "a", w.now.Add(-time.Duration(i+1)*time.Hour))
		w.listen(t, "c", month.AddDate(0, 0, -5).Add(time.Duration(i)*time.Hour))
	}
	for i := range 2 {
		w.listen(t, "b", w.now.AddDate(0, 0, -i-1))
		w.listen(t, "d", month.AddDate(0, -2, 0).Add(time.Duration(i)*time.Hour))
	}
	w.listen(t, "e", w.now.Add(-time.Hour))   // once: not on repeat
	w.listen(t, "f", month.AddDate(0, 0, -1)) // once long ago: no rewind
	w.listen(t, "d", month.AddDate(0, 0, -3)) // d: three times, all long ago
	if got := w.mix(t, mixes.OnRepeat); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("On Repeat %v, want a then b", got)
	}
	// Read afresh, but dated by its day: two looks in a day see one date.
	first, _ := w.svc.Mix(context.Background(), w.me, mixes.OnRepeat)
	w.now = w.now.Add(time.Minute)
	again, _ := w.svc.Mix(context.Background(), w.me, mixes.OnRepeat)
	if !first.Created.Equal(again.Created) || !first.Created.Equal(time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("On Repeat dated %v, then %v", first.Created, again.Created)
	}
	// Three plays each: the one played last before the month comes first.
	if got := w.mix(t, mixes.RepeatRewind); !slices.Equal(got, []string{"d", "c"}) {
		t.Errorf("Repeat Rewind %v, want d then c", got)
	}
	if _, err := w.svc.Mix(context.Background(), w.me, "daily-mix-9"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
		t.Errorf("an unknown mix: %v", err)
	}
}

// Release Radar is the new songs of the artists played, newest first.
func TestReleaseRadarHoldsNewSongsOfTheArtistsPlayed(t *testing.T) {
	w := newWorld(t)
	w.listen(t, "a", w.now.Add(-time.Hour))
	got := w.mix(t, mixes.ReleaseRadar)
	// Every song is the band's and new; the one played is there too.
	if len(got) != 6 || !slices.Contains(got, "a") {
		t.Fatalf("Release Radar %v", got)
	}
	w.now = w.now.AddDate(0, 2, 0) // two months on, nothing is new
	if got := w.mix(t, mixes.ReleaseRadar); len(got) != 0 {
		t.Fatalf("Release Radar of old songs: %v", got)
	}
}

// Discover Weekly comes on the person's own Monday: in Tokyo that is
// Sunday afternoon in UTC, and a mix read afresh is dated from their
// midnight.
func TestTheWeekAndTheDayAreThePersons(t *testing.T) {
	w := newWorld(t)
	w.me.TimeZone = "Asia/Tokyo"
	w.recs.ids = []string{"b"}
	if got := w.mix(t, mixes.DiscoverWeekly); !slices.Equal(got, []string{"b"}) {
		t.Fatalf("%v", got)
	}
	w.recs.ids = []string{"c"}
	w.now = time.Date(2026, 11, 29, 14, 30, 0, 0, time.UTC) // Sunday 23:30 in Tokyo
	if got := w.mix(t, mixes.DiscoverWeekly); !slices.Equal(got, []string{"b"}) {
		t.Fatalf("a new week before Monday in Tokyo: %v", got)
	}
	w.now = time.Date(2026, 11, 29, 15, 30, 0, 0, time.UTC) // Monday 00:30 in Tokyo, Sunday in UTC
	m, err := w.svc.Mix(context.Background(), w.me, mixes.DiscoverWeekly)
	if err != nil || !slices.Equal(m.Songs, []string{"c"}) || m.Period != "2026-W49" {
		t.Fatalf("Monday in Tokyo: %+v, %v", m, err)
	}

	w.listen(t, "a", w.now.Add(-time.Hour))
	w.listen(t, "a", w.now.Add(-2*time.Hour))
	m, err = w.svc.Mix(context.Background(), w.me, mixes.OnRepeat)
	tokyoMidnight := time.Date(2026, 11, 30, 0, 0, 0, 0, time.FixedZone("JST", 9*3600))
	if err != nil || !m.Created.Equal(tokyoMidnight) {
		t.Errorf("On Repeat dated %v (%v), want Tokyo's midnight %v", m.Created, err, tokyoMidnight)
	}
}
