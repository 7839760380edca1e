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
