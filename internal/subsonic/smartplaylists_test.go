package subsonic_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// A smart playlist reaches Subsonic apps as an ordinary playlist marked
// read-only, with the songs its rules match; edits and deletion are
// refused with a sentence saying why and where to make them.
func TestSmartPlaylistsAreReadOnlyPlaylistsInSubsonic(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	ann := e.user("ann", "pw")
	var rules musicify.SmartRules
	if err := json.Unmarshal([]byte(`{"match":"all","rules":[{"field":"artist","op":"is","value":"Neon Harbor"}],"sort":"title"}`), &rules); err != nil {
		t.Fatal(err)
	}
	p, err := e.Subsonic.Playlists.CreateSmart(e.ctx, ann, "Harbor", "", &rules)
	if err != nil {
		t.Fatal(err)
	}
	call := func(endpoint string, params ...string) answer {
		t.Helper()
		return e.raw(http.MethodGet, endpoint, creds("ann", "pw", append([]string{"f", "json"}, params...)...))
	}

	list := call("getPlaylists")
	lists := list.Res["playlists"].(map[string]any)["playlist"].([]any)
	got := lists[0].(map[string]any)
	if len(lists) != 1 || got["readonly"] != true || got["songCount"] != float64(3) || !strings.Contains(got["comment"].(string), "Smart playlist") {
		t.Fatalf("getPlaylists: %s", list.Body)
	}
	one := call("getPlaylist", "id", p.ID)
	pl := one.Res["playlist"].(map[string]any)
	var titles []string
	for _, entry := range pl["entry"].([]any) {
		titles = append(titles, entry.(map[string]any)["title"].(string))
	}
	if pl["readonly"] != true || strings.Join(titles, ",") != "Harbour Lights,Low Tide,Undertow" {
		t.Fatalf("getPlaylist: %s", one.Body)
	}

	for _, edit := range []struct {
		endpoint string
		params   []string
	}{
		{"updatePlaylist", []string{"playlistId", p.ID, "songIdToAdd", lib.single.ID}},
		{"updatePlaylist", []string{"playlistId", p.ID, "songIndexToRemove", "0"}},
		{"createPlaylist", []string{"playlistId", p.ID, "songId", lib.single.ID}},
		{"deletePlaylist", []string{"id", p.ID}},
	} {
		a := call(edit.endpoint, edit.params...)
		msg, _ := a.Res["error"].(map[string]any)["message"].(string)
		if a.errorCode() != 50 || !strings.Contains(msg, "smart playlist") {
			t.Errorf("%s %v: %s; want error 50 saying it is a smart playlist", edit.endpoint, edit.params, a.Body)
		}
	}
	if after := call("getPlaylist", "id", p.ID); len(after.Res["playlist"].(map[string]any)["entry"].([]any)) != 3 {
		t.Errorf("the refused edits changed it: %s", after.Body)
	}
}
