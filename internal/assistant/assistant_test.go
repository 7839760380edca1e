package assistant

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/bus"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/search"
	"github.com/musicify/musicify/internal/sqlstore"
)

// catalogWorld is a small real catalog: SQLite, its search index and the
// recommender, with two artists and some listening.
type catalogWorld struct {
	cat   *Catalog
	db    *sqlstore.DB
	me    *musicify.User
	songs map[string]string // name → id
}

func newCatalog(t *testing.T) *catalogWorld {
	t.Helper()
	ctx := context.Background()
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	engine := recommend.New(time.Now)
	db.Events = &bus.Publisher{Local: []*bus.Follower{bus.NewFollower(db, 0, engine.Apply)}}
	w := &catalogWorld{db: db, songs: map[string]string{}, cat: &Catalog{
		Search: &search.Service{Index: db, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))},
		Songs:  db, Users: db, Playlists: db, Recommender: engine,
		Like: &recommend.Like{Engine: engine, Store: db},
	}}
	user := func(name string) *musicify.User {
		u := &musicify.User{Username: name, Email: name + "@example.com"}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		return u
	}
	harbor, moons := user("neon-harbor"), user("paper-moons")
	w.me = user("listener")
	for _, s := range []struct {
		name string
		by   *musicify.User
	}{{"Midnight Harbour", harbor}, {"Chrome Sunset", harbor}, {"Velvet Highway", harbor}, {"Slow Snowfall", moons}, {"Glass Garden", moons}} {
		id := musicify.NewID()
		if err := db.CreateSong(ctx, &musicify.Song{ID: id, Name: s.name, UserID: s.by.ID, Artist: s.by.Username, Format: "mp3", Size: 1, SHA256: id, AudioKey: "k/" + id}); err != nil {
			t.Fatal(err)
		}
		w.songs[s.name] = id
	}
	// Fans of synthwave play the harbour songs together.
	for i := 0; i < 3; i++ {
		fan := user(fmt.Sprintf("fan%d", i))
		for _, n := range []string{"Midnight Harbour", "Chrome Sunset", "Velvet Highway"} {
			if _, err := db.AddView(ctx, w.songs[n], fan.ID, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
	}
	p := &musicify.Playlist{Name: "Road Trip", UserID: w.me.ID}
	if err := db.CreatePlaylist(ctx, p); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *catalogWorld) ask(t *testing.T, text string) *Answer {
	t.Helper()
	var streamed strings.Builder
	a, err := (&Builtin{Catalog: w.cat}).Chat(context.Background(), w.me, text, nil, func(d string) { streamed.WriteString(d) })
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	if streamed.String() != a.Reply {
		t.Errorf("%q: streamed %q, replied %q", text, streamed.String(), a.Reply)
	}
	return a
}

func TestTheBuiltInAssistantAnswersFromTheCatalog(t *testing.T) {
	w := newCatalog(t)
	for _, tc := range []struct {
		ask, reply, action, firstSong string
	}{
		{"Play midnite harbor", "Midnight Harbour", "play", "Midnight Harbour"},
		{"find slow snowfall please", "Slow Snowfall", "play", "Slow Snowfall"},
		{"songs by paper moons", "I have 2 songs by Paper Moons", "play", ""},
		{"Play something by Neon Harbor!", "3 songs by Neon Harbor", "play", ""},
		{"something like Midnight Harbour", "If you like “Midnight Harbour”", "play", ""},
		{"what's popular?", "Popular right now", "play", ""},
		{"recommend me something", "You might like", "play", ""},
		{"open my playlist road trip", "“Road Trip” has 0 songs", "open_playlist", ""},
		{"Make a playlist called night drive from songs by neon harbor", "I can make “Night Drive” with 3 songs", "create_playlist", ""},
		{"how do I upload a song?", "open Upload song", "", ""},
		{"How does the radio work", "Radio stations play one audio file", "", ""},
		{"how can I share a playlist", "share button", "", ""},
		{"hello", "Hello!", "", ""},
		{"what is the meaning of life", "I can play or find a song", "", ""},
		{"play xyzzyqqq", "I could not find a song like “xyzzyqqq”", "", ""},
	} {
		t.Run(tc.ask, func(t *testing.T) {
			a := w.ask(t, tc.ask)
			if !strings.Contains(a.Reply, tc.reply) {
				t.Fatalf("reply %q lacks %q", a.Reply, tc.reply)
			}
			if tc.action == "" {
				if len(a.Actions) != 0 {
					t.Fatalf("unexpected actions %+v", a.Actions)
				}
				return
			}
			if len(a.Actions) != 1 || a.Actions[0].Type != tc.action || a.Actions[0].Label == "" {
				t.Fatalf("actions %+v", a.Actions)
			}
			if tc.firstSong != "" && a.Actions[0].Songs[0] != w.songs[tc.firstSong] {
				t.Fatalf("first song %s, want %s", a.Actions[0].Songs[0], w.songs[tc.firstSong])
			}
		})
	}
	// Songs like a synthwave song are the other synthwave songs.
	a := w.ask(t, "more like chrome sunset")
	for _, id := range a.Actions[0].Songs[:2] {
		if id != w.songs["Midnight Harbour"] && id != w.songs["Velvet Highway"] {
			t.Errorf("like Chrome Sunset: %v", a.Actions[0].Songs)
		}
	}
	// The playlist made from an artist has exactly that artist's songs.
	a = w.ask(t, "create a playlist named Calm with songs by paper moons")
	if got := a.Actions[0]; got.Name != "Calm" || len(got.Songs) != 2 {
		t.Errorf("playlist action %+v", got)
	}
}

// fakeModel speaks the chat-completions protocol: it streams, asks for a
// tool, then answers with what the tool returned.
type fakeModel struct {
	mu       sync.Mutex
	requests []map[string]any
}

func (f *fakeModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v1/chat/completions" || r.Header.Get("Authorization") != "Bearer sk-test" {
		http.Error(w, "no", http.StatusUnauthorized)
		return
	}
	var req map[string]any
	json.NewDecoder(r.Body).Decode(&req)
	f.mu.Lock()
	f.requests = append(f.requests, req)
	n := len(f.requests)
	f.mu.Unlock()
	msgs := req["messages"].([]any)
	last := msgs[len(msgs)-1].(map[string]any)
	w.Header().Set("Content-Type", "text/event-stream")
	send := func(delta string) { fmt.Fprintf(w, "data: {\"choices\":[{\"delta\":%s}]}\n\n", delta) }
	switch {
	case n == 1: // look the song up, the call split over chunks as real servers do
		send(`{"tool_calls":[{"index":0,"id":"call_1","function":{"name":"search_songs","arguments":"{\"query\":"}}]}`)
		send(`{"tool_calls":[{"index":0,"function":{"arguments":"\"midnight harbour\"}"}}]}`)
	case n == 2: // offer to play what the tool found
		var found []map[string]string
		json.Unmarshal([]byte(last["content"].(string)), &found)
		send(`{"content":"Found it. "}`)
		send(fmt.Sprintf(`{"tool_calls":[{"index":0,"id":"call_2","function":{"name":"play_songs","arguments":"{\"song_ids\":[\"%s\"],\"label\":\"Play it\"}"}}]}`, found[0]["id"]))
	default:
		send(`{"content":"Enjoy “Midnight"}`)
		send(`{"content":" Harbour”!"}`)
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}

func TestAnOpenAICompatibleModelUsesTheCatalogThroughTools(t *testing.T) {
	w := newCatalog(t)
	model := &fakeModel{}
	srv := httptest.NewServer(model)
	defer srv.Close()
	o := &OpenAI{BaseURL: srv.URL + "/v1", Model: "llama3", APIKey: "sk-test", Catalog: w.cat}
	var streamed []string
	a, err := o.Chat(context.Background(), w.me, "play midnight harbour", []Turn{{Role: "user", Text: "hi"}, {Role: "assistant", Text: "Hello!"}},
		func(d string) { streamed = append(streamed, d) })
	if err != nil {
		t.Fatal(err)
	}
	if a.Reply != "Found it. Enjoy “Midnight Harbour”!" || strings.Join(streamed, "") != "Found it. Enjoy “Midnight Harbour”!" || len(streamed) != 3 {
		t.Fatalf("reply %q streamed %q", a.Reply, streamed)
	}
	if len(a.Actions) != 1 || a.Actions[0].Type != "play" || a.Actions[0].Label != "Play it" || a.Actions[0].Songs[0] != w.songs["Midnight Harbour"] {
		t.Fatalf("actions %+v", a.Actions)
	}
	first := model.requests[0]
	msgs := first["messages"].([]any)
	if first["model"] != "llama3" || first["stream"] != true || len(first["tools"].([]any)) != len(toolSpecs) ||
		!strings.Contains(msgs[0].(map[string]any)["content"].(string), "Musicify") || len(msgs) != 4 {
		t.Fatalf("first request: %v", first)
	}
	toolResult := model.requests[1]["messages"].([]any)
	if last := toolResult[len(toolResult)-1].(map[string]any); last["role"] != "tool" || last["tool_call_id"] != "call_1" ||
		!strings.Contains(last["content"].(string), "Midnight Harbour") {
		t.Fatalf("tool result sent back: %v", last)
	}
}

func TestAnUnreachableModelSaysSo(t *testing.T) {
	w := newCatalog(t)
	refusing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "overloaded", http.StatusServiceUnavailable)
	}))
	defer refusing.Close()
	for name, url := range map[string]string{
		"nothing listens": "http://127.0.0.1:1/v1",
		"it refuses":      refusing.URL,
	} {
		t.Run(name, func(t *testing.T) {
			o := &OpenAI{BaseURL: url, Model: "m", Catalog: w.cat}
			_, err := o.Chat(context.Background(), w.me, "hi", nil, nil)
			if musicify.ErrorCode(err) != musicify.EUNAVAILABLE || !strings.Contains(musicify.ErrorMessage(err), "could not be reached") {
				t.Fatalf("err = %v", err)
			}
		})
	}
	for name, body := range map[string]string{
		"not JSON":   "<html>gateway</html>",
		"no choices": `{"choices":[]}`,
	} {
		t.Run(name, func(t *testing.T) {
			odd := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, body) }))
			defer odd.Close()
			o := &OpenAI{BaseURL: odd.URL, Model: "m", Catalog: w.cat}
			_, err := o.Chat(context.Background(), w.me, "hi", nil, nil)
			if musicify.ErrorCode(err) != musicify.EUNAVAILABLE || !strings.Contains(musicify.ErrorMessage(err), "could not read") {
				t.Fatalf("err = %v", err)
			}
		})
	}
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-release }))
	defer slow.Close()
	defer close(release) // before Close, which waits for the handler
	o := &OpenAI{BaseURL: slow.URL, Model: "m", Catalog: w.cat, Timeout: 200 * time.Millisecond}
	if _, err := o.Chat(context.Background(), w.me, "hi", nil, nil); musicify.ErrorCode(err) != musicify.EUNAVAILABLE {
		t.Fatalf("a model that never answers: %v", err)
	}
}
