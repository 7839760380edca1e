package media

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"
)

// encode runs ffmpeg to make a test file in dir, optionally with cover
// embedded as its attached picture, and returns its path.
func encode(t *testing.T, dir, name, cover string, codec ...string) string {
	t.Helper()
	out := filepath.Join(dir, name)
	args := []string{"-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=10"}
	if cover != "" {
		args = append(args, "-i", cover, "-map", "0", "-map", "1", "-c:v", "copy", "-disposition:v", "attached_pic")
	}
	args = append(append(args, codec...), out)
	if b, err := exec.Command("ffmpeg", args...).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg %v: %v\n%s", args, err, b)
	}
	return out
}

// A large embedded cover is not audio: the bitrate apps compare with
// their maxBitRate is the stream's, whichever prober reads the file.
func TestBitrateIsTheAudioStreams(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg is not installed (make test installs it): no files with covers to read")
	}
	dir := t.TempDir()
	cover := filepath.Join(dir, "cover.jpg")
	if b, err := exec.Command("ffmpeg", "-v", "error", "-f", "lavfi", "-i", "nullsrc=s=1000x1000,geq=random(1)*255:128:128",
		"-frames:v", "1", "-q:v", "2", cover).CombinedOutput(); err != nil {
		t.Fatalf("making the cover: %v\n%s", err, b)
	}
	mp3 := []string{"-c:a", "libmp3lame", "-id3v2_version", "3"}
	files := map[string]string{
		"cbr":        encode(t, dir, "cbr.mp3", cover, append(mp3, "-b:a", "192k")...),
		"vbr":        encode(t, dir, "vbr.mp3", cover, append(mp3, "-q:a", "2")...),
		"vbr-bare":   encode(t, dir, "vbr-bare.mp3", "", append(mp3, "-q:a", "2")...),
		"flac":       encode(t, dir, "c.flac", cover, "-c:a", "flac", "-sample_fmt", "s16"),
		"flac-bare":  encode(t, dir, "bare.flac", "", "-c:a", "flac", "-sample_fmt", "s16"),
		"flac24":     encode(t, dir, "hi.flac", "", "-c:a", "flac", "-sample_fmt", "s32", "-ar", "96000"),
		"m4a":        encode(t, dir, "c.m4a", cover, "-c:a", "aac", "-b:a", "128k"),
		"vorbis":     encode(t, dir, "c.ogg", "", "-c:a", "libvorbis", "-b:a", "96k"),
		"vorbis-48k": encode(t, dir, "c48.ogg", "", "-c:a", "libvorbis", "-b:a", "96k", "-ar", "48000"),
	}
	near := func(got, want, tolerance int) bool { return got >= want-tolerance && got <= want+tolerance }
	for name, p := range probers(t) {
		t.Run(name, func(t *testing.T) {
			read := func(key string) *Info {
				t.Helper()
				info, err := p.Probe(context.Background(), files[key])
				if err != nil {
					t.Fatalf("%s: %v", key, err)
				}
				return info
			}
			if got := read("cbr"); got.Bitrate != 192000 || got.SampleRate != 44100 || got.Channels != 1 || got.BitDepth != 0 {
				t.Errorf("192 kbps MP3 with a 700 kB cover: got %+v, want 192000 b/s, 44.1 kHz, mono, no bit depth", *got)
			}
			// ffmpeg writes the "Info" header in a frame of the rate it needs,
			// not the stream's (here 56 kbps in a 32 kbps stream).
			if got, err := p.Probe(context.Background(), fixture("audio", "sine.mp3")); err != nil || got.Bitrate != 32000 {
				t.Errorf("32 kbps MP3 whose Info frame is 56 kbps: %v %+v", err, got)
			}
			if got, bare := read("vbr"), read("vbr-bare"); !near(got.Bitrate, bare.Bitrate, 1000) || got.Bitrate > 100_000 {
				t.Errorf("VBR MP3 with a cover: %d b/s, the same stream alone %d b/s", got.Bitrate, bare.Bitrate)
			}
			got, bare := read("flac"), read("flac-bare")
			if !near(got.Bitrate, bare.Bitrate, bare.Bitrate/50) || got.BitDepth != 16 || got.SampleRate != 44100 {
				t.Errorf("FLAC with a cover: %+v; alone %d b/s", *got, bare.Bitrate)
			}
			if hi := read("flac24"); hi.BitDepth != 24 && hi.BitDepth != 32 || hi.SampleRate != 96000 {
				t.Errorf("high resolution FLAC: %+v", *hi)
			}
			if got := read("m4a"); !near(got.Bitrate, 128000, 8000) {
				t.Errorf("M4A at 128 kbps with a cover: %d b/s", got.Bitrate)
			}
			for _, key := range []string{"vorbis", "vorbis-48k"} { // a sine is cheap: well under the nominal 96 kbps
				if got := read(key); got.Bitrate < 8000 || got.Bitrate > 40000 {
					t.Errorf("Vorbis of a sine (%s): %d b/s", key, got.Bitrate)
				}
			}
		})
	}
}

func TestLosslessBitDepth(t *testing.T) {
	for name, p := range probers(t) {
		for _, file := range []string{"sine.wav", "sine.aiff", "sine.flac"} {
			info, err := p.Probe(context.Background(), fixture("audio", file))
			if err != nil {
				t.Fatalf("%s %s: %v", name, file, err)
			}
			if info.BitDepth != 16 || info.SampleRate == 0 || info.Channels == 0 {
				t.Errorf("%s %s: %+v, want 16-bit", name, file, *info)
			}
		}
		info, err := p.Probe(context.Background(), fixture("audio", "sine.mp3"))
		if err != nil || info.BitDepth != 0 {
			t.Errorf("%s sine.mp3: %v %+v, want no bit depth", name, err, info)
		}
	}
}
