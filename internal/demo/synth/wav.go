package synth

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// WriteWAV encodes interleaved float samples as a 16-bit PCM WAV, the
// fallback format when ffmpeg is not there to make an MP3. Samples are
// clamped to [-1, 1] and rounded to the nearest step.
func WriteWAV(w io.Writer, samples []float32, sampleRate, channels int) error {
	if sampleRate <= 0 || channels <= 0 {
		return errors.New("writing wav: sample rate and channels must be positive")
	}
	if len(samples)%channels != 0 {
		return fmt.Errorf("writing wav: %d samples do not fill %d channels", len(samples), channels)
	}
	data := uint64(len(samples)) * 2
	if data > math.MaxUint32-36 {
		return errors.New("writing wav: too long for a RIFF file")
	}
	var h [44]byte
	copy(h[0:], "RIFF")
	binary.LittleEndian.PutUint32(h[4:], uint32(36+data))
	copy(h[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(h[16:], 16)
	binary.LittleEndian.PutUint16(h[20:], 1) // PCM
	binary.LittleEndian.PutUint16(h[22:], uint16(channels))
	binary.LittleEndian.PutUint32(h[24:], uint32(sampleRate))
	binary.LittleEndian.PutUint32(h[28:], uint32(sampleRate*channels*2))
	binary.LittleEndian.PutUint16(h[32:], uint16(channels*2))
	binary.LittleEndian.PutUint16(h[34:], 16)
	copy(h[36:], "data")
	binary.LittleEndian.PutUint32(h[40:], uint32(data))
	if _, err := w.Write(h[:]); err != nil {
		return fmt.Errorf("writing wav header: %w", err)
	}
	chunk := make([]byte, 0, 64<<10)
	for len(samples) > 0 {
		n := min(len(samples), cap(chunk)/2)
		chunk = chunk[:2*n]
		for i, s := range samples[:n] {
			binary.LittleEndian.PutUint16(chunk[2*i:], uint16(pcm16(s)))
		}
		if _, err := w.Write(chunk); err != nil {
			return fmt.Errorf("writing wav samples: %w", err)
		}
		samples = samples[n:]
	}
	return nil
}

// pcm16 clamps and rounds one sample; NaN becomes silence.
func pcm16(s float32) int16 {
	if s != s {
		return 0
	}
	switch {
	case s >= 1:
		return 32767
	case s <= -1:
		return -32767
	}
	return int16(math.Round(float64(s) * 32767))
}
