package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/musicify"
)

// part is one part of a hand-made multipart form; a file name makes it a file.
type part struct {
	name, file string
	body       []byte
}

// form posts parts in the order given.
func (c *client) form(path string, parts ...part) reply {
	c.e.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, p := range parts {
		var w io.Writer
		if p.file != "" {
			w, _ = mw.CreateFormFile(p.name, p.file)
		} else {
			w, _ = mw.CreateFormField(p.name)
		}
		_, _ = w.Write(p.body)
	}
	_ = mw.Close()
	req, _ := http.NewRequest("POST", c.e.URL+path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return c.send(req)
}

// Text fields are held in memory until the form is read, so every form
// takes only the fields it knows: hundreds of made-up fields once held
// half a megabyte each.
func TestAFormRefusesFieldsItDoesNotKnow(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("uma", "uma@example.com", "secret1")
	mp3 := readFixture(t, "audio", "sine.mp3")
	png := readFixture(t, "images", "cover.png")
	junk := part{name: "junk1", body: bytes.Repeat([]byte("j"), 1000)}
	for _, tc := range []struct {
		name, path string
		parts      []part
		message    string
	}{
		{"an upload", "/api/upload", []part{{name: "song", body: []byte("x")}, junk, {name: "audio", file: "a.mp3", body: mp3}},
			`This form has no field "junk1"; it takes song, text, audio, cover.`},
		{"an upload with an unknown file", "/api/upload", []part{{name: "song", body: []byte("x")}, {name: "extra", file: "e.mp3", body: mp3}},
			`This form has no field "extra"; it takes song, text, audio, cover.`},
		{"an artist cover", "/api/artist/cover", []part{junk, {name: "cover", file: "c.png", body: png}},
			`This form has no field "junk1"; it takes cover.`},
		{"a playlist cover", "/api/playlist/cover", []part{{name: "name", body: []byte("Mix")}, junk, {name: "cover", file: "c.png", body: png}},
			`This form has no field "junk1"; it takes id, name, cover.`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			expect(t, c.form(tc.path, tc.parts...), 400, tc.message)
		})
	}
	if files := mediaFiles(t, e.Media); len(files) != 0 {
		t.Errorf("refused forms left files: %v", files)
	}
}

func TestTheTextFieldsOfAFormAreCappedTogether(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("vic", "vic@example.com", "secret1")
	mp3 := readFixture(t, "audio", "sine.mp3")
	t.Run("the longest lyrics the app allows still go through", func(t *testing.T) {
		lyrics := strings.Repeat("\U0001F3B5", 100_000) // 100,000 characters of 4 bytes
		r := c.form("/api/upload", part{name: "song", body: []byte("Long")}, part{name: "text", body: []byte(lyrics)},
			part{name: "audio", file: "a.mp3", body: mp3})
		expect(t, r, 200, "success")
	})
	t.Run("two fields each under their own limit but over the total are refused", func(t *testing.T) {
		r := c.form("/api/upload", part{name: "song", body: bytes.Repeat([]byte("s"), 300<<10)},
			part{name: "text", body: bytes.Repeat([]byte("t"), 400<<10)}, part{name: "audio", file: "a.mp3", body: mp3})
		expect(t, r, 413, "The text fields of this form are too long together: at most 640 KB.")
	})
	t.Run("one field over its own limit is refused", func(t *testing.T) {
		r := c.form("/api/upload", part{name: "text", body: bytes.Repeat([]byte("t"), 513<<10)})
		expect(t, r, 413, "The field text is too long.")
	})
	if songs, _ := e.DB.Songs(context.Background()); len(songs) != 1 {
		t.Errorf("%d songs, want the one with long lyrics", len(songs))
	}
}

// fullDisk fails every Put as a full disk does, after writing nothing.
type fullDisk struct{ musicify.BlobStore }

func (fullDisk) Put(_ context.Context, key string, _ io.Reader) (int64, error) {
	return 0, fmt.Errorf("storing %s: %w", key, &os.PathError{Op: "write", Path: "/data/media/.tmp/put-1", Err: syscall.ENOSPC})
}

