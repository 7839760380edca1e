package views

import (
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/musicify"
)

// The web app streams the original whenever browsers play it, a lossless
// FLAC included, even where an older version made a rendition at import;
// what browsers cannot play (ALAC in an m4a, AIFF) gets its rendition.
func TestTheWebGetsTheOriginalWhenBrowsersPlayIt(t *testing.T) {
	now := time.Date(2031, 3, 4, 12, 0, 0, 0, time.UTC)
	signed := &Viewer{user: &musicify.User{ID: "u1"}, sess: &musicify.Session{TokenHash: "h", CreatedAt: now},
		sign: mediaurl.New([]byte("0123456789abcdef0123456789abcdef"), func() time.Time { return now })}
	for _, tc := range []struct {
		song       musicify.Song
		original   bool
		viewerSees string
	}{
		{musicify.Song{ID: "f", Format: "flac", Bitrate: 900_000, AudioKey: "songs/f/original.flac", StreamKey: "songs/f/stream.mp3"}, true, "/media/s/songs/f/original.flac?"},
		{musicify.Song{ID: "m", Format: "mp3", Bitrate: 320_000, AudioKey: "songs/m/original.mp3"}, true, "/media/s/songs/m/original.mp3?"},
		{musicify.Song{ID: "o", Format: "opus", Bitrate: 96_000, AudioKey: "songs/o/original.opus"}, true, "/media/s/songs/o/original.opus?"},
		{musicify.Song{ID: "a", Format: "m4a", Bitrate: 256_000, AudioKey: "songs/a/original.m4a"}, true, "/media/s/songs/a/original.m4a?"},
		{musicify.Song{ID: "l", Format: "m4a", Bitrate: 1_000_000, AudioKey: "lib/x/alac.m4a"}, false, "/media/songs/l/rendition?kbps=256"},
		{musicify.Song{ID: "i", Format: "aiff", Bitrate: 1_411_000, AudioKey: "songs/i/original.aiff"}, false, "/media/songs/i/rendition?kbps=256"},
	} {
		got := SongOf(&tc.song, signed).Audio
		if !strings.HasPrefix(got, tc.viewerSees) {
			t.Errorf("%s at %d: audio %q, want %q…", tc.song.Format, tc.song.Bitrate, got, tc.viewerSees)
		}
		plain := SongOf(&tc.song, nil).Audio
		if want := "/media/" + mediaurl.Path(tc.song.AudioKey); tc.original && plain != want {
			t.Errorf("%s unsigned: audio %q, want %q", tc.song.Format, plain, want)
		}
	}
}
