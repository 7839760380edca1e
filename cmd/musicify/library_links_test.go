package main

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A library folder whose sidecars link to files outside it: the secret
// reaches no answer, the private photo no cover; the scan lists both.
func TestTheBinaryNeverServesWhatLibraryLinksPointAt(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "shadow")
	if err := os.WriteFile(secret, []byte("root:zebracadabra-hash:19000:0:99999:7:::\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	photo := filepath.Join(outside, "private.jpg")
	copyFile(t, filepath.Join("..", "..", "testdata", "images", "cover.jpg"), photo)
	library := t.TempDir()
	albumDir := filepath.Join(library, "Neon Shore", "Ebb")
	copyFile(t, filepath.Join("..", "..", "testdata", "audio", "sine.mp3"), filepath.Join(albumDir, "01 Tide.mp3"))
	for link, target := range map[string]string{"01 Tide.lrc": secret, "cover.jpg": photo} {
		if err := os.Symlink(target, filepath.Join(albumDir, link)); err != nil {
			t.Fatal(err)
		}
	}
	p := startBinary(t, t.TempDir(), "MUSICIFY_LIBRARY_DIRS="+library)
	c := signUpBinary(t, p, "owner") // the first account: an admin
	getJSON := func(path string, v any) string {
		t.Helper()
		res, err := c.Get(p.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %s", path, res.StatusCode, b)
		}
		if v != nil {
			if err := json.Unmarshal(b, v); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
		}
		return string(b)
	}
	var scan struct {
		Finished string
		Running  bool
		Added    int
		Failures []struct{ Path, Reason string }
	}
	for deadline := time.Now().Add(time.Minute); scan.Finished == "" || scan.Running; time.Sleep(20 * time.Millisecond) {
		getJSON("/api/admin/library", &scan)
		if time.Now().After(deadline) { // a guard against a hang
			t.Fatalf("the scan did not finish: %+v", scan)
		}
	}
	if scan.Added != 1 || len(scan.Failures) != 2 {
		t.Fatalf("scan %+v, want the song and both links reported", scan)
	}
	for _, f := range scan.Failures {
		if !strings.Contains(f.Reason, "outside the library folder") {
			t.Errorf("failure %+v", f)
		}
	}
	var albums struct {
		Albums []struct {
			ID string `json:"_id"`
		}
	}
	getJSON("/api/albums", &albums)
	if len(albums.Albums) != 1 {
		t.Fatalf("albums %+v", albums)
	}
	var album struct {
		Songs []struct {
			ID string `json:"_id"`
		}
	}
	getJSON("/api/albums/"+albums.Albums[0].ID, &album)
	if len(album.Songs) != 1 {
		t.Fatalf("album %+v", album)
	}
	for _, path := range []string{"/api/songs/" + album.Songs[0].ID, "/api/search?q=zebracadabra", "/api/albums", "/api/albums/" + albums.Albums[0].ID} {
		if body := getJSON(path, nil); strings.Contains(body, "zebracadabra") || strings.Contains(body, "/media/covers/") {
			t.Errorf("%s shows what a link points at: %s", path, body)
		}
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