func TestAFullDiskIsSaidPlainly(t *testing.T) {
	e := newEnv(t, func(s *httpapi.Server) {
		l := s.Catalog.(*catalog.Service)
		l.Blobs = fullDisk{l.Blobs}
	})
	c := e.signUp("wes", "wes@example.com", "secret1")
	r := c.upload(upload{name: "No room", audio: readFixture(t, "audio", "sine.mp3")})
	expect(t, r, 507, "The server is out of space. Please tell the person who runs it.")
	if songs, _ := e.DB.Songs(context.Background()); len(songs) != 0 {
		t.Errorf("rows left: %d", len(songs))
	}
	if !strings.Contains(e.Log.String(), "no space left on device") {
		t.Errorf("the log does not say what failed:\n%s", e.Log.String())
	}
}

func TestUploadsStopAtTheQuota(t *testing.T) {
	e := newEnv(t, func(s *httpapi.Server) { s.Catalog.(*catalog.Service).QuotaMB = 1 })
	c := e.signUp("xia", "xia@example.com", "secret1")
	mp3 := readFixture(t, "audio", "sine.mp3")
	expect(t, c.upload(upload{name: "First", audio: mp3}), 200, "success")
	// A large earlier upload, as a row, leaves room for less than another
	// small file: the quota counts what the store holds.
	xia, err := e.DB.UserByUsername(context.Background(), "xia")
	if err != nil {
		t.Fatal(err)
	}
	big := &musicify.Song{ID: musicify.NewID(), Name: "Big", UserID: xia.ID, Format: "mp3", Size: 1<<20 - 2*int64(len(mp3)) + 1,
		SHA256: "big", AudioKey: "songs/big/original.mp3", Created: e.Clock.Now(), Transcript: musicify.TranscriptNone}
	if err := e.DB.CreateSong(context.Background(), big); err != nil {
		t.Fatal(err)
	}
	r := c.upload(upload{name: "One too many", audio: readFixture(t, "audio", "sine.ogg")})
	used := float64(int64(len(mp3))+big.Size) / (1 << 20)
	expect(t, r, 413, fmt.Sprintf("This upload would take you past your 1 MB quota (%.1f MB used).", used))
	// The quota is per person.
	other := e.signUp("yan", "yan@example.com", "secret1")
	expect(t, other.upload(upload{name: "Mine", audio: mp3}), 200, "success")
}

// Ten uploads at once under a quota they fit only three of each passed the
// check before any was saved (2.8 times the quota): now three are kept.
func TestUploadsAtOnceStayWithinTheQuota(t *testing.T) {
	e := newEnv(t, func(s *httpapi.Server) { s.Catalog.(*catalog.Service).QuotaMB = 1 })
	c := e.signUp("zed", "zed@example.com", "secret1")
	tune := readFixture(t, "audio", "tune-12s.mp3")
	pad := (300<<10 - len(tune)) / 4 // each upload about 300 KB: three fit in 1 MB, four do not
	var wg sync.WaitGroup
	statuses := make(chan int, 10)
	for i := range 10 {
		// Different bytes each (the same file twice is refused as such).
		audio := append(append([]byte{}, tune...), bytes.Repeat([]byte{0, 0, 0, byte(i + 1)}, pad)...)
		wg.Go(func() { statuses <- c.upload(upload{name: fmt.Sprintf("Take %d", i), audio: audio}).Status })
	}
	wg.Wait()
	close(statuses)
	kept := 0
	for status := range statuses {
		switch status {
		case 200:
			kept++
		case 413:
		default:
			t.Errorf("status %d", status)
		}
	}
	zed, err := e.DB.UserByUsername(context.Background(), "zed")
	if err != nil {
		t.Fatal(err)
	}
	used, err := e.DB.UploadedBytes(context.Background(), zed.ID)
	if kept != 3 || err != nil || used > 1<<20 {
		t.Fatalf("%d uploads kept, %d bytes used (%v); want 3 within 1 MB", kept, used, err)
	}
}
