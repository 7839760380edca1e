package httpapi_test

import (
	"fmt"
	"testing"
	"time"
)

func jamQueue(r reply) []string {
	var out []string
	q, _ := r.Body["queue"].([]any)
	for _, e := range q {
		song := e.(map[string]any)["song"].(map[string]any)
		out = append(out, song["_id"].(string))
	}
	return out
}

// A Jam over HTTP: the host starts it, a friend joins from its id, both
// add songs, and every change reaches the members' live connections; the
// host alone pauses and ends it, and someone outside it sees nothing of it.
func TestAJamOverHTTPAndTheLiveConnection(t *testing.T) {
	e := newEnv(t)
	ana := e.signUp("ana", "ana@example.com", "secret123")
	ben := e.signUp("ben", "ben@example.com", "secret123")
	eve := e.signUp("eve", "eve@example.com", "secret123")
	s1, s2 := ana.song(t, "First Light", "chime-3s.mp3"), ana.song(t, "Second Wind", "album-track1.mp3")

	if r := ana.get("/api/jams/current"); r.Status != 200 || r.Body["jam"] != nil {
		t.Fatalf("no jam yet: %d %s", r.Status, r.Raw)
	}
	r := ana.post("/api/jams", nil)
	if r.Status != 201 || r.Body["isHost"] != true || r.Body["member"] != true {
		t.Fatalf("start: %d %s", r.Status, r.Raw)
	}
	id := r.Body["id"].(string)
	if again := ana.post("/api/jams", nil); again.Body["id"] != id {
		t.Fatalf("a second start made another jam: %s", again.Raw)
	}

	// Before joining: who hosts it and how many are in, nothing more.
	r = ben.get("/api/jams/" + id)
	if r.Status != 200 || r.Body["member"] != false || r.Body["memberCount"] != 1.0 || len(r.Body["queue"].([]any)) != 0 ||
		r.Body["host"].(map[string]any)["username"] != "ana" {
		t.Fatalf("a jam seen from outside: %d %s", r.Status, r.Raw)
	}
	expect(t, ben.post("/api/jams/"+id+"/queue", map[string]any{"songs": []string{s1}}), 403, "Join this Jam first.")
	conn, err := eve.dial(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	wsSend(t, conn, map[string]any{"type": "jam", "jam": id})
	if m := wsNext(t, conn, func(m map[string]any) bool { return m["type"] == "error" }); m["message"] != "Join this Jam first." {
		t.Fatalf("an outsider followed the jam: %v", m)
	}

	if r = ben.post("/api/jams/"+id+"/members", nil); r.Status != 200 || r.Body["member"] != true || r.Body["canControl"] != false {
		t.Fatalf("join: %d %s", r.Status, r.Raw)
	}
	if r = ben.get("/api/jams/current"); r.Body["jam"].(map[string]any)["id"] != id {
		t.Fatalf("ben's current jam: %s", r.Raw)
	}
	live, err := ben.dial(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	wsSend(t, live, map[string]any{"type": "jam", "jam": id})
	wsSend(t, live, map[string]any{"type": "sync", "id": 1, "t0": 1})
	wsNext(t, live, func(m map[string]any) bool { return m["type"] == "sync" }) // the follow is in place

	r = ben.post("/api/jams/"+id+"/queue", map[string]any{"songs": []string{s1, s2}})
	if r.Status != 200 || fmt.Sprint(jamQueue(r)) != fmt.Sprint([]string{s1, s2}) || r.Body["playing"] != true {
		t.Fatalf("add: %d %s", r.Status, r.Raw)
	}
	first := r.Body["queue"].([]any)[0].(map[string]any)
	if first["addedBy"].(map[string]any)["username"] != "ben" || first["song"].(map[string]any)["song"] != "First Light" {
		t.Fatalf("the first entry: %v", first)
	}
	m := wsNext(t, live, func(m map[string]any) bool { return m["type"] == "jam" })
	if m["jam"] != id || m["version"] != r.Body["version"] {
		t.Fatalf("the change announced: %v, the jam at version %v", m, r.Body["version"])
	}

	e.Clock.Advance(time.Second)
	expect(t, ben.post("/api/jams/"+id+"/playback", map[string]any{"action": "pause"}), 403, "Only the host can do that in this Jam.")
	expect(t, ben.do("PUT", "/api/jams/"+id, map[string]any{"guestsControl": true}), 403, "Only the host can change this Jam's settings.")
	expect(t, ana.post("/api/jams/"+id+"/playback", map[string]any{"action": "dance"}), 400,
		`Unknown action "dance": use play, pause, seek, next, previous or ended (action).`)
	r = ana.post("/api/jams/"+id+"/playback", map[string]any{"action": "pause"})
	if r.Status != 200 || r.Body["playing"] != false || r.Body["position"] != 1.0 {
		t.Fatalf("pause a second in: %d %s", r.Status, r.Raw)
	}
	wsNext(t, live, func(m map[string]any) bool { return m["type"] == "jam" && m["version"] == r.Body["version"] })

	// A guest's skip is a vote: one of two is not more than half.
	if r = ben.post("/api/jams/"+id+"/playback", map[string]any{"action": "next"}); r.Body["votes"] != 1.0 || r.Body["votesNeeded"] != 2.0 || len(jamQueue(r)) != 2 {
		t.Fatalf("a vote: %s", r.Raw)
	}

	expect(t, ana.do("DELETE", "/api/jams/"+id+"/members/me", nil), 204, "")
	r = ben.get("/api/jams/" + id)
	if r.Body["ended"] != true || len(r.Body["queue"].([]any)) != 0 {
		t.Fatalf("after the host left: %s", r.Raw)
	}
	expect(t, ben.post("/api/jams/"+id+"/queue", map[string]any{"songs": []string{s1}}), 410, "This Jam has ended.")
	if r := ben.get("/api/jams/current"); r.Status != 200 || r.Body["jam"] != nil {
		t.Fatalf("after the jam ended: %d %s", r.Status, r.Raw)
	}
	expect(t, ben.get("/api/jams/nope"), 404, "This Jam does not exist. Ask for a new link.")
}
