package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
		return getJSON(t, c, p.URL, path, v)
	}
	scan := waitForScan(t, c, p.URL)
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
