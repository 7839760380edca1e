package assistant

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/bus"
	"github.com/musicify/musicify/internal/demo"
	"github.com/musicify/musicify/internal/demo/synth"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/search"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/testclock"
)

// demoWorld is a fresh server with the demo catalog: its 24 songs (rows
// as the seeder writes them, without rendering audio), their artists, a
// new listener with two playlists, and no listens at all.
type demoWorld struct {
	cat     *Catalog
	db      *sqlstore.DB
	me      *musicify.User
	songs   map[string]*musicify.Song // by title
	genreOf map[string]string         // title → the catalog's genre
	focus   *musicify.Playlist
	clock   *testclock.Clock
}

func newDemoWorld(t *testing.T) *demoWorld {
	t.Helper()
	ctx := context.Background()
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	clk := testclock.New(time.Now())
	engine := recommend.New(clk.Now)
	db.Events = &bus.Publisher{Local: []*bus.Follower{bus.NewFollower(db, 0, engine.Apply)}}
	w := &demoWorld{db: db, clock: clk, songs: map[string]*musicify.Song{}, genreOf: map[string]string{}, cat: &Catalog{
		Search: &search.Service{Index: db, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))},
		Songs:  db, Users: db, Playlists: db, Likes: db, History: db, Recommender: engine,
		Like: &recommend.Like{Engine: engine, Store: db},
	}}
	users := map[string]*musicify.User{}
	for _, spec := range synth.Catalog() {
		if users[spec.Artist] == nil {
			users[spec.Artist] = &musicify.User{Username: spec.Artist, Email: spec.Artist + "@example.com"}
			if err := db.CreateUser(ctx, users[spec.Artist]); err != nil {
				t.Fatal(err)
			}
		}
		id := musicify.NewID()
		s := &musicify.Song{ID: id, Name: spec.Title, UserID: users[spec.Artist].ID, Artist: spec.Artist, Format: "wav",
			Size: 1, SHA256: id, AudioKey: "k/" + id, Duration: 45, Text: demo.Description(spec)}
		if err := db.CreateSong(ctx, s); err != nil {
			t.Fatal(err)
		}
		w.songs[spec.Title], w.genreOf[spec.Title] = s, strings.ToLower(spec.Genre)
	}
	w.me = &musicify.User{Username: "newcomer", Email: "new@example.com"}
	if err := db.CreateUser(ctx, w.me); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Focus Flow", "Late Night Drive"} {
		p := &musicify.Playlist{Name: name, UserID: w.me.ID}
		if err := db.CreatePlaylist(ctx, p); err != nil {
			t.Fatal(err)
		}
		if name == "Focus Flow" {
			w.focus = p
		}
	}
	return w
}

// chat asks the built-in assistant, with the conversation so far.
func (w *demoWorld) chat(t *testing.T, text string, history ...Turn) *Answer {
	t.Helper()
	a, err := (&Builtin{Catalog: w.cat}).Chat(context.Background(), w.me, text, history, nil)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return a
}

// genres lists the genres of an action's songs, each once.
func (w *demoWorld) genres(t *testing.T, a Action) []string {
	t.Helper()
	var out []string
	for _, id := range a.Songs {
		for title, s := range w.songs {
			if s.ID == id && !slices.Contains(out, w.genreOf[title]) {
				out = append(out, w.genreOf[title])
			}
		}
	}
	slices.Sort(out)
	return out
}

// offersOnly checks that a's first action is of kind and holds songs of the
// wanted genres only, and at least one.
func (w *demoWorld) offersOnly(t *testing.T, a *Answer, kind string, want ...string) {
	t.Helper()
	if len(a.Actions) == 0 || a.Actions[0].Type != kind || len(a.Actions[0].Songs) == 0 {
		t.Fatalf("reply %q, actions %+v: want a %s action with songs", a.Reply, a.Actions, kind)
	}
	for _, g := range w.genres(t, a.Actions[0]) {
		if !slices.Contains(want, g) {
			t.Fatalf("reply %q: a %s song among %v, want only %v", a.Reply, g, w.genres(t, a.Actions[0]), want)
		}
	}
}

