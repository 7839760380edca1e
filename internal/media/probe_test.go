package media

import (
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// probers are both implementations; they must agree on every file.
func probers(t *testing.T) map[string]Prober {
	t.Helper()
	ps := map[string]Prober{"native": Native{}}
	if path, err := exec.LookPath("ffprobe"); err == nil {
		ps["ffprobe"] = &FFprobe{Path: path}
	} else {
		t.Log("ffprobe is not installed: only the pure-Go parsers are tested (make test installs ffmpeg)")
	}
	return ps
}

func fixture(parts ...string) string {
	return filepath.Join(append([]string{"..", "..", "testdata"}, parts...)...)
}

func TestEveryAcceptedFormatIsRead(t *testing.T) {
	for name, p := range probers(t) {
		for _, tc := range []struct {
			file, format string
			duration     float64
		}{
			{"sine.mp3", "mp3", 1.071},
			{"tune-12s.mp3", "mp3", 12.04},
			{"sine.aac", "aac", 1.068},
			{"sine.m4a", "m4a", 1},
			{"sine.ogg", "ogg", 1},
			{"sine.opus", "opus", 1},
			{"hum-4s.opus", "opus", 4},
			{"sine.flac", "flac", 1},
			{"lossless.flac", "flac", 2},
			{"sine.wav", "wav", 1},
			{"sine.aiff", "aiff", 1},
			{"sine.webm", "webm", 1.008},
		} {
			t.Run(name+"/"+tc.file, func(t *testing.T) {
				info, err := p.Probe(context.Background(), fixture("audio", tc.file))
				if err != nil {
					t.Fatalf("Probe: %v", err)
				}
				if info.Format != tc.format || math.Abs(info.Duration-tc.duration) > 0.02 || info.Bitrate <= 0 {
					t.Errorf("got %+v, want format %s, %.3fs", *info, tc.format, tc.duration)
				}
				if want := tc.format == "flac" || tc.format == "wav" || tc.format == "aiff"; info.Lossless() != want {
					t.Errorf("Lossless() = %v", info.Lossless())
				}
			})
		}
	}
}

func TestWhatIsNotAudioIsRefused(t *testing.T) {
	dir := t.TempDir()
	// Files with a right signature and a wrong body: the parse must notice.
	truncated := map[string]string{"sine.mp3": "", "sine.flac": "", "sine.wav": "", "sine.aiff": "", "sine.ogg": "", "sine.m4a": "", "sine.webm": ""}
	for src := range truncated {
		b, err := os.ReadFile(fixture("audio", src))
		if err != nil {
			t.Fatal(err)
		}
		cut := filepath.Join(dir, "cut-"+src)
		if err := os.WriteFile(cut, b[:40], 0o600); err != nil {
			t.Fatal(err)
		}
		truncated[src] = cut
	}
	garbage := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	files := []string{
		fixture("audio", "text.mp3"),
		fixture("images", "cover.png"), fixture("images", "cover.jpg"),
		fixture("images", "cover.gif"), fixture("images", "cover.webp"),
		fixture("video", "clip.mp4"), fixture("video", "clip.webm"),
		garbage("empty.mp3", nil),
		garbage("id3-only.mp3", append([]byte("ID3\x04\x00\x00\x00\x00\x00\x05"), make([]byte, 300)...)),
		garbage("oggs.ogg", append([]byte("OggS"), make([]byte, 200)...)),
		garbage("riff.wav", append([]byte("RIFF\x00\x00\x00\x00WAVEjunk"), make([]byte, 100)...)),
	}
	for _, p := range truncated {
		files = append(files, p)
	}
	for name, p := range probers(t) {
		for _, file := range files {
			t.Run(name+"/"+filepath.Base(file), func(t *testing.T) {
				info, err := p.Probe(context.Background(), file)
				if musicify.ErrorCode(err) != musicify.EUNSUPPORTED || musicify.ErrorMessage(err) != "This file is not an audio file we can play" {
					t.Fatalf("Probe = %+v, %v; want the not-audio error", info, err)
				}
			})
		}
	}
}

func TestSniff(t *testing.T) {
	for head, want := range map[string]string{
		"ID3\x04":                  "mp3",
		"\xff\xfb\x90\x00":         "mp3",
		"\xff\xf1\x50\x80":         "aac",
		"fLaC":                     "flac",
		"RIFF\x00\x00\x00\x00WAVE": "wav",
		"\x00\x00\x00\x20ftypM4A ": "m4a",
		"\x89PNG\r\n":              "",
		"hello":                    "",
		"\xff\xfd\x90\x00":         "", // layer II
	} {
		if got := Sniff([]byte(head)); got != want {
			t.Errorf("Sniff(%q) = %q, want %q", head, got, want)
		}
	}
}

func TestAlbumTagsAreRead(t *testing.T) {
	for name, p := range probers(t) {
		t.Run(name, func(t *testing.T) {
			info, err := p.Probe(context.Background(), fixture("audio", "album-track2.mp3"))
			if err != nil {
				t.Fatal(err)
			}
			got := [...]any{info.Title, info.Artist, info.Album, info.Track, info.Disc, info.Year, info.Genre}
			want := [...]any{"Afterglow", "Tide Pool", "Low Tide Tapes", 2, 1, 1994, "Dream Pop"}
			if got != want {
				t.Errorf("tags = %v, want %v", got, want)
			}
		})
	}
}

func TestLeadingNumber(t *testing.T) {
	for in, want := range map[string]int{"2/10": 2, "1994-05-01": 1994, " 7 ": 7, "": 0, "x3": 0, "123456": 1234} {
		if got := leadingNumber(in); got != want {
			t.Errorf("leadingNumber(%q) = %d, want %d", in, got, want)
		}
	}
}
