package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/musicify/musicify/internal/media/mediatest"
)

// taggedMP3 is the fixture MP3 behind an ID3v2 tag of n TXXX frames.
func taggedMP3(t testing.TB, n int, version byte, unsync bool) string {
	t.Helper()
	audio, err := os.ReadFile(fixture("audio", "sine.mp3"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.HasPrefix(audio, []byte("ID3")) {
		audio = audio[10+syncsafe(audio[6:10]):]
	}
	p := filepath.Join(t.TempDir(), "tagged.mp3")
	if err := os.WriteFile(p, mediatest.ID3Tagged(audio, n, version, unsync), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Thousands of repeated frames made the tag readers quadratic: a file
// with more than maxID3Frames is refused before any of them sees it, in a
// single pass over the frame headers.
func TestATagOfTooManyFramesIsRefusedBeforeAnyReaderSeesIt(t *testing.T) {
	for name, p := range probers(t) {
		for _, tc := range []struct {
			frames  int
			version byte
			unsync  bool
			refused bool
		}{
			{maxID3Frames, 3, false, false},
			{maxID3Frames + 1, 3, false, true},
			{maxID3Frames, 4, false, false},
			{maxID3Frames + 1, 4, false, true},
			{maxID3Frames + 1, 3, true, true},
			{maxID3Frames, 4, true, false},
			{50_000, 3, false, true},
		} {
			t.Run(fmt.Sprintf("%s, %d frames, v2.%d, unsynchronised %v", name, tc.frames, tc.version, tc.unsync), func(t *testing.T) {
				info, err := p.Probe(context.Background(), taggedMP3(t, tc.frames, tc.version, tc.unsync))
				if refused := errors.Is(err, ErrTagTooManyFrames); refused != tc.refused {
					t.Fatalf("refused %v: %v", refused, err)
				}
				if !tc.refused && (err != nil || info.Format != "mp3") {
					t.Fatalf("%+v, %v", info, err)
				}
			})
		}
	}
}