func TestTheIssuesExamplesGetUsefulAnswersOnAFreshDemoServer(t *testing.T) {
	w := newDemoWorld(t)
	t.Run("play something calm plays ambient and lo-fi", func(t *testing.T) {
		a := w.chat(t, "play something calm")
		w.offersOnly(t, a, "play", "ambient", "lo-fi")
		if !strings.Contains(a.Reply, "calm songs") || len(a.Actions) != 2 || a.Actions[1].Type != "create_playlist" {
			t.Fatalf("%q %+v", a.Reply, a.Actions)
		}
	})
	t.Run("a playlist of upbeat songs holds chiptune and synthwave", func(t *testing.T) {
		a := w.chat(t, "make me a playlist of upbeat songs")
		w.offersOnly(t, a, "create_playlist", "chiptune", "synthwave")
		if a.Actions[0].Name != "Upbeat Mix" || !strings.Contains(a.Reply, "I can make “Upbeat Mix”") {
			t.Fatalf("%q %+v", a.Reply, a.Actions[0])
		}
	})
	t.Run("who is an artist", func(t *testing.T) {
		a := w.chat(t, "who is neon harbor?")
		w.offersOnly(t, a, "play", "synthwave")
		if !strings.Contains(a.Reply, "Neon Harbor is an artist here with 4 songs of synthwave") {
			t.Fatalf("%q", a.Reply)
		}
	})
	t.Run("songs by a username", func(t *testing.T) {
		a := w.chat(t, "what songs do you have by neon-harbor?")
		w.offersOnly(t, a, "play", "synthwave")
		if !strings.Contains(a.Reply, "I have 4 songs by Neon Harbor") || len(a.Actions[0].Songs) != 4 {
			t.Fatalf("%q", a.Reply)
		}
	})
	t.Run("some jazz", func(t *testing.T) {
		w.offersOnly(t, w.chat(t, "I want to hear some jazz"), "play", "jazz")
	})
	t.Run("who sings a song", func(t *testing.T) {
		a := w.chat(t, "who sings Midnight Harbour")
		if !strings.Contains(a.Reply, "“Midnight Harbour” is by Neon Harbor (synthwave)") || a.Actions[0].Songs[0] != w.songs["Midnight Harbour"].ID {
			t.Fatalf("%q %+v", a.Reply, a.Actions)
		}
	})
	t.Run("recommendations on a fresh server are the newest songs", func(t *testing.T) {
		a := w.chat(t, "recommend me something")
		if !strings.Contains(a.Reply, "Nothing has been played yet, so here are the newest songs") || len(a.Actions[0].Songs) != 20 {
			t.Fatalf("%q %+v", a.Reply, a.Actions)
		}
	})
	t.Run("popular with no plays falls back to the newest", func(t *testing.T) {
		a := w.chat(t, "what is popular right now")
		if !strings.Contains(a.Reply, "Nothing has been played much yet, so here are the newest songs: “") || len(a.Actions[0].Songs) == 0 {
			t.Fatalf("%q %+v", a.Reply, a.Actions)
		}
	})
	t.Run("a 20-minute playlist for running says it is shorter", func(t *testing.T) {
		a := w.chat(t, "a 20-minute playlist for running")
		w.offersOnly(t, a, "create_playlist", "chiptune", "synthwave")
		if a.Actions[0].Name != "Running Mix (20 min)" || !strings.Contains(a.Reply, "not 20") {
			t.Fatalf("%q %+v", a.Reply, a.Actions[0])
		}
	})
	t.Run("a genre the catalog lacks names the genres it has", func(t *testing.T) {
		a := w.chat(t, "play some metal")
		if !strings.Contains(a.Reply, "I have no metal yet. The genres here are") || !strings.Contains(a.Reply, "jazz") {
			t.Fatalf("%q", a.Reply)
		}
	})
	t.Run("not understood suggests requests from this catalog", func(t *testing.T) {
		a := w.chat(t, "what's the capital of france")
		if !strings.Contains(a.Reply, "I'm not sure what you mean by “what is the capital of france”") || !strings.Contains(a.Reply, "songs by ") {
			t.Fatalf("%q", a.Reply)
		}
		// Half understood: it says which half.
		a = w.chat(t, "why jazz though")
		if !strings.Contains(a.Reply, "I understood jazz songs, but not what to do with them. Try “play jazz songs”") {
			t.Fatalf("%q", a.Reply)
		}
	})
}

func TestFollowUpsUseTheConversation(t *testing.T) {
	w := newDemoWorld(t)
	first := w.chat(t, "play something calm")
	history := []Turn{{Role: "user", Text: "play something calm"}, {Role: "assistant", Text: first.Reply}}
	calm := first.Actions[0].Songs

	t.Run("add them to a playlist by the start of its name", func(t *testing.T) {
		a := w.chat(t, "add them to Focus", history...)
		if len(a.Actions) != 1 || a.Actions[0].Type != "add_to_playlist" || a.Actions[0].PlaylistID != w.focus.ID ||
			!slices.Equal(a.Actions[0].Songs, calm) {
			t.Fatalf("%q %+v", a.Reply, a.Actions)
		}
	})
	t.Run("add them to a playlist that does not exist offers to make it", func(t *testing.T) {
		a := w.chat(t, "add them to rainy days", history...)
		if a.Actions[0].Type != "create_playlist" || a.Actions[0].Name != "Rainy Days" || !slices.Equal(a.Actions[0].Songs, calm) {
			t.Fatalf("%q %+v", a.Reply, a.Actions)
		}
	})
	t.Run("another one is a calm song not named yet", func(t *testing.T) {
		a := w.chat(t, "another one", history...)
		w.offersOnly(t, a, "play", "ambient", "lo-fi")
		for _, named := range quoted(first.Reply) {
			if strings.Contains(a.Reply, "“"+named+"”") {
				t.Fatalf("%q names %q again", a.Reply, named)
			}
		}
	})
	t.Run("more like that starts from the calm songs", func(t *testing.T) {
		a := w.chat(t, "more like that", history...)
		if len(a.Actions) == 0 || a.Actions[0].Type != "play" || !strings.Contains(a.Reply, "If you like that") {
			t.Fatalf("%q %+v", a.Reply, a.Actions)
		}
	})
	t.Run("with nothing before, add them asks what", func(t *testing.T) {
		if a := w.chat(t, "add them to Focus"); len(a.Actions) != 0 || !strings.Contains(a.Reply, "Add which songs?") {
			t.Fatalf("%q %+v", a.Reply, a.Actions)
		}
	})
}

