package catalog_test

import (
	"context"
	"testing"
)

// An upload keeps its audio stream's properties, as a library file does.
func TestAnUploadKeepsItsStream(t *testing.T) {
	w := newWorld(t, nil)
	for file, want := range map[string][3]int{"lossless.flac": {0, 16, 0}, "sine.mp3": {32000, 0, 1}} {
		up := w.upload(t, file)
		s, err := w.db.Song(context.Background(), up.ID)
		if err != nil {
			t.Fatal(err)
		}
		if s.Details.SampleRate == 0 || s.Details.Channels == 0 || s.Details.BitDepth != want[1] ||
			want[0] != 0 && s.Bitrate != want[0] || want[2] != 0 && s.Details.Channels != want[2] {
			t.Errorf("%s: %d b/s, %+v; want bit depth %d", file, s.Bitrate, s.Details, want[1])
		}
	}
}
