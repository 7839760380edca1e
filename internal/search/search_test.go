package search_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/foreground"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/search"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
	"github.com/musicify/musicify/internal/testserver"
)

type world struct {
	t     *testing.T
	db    *sqlstore.DB
	s     *search.Service
	users map[string]*musicify.User
	songs map[string]string // name → id
}

func TestMain(m *testing.M) {
	code := m.Run()
	testserver.StopPostgres()
	os.Exit(code)
}

func newWorld(t *testing.T, open storetest.Opener) *world {
	t.Helper()
	db := open(t)
	return &world{t: t, db: db, users: map[string]*musicify.User{}, songs: map[string]string{},
		s: &search.Service{Index: db, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}}
}

func (w *world) user(name string) *musicify.User {
	if u := w.users[name]; u != nil {
		return u
	}
	u := &musicify.User{Username: name, Email: name + "@example.com"}
	if err := w.db.CreateUser(context.Background(), u); err != nil {
		w.t.Fatal(err)
	}
	w.users[name] = u
	return u
}

func (w *world) song(name, artist string, views int) string {
	w.t.Helper()
	u := w.user(artist)
	id := musicify.NewID()
	s := &musicify.Song{ID: id, Name: name, UserID: u.ID, Format: "mp3", Size: 1, SHA256: id, AudioKey: "k/" + id, Count: int64(views)}
	if err := w.db.CreateSong(context.Background(), s); err != nil {
		w.t.Fatal(err)
	}
	w.songs[name] = id
	return id
}

func (w *world) find(kind, q string) []string {
	w.t.Helper()
	ids, err := w.s.Find(context.Background(), kind, q, 10)
	if err != nil {
		w.t.Fatalf("Find(%q): %v", q, err)
	}
	return ids
}

func (w *world) names(ids []string) []string {
	var out []string
	for _, id := range ids {
		for name, sid := range w.songs {
			if sid == id {
				out = append(out, name)
			}
		}
	}
	return out
}

func catalog(t *testing.T, open storetest.Opener) *world {
	w := newWorld(t, open)
	w.song("Yellow Submarine", "the-beetles", 50)
	w.song("Submarine Blues", "deep-sea", 3)
	w.song("Midnight Harbour", "neon-harbor", 20)
	w.song("Harbour Lights", "paper-moons", 5)
	w.song("Café Society", "paris-trio", 7)
	w.song("Déjà Vu", "paris-trio", 2)
	w.song("Blue Moon", "old-crooner", 1)
	w.song("Blue Monday", "synth-club", 40)
	w.song("Moonlight", "blue-note", 100) // "blue" only in the artist's name
	return w
}

func TestSearchFindsWhatPeopleType(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		w := catalog(t, open)
		for _, tc := range []struct {
			query string
			first string
		}{
			{"submar", "Yellow Submarine"},           // a prefix, the popular one first
			{"Submarine blues", "Submarine Blues"},   // both words must match
			{"submarene", "Yellow Submarine"},        // a typo
			{"midnite harbor", "Midnight Harbour"},   // two typos
			{"harbour midnight", "Midnight Harbour"}, // any order
			{"HARBOUR MID", "Midnight Harbour"},      // case, and a prefix on the last word
			{"cafe", "Café Society"},                 // diacritics folded
			{"DÉJÀ", "Déjà Vu"},                      // both ways
			{"deja vu", "Déjà Vu"},                   //
			{"neon", "Midnight Harbour"},             // the artist's name
			{"yelow submarin", "Yellow Submarine"},   // typos in every word
		} {
			got := w.names(w.find(musicify.KindSong, tc.query))
			if len(got) == 0 || got[0] != tc.first {
				t.Errorf("%q: got %v, want %q first", tc.query, got, tc.first)
			}
		}
	})
}

// Titles spell "and" as a word, '&' or '+', and people type any of them:
// each finds the others, on each store's index.
func TestAndAmpersandAndPlusFindEachOther(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		w := newWorld(t, open)
		w.song("Smoke & Honey", "amber-lane", 1)
		w.song("Salt and Vinegar", "amber-lane", 1)
		w.song("Rock+Roll Heart", "amber-lane", 1)
		w.song("Smoke Signals", "amber-lane", 1)
		for _, tc := range []struct{ query, want string }{
			{"smoke and honey", "Smoke & Honey"},
			{"Smoke AND Honey", "Smoke & Honey"},
			{"smoke + honey", "Smoke & Honey"},
			{"smoke & honey", "Smoke & Honey"},
			{"salt & vinegar", "Salt and Vinegar"},
			{"salt + vinegar", "Salt and Vinegar"},
			{"salt and vinegar", "Salt and Vinegar"},
			{"rock and roll", "Rock+Roll Heart"},
			{"rock & roll heart", "Rock+Roll Heart"},
		} {
			if got := w.names(w.find(musicify.KindSong, tc.query)); !slices.Equal(got, []string{tc.want}) {
				t.Errorf("%q: got %v, want just %q", tc.query, got, tc.want)
			}
		}
	})
}

