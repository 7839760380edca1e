package media

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/nice"
)

// FFmpeg transcodes and measures audio. Without ffmpeg installed the
// server serves originals only and leaves loudness unknown.
type FFmpeg struct {
	Path string
	// mp3 tells whether libmp3lame is there; else the demo's songs are AAC.
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
	_, lufs, err := f.Measure(ctx, src, 0, 0, 0)
	return lufs, err
}

// loudnessOf reads the integrated loudness from ebur128's summary.
func loudnessOf(out string) (float64, error) {
	// The last summary: ffmpeg may configure a filter graph once before the
	// one that runs, and that one prints an empty summary too.
	all := integrated.FindAllStringSubmatch(out, -1)
	if len(all) == 0 {
		return 0, fmt.Errorf("ffmpeg printed no loudness summary")
	}
	m := all[len(all)-1]
	if m[1] == "-inf" {
		return -70, nil // digital silence: the gating floor of R128
	}
	return strconv.ParseFloat(m[1], 64)
}

// Measure decodes src once and takes from the one decode both its
// integrated loudness in LUFS (EBU R128, over the whole song) and, when
// rate > 0, its first maxSeconds as mono float samples at rate for audio
// analysis: a song is read and decoded once at import, not once per use.
// seconds is how long the song is said to be (0: unknown), to size the
// samples' buffer once.
func (f *FFmpeg) Measure(ctx context.Context, src string, rate int, maxSeconds, seconds float64) (pcm []float32, lufs float64, err error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	args := []string{"-hide_banner", "-nostdin", "-nostats", "-i", src}
	if rate > 0 {
		// asplit hands the same decoded frames to the meter and to the
		// mono resampler; the loudness output keeps reading past -t.
		args = append(args, "-filter_complex",
			"[0:a:0]asplit=2[l][f];[l]ebur128=framelog=verbose,anullsink;[f]aformat=sample_fmts=flt:channel_layouts=mono,aresample="+strconv.Itoa(rate)+"[pcm]",
			"-map", "[pcm]", "-t", strconv.FormatFloat(maxSeconds, 'f', -1, 64), "-f", "f32le", "pipe:1")
	} else {
		args = append(args, "-map", "0:a:0", "-af", "ebur128=framelog=verbose", "-f", "null", "-")
	}
	cmd := nice.Command(ctx, f.Path, args...) // niced when a job runs it
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, 0, fmt.Errorf("decoding %s: %w", src, err)
	}
	if err := cmd.Start(); err != nil {
		return nil, 0, fmt.Errorf("decoding %s: %w", src, err)
	}
	if rate > 0 {
		// Sized for the whole: growing a ten-minute song by doubling would
		// copy it a dozen times; sized for maxSeconds, every one-minute
		// song would hold 50 MB. A second more for a duration rounded down.
		if seconds <= 0 {
			seconds = 60
		}
		pcm, err = readFloats(out, int((min(seconds, maxSeconds)+1)*float64(rate)))
	}
	_, _ = io.Copy(io.Discard, out)
	if werr := cmd.Wait(); werr != nil || err != nil {
		tail := stderr.String()
		if len(tail) > 500 {
			tail = tail[len(tail)-500:]
		}
		return nil, 0, fmt.Errorf("decoding %s: ffmpeg: %w: %s", src, errors.Join(werr, err), strings.TrimSpace(tail))
	}
	lufs, err = loudnessOf(stderr.String())
	return pcm, lufs, err
}

// readFloats reads little-endian float32 samples until the end, into a
// buffer of room for size of them at first.
func readFloats(r io.Reader, size int) ([]float32, error) {
	pcm := make([]float32, 0, size)
	br := bufio.NewReaderSize(r, 1<<16)
	var word [4]byte
	for {
		if _, err := io.ReadFull(br, word[:]); err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				return pcm, nil
			}
			return nil, err
		}
		pcm = append(pcm, math.Float32frombits(binary.LittleEndian.Uint32(word[:])))
	}
}
