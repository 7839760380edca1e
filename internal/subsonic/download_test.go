package subsonic_test

import (
	"archive/zip"
	"bytes"
	"io"
	"net/http"
	"slices"
	"strconv"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// readZip opens a downloaded ZIP and reads every entry back.
func readZip(t *testing.T, a answer) (names []string, files map[string][]byte) {
	t.Helper()
	if a.Status != 200 || a.Header.Get("Content-Type") != "application/zip" {
		t.Fatalf("not a ZIP: %d %v %.200s", a.Status, a.Header, a.Body)
	}
	zr, err := zip.NewReader(bytes.NewReader(a.Body), int64(len(a.Body)))
	if err != nil {
		t.Fatalf("reading the ZIP: %v", err)
	}
	files = map[string][]byte{}
	for _, f := range zr.File {
		if f.Method != zip.Store {
			t.Errorf("%s is compressed (method %d): audio is stored as it is", f.Name, f.Method)
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		names = append(names, f.Name)
		files[f.Name] = b
	}
	return names, files
}

// download of an album, an artist or a playlist is a ZIP of the original
// files, named Artist/Album/01 - Title.ext, read back byte for byte.
func TestDownloadAlbumArtistAndPlaylistAsZip(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	ann := e.user("ann", "pw")
	original := func(s *musicify.Song) []byte {
		t.Helper()
		obj, err := e.Blobs.Open(e.ctx, s.AudioKey)
		if err != nil {
			t.Fatal(err)
		}
		defer obj.Body.Close()
		b, _ := io.ReadAll(obj.Body)
		return b
	}
	album := []string{"Neon Harbor/Night Lines/01 - Low Tide.mp3", "Neon Harbor/Night Lines/02 - Harbour Lights.mp3",
		"Neon Harbor/Night Lines/03 - Undertow.mp3"}
	for _, id := range []string{"al-" + lib.albumID, "ar-" + lib.artistID} {
		a := e.raw(http.MethodGet, "download", creds("ann", "pw", "id", id))
		names, files := readZip(t, a)
		if !slices.Equal(names, album) {
			t.Fatalf("%s: entries %q, want %q", id, names, album)
		}
		for i, s := range lib.harbor {
			if !bytes.Equal(files[album[i]], original(s)) {
				t.Fatalf("%s: %s is not the original's bytes", id, album[i])
			}
		}
		if a.Header.Get("Content-Length") != "" || a.Header.Get("Content-Disposition") == "" {
			t.Errorf("%s: headers %v", id, a.Header)
		}
	}
	// A playlist: each song under its own artist and album; a name with
	// separators and Windows' reserved characters is made safe.
	odd := e.addTrack(track{file: "sine.ogg", tags: musicify.TrackTags{Title: `What?/Why: "Now"`, Artist: "AC/DC", Album: "..", Track: 7}})
	p := &musicify.Playlist{Name: "Mix", UserID: ann.ID}
	if err := e.DB.CreatePlaylist(e.ctx, p); err != nil {
		t.Fatal(err)
	}
	for _, s := range []*musicify.Song{lib.single, odd, lib.harbor[1]} {
		if err := e.DB.AddPlaylistSong(e.ctx, p.ID, s.ID); err != nil {
			t.Fatal(err)
		}
	}
	names, files := readZip(t, e.raw(http.MethodGet, "download", creds("ann", "pw", "id", p.ID)))
	want := []string{"Velvet Static/Glass/Glass.ogg", "AC_DC/Unknown/07 - What__Why_ _Now_.ogg", "Neon Harbor/Night Lines/02 - Harbour Lights.mp3"}
	if !slices.Equal(names, want) || !bytes.Equal(files[want[1]], original(odd)) {
		t.Fatalf("playlist entries %q, want %q", names, want)
	}
	// A song is still its own file; unknown ids are 70.
	if a := e.raw(http.MethodGet, "download", creds("ann", "pw", "id", lib.single.ID)); !bytes.Equal(a.Body, original(lib.single)) {
		t.Fatalf("a song's download: %d %v", a.Status, a.Header)
	}
	for _, id := range []string{"al-nope", "ar-nope", "nope"} {
		if a := e.raw(http.MethodGet, "download", creds("ann", "pw", "id", id, "f", "json")); a.errorCode() != 70 {
			t.Errorf("download %s: %s", id, a.Body)
		}
	}
}

// With estimateContentLength a transcoded stream says its length up
// front: bitrate × duration, and the body is exactly that long.
func TestStreamEstimatesContentLength(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	e.user("ann", "pw")
	tune := lib.harbor[2] // 12 s of MP3
	for _, tc := range []struct {
		params []string
		kbps   int
		offset float64
	}{
		{[]string{"maxBitRate", "32"}, 32, 0},
		{[]string{"format", "opus"}, 128, 0},
		{[]string{"maxBitRate", "64", "timeOffset", "5"}, 64, 5},
	} {
		params := append([]string{"id", tune.ID, "estimateContentLength", "true"}, tc.params...)
		a := e.raw(http.MethodGet, "stream", creds("ann", "pw", params...))
		want := int64((tune.Duration - tc.offset) * float64(tc.kbps) * 1000 / 8)
		if n, _ := strconv.ParseInt(a.Header.Get("Content-Length"), 10, 64); a.Status != 200 || n != want || int64(len(a.Body)) != want {
			t.Errorf("%v: status %d, Content-Length %q, %d bytes, want %d", tc.params, a.Status, a.Header.Get("Content-Length"), len(a.Body), want)
		}
	}
	// Without it, no length is promised.
	if a := e.raw(http.MethodGet, "stream", creds("ann", "pw", "id", tune.ID, "maxBitRate", "32")); a.Header.Get("Content-Length") != "" {
		t.Errorf("a transcode without the estimate has a length: %v", a.Header)
	}
}
