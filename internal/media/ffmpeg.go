package media

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"maps"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/nice"
)

// FFmpeg transcodes and measures audio. Without ffmpeg installed the
// server keeps serving originals and leaves loudness unknown.
type FFmpeg struct {
	Path string
	// mp3 tells whether libmp3lame is there; else renditions are AAC.
	mp3 bool
	// webp tells whether libwebp is there, for covers (webp.go).
	webp bool
}

// NewFFmpeg finds ffmpeg on PATH, or returns nil.
func NewFFmpeg() *FFmpeg {
	p, err := exec.LookPath("ffmpeg")
	if err != nil {
		return nil
	}
	out, _ := exec.Command(p, "-hide_banner", "-encoders").Output()
	return &FFmpeg{Path: p, mp3: bytes.Contains(out, []byte("libmp3lame")), webp: bytes.Contains(out, []byte(" libwebp "))}
}

// RenditionFormat is the format streaming renditions are made in.
func (f *FFmpeg) RenditionFormat() string {
	if f.mp3 {
		return "mp3"
	}
	return "m4a"
}

func (f *FFmpeg) run(ctx context.Context, stdin io.Reader, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	base := []string{"-hide_banner", "-y"}
	if stdin == nil {
		base = append(base, "-nostdin") // never wait on a terminal
	}
	cmd := nice.Command(ctx, f.Path, append(base, args...)...) // niced when a job runs it
	cmd.Stdin = stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		tail := stderr.String()
		if len(tail) > 500 {
			tail = tail[len(tail)-500:]
		}
		return "", fmt.Errorf("ffmpeg: %w: %s", err, strings.TrimSpace(tail))
	}
	return stderr.String(), nil
}

// Rendition encodes src into a lighter file at dst for streaming: MP3 V0
// (about 245 kbps) or AAC 256 kbps, without video or metadata.
func (f *FFmpeg) Rendition(ctx context.Context, src, dst string) error {
	codec := []string{"-c:a", "libmp3lame", "-q:a", "0", "-f", "mp3"}
	if !f.mp3 {
		codec = []string{"-c:a", "aac", "-b:a", "256k", "-f", "mp4", "-movflags", "+faststart"}
	}
	args := append([]string{"-loglevel", "error", "-i", src, "-map", "0:a:0", "-vn", "-map_metadata", "-1"}, codec...)
	_, err := f.run(ctx, nil, append(args, dst)...)
	return err
}

// Encode turns WAV on r into an MP3 (or AAC) file at dst tagged with tags
// (album, track…), for the demo catalog. LAME's quality 7 encodes twice as fast as its default, which at
// this bitrate no one hears on synthesized music.
func (f *FFmpeg) Encode(ctx context.Context, r io.Reader, dst string, kbps int, tags map[string]string) error {
	codec := []string{"-c:a", "libmp3lame", "-b:a", strconv.Itoa(kbps) + "k", "-compression_level", "7", "-f", "mp3"}
	if !f.mp3 {
		codec = []string{"-c:a", "aac", "-b:a", strconv.Itoa(kbps) + "k", "-f", "mp4", "-movflags", "+faststart"}
	}
	args := append([]string{"-loglevel", "error", "-f", "wav", "-i", "pipe:0"}, codec...)
	for _, k := range slices.Sorted(maps.Keys(tags)) {
		args = append(args, "-metadata", k+"="+tags[k])
	}
	_, err := f.run(ctx, r, append(args, dst)...)
	return err
}

var integrated = regexp.MustCompile(`(?s)Summary:.*?I:\s+(-?[\d.]+|-inf)\s+LUFS`)

// Loudness measures the integrated loudness of src in LUFS (EBU R128).
func (f *FFmpeg) Loudness(ctx context.Context, src string) (float64, error) {
	out, err := f.run(ctx, nil, "-nostats", "-i", src, "-map", "0:a:0", "-af", "ebur128=framelog=verbose", "-f", "null", "-")
	if err != nil {
		return 0, err
	}
	m := integrated.FindStringSubmatch(out)
	if m == nil {
		return 0, fmt.Errorf("ffmpeg printed no loudness summary")
	}
	if m[1] == "-inf" {
		return -70, nil // digital silence: the gating floor of R128
	}
	return strconv.ParseFloat(m[1], 64)
}
