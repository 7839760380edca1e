package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"path"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

func (c *client) createStation(t *testing.T, name, date string, audio []byte) reply {
	t.Helper()
	return c.multipart("/api/radio/create", map[string]string{"name": name, "date": date}, "audio", audio)
}

func TestCreatingAStation(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("dj-ana", "ana@example.com", "secret1")
	tune := readFixture(t, "audio", "tune-12s.mp3")
	start := e.Clock.Now().Add(time.Hour).In(time.FixedZone("CET", 3600)).Format(time.RFC3339)
	for _, tc := range []struct {
		name, date string
		audio      []byte
		status     int
		message    string
	}{
		{"", start, tune, 400, "Please give the station a name (name)."},
		{"Morning", "2026-11-21 16:00", tune, 400, "Please give the start as a date and time with its time zone, such as 2026-11-21T16:00:00+01:00 (date)."},
		{"Morning", "16:00", tune, 400, "Please give the start as a date and time with its time zone, such as 2026-11-21T16:00:00+01:00 (date)."},
		{"Morning", e.Clock.Now().Add(400 * 24 * time.Hour).Format(time.RFC3339), tune, 400, "A station can start at most a year from now (date)."},
		{"Morning", "1026-11-21T16:00:00+01:00", tune, 400, "A station can have started at most a year ago (date)."},
		{"Morning", start, nil, 400, "Please choose an audio file (audio)."},
		{"Morning", start, readFixture(t, "audio", "text.mp3"), 415, "This file is not an audio file we can play"},
	} {
		expect(t, c.createStation(t, tc.name, tc.date, tc.audio), tc.status, tc.message)
	}
	if files := mediaFiles(t, e.Media); len(files) != 0 {
		t.Fatalf("refused stations left files: %v", files)
	}
	r := c.createStation(t, "Morning Show", start, tune)
	expect(t, r, 200, "success")
	st := r.Body["station"].(map[string]any)
	if st["radio_name"] != "Morning Show" || st["username"] != "dj-ana" || st["live"] != false || st["listeners"] != float64(0) ||
		st["duration"].(float64) < 12 || st["time"] != e.Clock.Now().Add(time.Hour).UTC().Format(time.RFC3339) {
		t.Fatalf("station: %v", st)
	}
	res, b := c.fetch(st["audio"].(string), "Range", "bytes=0-9")
	if res.StatusCode != 206 || len(b) != 10 {
		t.Fatalf("station audio: %d %d", res.StatusCode, len(b))
	}
	// The signed URL is the whole check; the session-checked one needs a session.
	if res, _ := e.client().fetch(st["audio"].(string), "Range", "bytes=0-9"); res.StatusCode != 206 || !strings.HasPrefix(st["audio"].(string), "/media/s/radio/") {
		t.Fatalf("signed station audio without a session: %d", res.StatusCode)
	}
	if res, _ := e.client().fetch("/media/radio/" + st["_id"].(string) + "/" + path.Base(strings.Split(st["audio"].(string), "?")[0])); res.StatusCode != 401 {
		t.Fatalf("station audio without a session: %d", res.StatusCode)
	}
	if list := c.get("/api/radio/all"); !strings.Contains(list.Raw, `"radio_name":"Morning Show"`) {
		t.Fatalf("all: %s", list.Raw)
	}
}

func TestAStationLoopsFromItsStart(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("dj-ben", "ben@example.com", "secret1")
	start := e.Clock.Now().Add(10 * time.Second)
	id := c.createStation(t, "Loop", start.Format(time.RFC3339), readFixture(t, "audio", "tune-12s.mp3")).Body["station"].(map[string]any)["_id"].(string)
	s := c.get("/api/radio/" + id).Body
	if s["live"] != false {
		t.Fatalf("before the start: %v", s)
	}
	e.Clock.Advance(10*time.Second + 3*time.Second) // 3 s into the first loop
	s = c.get("/api/radio/" + id).Body
	if s["live"] != true || s["offset"].(float64) < 2.99 || s["offset"].(float64) > 3.01 || s["time"] != start.UTC().Format(time.RFC3339) {
		t.Fatalf("3 s in: %v", s)
	}
	d := s["duration"].(float64)
	e.Clock.Advance(time.Duration(d * float64(time.Second))) // one whole loop later
	s = c.get("/api/radio/" + id).Body
	loopStart, _ := time.Parse(time.RFC3339Nano, s["time"].(string))
	if !loopStart.After(start) || s["offset"].(float64) < 2.99 || s["offset"].(float64) > 3.01 {
		t.Fatalf("a loop later: %v", s)
	}
	other := e.signUp("dj-cat", "cat@example.com", "secret1")
	expect(t, other.do("DELETE", "/api/radio/"+id, nil), 403, "Only dj-ben can delete this station.")
	expect(t, c.do("DELETE", "/api/radio/"+id, nil), 200, "success")
	expect(t, c.get("/api/radio/"+id), 404, "This station does not exist.")
	if files := mediaFiles(t, e.Media); len(files) != 0 {
		t.Fatalf("a deleted station left %v", files)
	}
}

