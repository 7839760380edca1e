package subsonic_test

import (
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	musiclibrary "github.com/musicify/musicify/internal/library"
	"github.com/musicify/musicify/internal/media/mediatest"
)

// tone writes a short tone with ffmpeg, untagged, and returns its bytes.
func tone(t *testing.T, ext string, args ...string) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tone"+ext)
	full := append([]string{"-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=0.3",
		"-fflags", "+bitexact", "-map_metadata", "-1"}, args...)
	if out, err := exec.Command("ffmpeg", append(full, path)...).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v\n%s", err, out)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Files that name several artists the way taggers write them — repeated
// Vorbis comments, several MP4 data atoms — give songs whose artists are
// each an artist of their own in getSong and search3, the shown string
// kept as tagged.
func TestMultiValueArtistTagsGiveEachArtistAnID(t *testing.T) {
	ffprobe, err := exec.LookPath("ffprobe")
	if err != nil {
		t.Fatal("ffmpeg and ffprobe are needed: run scripts/system-deps.sh")
	}
	e := newEnv(t, nil)
	e.user("ann", "pw")
	dir := t.TempDir()
	flac, err := mediatest.FLACWithComments(tone(t, ".flac"), "TITLE=Lantern Duet", "ARTIST=Ana Vell", "ARTIST=Bo Kessler", "ALBUM=Pairs")
	if err != nil {
		t.Fatal(err)
	}
	m4a, err := mediatest.MP4WithItems(tone(t, ".m4a", "-c:a", "aac", "-metadata", "title=x"),
		mediatest.MP4Text("\xa9nam", "Lantern Trio"), mediatest.MP4Text("\xa9ART", "Ana Vell, Bo Kessler and Cy Dunmore"),
		mediatest.MP4Text("\xa9alb", "Pairs"), mediatest.MP4Freeform("ARTISTS", "Ana Vell", "Bo Kessler", "Cy Dunmore"))
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{"duet.flac": flac, "trio.m4a": m4a} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	scanner := &musiclibrary.Scanner{Store: e.DB, Blobs: e.Blobs, Folders: []string{dir}, FFprobe: ffprobe, Logger: e.Logger, Workers: 1}
	if st, err := scanner.Scan(context.Background(), false); err != nil || st.Added != 2 || st.Failed != 0 {
		t.Fatalf("scan = %+v, %v", st, err)
	}

	get := func(endpoint string, params ...string) map[string]any {
		t.Helper()
		a := e.raw(http.MethodGet, endpoint, creds("ann", "pw", append([]string{"f", "json"}, params...)...))
		if a.Status != http.StatusOK || a.Res["status"] != "ok" {
			t.Fatalf("%s: %d %s", endpoint, a.Status, a.Body)
		}
		return a.Res
	}
	artists := func(song map[string]any) (names []string, ids map[string]string) {
		ids = map[string]string{}
		for _, a := range song["artists"].([]any) {
			a := a.(map[string]any)
			names = append(names, a["name"].(string))
			ids[a["name"].(string)] = a["id"].(string)
		}
		return names, ids
	}
	found := get("search3", "query", "Lantern")["searchResult3"].(map[string]any)
	songs, _ := found["song"].([]any)
	if len(songs) != 2 {
		t.Fatalf("search3 found %d songs: %v", len(songs), found)
	}
	want := map[string]struct{ shown, artists string }{
		"Lantern Duet": {"Ana Vell; Bo Kessler", "Ana Vell|Bo Kessler"},
		"Lantern Trio": {"Ana Vell, Bo Kessler and Cy Dunmore", "Ana Vell|Bo Kessler|Cy Dunmore"},
	}
	seen := map[string]string{} // artist id by name, the same on every song
	for _, s := range songs {
		s := s.(map[string]any)
		song := get("getSong", "id", s["id"].(string))["song"].(map[string]any)
		for _, answer := range []map[string]any{s, song} {
			names, ids := artists(answer)
			w := want[answer["title"].(string)]
			if answer["displayArtist"] != w.shown || strings.Join(names, "|") != w.artists {
				t.Errorf("%s shows %q with artists %q; want %q, %q", answer["title"], answer["displayArtist"], names, w.shown, w.artists)
			}
			for name, id := range ids {
				if prev, ok := seen[name]; ok && prev != id {
					t.Errorf("%s has the ids %s and %s", name, prev, id)
				}
				seen[name] = id
			}
		}
	}
	distinct := map[string]bool{}
	for name, id := range seen {
		if distinct[id] || id == "" {
			t.Errorf("%s shares the id %q", name, id)
		}
		distinct[id] = true
		// Each is an artist apps open.
		if ar := get("getArtist", "id", id)["artist"].(map[string]any); ar["name"] != name {
			t.Errorf("getArtist %s = %v, want %s", id, ar["name"], name)
		}
	}
	if len(seen) != 3 {
		t.Errorf("artists %v, want three", seen)
	}
}
