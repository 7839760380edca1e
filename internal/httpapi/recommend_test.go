package httpapi_test

import (
	"strings"
	"testing"
	"time"
)

func ids(t *testing.T, r reply) []string {
	t.Helper()
	return field(t, r, "_id")
}

// names lists the names of a list of artists.
func names(t *testing.T, r reply) []string {
	t.Helper()
	return field(t, r, "name")
}

// field lists one field of each item of a list; when an item has none, its name.
func field(t *testing.T, r reply, key string) []string {
	t.Helper()
	var list []map[string]any
	if err := jsonUnmarshal([]byte(r.Raw), &list); err != nil || r.Status != 200 {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	var out []string
	for _, x := range list {
		if id, ok := x[key].(string); ok {
			out = append(out, id)
		} else {
			out = append(out, x["name"].(string))
		}
	}
	return out
}

func TestRecommendationsLearnFromListensAtOnce(t *testing.T) {
	e := newEnv(t)
	jazz := e.signUp("jazz-trio", "jazz@example.com", "secret1")
	rock := e.signUp("rock-band", "rock@example.com", "secret1")
	j1, j2, j3 := jazz.song(t, "Blue Smoke", "sine.mp3"), jazz.song(t, "Velvet Night", "sine.ogg"), jazz.song(t, "Slow Brass", "sine.wav")
	r1, r2 := rock.song(t, "Thunder Road", "sine.mp3"), rock.song(t, "Loud Engine", "sine.ogg")
	fan := e.signUp("jazzfan", "fan@example.com", "secret1")
	for _, id := range []string{j1, j2, j3} {
		fan.post("/api/view/increase", creds{"song": id})
	}
	rocker := e.signUp("rocker", "rocker@example.com", "secret1")
	for _, id := range []string{r1, r2} {
		rocker.post("/api/view/increase", creds{"song": id})
	}

	me := e.signUp("newcomer", "new@example.com", "secret1")
	// With no history: what is popular.
	if got := ids(t, me.get("/api/recommend/all")); len(got) != 5 {
		t.Fatalf("a newcomer gets %v", got)
	}
	me.post("/api/view/increase", creds{"song": j1})
	got := ids(t, me.get("/api/recommend/all"))
	if len(got) < 2 || (got[0] != j2 && got[0] != j3) || (got[1] != j2 && got[1] != j3) {
		t.Fatalf("after one jazz listen: %v (want %s and %s first)", got, j2, j3)
	}
	for _, id := range got {
		if id == j1 {
			t.Fatal("the song just played is recommended")
		}
	}
	if a := names(t, me.get("/api/recommend/artist")); len(a) == 0 || a[0] != "jazz-trio" {
		t.Fatalf("artists for a jazz listener: %v", a)
	}
	if sim := ids(t, me.get("/api/recommend/song/"+r1)); len(sim) == 0 || sim[0] != r2 {
		t.Fatalf("more like %s: %v", r1, sim)
	}
	expect(t, me.get("/api/recommend/song/nope"), 404, "This song does not exist.")
	e.Clock.Advance(2 * time.Second) // the ranking of all songs is reused for a second
	if top := ids(t, me.get("/api/recommend/top")); len(top) != 5 || top[0] != j1 {
		t.Fatalf("top: %v", top)
	}
}

func TestRecommendCreateRecordsInterest(t *testing.T) {
	e := newEnv(t)
	band := e.signUp("the-band", "band@example.com", "secret1")
	id := band.song(t, "Signal Song", "sine.mp3")
	me := e.signUp("listener", "l@example.com", "secret1")
	expect(t, me.post("/api/recommend/create", creds{"song": id}), 200, "success")
	expect(t, me.post("/api/recommend/create", creds{"song": "Signal Song", "artist": "the-band"}), 200, "success")
	expect(t, me.post("/api/recommend/create", creds{"song": "Nothing", "artist": "the-band"}), 404, "This song does not exist.")
	expect(t, me.post("/api/recommend/create", creds{}), 400, "Please say which song (song).")
	if r := me.get("/api/recommend/all"); !strings.Contains(r.Raw, "[") {
		t.Fatal(r.Raw)
	}
}
