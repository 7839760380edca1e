package httpapi_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

func TestTheAssistantAnswersWithActions(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("zara", "zara@example.com", "secret1")
	id := c.song(t, "Midnight Harbour", "sine.mp3")
	expect(t, e.client().post("/api/assistant/chat", creds{"message": "hi"}), 401, "You are not signed in.")
	expect(t, c.post("/api/assistant/chat", creds{"message": "   "}), 400, "Please type a message.")
	expect(t, c.post("/api/assistant/chat", creds{"message": strings.Repeat("x", 4001)}), 400, "The message is too long: at most 4000 characters.")

	r := c.post("/api/assistant/chat", map[string]any{"message": "play midnite harbor", "history": []map[string]string{{"role": "user", "text": "hello"}}})
	if r.Status != 200 || !strings.Contains(r.Body["reply"].(string), "Midnight Harbour") {
		t.Fatalf("chat: %d %s", r.Status, r.Raw)
	}
	actions := r.Body["actions"].([]any)
	first := actions[0].(map[string]any)
	songs := first["songs"].([]any)
	if first["type"] != "play" || songs[0].(map[string]any)["_id"] != id || songs[0].(map[string]any)["audio"] == "" {
		t.Fatalf("action: %v", first)
	}

	// Streamed: deltas, then the whole answer.
	body, _ := json.Marshal(creds{"message": "how do I upload?"})
	req, _ := http.NewRequest("POST", e.URL+"/api/assistant/chat", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("content type %q", res.Header.Get("Content-Type"))
	}
	var events []string
	var done map[string]any
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		line := sc.Text()
		if name, ok := strings.CutPrefix(line, "event: "); ok {
			events = append(events, name)
		}
		if data, ok := strings.CutPrefix(line, "data: "); ok && events[len(events)-1] == "done" {
			_ = json.Unmarshal([]byte(data), &done)
		}
	}
	if strings.Join(events, ",") != "delta,done" || !strings.Contains(done["reply"].(string), "Upload song") {
		t.Fatalf("stream: %v %v", events, done)
	}
}

// The chat request carries the player's state; the answer carries the
// actions the app performs on it.
func TestTheAssistantReadsThePlayerItIsSent(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("yara", "yara@example.com", "secret1")
	id := c.song(t, "Midnight Harbour", "sine.mp3")
	player := func(p map[string]any) map[string]any {
		return map[string]any{"message": "what's playing?", "player": p}
	}
	ok := map[string]any{"song": id, "position": 3.5, "queue": []string{id}, "volume": 0.5, "repeat": "off", "shuffle": false}

	r := c.post("/api/assistant/chat", player(ok))
	if r.Status != 200 || !strings.Contains(r.Body["reply"].(string), "“Midnight Harbour”") {
		t.Fatalf("what's playing: %d %s", r.Status, r.Raw)
	}
	r = c.post("/api/assistant/chat", map[string]any{"message": "turn it up a bit", "player": ok})
	a := r.Body["actions"].([]any)[0].(map[string]any)
	if r.Status != 200 || a["type"] != "volume" || a["volume"] != 0.6 {
		t.Fatalf("volume: %d %s", r.Status, r.Raw)
	}
	for field, bad := range map[string]any{
		"player.volume": 1.5, "player.position": -1, "player.repeat": "twice", "player.queue": "x", "player.shuffle": "yes", "player.song": 7,
	} {
		p := map[string]any{}
		for k, v := range ok {
			p[k] = v
		}
		p[strings.TrimPrefix(field, "player.")] = bad
		if r := c.post("/api/assistant/chat", player(p)); r.Status != 400 || fieldOf(r) != field {
			t.Errorf("%s = %v: %d %s", field, bad, r.Status, r.Raw)
		}
	}
	if r := c.post("/api/assistant/chat", map[string]any{"message": "hi", "player": []int{1}}); r.Status != 400 || fieldOf(r) != "player" {
		t.Errorf("a player that is no object: %d %s", r.Status, r.Raw)
	}
}
