package media

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/nice"
)

// DecodeMono decodes the first audio stream of src to mono float samples
// at rate, at most maxSeconds of it: the one decode audio analysis needs.
// A job's decode runs niced, as every ffmpeg a job starts.
func (f *FFmpeg) DecodeMono(ctx context.Context, src string, rate int, maxSeconds float64) ([]float32, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	cmd := nice.Command(ctx, f.Path, "-hide_banner", "-nostdin", "-loglevel", "error", "-i", src,
		"-map", "0:a:0", "-vn", "-ac", "1", "-ar", strconv.Itoa(rate),
		"-t", strconv.FormatFloat(maxSeconds, 'f', -1, 64), "-f", "f32le", "pipe:1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("decoding %s: %w", src, err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("decoding %s: %w", src, err)
	}
	// Sized for the whole: growing a slice of a ten-minute song by
	// doubling would copy it a dozen times.
	pcm := make([]float32, 0, int(maxSeconds*float64(rate)))
	r := bufio.NewReaderSize(out, 1<<16)
	var word [4]byte
	for {
		if _, err = io.ReadFull(r, word[:]); err != nil {
			break
		}
		pcm = append(pcm, math.Float32frombits(binary.LittleEndian.Uint32(word[:])))
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		err = nil
	}
	if werr := cmd.Wait(); werr != nil || err != nil {
		tail := stderr.String()
		if len(tail) > 500 {
			tail = tail[len(tail)-500:]
		}
		return nil, fmt.Errorf("decoding %s: ffmpeg: %w: %s", src, errors.Join(werr, err), strings.TrimSpace(tail))
	}
	return pcm, nil
}