// dial opens the live connection as the client's user.
func (c *client) dial(t *testing.T, header http.Header) (*websocket.Conn, error) {
	t.Helper()
	h := http.Header{}
	u, _ := http.NewRequest("GET", c.e.URL, nil)
	for _, ck := range c.http.Jar.Cookies(u.URL) {
		h.Add("Cookie", ck.Name+"="+ck.Value)
	}
	for k, v := range header {
		h[k] = v
	}
	conn, res, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(c.e.URL, "http")+"/api/ws", &websocket.DialOptions{HTTPHeader: h})
	if err == nil {
		t.Cleanup(func() { conn.CloseNow() })
	} else if res != nil {
		err = &dialError{res.StatusCode}
	}
	return conn, err
}

type dialError struct{ status int }

func (d *dialError) Error() string { return http.StatusText(d.status) }

func wsSend(t *testing.T, c *websocket.Conn, v any) {
	t.Helper()
	b, _ := json.Marshal(v)
	if err := c.Write(context.Background(), websocket.MessageText, b); err != nil {
		t.Fatal(err)
	}
}

// wsNext reads messages until one matches, within ten seconds.
func wsNext(t *testing.T, c *websocket.Conn, match func(map[string]any) bool) map[string]any {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, b, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("no matching message: %v", err)
		}
		var m map[string]any
		_ = json.Unmarshal(b, &m)
		if match(m) {
			return m
		}
	}
}

func TestTheLiveConnection(t *testing.T) {
	e := newEnv(t)
	ann := e.signUp("ann-fm", "ann@example.com", "secret1")
	bob := e.signUp("bob-fm", "bob@example.com", "secret1")
	id := ann.createStation(t, "Live", e.Clock.Now().Format(time.RFC3339), readFixture(t, "audio", "tune-12s.mp3")).Body["station"].(map[string]any)["_id"].(string)

	if _, err := e.client().dial(t, nil); err == nil || err.Error() != "Unauthorized" {
		t.Fatalf("without a session: %v", err)
	}
	if _, err := ann.dial(t, http.Header{"Origin": {"https://evil.example"}}); err == nil {
		t.Fatal("a connection from another site was accepted")
	}

	a, err := ann.dial(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Clock sync: the server's receive and send times, on its clock.
	wsSend(t, a, map[string]any{"type": "sync", "id": 7, "t0": 1234.5})
	sync := wsNext(t, a, func(m map[string]any) bool { return m["type"] == "sync" })
	server := float64(e.Clock.Now().UnixMicro()) / 1000
	if sync["id"] != float64(7) || sync["t0"] != 1234.5 || sync["t1"] != server || sync["t2"] != server {
		t.Fatalf("sync: %v (server %v)", sync, server)
	}

	watcher, err := bob.dial(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	wsSend(t, watcher, map[string]any{"type": "watch"})
	wsSend(t, watcher, map[string]any{"type": "sync", "id": 1}) // a round trip: the watch is in place
	wsNext(t, watcher, func(m map[string]any) bool { return m["type"] == "sync" })

	wsSend(t, a, map[string]any{"type": "join", "station": id})
	state := wsNext(t, a, func(m map[string]any) bool { return m["type"] == "state" })
	if state["station"] != id || state["loopStart"] != server || state["duration"].(float64) < 12 {
		t.Fatalf("state: %v", state)
	}
	count := func(c *websocket.Conn, n float64) map[string]any {
		return wsNext(t, c, func(m map[string]any) bool { return m["type"] == "listeners" && m["count"] == n })
	}
	count(a, 1)
	count(watcher, 1)

	b, err := bob.dial(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	wsSend(t, b, map[string]any{"type": "join", "station": id})
	two := count(a, 2)
	if users := two["users"].([]any); len(users) != 2 || users[0] != "ann-fm" || users[1] != "bob-fm" {
		t.Fatalf("listeners: %v", two)
	}
	count(watcher, 2)
	if s := ann.get("/api/radio/" + id).Body; s["listeners"] != float64(2) {
		t.Fatalf("REST count: %v", s)
	}
	// The same person in a second tab counts once.
	a2, err := ann.dial(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	wsSend(t, a2, map[string]any{"type": "join", "station": id})
	wsNext(t, a2, func(m map[string]any) bool { return m["type"] == "state" })
	if s := ann.get("/api/radio/" + id).Body; s["listeners"] != float64(2) {
		t.Fatalf("a second tab counted: %v", s)
	}

	b.Close(websocket.StatusNormalClosure, "bye") // closing leaves
	count(a, 1)
	count(watcher, 1)
	wsSend(t, a, map[string]any{"type": "join", "station": "nope"})
	if m := wsNext(t, a, func(m map[string]any) bool { return m["type"] == "error" }); m["message"] != "This station does not exist." {
		t.Fatalf("joining nothing: %v", m)
	}
}
