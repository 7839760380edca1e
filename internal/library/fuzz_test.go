package library

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/musicify/musicify/internal/media/mediatest"
	"github.com/musicify/musicify/internal/musicify"
)

// The containers a library file is read as, by its extension.
var fuzzExts = []string{".mp3", ".flac", ".ogg", ".opus", ".m4a", ".wav", ".aiff"}

// validTags is what the store may be given from any file: readable text
// within its bounds, numbers that make sense.
func validTags(t *testing.T, tags musicify.TrackTags) {
	t.Helper()
	for name, s := range map[string]string{"title": tags.Title, "artist": tags.Artist, "album": tags.Album,
		"album artist": tags.AlbumArtist, "MusicBrainz id": tags.MBTrackID} {
		if !utf8.ValidString(s) || len(s) > 200 || s != strings.TrimSpace(s) {
			t.Errorf("%s %q", name, s)
		}
	}
	if tags.Track < 0 || tags.Track > 9999 || tags.Disc < 0 || tags.Disc > 9999 || tags.Year != 0 && (tags.Year < 1000 || tags.Year > 2999) {
		t.Errorf("track %d, disc %d, year %d", tags.Track, tags.Disc, tags.Year)
	}
	validLyrics(t, tags.Lyrics, tags.SyncedLyrics)
}

func validLyrics(t *testing.T, plain, synced string) {
	t.Helper()
	if !utf8.ValidString(plain) || !utf8.ValidString(synced) || len(plain) > 100_000 || len(synced) > 100_000 {
		t.Errorf("lyrics of %d and %d bytes, valid text %v %v", len(plain), len(synced), utf8.ValidString(plain), utf8.ValidString(synced))
	}
	if synced != "" && plain == "" {
		t.Error("synced lyrics without their words")
	}
}

// FuzzReadFile feeds any bytes to the scanner's readers as a file of each
// container (the pure-Go ones; ffprobe is a program of its own): a file is
// refused with a reason or read into valid tags, and never panics.
func FuzzReadFile(f *testing.F) {
	for _, name := range []string{"sine.mp3", "sine.flac", "sine.ogg", "sine.opus", "sine.m4a", "sine.wav", "sine.aiff"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "audio", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint8(0))
		f.Add(b, uint8(len(name)))
	}
	f.Add(mediatest.ID3Tagged([]byte{0xff, 0xfb, 0x90, 0x64}, 1001, 3, false), uint8(0))
	f.Add(mediatest.ID3Tagged([]byte{0xff, 0xfb, 0x90, 0x64}, 40, 4, true), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, ext uint8) {
		dir := t.TempDir()
		rel := "Artist/Album/01 Song" + fuzzExts[int(ext)%len(fuzzExts)]
		if err := os.MkdirAll(filepath.Join(dir, "Artist", "Album"), 0o755); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		file, err := (&Scanner{}).readFile(context.Background(), path, rel)
		if err != nil {
			if err.Error() == "" {
				t.Error("a refusal without a reason")
			}
			return
		}
		validTags(t, file.tags)
		if file.info.Duration < 0 || file.fingerprint == "" {
			t.Errorf("duration %v, fingerprint %q", file.info.Duration, file.fingerprint)
		}
	})
}

// FuzzSidecarLyrics feeds any bytes to a song's .lrc file.
func FuzzSidecarLyrics(f *testing.F) {
	f.Add([]byte("[ar:Artist]\n[00:00.50]first line\n[00:01.20]second line\n"))
	f.Add([]byte("[00:01]\xff\xfe[00:02]\r\nplain\n"))
	f.Add([]byte(strings.Repeat("[00:00.00]é", 20_000)))
	f.Add([]byte(strings.Repeat("x", 99_999) + "é")) // the cut falls inside the letter
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "01 Song.lrc"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		plain, synced := sidecarLyrics(dir, "01 Song.mp3")
		validLyrics(t, plain, synced)
	})
}
