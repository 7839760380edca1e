package httpapi_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/playlistfile"
)

// export fetches a playlist file and its Content-Disposition.
func (c *client) export(t *testing.T, ref, format string) (int, string, string) {
	t.Helper()
	res, err := c.http.Get(c.e.URL + "/api/playlist/" + ref + "/export/" + format)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Content-Disposition"), string(body)
}

func importFile(c *client, name string, file []byte) reply {
	return c.form("/api/playlist/import", part{name: "name", body: []byte(name)}, part{name: "file", file: name + ".m3u", body: file})
}

func TestAPlaylistFileImportsAndExportsBack(t *testing.T) {
	e, libSong, _ := libraryEnv(t)
	c := e.signUp("pia", "pia@example.com", "secret1")
	upload := c.song(t, "Up", "sine.mp3")

	file := fmt.Sprintf("#EXTM3U\r\n#EXTINF:12,Whoever - Low Tide\r\nD:\\Music\\Neon Shore\\Ebb & Flow\\01 Low Tide?.mp3\r\n%s/media/songs/%s/download\r\n#EXTINF:200,Nobody - Not Here\r\nmissing/song.mp3\r\n", e.URL, upload)
	r := importFile(c, "Road trip", []byte(file))
	expect(t, r, 200, "2 of 3 songs found.")
	p := playlistIn(r)
	if p["name"] != "Road trip" || p["owner"] != "pia" || r.Body["found"] != float64(2) || r.Body["entries"] != float64(3) {
		t.Fatalf("import answer: %v", r.Body)
	}
	unmatched := r.Body["unmatched"].([]any)
	if len(unmatched) != 1 || fmt.Sprint(unmatched[0]) != "map[artist:Nobody duration:200 index:3 line:6 location:missing/song.mp3 title:Not Here]" {
		t.Fatalf("unmatched: %v", unmatched)
	}
	id := p["_id"].(string)
	if _, ids := c.detail(t, id); fmt.Sprint(ids) != fmt.Sprint([]string{libSong, upload}) {
		t.Fatalf("playlist songs: %v", ids)
	}

	// The same file again: a second playlist, numbered.
	r = importFile(c, "Road trip", []byte(file))
	expect(t, r, 200, "2 of 3 songs found.")
	if playlistIn(r)["name"] != "Road trip (2)" {
		t.Fatalf("second import named %v", playlistIn(r)["name"])
	}

	status, disposition, m3u := c.export(t, id, "m3u8")
	if status != 200 || !strings.HasPrefix(disposition, `attachment; filename="Road trip.m3u8"`) {
		t.Fatalf("export: %d %q", status, disposition)
	}
	wantLines := []string{"#EXTM3U", "#PLAYLIST:Road trip", "Neon Shore/Ebb & Flow/01 Low Tide?.mp3", e.URL + "/media/songs/" + upload + "/download", "#EXTINF:1,pia - Up"}
	for _, l := range wantLines {
		if !strings.Contains(m3u, l+"\n") {
			t.Errorf("the M3U8 lacks %q:\n%s", l, m3u)
		}
	}
	// What is exported imports back whole: the library song by its path,
	// the upload by its address.
	expect(t, importFile(c, "Again", []byte(m3u)), 200, "2 of 2 songs found.")

	status, disposition, xspf := c.export(t, id, "xspf")
	if status != 200 || !strings.Contains(disposition, `filename="Road trip.xspf"`) || !strings.HasPrefix(xspf, "<?xml") {
		t.Fatalf("xspf export: %d %q\n%s", status, disposition, xspf)
	}
	entries, format, err := playlistfile.Parse([]byte(xspf))
	if err != nil || format != playlistfile.XSPF || len(entries) != 2 || entries[0].Location != "Neon Shore/Ebb & Flow/01 Low Tide?.mp3" || entries[1].Title != "Up" {
		t.Fatalf("xspf read back: %+v %v %v\n%s", entries, format, err, xspf)
	}
	if !strings.Contains(xspf, "<location>Neon%20Shore/Ebb%20&amp;%20Flow/01%20Low%20Tide%3F.mp3</location>") {
		t.Errorf("the XSPF location is not an escaped URI:\n%s", xspf)
	}

	// Anyone may export a playlist they can read; an unknown one or format is not found.
	other := e.signUp("olaf", "olaf@example.com", "secret1")
	if status, _, _ := other.export(t, id, "xspf"); status != 200 {
		t.Errorf("another listener's export: %d", status)
	}
	if status, _, _ := c.export(t, id, "pdf"); status != 404 {
		t.Errorf("export as pdf: %d", status)
	}
	if status, _, _ := c.export(t, "nope", "m3u8"); status != 404 {
		t.Errorf("export of no playlist: %d", status)
	}
	if res, err := e.client().http.Get(e.URL + "/api/playlist/" + id + "/export/m3u8"); err != nil || res.StatusCode != http.StatusUnauthorized {
		t.Errorf("signed out: %v %v", res.StatusCode, err)
	}
}

func TestAnImportRefusesWhatIsNoPlaylistWithAClearMessage(t *testing.T) {
	e, _, _ := libraryEnv(t)
	c := e.signUp("pia", "pia@example.com", "secret1")
	mp3 := readFixture(t, "audio", "sine.mp3")
	expect(t, importFile(c, "Song", mp3), 400, "This file is not a playlist: choose an M3U, M3U8, PLS or XSPF file.")
	expect(t, importFile(c, "Empty", []byte("#EXTM3U\n")), 400, "This playlist file lists no songs.")
	expect(t, importFile(c, "None", []byte("a.mp3\nb.mp3\n")), 400, "None of the 2 songs in this playlist file is in the library, so no playlist was made.")
	expect(t, c.form("/api/playlist/import", part{name: "name", body: []byte("x")}), 400, "Please choose a playlist file (.m3u, .m3u8, .pls or .xspf).")
	expect(t, importFile(c, "Many", bytes.Repeat([]byte("a.mp3\n"), 10_001)), 400, "This playlist file lists 10001 songs; at most 10000 can be imported at once.")
	big := bytes.Repeat([]byte("some/long/path/to/a/song.mp3\n"), (5<<20)/28+10)
	expect(t, importFile(c, "Big", big), 413, "This playlist file is larger than 5 MB.")
	expect(t, importFile(c, strings.Repeat("n", 101), []byte("D:/Neon Shore/Ebb & Flow/01 Low Tide?.mp3\n")), 400, "The playlist name is too long: at most 100 characters.")
	if mine := c.get("/api/playlist/all"); !strings.Contains(mine.Raw, "[]") {
		t.Errorf("a refused import left a playlist: %s", mine.Raw)
	}
}
