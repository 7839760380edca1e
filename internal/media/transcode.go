package media

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
)

// Transcoding is what a player asked for: a format, a bitrate and where
// in the song to start.
type Transcoding struct {
	Format string  // mp3 or opus
	Kbps   int     // 0 takes the format's default
	Offset float64 // seconds into the song
	// Seconds, when above zero, ends the output after that long.
	Seconds float64
}

// transcodeCodecs are the encoders of the formats players may ask for,
// with their default bitrate and container.
var transcodeCodecs = map[string]struct {
	encoder, container string
	kbps               int
}{
	"mp3":  {"libmp3lame", "mp3", 192},
	"opus": {"libopus", "ogg", 128},
}

var (
	encodersOnce sync.Once
	encoders     string
)

// CanTranscode reports whether this ffmpeg can encode format on the fly.
func (f *FFmpeg) CanTranscode(format string) bool {
	c, ok := transcodeCodecs[format]
	if !ok {
		return false
	}
	encodersOnce.Do(func() {
		out, _ := exec.Command(f.Path, "-hide_banner", "-encoders").Output()
		encoders = string(out)
	})
	return strings.Contains(encoders, " "+c.encoder+" ")
}

// Transcode encodes the audio of src (a file path; "pipe:0" reads stdin)
// into w as it goes, for a player that cannot take the original or asked
// for a lower bitrate or a start past the beginning. Seeking before the
// input (-ss) skips to the offset without decoding what comes before it.
func (f *FFmpeg) Transcode(ctx context.Context, src string, stdin io.Reader, w io.Writer, t Transcoding) error {
	c, ok := transcodeCodecs[t.Format]
	if !ok {
		return fmt.Errorf("ffmpeg: no transcoding to %q", t.Format)
	}
	kbps := t.Kbps
	if kbps <= 0 {
		kbps = c.kbps
	}
	kbps = min(max(kbps, 32), 320)
	args := []string{"-hide_banner", "-loglevel", "error"}
	if stdin == nil {
		args = append(args, "-nostdin") // never wait on a terminal
	}
	if t.Offset > 0 {
		args = append(args, "-ss", strconv.FormatFloat(t.Offset, 'f', 3, 64))
	}
	args = append(args, "-i", src, "-map", "0:a:0", "-vn", "-map_metadata", "-1")
	if t.Seconds > 0 {
		args = append(args, "-t", strconv.FormatFloat(t.Seconds, 'f', 3, 64))
	}
	args = append(args, "-c:a", c.encoder, "-b:a", strconv.Itoa(kbps)+"k", "-f", c.container, "pipe:1")
	cmd := exec.CommandContext(ctx, f.Path, args...)
	cmd.Stdin, cmd.Stdout = stdin, w
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		tail := stderr.String()
		if len(tail) > 500 {
			tail = tail[len(tail)-500:]
		}
		return fmt.Errorf("ffmpeg: %w: %s", err, strings.TrimSpace(tail))
	}
	return nil
}

// BrowserPlays reports whether browsers (Chromium and Firefox) play a file
// of format at bitrate (bits a second, 0 unknown) as it is, so the web app
// streams the original. An m4a above 500 kbps is taken for ALAC, which
// they do not play; AIFF they do not play either.
func BrowserPlays(format string, bitrate int) bool {
	switch format {
	case "mp3", "aac", "ogg", "opus", "flac", "wav", "webm":
		return true
	case "m4a":
		return bitrate <= 500_000
	}
	return false
}
