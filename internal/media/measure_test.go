package media

import (
	"context"
	"math"
	"testing"
)

// Analysis gets mono samples at the rate it asks, as long as the file or
// the bound, whatever the file's own rate and channels.
func TestMeasureDecodesMono(t *testing.T) {
	f := ffmpegOrSkipReason(t)
	if f == nil {
		return
	}
	ctx := context.Background()
	t.Run("a whole file at the asked rate", func(t *testing.T) {
		pcm, _, err := f.Measure(ctx, fixture("audio", "tune-12s.mp3"), 22050, 600, 0)
		if err != nil {
			t.Fatal(err)
		}
		if secs := float64(len(pcm)) / 22050; secs < 11.5 || secs > 12.5 {
			t.Fatalf("decoded %.2f s, want about 12", secs)
		}
		rms := 0.0
		for _, v := range pcm {
			rms += float64(v) * float64(v)
		}
		if rms = math.Sqrt(rms / float64(len(pcm))); rms < 0.05 || rms > 0.5 {
			t.Errorf("RMS %.3f: not the tune's samples", rms)
		}
	})
	t.Run("no more than the bound", func(t *testing.T) {
		pcm, _, err := f.Measure(ctx, fixture("audio", "tune-12s.mp3"), 8000, 2, 12)
		if err != nil {
			t.Fatal(err)
		}
		if len(pcm) != 16000 {
			t.Errorf("decoded %d samples, want 2 s at 8 kHz", len(pcm))
		}
	})
	t.Run("a file that is no audio is an error", func(t *testing.T) {
		if _, _, err := f.Measure(ctx, fixture("audio", "text.mp3"), 22050, 600, 0); err == nil {
			t.Error("decoded a text file")
		}
	})
}
