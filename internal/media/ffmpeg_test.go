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

func TestMeasureAndLoudness(t *testing.T) {
	f := ffmpegOrSkipReason(t)
	if f == nil {
		if NewFFmpeg() != nil {
			t.Fatal("NewFFmpeg disagrees with itself")
		}
		return
	}
	ctx := context.Background()
	// One decode gives the loudness of the whole song and the first
	// seconds asked for as mono samples.
	pcm, whole, err := f.Measure(ctx, fixture("audio", "tune-12s.mp3"), 8000, 2, 12)
	if err != nil || len(pcm) < 15900 || len(pcm) > 16100 || whole > -10 || whole < -20 {
		t.Fatalf("measure: %d samples, %v LUFS, %v", len(pcm), whole, err)
	}
	// A full-scale sine at 0.3 amplitude: about -13.5 LUFS; silence is the floor.
	lufs, err := f.Loudness(ctx, fixture("audio", "tune-12s.mp3"))
	if err != nil || lufs > -10 || lufs < -20 {
		t.Fatalf("loudness = %v, %v", lufs, err)
	}
	if lufs != whole {
		t.Errorf("loudness alone %v, with the samples %v", lufs, whole)
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
