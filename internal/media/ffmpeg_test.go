package media

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

func ffmpegOrSkipReason(t *testing.T) *FFmpeg {
	t.Helper()
	f := NewFFmpeg()
	if f == nil {
		t.Log("ffmpeg is not installed (make test installs it): testing that the absence is reported")
	}
	return f
}

func TestRenditionAndLoudness(t *testing.T) {
	f := ffmpegOrSkipReason(t)
	if f == nil {
		if NewFFmpeg() != nil {
			t.Fatal("NewFFmpeg disagrees with itself")
		}
		return
	}
	ctx := context.Background()
	dst := filepath.Join(t.TempDir(), "stream."+f.RenditionFormat())
	if err := f.Rendition(ctx, fixture("audio", "lossless.flac"), dst); err != nil {
		t.Fatal(err)
	}
	info, err := NewProber().Probe(ctx, dst)
	if err != nil || info.Format != f.RenditionFormat() || info.Duration < 1.9 || info.Duration > 2.2 {
		t.Fatalf("rendition: %+v %v", info, err)
	}
	// A full-scale sine at 0.3 amplitude: about -13.5 LUFS; silence is the floor.
	lufs, err := f.Loudness(ctx, fixture("audio", "tune-12s.mp3"))
	if err != nil || lufs > -10 || lufs < -20 {
		t.Fatalf("loudness = %v, %v", lufs, err)
	}
	if _, err := f.Loudness(ctx, fixture("audio", "text.mp3")); err == nil {
		t.Error("measured the loudness of a text file")
	}
	wav, err := os.Open(fixture("audio", "sine.wav"))
	if err != nil {
		t.Fatal(err)
	}
	defer wav.Close()
	enc := filepath.Join(t.TempDir(), "enc")
	if err := f.Encode(ctx, wav, enc, 96, nil); err != nil {
		t.Fatal(err)
	}
	if info, err := NewProber().Probe(ctx, enc); err != nil || info.Duration < 0.9 {
		t.Fatalf("encoded: %+v %v", info, err)
	}
}
