package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
)

// Listen-only visitors: the host's key lets someone without an account
// read the Jam and hear its current and next songs, nothing more; the key
// stops working when the host turns visitors off or ends the Jam.
func TestAListenOnlyVisitorHearsTheJamAndChangesNothing(t *testing.T) {
	e := newEnv(t)
	ana := e.signUp("ana", "ana@example.com", "secret123")
	ben := e.signUp("ben", "ben@example.com", "secret123")
	s1, s2 := ana.song(t, "First Light", "chime-3s.mp3"), ana.song(t, "Second Wind", "album-track1.mp3")
	s3, outside := ana.song(t, "Third Eye", "album-track2.mp3"), ana.song(t, "Not Queued", "sine.mp3")
	id := ana.post("/api/jams", nil).Body["id"].(string)
	expect(t, ben.post("/api/jams/"+id+"/members", nil), 200, "")
	expect(t, ben.post("/api/jams/"+id+"/queue", map[string]any{"songs": []string{s1, s2, s3}}), 200, "")
	visitor := e.client()
	listen := func(key string) reply { return visitor.get("/api/jams/" + id + "/listen?key=" + key) }

	// Off until the host turns it on; only the host may.
	if r := ana.get("/api/jams/" + id); r.Body["visitors"] != false || r.Body["visitorKey"] != nil {
		t.Fatalf("a new jam has visitors: %s", r.Raw)
	}
	expect(t, ben.do(http.MethodPut, "/api/jams/"+id, map[string]any{"visitors": true}), 403, "Only the host can change this Jam's settings.")
	if r := ana.do(http.MethodPut, "/api/jams/"+id, map[string]any{}); r.Status != 400 || r.Body["field"] != "guestsControl" {
		t.Fatalf("settings without a setting: %d %s", r.Status, r.Raw)
	}
	r := ana.do(http.MethodPut, "/api/jams/"+id, map[string]any{"visitors": true})
	key, _ := r.Body["visitorKey"].(string)
	if r.Status != 200 || r.Body["visitors"] != true || len(key) < 32 || r.Body["guestsControl"] != false {
		t.Fatalf("turning visitors on: %d %s", r.Status, r.Raw)
	}
	if r := ben.get("/api/jams/" + id); r.Body["visitors"] != true || r.Body["visitorKey"] != nil {
		t.Fatalf("a guest sees the key: %s", r.Raw)
	}

	// The visitor reads the Jam with the key alone.
	r = listen(key)
	if r.Status != 200 || r.Body["visitor"] != true || r.Body["member"] != false || r.Body["ended"] != false ||
		r.Body["listeners"] != 2.0 || r.Body["playing"] != true || r.Body["host"].(map[string]any)["username"] != "ana" {
		t.Fatalf("a visit: %d %s", r.Status, r.Raw)
	}
	if got := jamQueue(r); strings.Join(got, " ") != strings.Join([]string{s1, s2, s3}, " ") {
		t.Fatalf("the visitor's queue: %v", got)
	}
	anaID, benID := ana.get("/api/jams/" + id).Body["host"].(map[string]any)["_id"].(string), ""
	for _, m := range ana.get("/api/jams/" + id).Body["members"].([]any) {
		if m.(map[string]any)["username"] == "ben" {
			benID = m.(map[string]any)["_id"].(string)
		}
	}
	for _, secret := range []string{"@example.com", anaID, benID, key, `"_id":"` + anaID, "userId", "email"} {
		if secret != "" && strings.Contains(r.Raw, secret) {
			t.Errorf("the visitor's view shows %q: %s", secret, r.Raw)
		}
	}
	queue := r.Body["queue"].([]any)
	audio := func(i int) string { return queue[i].(map[string]any)["song"].(map[string]any)["audio"].(string) }
	if queue[0].(map[string]any)["addedBy"].(map[string]any)["username"] != "ben" {
		t.Errorf("who added the song: %v", queue[0])
	}
	if !strings.HasPrefix(audio(0), "/media/s/songs/"+s1+"/") || !strings.HasPrefix(audio(1), "/media/s/songs/"+s2+"/") || audio(2) != "" {
		t.Fatalf("signed audio for the current and next songs only: %q %q %q", audio(0), audio(1), audio(2))
	}
	if res, body := visitor.fetch(audio(0), "Range", "bytes=0-99"); res.StatusCode != 206 || len(body) != 100 {
		t.Fatalf("the visitor's audio: %d, %d bytes", res.StatusCode, len(body))
	}
	// The signature covers the song: it opens no other.
	for _, other := range []string{s3, outside} {
		forged := strings.Replace(audio(0), "/songs/"+s1+"/", "/songs/"+other+"/", 1)
		if res, _ := visitor.fetch(forged); res.StatusCode != 403 {
			t.Errorf("a link signed for the jam's song opened %s: %d", other, res.StatusCode)
		}
	}

	// No key, a wrong key, an unknown Jam.
	expect(t, listen(""), 401, "Open the Jam's listen-only link again: this address has lost its key.")
	expect(t, listen(key[:len(key)-2]+"xx"), 403, "This listen-only link no longer works. Ask the host for a new one.")
	expect(t, visitor.get("/api/jams/0123456789abcdef01234567/listen?key="+key), 404, "")
	withHeader := e.client()
	withHeader.Header.Set("X-Jam-Key", key)
	expect(t, withHeader.get("/api/jams/"+id+"/listen"), 200, "")

	// The key changes nothing: the members' calls want a session, and the
	// visitor's own address takes no writes.
	for _, w := range []struct{ method, path string }{
		{"POST", "/queue"}, {"POST", "/playback"}, {"PUT", ""}, {"DELETE", ""}, {"POST", "/members"},
		{"DELETE", "/queue/" + queue[0].(map[string]any)["id"].(string)},
	} {
		r := withHeader.do(w.method, "/api/jams/"+id+w.path+"?key="+key, map[string]any{"songs": []string{s1}, "action": "next", "guestsControl": true})
		if r.Status != 401 {
			t.Errorf("%s %s with the key: %d %s", w.method, w.path, r.Status, r.Raw)
		}
	}
	for _, method := range []string{"POST", "PUT", "DELETE"} {
		expect(t, withHeader.do(method, "/api/jams/"+id+"/listen?key="+key, map[string]any{"action": "next"}), 403,
			"A listen-only link cannot change the Jam. Sign in and join it to add songs, vote or control.")
	}
	if r := ana.get("/api/jams/" + id); len(jamQueue(r)) != 3 || r.Body["playing"] != true {
		t.Fatalf("the visitor changed the jam: %s", r.Raw)
	}

	// Off: the key stops at once. On again: a new key, and the old one stays dead.
	ana.do(http.MethodPut, "/api/jams/"+id, map[string]any{"visitors": false})
	expect(t, listen(key), 403, "This listen-only link no longer works. Ask the host for a new one.")
	fresh := ana.do(http.MethodPut, "/api/jams/"+id, map[string]any{"visitors": true}).Body["visitorKey"].(string)
	if fresh == key || fresh == "" {
		t.Fatalf("turning visitors on again kept the key")
	}
	expect(t, listen(key), 403, "")
	expect(t, listen(fresh), 200, "")

	// The host ends the Jam: the key hears so.
	if r := ana.do(http.MethodDelete, "/api/jams/"+id, nil); r.Status != 204 {
		t.Fatalf("end: %d %s", r.Status, r.Raw)
	}
	expect(t, listen(fresh), 410, "This Jam has ended.")
}

// Anyone may send visitor reads, so one address gets a bounded number.
func TestVisitorReadsAreLimitedPerAddress(t *testing.T) {
	e := newEnv(t)
	ana := e.signUp("ana", "ana@example.com", "secret123")
	id := ana.post("/api/jams", nil).Body["id"].(string)
	key := ana.do(http.MethodPut, "/api/jams/"+id, map[string]any{"visitors": true}).Body["visitorKey"].(string)
	visitor := e.client()
	for i := range 301 {
		r := visitor.get("/api/jams/" + id + "/listen?key=" + key)
		if i < 300 && r.Status != 200 {
			t.Fatalf("read %d: %d %s", i+1, r.Status, r.Raw)
		}
		if i == 300 && (r.Status != 429 || r.Header.Get("Retry-After") == "") {
			t.Fatalf("read 301: %d %s", r.Status, r.Raw)
		}
	}
}
