package assistant

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// scriptedModel speaks the chat-completions protocol and answers each
// request with the next of its rounds, keeping what it was sent.
type scriptedModel struct {
	mu       sync.Mutex
	rounds   []string // the SSE deltas of each answer, one JSON delta a line
	requests []map[string]any
}

func (m *scriptedModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req map[string]any
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), 400)
		return
	}
	m.mu.Lock()
	m.requests = append(m.requests, req)
	round := m.rounds[min(len(m.requests), len(m.rounds))-1]
	m.mu.Unlock()
	w.Header().Set("Content-Type", "text/event-stream")
	for _, delta := range strings.Split(round, "\n") {
		fmt.Fprintf(w, "data: {\"choices\":[{\"delta\":%s}]}\n\n", delta)
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}

// toolResults returns the tool messages of a request, by call id.
func toolResults(req map[string]any) map[string]string {
	out := map[string]string{}
	for _, m := range req["messages"].([]any) {
		msg := m.(map[string]any)
		if msg["role"] == "tool" {
			out[msg["tool_call_id"].(string)] = msg["content"].(string)
		}
	}
	return out
}

func TestTheModelSearchesByFeaturesAndMakesMoodPlaylists(t *testing.T) {
	w := newDemoWorld(t)
	model := &scriptedModel{rounds: []string{
		`{"tool_calls":[{"index":0,"id":"c1","function":{"name":"search_by_features","arguments":"{\"mood\":\"calm\"}"}}]}`,
		`{"tool_calls":[{"index":0,"id":"c2","function":{"name":"mood_playlist","arguments":"{\"mood\":\"running\",\"minutes\":3,\"name\":\"Run\"}"}}]}` + "\n" +
			`{"tool_calls":[{"index":1,"id":"c3","function":{"name":"search_by_features","arguments":"{\"mood\":\"grumpy\"}"}}]}` + "\n" +
			`{"tool_calls":[{"index":2,"id":"c4","function":{"name":"search_by_features","arguments":"{\"genre\":\"8-bit\",\"era\":\"the eighties\"}"}}]}`,
		`{"content":"Here is a calm start, and a running playlist."}`,
	}}
	srv := httptest.NewServer(model)
	defer srv.Close()
	o := &OpenAI{BaseURL: srv.URL + "/v1", Model: "m", Catalog: w.cat}
	a, err := o.Chat(context.Background(), w.me, "something calm, then a short running playlist", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The new tools are offered with their parameters.
	offered := map[string]map[string]any{}
	for _, tl := range model.requests[0]["tools"].([]any) {
		fn := tl.(map[string]any)["function"].(map[string]any)
		offered[fn["name"].(string)] = fn["parameters"].(map[string]any)["properties"].(map[string]any)
	}
	if offered["search_by_features"]["mood"] == nil || offered["mood_playlist"]["minutes"] == nil || offered["search_songs"] == nil {
		t.Fatalf("tools offered: %v", offered)
	}
	// The calm songs went back to the model as ambient and lo-fi songs.
	var calm []struct{ ID, Song, Artist string }
	if err := json.Unmarshal([]byte(toolResults(model.requests[1])["c1"]), &calm); err != nil || len(calm) == 0 {
		t.Fatalf("search_by_features result: %v %v", calm, err)
	}
	for _, s := range calm {
		if s.Artist != "paper-moons" && s.Artist != "sleepy-kettle" {
			t.Fatalf("%q by %s is not calm", s.Song, s.Artist)
		}
	}
	results := toolResults(model.requests[2])
	if !strings.Contains(results["c3"], "error: unknown mood; use one of calm, chill") {
		t.Fatalf("a mood the lexicon lacks: %q", results["c3"])
	}
	var chip []struct{ ID, Song, Artist string }
	if err := json.Unmarshal([]byte(results["c4"]), &chip); err != nil || len(chip) != 4 || chip[0].Artist != "pixel-parade" {
		t.Fatalf("8-bit from the eighties: %q", results["c4"])
	}
	// The mood playlist became the answer's action: about three minutes of
	// running songs (four songs of 45 s), named as the model asked.
	if a.Reply != "Here is a calm start, and a running playlist." || len(a.Actions) != 1 {
		t.Fatalf("answer %+v", a)
	}
	act := a.Actions[0]
	if act.Type != "create_playlist" || act.Name != "Run" || len(act.Songs) != 4 {
		t.Fatalf("action %+v", act)
	}
	w.offersOnly(t, a, "create_playlist", "chiptune", "synthwave")
}