func TestRankingIsRelevanceThenPopularity(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		w := catalog(t, open)
		got := w.names(w.find(musicify.KindSong, "blue"))
		// Titles outweigh artist names; among titles, the more played first.
		if strings.Join(got, ",") != "Blue Monday,Submarine Blues,Blue Moon,Moonlight" {
			t.Fatalf("blue: %v", got)
		}
		if got := w.names(w.find(musicify.KindSong, "submarine")); strings.Join(got, ",") != "Yellow Submarine,Submarine Blues" {
			t.Fatalf("submarine: %v", got)
		}
	})
}

func TestBroadWordsRankMatchingNamesByPopularity(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		w := catalog(t, open)
		w.song("Bluebirds Over The Long Quiet Evening Road", "roadie", 500)
		find := func(q string, n int) string {
			ids, err := w.s.Find(context.Background(), musicify.KindSong, q, n)
			if err != nil {
				t.Fatalf("Find(%q): %v", q, err)
			}
			return strings.Join(w.names(ids), ",")
		}
		// By relevance, the long title that merely starts with "blu" is behind
		// the short ones, however often it is played.
		if got := find("blu", 3); got != "Blue Monday,Submarine Blues,Blue Moon" {
			t.Fatalf("blu by relevance: %v", got)
		}
		twoWords := find("blue mo", 3)
		w.s.BroadMatches = 3 // "blu" starts words of five songs: broad
		if got := find("blu", 3); got != "Bluebirds Over The Long Quiet Evening Road,Blue Monday,Submarine Blues" {
			t.Fatalf("blu when broad: %v", got)
		}
		// Fewer names match than asked for: the artist's name counts too, by relevance.
		if got := find("blu", 10); !strings.HasSuffix(got, ",Moonlight") || strings.Count(got, ",") != 4 {
			t.Fatalf("blu, ten asked for: %v", got)
		}
		// Two words narrow each other down, so relevance decides.
		if got := find("blue mo", 3); got != twoWords {
			t.Fatalf("blue mo: %v", got)
		}
	})
}

func TestQueriesCannotReachTheDatabaseUnescaped(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		w := catalog(t, open)
		for _, q := range []string{
			`"`, `*`, `"blue`, `blue"*`, `OR`, `blue OR moon`, `NEAR(blue moon)`, `blue AND`, `name:blue`,
			`'); DROP TABLE songs; --`, `a" OR "b`, `^blue`, `{name}: blue`, `-blue`, `(((`, "\x00", strings.Repeat("x", 5000),
		} {
			if _, err := w.s.Find(context.Background(), musicify.KindSong, q, 10); err != nil {
				t.Errorf("%q: %v", q, err)
			}
		}
		// Operators are words like any other: "blue OR moon" needs both words.
		if got := w.names(w.find(musicify.KindSong, "blue OR moon")); len(got) != 0 {
			t.Errorf("OR acted as an operator: %v", got)
		}
		if songs, err := w.db.Songs(context.Background()); err != nil || len(songs) != 9 {
			t.Fatalf("songs after the attempts: %d %v", len(songs), err)
		}
		if got := w.find(musicify.KindSong, "  ...  "); len(got) != 0 {
			t.Errorf("punctuation only: %v", got)
		}
	})
}

