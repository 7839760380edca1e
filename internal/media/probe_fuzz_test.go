package media

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/musicify/musicify/internal/musicify"
)

// FuzzNativeProbe feeds arbitrary files to the pure-Go container checks (the
// sniff, every parser and the tag reader). Whatever the bytes, the answer is
// a refusal the user can read or an Info that makes sense; never a panic,
// never an internal error. Seeds: the small audio fixtures (mutations of real
// files reach deep into each parser) and the cases under testdata/fuzz.
func FuzzNativeProbe(f *testing.F) {
	for _, name := range []string{"sine.mp3", "sine.aac", "sine.m4a", "sine.ogg", "sine.opus",
		"sine.flac", "sine.wav", "sine.aiff", "sine.webm", "text.mp3"} {
		addFixture(f, "audio", name)
	}
	addFixture(f, "video", "clip.mp4")
	addFixture(f, "video", "clip.webm")
	// One file, rewritten each time: a fuzz worker runs inputs one by one,
	// and a fresh directory per input would cost more than the probe.
	path := filepath.Join(f.TempDir(), "upload")
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		info, err := Native{}.Probe(context.Background(), path)
		if err != nil {
			if musicify.ErrorCode(err) != musicify.EUNSUPPORTED || musicify.ErrorMessage(err) != ErrNotAudio.Message {
				t.Fatalf("refused with %v, want the not-audio error", err)
			}
			return
		}
		// The parser that accepted the file is the one its signature names.
		if want := Sniff(data[:min(len(data), 4096)]); info.Format != want {
			t.Errorf("format %q, but the signature says %q", info.Format, want)
		}
		if math.IsNaN(info.Duration) || math.IsInf(info.Duration, 0) || info.Duration < 0 {
			t.Errorf("duration %v", info.Duration)
		}
		if info.Bitrate < 0 || info.SampleRate < 0 || info.Channels < 0 {
			t.Errorf("negative numbers in %+v", *info)
		}
		for _, tag := range []string{info.Title, info.Artist, info.Album} {
			if !utf8.ValidString(tag) || len(tag) > 200 {
				t.Errorf("tag %q is not bounded, valid UTF-8", tag)
			}
		}
	})
}

func addFixture(f *testing.F, parts ...string) {
	b, err := os.ReadFile(fixture(parts...))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
}
