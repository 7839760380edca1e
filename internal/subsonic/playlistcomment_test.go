package subsonic_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// The comment apps write on createPlaylist and updatePlaylist is the
// playlist's description: kept, shown by getPlaylists and getPlaylist,
// left alone by a rename and cleared by an empty comment. A smart
// playlist shows its description, or says it is smart when it has none.
func TestPlaylistCommentsAreKept(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	ann := e.user("ann", "pw")
	call := func(endpoint string, params ...string) answer {
		t.Helper()
		return e.raw(http.MethodGet, endpoint, creds("ann", "pw", append([]string{"f", "json"}, params...)...))
	}
	commentOf := func(id string) any {
		t.Helper()
		a := call("getPlaylist", "id", id)
		p, ok := a.Res["playlist"].(map[string]any)
		if !ok {
			t.Fatalf("getPlaylist: %s", a.Body)
		}
		return p["comment"]
	}

	made := call("createPlaylist", "name", "Road", "comment", " For long drives. ", "songId", lib.single.ID)
	p, ok := made.Res["playlist"].(map[string]any)
	if !ok || p["comment"] != "For long drives." {
		t.Fatalf("createPlaylist: %s", made.Body)
	}
	id := p["id"].(string)
	lists := call("getPlaylists").Res["playlists"].(map[string]any)["playlist"].([]any)
	if len(lists) != 1 || lists[0].(map[string]any)["comment"] != "For long drives." {
		t.Errorf("getPlaylists: %v", lists)
	}

	if a := call("updatePlaylist", "playlistId", id, "comment", "Windows down."); a.errorCode() != -1 {
		t.Fatalf("updatePlaylist comment: %s", a.Body)
	}
	if got := commentOf(id); got != "Windows down." {
		t.Errorf("after updatePlaylist: comment %v", got)
	}
	if a := call("updatePlaylist", "playlistId", id, "name", "Road trip"); a.errorCode() != -1 {
		t.Fatalf("rename: %s", a.Body)
	}
	if got := commentOf(id); got != "Windows down." {
		t.Errorf("a rename changed the comment: %v", got)
	}
	long := call("updatePlaylist", "playlistId", id, "comment", strings.Repeat("x", 301))
	if msg, _ := long.Res["error"].(map[string]any)["message"].(string); !strings.Contains(msg, "at most 300 characters") {
		t.Errorf("a comment too long: %s", long.Body)
	}
	if a := call("createPlaylist", "playlistId", id, "comment", "Replaced.", "songId", lib.single.ID); a.errorCode() != -1 {
		t.Fatalf("createPlaylist replacing: %s", a.Body)
	}
	if got := commentOf(id); got != "Replaced." {
		t.Errorf("createPlaylist with playlistId: comment %v", got)
	}
	if a := call("updatePlaylist", "playlistId", id, "comment", ""); a.errorCode() != -1 {
		t.Fatalf("clearing: %s", a.Body)
	}
	if got := commentOf(id); got != nil {
		t.Errorf("an empty comment left %v", got)
	}

	var rules musicify.SmartRules
	if err := json.Unmarshal([]byte(`{"match":"all","rules":[{"field":"artist","op":"is","value":"Neon Harbor"}]}`), &rules); err != nil {
		t.Fatal(err)
	}
	smart, err := e.Subsonic.Playlists.CreateSmart(e.ctx, ann, "Harbor", "", &rules)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := commentOf(smart.ID).(string); !strings.HasPrefix(got, "Smart playlist") {
		t.Errorf("a smart playlist without a description: %q", got)
	}
	desc := "Every Neon Harbor song."
	if _, err := e.Subsonic.Playlists.Update(e.ctx, ann, smart.ID, musicify.PlaylistEdit{Description: &desc}); err != nil {
		t.Fatal(err)
	}
	if got := commentOf(smart.ID); got != desc {
		t.Errorf("a smart playlist with a description: %v", got)
	}
}