func TestTheIndexFollowsWrites(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		w := catalog(t, open)
		ctx := context.Background()
		if got := w.find(musicify.KindSong, "zeppelin"); len(got) != 0 {
			t.Fatalf("before: %v", got)
		}
		id := w.song("Zeppelin Dreams", "sky", 0)
		if got := w.find(musicify.KindSong, "zeppel"); len(got) != 1 || got[0] != id {
			t.Fatalf("a new song is not found at once: %v", got)
		}
		// Typos reach a new word at the next search: the word list follows writes.
		if got := w.find(musicify.KindSong, "zepelin"); len(got) != 1 || got[0] != id {
			t.Fatalf("a typo of a new word is not corrected at once: %v", got)
		}
		if err := w.db.DeleteSong(ctx, id); err != nil {
			t.Fatal(err)
		}
		if got := w.find(musicify.KindSong, "zeppelin"); len(got) != 0 {
			t.Fatalf("a deleted song is still found: %v", got)
		}
		p := &musicify.Playlist{Name: "Road Trip Anthems", UserID: w.user("sky").ID}
		if err := w.db.CreatePlaylist(ctx, p); err != nil {
			t.Fatal(err)
		}
		if got := w.find(musicify.KindPlaylist, "anthem road"); len(got) != 1 || got[0] != p.ID {
			t.Fatalf("playlist: %v", got)
		}
		name := "Night Drive"
		if err := w.db.UpdatePlaylist(ctx, p.ID, musicify.PlaylistEdit{Name: &name}); err != nil {
			t.Fatal(err)
		}
		if got := w.find(musicify.KindPlaylist, "anthem"); len(got) != 0 {
			t.Fatalf("the old name is still found: %v", got)
		}
		if got := w.find(musicify.KindPlaylist, "night"); len(got) != 1 {
			t.Fatalf("the new name is not found: %v", got)
		}
		if got := w.find(musicify.KindUser, "paris tri"); len(got) != 1 || got[0] != w.user("paris-trio").ID {
			t.Fatalf("users: %v", got)
		}
	})
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"Déjà Vu!":      "deja vu",
		"neon-harbor":   "neon harbor",
		"  AC/DC  ":     "ac dc",
		"Smoke & Honey": "smoke honey",
		// "and", '&' and '+' join words the same way: none is a word.
		"Smoke and Honey":      "smoke honey",
		"smoke AND honey":      "smoke honey",
		"Smoke+Honey":          "smoke honey",
		"Rock & Roll, Baby!":   "rock roll baby",
		"Andromeda and Anders": "andromeda anders", // only the word itself
		"and":                  "and",              // all there is: kept
		"& and +":              "and",
		"a and b and c and d and e and f and g and h and i": "a b c d e f g h",
		"Ünïcödé 2000": "unicode 2000",
		"東京 ナイト":       "東京 ナイト",
		"":             "",
	} {
		if got := strings.Join(search.Fold(in), " "); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

// versions counts the index's version reads, one round trip each.
type versions struct {
	musicify.SearchIndex
	reads int
}

func (v *versions) Version(ctx context.Context, kind string) (uint64, error) {
	v.reads++
	return v.SearchIndex.Version(ctx, kind)
}

// A search with a typo asked the index for its version three times (the
// broad check, the correction, the broad check of the corrected words): on
// PostgreSQL each is a round trip. One read serves the whole search.
func TestASearchReadsTheWordListVersionOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		w := newWorld(t, open)
		w.song("Harbour Lights", "ann", 3)
		counted := &versions{SearchIndex: w.db}
		w.s.Index = counted
		ids, err := w.s.Find(context.Background(), musicify.KindSong, "habrour", 10)
		if err != nil || len(ids) != 1 || ids[0] != w.songs["Harbour Lights"] {
			t.Fatalf("habrour: %v, %v", ids, err)
		}
		if counted.reads != 1 {
			t.Errorf("one search read the version %d times", counted.reads)
		}
	})
}

// heldTerms holds SearchTerms while hold is set, until release is closed,
// counts the reads, and makes each take slow on the test's clock.
type heldTerms struct {
	musicify.SearchIndex
	mu      sync.Mutex
	release chan struct{}
	loads   int
	slow    func() // called in each read: a clock moving on
}

func (h *heldTerms) hold() chan struct{} {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.release = make(chan struct{})
	return h.release
}

func (h *heldTerms) reads() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.loads
}

func (h *heldTerms) SearchTerms(ctx context.Context, kind string) ([]musicify.IndexWord, error) {
	h.mu.Lock()
	wait, slow := h.release, h.slow
	h.loads++
	h.mu.Unlock()
	if wait != nil {
		<-wait
	}
	if slow != nil {
		slow()
	}
	return h.SearchIndex.SearchTerms(ctx, kind)
}

