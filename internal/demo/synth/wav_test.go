package synth

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"testing"
)

// parsedWAV is what a minimal RIFF reader sees in a file.
type parsedWAV struct {
	format, channels, bits uint16
	rate, byteRate         uint32
	blockAlign             uint16
	samples                []int16
}

func parseWAV(t *testing.T, b []byte) parsedWAV {
	t.Helper()
	le := binary.LittleEndian
	if len(b) < 44 || string(b[0:4]) != "RIFF" || string(b[8:12]) != "WAVE" {
		t.Fatalf("not a RIFF/WAVE file: % x", b[:min(len(b), 12)])
	}
	if got := le.Uint32(b[4:]); int(got) != len(b)-8 {
		t.Fatalf("RIFF size %d, file has %d bytes after it", got, len(b)-8)
	}
	if string(b[12:16]) != "fmt " || le.Uint32(b[16:]) != 16 {
		t.Fatalf("fmt chunk missing or not 16 bytes")
	}
	w := parsedWAV{
		format: le.Uint16(b[20:]), channels: le.Uint16(b[22:]), rate: le.Uint32(b[24:]),
		byteRate: le.Uint32(b[28:]), blockAlign: le.Uint16(b[32:]), bits: le.Uint16(b[34:]),
	}
	if string(b[36:40]) != "data" || int(le.Uint32(b[40:])) != len(b)-44 {
		t.Fatalf("data chunk size %d, %d bytes follow", le.Uint32(b[40:]), len(b)-44)
	}
	for i := 44; i+1 < len(b); i += 2 {
		w.samples = append(w.samples, int16(le.Uint16(b[i:])))
	}
	return w
}

func TestWriteWAV(t *testing.T) {
	t.Run("writes a PCM header that round-trips", func(t *testing.T) {
		var buf bytes.Buffer
		in := []float32{0, 0, 0.5, -0.5, 1, -1, 0.25, 0}
		if err := WriteWAV(&buf, in, 44100, 2); err != nil {
			t.Fatal(err)
		}
		w := parseWAV(t, buf.Bytes())
		if w.format != 1 || w.channels != 2 || w.rate != 44100 || w.bits != 16 {
			t.Errorf("format %d channels %d rate %d bits %d, want PCM 2 44100 16", w.format, w.channels, w.rate, w.bits)
		}
		if w.byteRate != 44100*4 || w.blockAlign != 4 {
			t.Errorf("byte rate %d block align %d, want %d and 4", w.byteRate, w.blockAlign, 44100*4)
		}
		if len(w.samples) != len(in) {
			t.Fatalf("got %d samples, want %d", len(w.samples), len(in))
		}
		for i, s := range w.samples {
			if back := float64(s) / 32767; math.Abs(back-float64(in[i])) > 1.0/32767 {
				t.Errorf("sample %d came back as %.5f, want %.5f", i, back, in[i])
			}
		}
	})

	t.Run("clamps overs and silences NaN", func(t *testing.T) {
		var buf bytes.Buffer
		nan := float32(math.NaN())
		if err := WriteWAV(&buf, []float32{1.5, -3, nan}, 8000, 1); err != nil {
			t.Fatal(err)
		}
		got := parseWAV(t, buf.Bytes()).samples
		want := []int16{32767, -32767, 0}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("sample %d = %d, want %d", i, got[i], want[i])
			}
		}
	})

	t.Run("a rendered song becomes a valid file", func(t *testing.T) {
		var buf bytes.Buffer
		pcm := rendered()[0]
		if err := WriteWAV(&buf, pcm, testRate, 2); err != nil {
			t.Fatal(err)
		}
		if w := parseWAV(t, buf.Bytes()); len(w.samples) != len(pcm) || w.rate != testRate {
			t.Errorf("got %d samples at %d Hz, want %d at %d", len(w.samples), w.rate, len(pcm), testRate)
		}
	})

	for _, tt := range []struct {
		name     string
		samples  []float32
		rate, ch int
	}{
		{"rejects zero channels", []float32{0}, 44100, 0},
		{"rejects a zero rate", []float32{0}, 0, 1},
		{"rejects samples that do not fill the channels", []float32{0, 0, 0}, 44100, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := WriteWAV(&bytes.Buffer{}, tt.samples, tt.rate, tt.ch); err == nil {
				t.Fatal("got no error")
			}
		})
	}

	t.Run("reports a failing writer", func(t *testing.T) {
		if err := WriteWAV(failingWriter{}, make([]float32, 100000), 44100, 2); err == nil {
			t.Fatal("got no error")
		}
	})
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }
