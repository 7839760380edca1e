package httpapi_test

import (
	"net/http"
	"testing"
)

// Connect over HTTP: a laptop and a phone of one person register, the
// laptop reports what it plays, and a command from the phone reaches the
// laptop's live connection; another person sees none of it.
func TestDevicesOverHTTPAndTheLiveConnection(t *testing.T) {
	e := newEnv(t)
	ana := e.signUp("ana", "ana@example.com", "secret123")
	eve := e.signUp("eve", "eve@example.com", "secret123")
	s1, s2 := ana.song(t, "First Light", "chime-3s.mp3"), ana.song(t, "Second Wind", "album-track1.mp3")

	r := ana.post("/api/devices", map[string]any{"name": "Firefox on Ubuntu"})
	if r.Status != 200 || r.Body["name"] != "Firefox on Ubuntu" || r.Body["online"] != false {
		t.Fatalf("register: %d %s", r.Status, r.Raw)
	}
	laptop := r.Body["id"].(string)
	phone := ana.post("/api/devices", map[string]any{"name": "Pixel 8"}).Body["id"].(string)
	if again := ana.post("/api/devices", map[string]any{"id": laptop}); again.Body["id"] != laptop {
		t.Fatalf("the laptop registered twice: %s", again.Raw)
	}

	live, err := ana.dial(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	wsSend(t, live, map[string]any{"type": "device", "device": laptop})
	wsNext(t, live, func(m map[string]any) bool { return m["type"] == "devices" }) // attached, and told

	r = ana.do(http.MethodPut, "/api/devices/"+laptop+"/state", map[string]any{
		"queue": []string{s1, s2}, "index": 0, "playing": true, "position": 12.5, "shuffle": false, "repeat": "all", "volume": 80})
	if r.Status != 204 {
		t.Fatalf("report: %d %s", r.Status, r.Raw)
	}
	r = ana.get("/api/devices")
	list := r.Body["devices"].([]any)
	if len(list) != 2 {
		t.Fatalf("ana's devices: %s", r.Raw)
	}
	byID := map[string]map[string]any{}
	for _, d := range list {
		byID[d.(map[string]any)["id"].(string)] = d.(map[string]any)
	}
	l := byID[laptop]
	st := l["state"].(map[string]any)
	if l["online"] != true || byID[phone]["online"] != false || st["playing"] != true || st["volume"] != 80.0 || st["repeat"] != "all" ||
		st["song"].(map[string]any)["song"] != "First Light" || len(st["upNext"].([]any)) != 1 || st["position"].(float64) < 12.5 {
		t.Fatalf("the laptop as the phone sees it: %v", l)
	}

	// a queue that moves arrives as ids: the songs come back in its order
	r = ana.post("/api/songs/lookup", map[string]any{"ids": []string{s2, "gone", s1}})
	if got := r.Body["songs"].([]any); r.Status != 200 || len(got) != 2 || got[0].(map[string]any)["_id"] != s2 || got[1].(map[string]any)["_id"] != s1 {
		t.Fatalf("lookup: %d %s", r.Status, r.Raw)
	}

	if r = ana.do(http.MethodPut, "/api/devices/"+phone, map[string]any{"name": "Ana's phone"}); r.Status != 204 {
		t.Fatalf("rename: %d %s", r.Status, r.Raw)
	}
	r = ana.post("/api/devices/"+laptop+"/commands", map[string]any{"type": "volume", "volume": 40, "from": phone})
	if r.Status != 202 {
		t.Fatalf("command: %d %s", r.Status, r.Raw)
	}
	m := wsNext(t, live, func(m map[string]any) bool { return m["type"] == "device_command" })
	if c := m["command"].(map[string]any); m["device"] != laptop || c["type"] != "volume" || c["volume"] != 40.0 || c["from"] != phone {
		t.Fatalf("the laptop got %v", m)
	}
	expect(t, ana.post("/api/devices/"+phone+"/commands", map[string]any{"type": "pause"}), 409,
		"“Ana's phone” is offline. Open Musicify on it first.")
	expect(t, ana.post("/api/devices/"+laptop+"/commands", map[string]any{"type": "volume", "volume": 300}), 400,
		"The volume goes from 0 to 100.")

	// eve: no list of ana's, no commands, no reports, no attaching
	if r = eve.get("/api/devices"); r.Status != 200 || len(r.Body["devices"].([]any)) != 0 {
		t.Fatalf("eve's devices: %s", r.Raw)
	}
	gone := "That device is not one of yours, or it was removed."
	expect(t, eve.post("/api/devices/"+laptop+"/commands", map[string]any{"type": "pause"}), 404, gone)
	expect(t, eve.do(http.MethodPut, "/api/devices/"+laptop+"/state", map[string]any{"index": -1}), 404, gone)
	expect(t, eve.do(http.MethodPut, "/api/devices/"+laptop, map[string]any{"name": "mine"}), 404, gone)
	expect(t, eve.do(http.MethodDelete, "/api/devices/"+laptop, nil), 404, gone)
	spy, err := eve.dial(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	wsSend(t, spy, map[string]any{"type": "device", "device": laptop})
	if m := wsNext(t, spy, func(m map[string]any) bool { return m["type"] == "error" }); m["message"] != gone {
		t.Fatalf("eve attached to ana's laptop: %v", m)
	}

	if r = ana.do(http.MethodDelete, "/api/devices/"+phone, nil); r.Status != 204 {
		t.Fatalf("remove: %d %s", r.Status, r.Raw)
	}
	if r = ana.get("/api/devices"); len(r.Body["devices"].([]any)) != 1 {
		t.Fatalf("after removing the phone: %s", r.Raw)
	}
}