// A library import writes a batch every fraction of a second: searches must
// not each wait for the word list to be read again, nor read it again and
// again: a reload follows the last no sooner than reloadGap, or ten times
// as long as it took. A lone write is still corrected by the very next search.
func TestStreamingWritesReloadTheWordListBehindSearches(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		w := newWorld(t, open)
		var clockMu sync.Mutex
		now := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
		w.s.Now = func() time.Time { clockMu.Lock(); defer clockMu.Unlock(); return now }
		advance := func(d time.Duration) { clockMu.Lock(); defer clockMu.Unlock(); now = now.Add(d) }
		held := &heldTerms{SearchIndex: w.db}
		w.s.Index = held
		w.song("Harbour Lights", "ann", 3)
		if got := w.find(musicify.KindSong, "habrour"); len(got) != 1 {
			t.Fatalf("habrour: %v", got)
		}
		// A lone write: the next search reloads first.
		zeppelin := w.song("Zeppelin Dreams", "ann", 0)
		if got := w.find(musicify.KindSong, "zepelin"); len(got) != 1 || got[0] != zeppelin {
			t.Fatalf("a typo of a new word after a lone write: %v", got)
		}

		// Another write a moment later: the search goes on with the list it
		// has, and reads no new one so soon after the last.
		advance(100 * time.Millisecond)
		loads := held.reads()
		w.song("Quixotic Waltz", "ann", 0)
		if got := w.find(musicify.KindSong, "quixotc"); len(got) != 0 || held.reads() != loads {
			t.Fatalf("right after a reload: found %v, %d reads", got, held.reads()-loads)
		}

		// A gap later the reload runs, behind the search: held, it cannot
		// have been waited for.
		advance(time.Second) // reloadGap
		release := held.hold()
		found := make(chan []string, 1)
		go func() {
			ids, _ := w.s.Find(context.Background(), musicify.KindSong, "quixotc", 10)
			found <- ids
		}()
		select {
		case got := <-found:
			if len(got) != 0 {
				t.Fatalf("a search during streaming writes waited for the new words: %v", got)
			}
		case <-time.After(20 * time.Second): // only if it waits on the held reload
			close(release)
			t.Fatal("a search during streaming writes waited for the reload")
		}
		if got := w.find(musicify.KindSong, "zepelin"); len(got) != 1 {
			t.Fatalf("the list it went on with lost older words: %v", got)
		}
		close(release)
		waitFor(t, "the reload behind the searches to bring the new word", func() bool {
			got := w.find(musicify.KindSong, "quixotc")
			return len(got) == 1
		})

		// A reload that took long spaces the next ones: this one takes 500
		// ms, so none follows for 5 s.
		held.mu.Lock()
		held.slow = func() { advance(500 * time.Millisecond) }
		held.mu.Unlock()
		advance(time.Second) // reloadGap
		w.song("Rhapsody Lane", "ann", 0)
		waitFor(t, "the slow reload", func() bool { return len(w.find(musicify.KindSong, "rapsody")) == 1 })
		held.mu.Lock()
		held.slow = nil
		held.mu.Unlock()
		loads = held.reads()
		advance(4 * time.Second)
		w.song("Saxophone Dusk", "ann", 0)
		if got := w.find(musicify.KindSong, "saxophne"); len(got) != 0 || held.reads() != loads {
			t.Fatalf("4 s after a reload that took 500 ms: found %v, %d reads", got, held.reads()-loads)
		}
		advance(time.Second)
		waitFor(t, "the reload 5 s after the slow one", func() bool { return len(w.find(musicify.KindSong, "saxophne")) == 1 })

		// Once writes pause for long enough, the next one is corrected at once again.
		advance(time.Minute)
		xylophone := w.song("Xylophone Nights", "ann", 0)
		if got := w.find(musicify.KindSong, "xylophne"); len(got) != 1 || got[0] != xylophone {
			t.Fatalf("a typo of a new word after a pause: %v", got)
		}
	})
}

// waitFor polls ok until it holds; the deadline only stops a hang.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for !ok() {
		select {
		case <-ctx.Done():
			t.Fatalf("waited in vain for %s", what)
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// A reload behind the searches is background work: it waits for one of the
// slots the server's background work shares (the scan holds them while it
// reads and writes), so it never takes the core the searches need.
func TestAReloadBehindSearchesWaitsForABackgroundSlot(t *testing.T) {
	w := newWorld(t, storetest.SQLite)
	var clockMu sync.Mutex
	now := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	w.s.Now = func() time.Time { clockMu.Lock(); defer clockMu.Unlock(); return now }
	held := &heldTerms{SearchIndex: w.db}
	w.s.Index = held
	w.s.Background = foreground.NewSlots(1)
	w.song("Harbour Lights", "ann", 3)
	w.find(musicify.KindSong, "habrour")
	w.song("Zeppelin Dreams", "ann", 0)
	w.find(musicify.KindSong, "zepelin") // a lone write: reloaded at once, no slot needed

	w.s.Background.Take(context.Background()) // the scan is reading
	clockMu.Lock()
	now = now.Add(time.Second)
	clockMu.Unlock()
	loads := held.reads()
	w.song("Quixotic Waltz", "ann", 0)
	if got := w.find(musicify.KindSong, "quixotc"); len(got) != 0 {
		t.Fatalf("found before the reload: %v", got)
	}
	for range 20 { // give a reload that did not wait every chance to run
		runtime.Gosched()
		time.Sleep(time.Millisecond)
	}
	if n := held.reads() - loads; n != 0 {
		t.Fatalf("%d reloads while every background slot was taken", n)
	}
	w.s.Background.Give()
	waitFor(t, "the reload once a slot was free", func() bool { return len(w.find(musicify.KindSong, "quixotc")) == 1 })
}
