package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"
)

// The offline queue's writes carry an Idempotency-Key: the same batch sent
// twice (an answer lost on the way, two tabs flushing one queue) is
// applied once, even where a repeat of the write itself would count again.
func TestAReplayedBatchOfOfflineWritesChangesNothing(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("oli", "oli@example.com", "secret1")
	s1 := songIn(c.upload(upload{name: "One", audio: readFixture(t, "audio", "sine.mp3")}))["_id"].(string)
	s2 := songIn(c.upload(upload{name: "Two", audio: readFixture(t, "audio", "chime-3s.mp3")}))["_id"].(string)
	list := c.post("/api/playlist/create", map[string]string{"name": "Offline"}).Body["playlist"].(map[string]any)["_id"].(string)

	type write struct {
		method, path string
		body         any
	}
	batch := []write{
		{"POST", "/api/view/increase", map[string]string{"song": s1}},
		{"POST", "/api/like/add", map[string]string{"song": s2}},
		{"PUT", "/api/playlist/add", map[string]string{"id": list, "songs": s1}},
		{"POST", "/api/like/add", map[string]string{"song": s1}},
		{"DELETE", "/api/like/" + s1, nil},
	}
	send := func(w write, key string) reply {
		t.Helper()
		var b []byte
		if w.body != nil {
			b, _ = json.Marshal(w.body)
		}
		req, _ := http.NewRequest(w.method, e.URL+w.path, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		if key != "" {
			req.Header.Set("Idempotency-Key", key)
		}
		return c.send(req)
	}
	state := func() string {
		t.Helper()
		listens := c.get("/api/songs/" + s1).Body["count"]
		var playlist []struct{ Songs []any }
		if r := c.get("/api/playlist/" + list); json.Unmarshal([]byte(r.Raw), &playlist) != nil || len(playlist) != 1 {
			t.Fatalf("the playlist: %s", r.Raw)
		}
		songs := playlist[0].Songs
		return fmt.Sprintf("listens %v, liked %v, playlist songs %d", listens, ids(t, c.get("/api/like/all")), len(songs))
	}

	var first []reply
	for i, w := range batch {
		r := send(w, fmt.Sprintf("write-%d", i))
		if r.Status != 200 {
			t.Fatalf("%s %s: %d %s", w.method, w.path, r.Status, r.Raw)
		}
		first = append(first, r)
	}
	want := state()
	if want != fmt.Sprintf("listens 1, liked [%s], playlist songs 1", s2) {
		t.Fatalf("after the batch: %s", want)
	}
	// Later, after the song would count again, and after the person took
	// the song out of the playlist and the like back on another device.
	e.Clock.Advance(time.Hour)
	expect(t, c.do("DELETE", "/api/playlist/"+list+"/songs/"+s1, nil), 200, "")
	expect(t, c.do("DELETE", "/api/like/"+s2, nil), 200, "")
	want = state()

	for i, w := range batch {
		r := send(w, fmt.Sprintf("write-%d", i))
		if r.Status != first[i].Status || r.Raw != first[i].Raw || r.Header.Get("Idempotent-Replayed") != "true" {
			t.Errorf("replaying %s %s: %d %s (replayed %q), first %d %s", w.method, w.path, r.Status, r.Raw,
				r.Header.Get("Idempotent-Replayed"), first[i].Status, first[i].Raw)
		}
	}
	if got := state(); got != want {
		t.Fatalf("the replayed batch changed things: %s, want %s", got, want)
	}
	// The same writes with new keys are new writes: the replay above was
	// held back by the keys alone.
	for i, w := range batch[:3] {
		if r := send(w, fmt.Sprintf("again-%d", i)); r.Status != 200 {
			t.Fatalf("%s %s with a new key: %d %s", w.method, w.path, r.Status, r.Raw)
		}
	}
	if got := state(); got != fmt.Sprintf("listens 2, liked [%s], playlist songs 1", s2) {
		t.Fatalf("new writes after the replay: %s", got)
	}
	expect(t, send(batch[1], "not a key!"), 400, "The Idempotency-Key header must be 1 to 128 letters, digits, '.', '_', ':' or '-'.")
}

// Listens queued offline carry when they were played: two plays of a song
// an hour apart, sent together later, count as two; the same play twice
// (its Idempotency-Key lost) as one by the listen rule.
func TestOfflineListensCountAtTheirOwnTime(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("pia", "pia@example.com", "secret1")
	id := songIn(c.upload(upload{name: "Away", audio: readFixture(t, "audio", "sine.mp3")}))["_id"].(string)
	played := e.Clock.Now().Add(-2 * time.Hour)
	for i, at := range []time.Time{played, played.Add(time.Hour), played.Add(time.Hour)} {
		r := c.post("/api/view/increase", map[string]any{"song": id, "at": at.UnixMilli()})
		if want := float64(min(i+1, 2)); r.Status != 200 || r.Body["count"] != want {
			t.Fatalf("offline listen %d: %s, want count %v", i+1, r.Raw, want)
		}
	}
	if r := c.post("/api/view/increase", map[string]any{"song": id, "at": e.Clock.Now().Add(time.Hour).UnixMilli()}); r.Body["count"] != float64(3) {
		t.Fatalf("a listen from a clock ahead counts now: %s", r.Raw)
	}
}
