package httpapi_test

import (
	"strings"
	"testing"
)

// count reads a preview's song count.
func countIn(t *testing.T, r reply) int {
	t.Helper()
	n, ok := r.Body["count"].(float64)
	if !ok {
		t.Fatalf("no count in %s", r.Raw)
	}
	return int(n)
}

type rulesBody = map[string]any

func titleContains(word string) rulesBody {
	return rulesBody{"match": "all", "rules": []any{map[string]any{"field": "title", "op": "contains", "value": word}}}
}

// A smart playlist is made from rules tried first in a preview; its songs
// are what the rules match on every read, its rules are changed only by
// its owner, and its songs are never edited by hand. Mistakes in rules
// get a 400 naming the rules, never a 500.
func TestSmartPlaylistsOverHTTP(t *testing.T) {
	e := newEnv(t)
	mona := e.signUp("mona", "mona@example.com", "secret1")
	other := e.signUp("otto", "otto@example.com", "secret1")
	var ids []string
	files := []string{"sine.mp3", "sine.ogg", "sine.wav"}
	for i, name := range []string{"Night Drive", "Morning Run", "Night Swim"} {
		u := upload{name: name, audio: readFixture(t, "audio", files[i])}
		if i == 0 {
			u.cover = readFixture(t, "images", "cover.png")
		}
		r := mona.upload(u)
		expect(t, r, 200, "success")
		ids = append(ids, songIn(r)["_id"].(string))
	}

	preview := mona.post("/api/playlist/smart/preview", map[string]any{"rules": titleContains("night")})
	expect(t, preview, 200, "")
	if n, songs := countIn(t, preview), preview.Body["songs"].([]any); n != 2 || len(songs) != 2 {
		t.Fatalf("preview: %d songs, %d listed; want 2", n, len(songs))
	}
	nested := rulesBody{"match": "any", "rules": []any{
		map[string]any{"field": "title", "op": "startsWith", "value": "morning"},
		map[string]any{"match": "all", "rules": []any{
			map[string]any{"field": "title", "op": "contains", "value": "swim"},
			map[string]any{"field": "liked", "op": "is", "value": false}}}}}
	if n := countIn(t, mona.post("/api/playlist/smart/preview", map[string]any{"rules": nested})); n != 2 {
		t.Errorf("nested preview: %d songs, want 2", n)
	}

	for _, bad := range []struct {
		name  string
		rules rulesBody
		want  string
	}{
		{"unknown field", rulesBody{"match": "all", "rules": []any{map[string]any{"field": "mood", "op": "is", "value": "x"}}}, `no field "mood"`},
		{"wrong operator", rulesBody{"match": "all", "rules": []any{map[string]any{"field": "year", "op": "contains", "value": "x"}}}, `Year cannot use "contains"`},
		{"bad value", rulesBody{"match": "all", "rules": []any{map[string]any{"field": "added", "op": "lt", "value": "yesterday"}}}, "2024-12-31"},
		{"limit", rulesBody{"match": "all", "rules": []any{}, "limit": 100000}, "between 1 and 5000"},
	} {
		r := mona.post("/api/playlist/smart/preview", map[string]any{"rules": bad.rules})
		if r.Status != 400 || r.Body["field"] != "rules" || !strings.Contains(r.msg(), bad.want) {
			t.Errorf("%s: %d %s; want 400 about the rules saying %q", bad.name, r.Status, r.Raw, bad.want)
		}
	}
	if r := mona.post("/api/playlist/smart", map[string]any{"name": "No rules"}); r.Status != 400 {
		t.Errorf("a smart playlist without rules: %d %s", r.Status, r.Raw)
	}

	created := mona.post("/api/playlist/smart", map[string]any{"name": "Nights", "rules": titleContains("night")})
	expect(t, created, 200, "success")
	p := playlistIn(created)
	id := p["_id"].(string)
	if p["smart"] != true || p["count"] != float64(2) || p["rules"] == nil {
		t.Fatalf("created: %v", p)
	}
	// Without a cover of its own it is pictured by its songs' covers.
	if got := mosaicOf(t, p); len(got) != 1 {
		t.Errorf("mosaic of the smart playlist: %v, want the one cover of its songs", got)
	}
	item, songs := mona.detail(t, id)
	if item["smart"] != true || len(songs) != 2 {
		t.Errorf("the playlist reads %v with %d songs; want smart with 2", item, len(songs))
	}

	add := mona.do("PUT", "/api/playlist/add", creds{"id": id, "songs": ids[1]})
	if add.Status != 409 || !strings.Contains(add.msg(), "smart playlist") {
		t.Errorf("adding by hand: %d %s", add.Status, add.Raw)
	}
	if r := mona.do("DELETE", "/api/playlist/"+id+"/songs/"+ids[0], nil); r.Status != 409 {
		t.Errorf("removing by hand: %d %s", r.Status, r.Raw)
	}
	if r := other.do("PUT", "/api/playlist/"+id+"/rules", map[string]any{"rules": titleContains("morning")}); r.Status != 403 {
		t.Errorf("someone else's rules: %d %s", r.Status, r.Raw)
	}

	changed := mona.do("PUT", "/api/playlist/"+id+"/rules", map[string]any{"rules": titleContains("morning")})
	expect(t, changed, 200, "success")
	if playlistIn(changed)["count"] != float64(1) {
		t.Errorf("after new rules: %v", playlistIn(changed))
	}
	if _, songs := mona.detail(t, id); len(songs) != 1 || songs[0] != ids[1] {
		t.Errorf("after new rules the playlist holds %v, want %s", songs, ids[1])
	}
	plain := playlistIn(mona.post("/api/playlist/create", creds{"name": "Plain"}))["_id"].(string)
	if r := mona.do("PUT", "/api/playlist/"+plain+"/rules", map[string]any{"rules": titleContains("x")}); r.Status != 409 {
		t.Errorf("rules on an ordinary playlist: %d %s", r.Status, r.Raw)
	}

	fields := mona.get("/api/playlist/smart/fields")
	expect(t, fields, 200, "")
	if list, _ := fields.Body["fields"].([]any); len(list) < 16 {
		t.Errorf("fields: %s", fields.Raw)
	}
}
