package httpapi_test

import (
	"strings"
	"testing"
)

// A playlist is made with a description, PUT changes its name and/or
// description (a field left out stays), and every answer that shows the
// playlist carries it; only the owner may change it, and a bad one is
// refused naming the field.
func TestAPlaylistKeepsADescriptionItsOwnerEdits(t *testing.T) {
	e := newEnv(t)
	mona := e.signUp("mona", "mona@example.com", "secret1")
	ann := e.signUp("ann", "ann@example.com", "secret1")

	made := mona.post("/api/playlist/create", creds{"name": "Morning", "description": "  Slow songs. "})
	expect(t, made, 200, "success")
	id := playlistIn(made)["_id"].(string)
	if got := playlistIn(made)["description"]; got != "Slow songs." {
		t.Errorf("created: description %v", got)
	}
	plain := playlistIn(mona.post("/api/playlist/create", creds{"name": "Plain"}))
	if got, ok := plain["description"]; !ok || got != "" {
		t.Errorf("a playlist without one: description %v (present %v), want \"\"", got, ok)
	}

	r := mona.do("PUT", "/api/playlist/"+id, creds{"description": "Coffee first."})
	expect(t, r, 200, "success")
	if p := playlistIn(r); p["name"] != "Morning" || p["description"] != "Coffee first." {
		t.Errorf("description alone: %v %v", p["name"], p["description"])
	}
	r = mona.do("PUT", "/api/playlist/"+id, creds{"name": "Dawn"})
	expect(t, r, 200, "success")
	if p := playlistIn(r); p["name"] != "Dawn" || p["description"] != "Coffee first." {
		t.Errorf("name alone: %v %v", p["name"], p["description"])
	}

	tooLong := mona.do("PUT", "/api/playlist/"+id, creds{"name": "Never", "description": strings.Repeat("a", 301)})
	if tooLong.Status != 400 || fieldOf(tooLong) != "description" || !strings.Contains(tooLong.msg(), "at most 300 characters") {
		t.Errorf("too long: %d %s", tooLong.Status, tooLong.Raw)
	}
	if r := ann.do("PUT", "/api/playlist/"+id, creds{"description": "Mine now"}); r.Status != 403 {
		t.Errorf("someone else's edit: %d %s, want 403", r.Status, r.Raw)
	}
	if r := mona.do("PUT", "/api/playlist/"+id, creds{}); r.Status != 400 {
		t.Errorf("nothing to change: %d %s, want 400", r.Status, r.Raw)
	}

	item, _ := ann.detail(t, id)
	if item["name"] != "Dawn" || item["description"] != "Coffee first." {
		t.Errorf("the playlist's page: %v %v", item["name"], item["description"])
	}
	var all []map[string]any
	if err := jsonUnmarshal([]byte(mona.get("/api/playlist/all").Raw), &all); err != nil {
		t.Fatal(err)
	}
	for _, p := range all {
		if p["_id"] == id && p["description"] != "Coffee first." {
			t.Errorf("the list of playlists: %v", p["description"])
		}
	}
}
