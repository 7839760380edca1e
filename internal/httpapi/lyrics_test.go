package httpapi_test

import (
	"encoding/json"
	"reflect"
	"testing"
)

type lyricsReply struct {
	Synced []struct {
		StartMs int64  `json:"start_ms"`
		Text    string `json:"text"`
	} `json:"synced"`
	Plain string `json:"plain"`
}

func lyricsOf(t *testing.T, c *client, id string) (lyricsReply, reply) {
	t.Helper()
	r := c.get("/api/songs/" + id + "/lyrics")
	var out lyricsReply
	if r.Status == 200 {
		if err := json.Unmarshal([]byte(r.Raw), &out); err != nil {
			t.Fatalf("%v: %s", err, r.Raw)
		}
	}
	return out, r
}

// Lyrics pasted as LRC at upload come back timed, in order, with their
// words as the plain text; plain lyrics come back plain; a song without
// lyrics has empty fields, and an unknown song is a 404.
func TestSongLyrics(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("lyra", "lyra@example.com", "secret1")
	lrcText := "[ar:Lyra]\n[offset:+100]\n[00:03.10]Second line\n[00:01.10][00:05.10]First and last\n"
	synced := songIn(c.upload(upload{name: "Timed", text: lrcText, audio: readFixture(t, "audio", "sine.mp3")}))["_id"].(string)
	plain := songIn(c.upload(upload{name: "Words", text: "Just words\nno times", audio: readFixture(t, "audio", "sine.flac")}))["_id"].(string)
	none := songIn(c.upload(upload{name: "Quiet", audio: readFixture(t, "audio", "sine.ogg")}))["_id"].(string)

	got, r := lyricsOf(t, c, synced)
	if r.Status != 200 {
		t.Fatalf("synced: %s", r.Raw)
	}
	type line = struct {
		StartMs int64  `json:"start_ms"`
		Text    string `json:"text"`
	}
	want := []line{{1000, "First and last"}, {3000, "Second line"}, {5000, "First and last"}}
	if !reflect.DeepEqual(got.Synced, want) || got.Plain != "Second line\nFirst and last" {
		t.Errorf("synced song: %s", r.Raw)
	}

	got, r = lyricsOf(t, c, plain)
	if r.Status != 200 || len(got.Synced) != 0 || got.Plain != "Just words\nno times" {
		t.Errorf("plain song: %s", r.Raw)
	}

	// Empty, not missing: the app reads both fields without checks.
	if r := c.get("/api/songs/" + none + "/lyrics"); r.Status != 200 || r.Raw != `{"synced":[],"plain":""}`+"\n" {
		t.Errorf("song without lyrics: %d %q", r.Status, r.Raw)
	}

	expect(t, c.get("/api/songs/nope/lyrics"), 404, "This song does not exist.")
	expect(t, e.client().get("/api/songs/"+synced+"/lyrics"), 401, "")
}