func TestListeningHistoryAndCounts(t *testing.T) {
	w := newDemoWorld(t)
	ctx := context.Background()
	if a := w.chat(t, "what did I play last"); !strings.Contains(a.Reply, "You have not played anything yet.") || len(a.Actions) == 0 {
		t.Fatalf("before listening: %q %+v", a.Reply, a.Actions)
	}
	at := w.clock.Now().Add(-time.Hour)
	for i, title := range []string{"Glass Garden", "Library Cat", "Glass Garden", "Chrome Sunset"} {
		if _, err := w.db.AddView(ctx, w.songs[title].ID, w.me.ID, at.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	w.clock.Advance(2 * time.Second) // past the recommender's cache of the top songs
	a := w.chat(t, "what did i play last?")
	want := []string{w.songs["Chrome Sunset"].ID, w.songs["Glass Garden"].ID, w.songs["Library Cat"].ID}
	if !strings.HasPrefix(a.Reply, "You last played “Chrome Sunset” by Neon Harbor.") || !slices.Equal(a.Actions[0].Songs, want) {
		t.Fatalf("%q %+v", a.Reply, a.Actions)
	}
	if a := w.chat(t, "what's playing"); !strings.Contains(a.Reply, "I can't see it from here") || !strings.Contains(a.Reply, "Chrome Sunset") {
		t.Fatalf("%q", a.Reply)
	}
	for ask, reply := range map[string]string{
		"how many songs":                      "There are 24 songs by 6 artists here.",
		"how many artists are there":          "There are 6 artists here.",
		"how many songs by pixel parade":      "There are 4 songs by Pixel Parade here",
		"how many jazz songs do you have":     "There are 4 jazz songs here",
		"how do i listen offline?":            "Download for offline",
		"how do I connect a subsonic app":     "app password in Settings",
		"skip this song":                      "Skipping to the next song.",
		"which artists do you have":           "There are 6 artists here: ",
		"list all songs":                      "There are 24 songs here, the newest first",
		"shuffle everything":                  "Shuffling all 24 songs.",
		"popular songs (after these listens)": "Popular right now: “Glass Garden”",
	} {
		ask = strings.TrimSuffix(ask, " (after these listens)")
		if a := w.chat(t, ask); !strings.Contains(a.Reply, reply) {
			t.Errorf("%q: %q lacks %q", ask, a.Reply, reply)
		}
	}
}

// measured is audio analysis as package audiofeat will provide it: here a
// map, since that package is not merged yet.
type measured map[string]Features

func (m measured) SongFeatures(_ context.Context, songIDs []string) (map[string]Features, error) {
	out := map[string]Features{}
	for _, id := range songIDs {
		if f, ok := m[id]; ok {
			out[id] = f
		}
	}
	return out, nil
}

func TestTempoIsJudgedByMeasuredFeaturesWhenThereAreSome(t *testing.T) {
	w := newDemoWorld(t)
	a := w.chat(t, "play songs around 140 bpm")
	w.offersOnly(t, a, "play", "chiptune")
	if !strings.Contains(a.Reply, "Judged by genre") {
		t.Fatalf("without analysis the reply must say the tempo is a guess: %q", a.Reply)
	}
	// With the synthesised tempos measured, 140 BPM is the two chiptune
	// songs near it, and the reply no longer hedges.
	feats := measured{}
	for _, spec := range synth.Catalog() {
		feats[w.songs[spec.Title].ID] = Features{BPM: spec.Tempo, Energy: 0.5}
	}
	w.cat.Features = feats
	a = w.chat(t, "play songs around 140 bpm")
	got := []string{}
	for _, id := range a.Actions[0].Songs[:2] {
		for title, s := range w.songs {
			if s.ID == id {
				got = append(got, title)
			}
		}
	}
	slices.Sort(got)
	if strings.Contains(a.Reply, "Judged by genre") || fmt.Sprint(got) != "[Bubblegum Boss Fight Power-Up Picnic]" {
		t.Fatalf("%q: first %v", a.Reply, got)
	}
}
