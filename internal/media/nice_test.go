package media

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/musicify/musicify/internal/nice"
)

// Loudness is measured by a job: ffmpeg runs niced. The stand-in ffmpeg
// reports its own niceness as the loudness, negated.
func TestJobsRunFFmpegNiced(t *testing.T) {
	stat, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		t.Fatal("Musicify runs on Linux, whose /proc tells a process's niceness:", err)
	}
	own, err := nice.FromStat(stat)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "ffmpeg")
	script := "#!/bin/sh\nn=$(cut -d')' -f2 /proc/$$/stat | awk '{print $17}')\nprintf 'Summary:\\n  I: -%s LUFS\\n' \"$n\" >&2\n"
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	f := &FFmpeg{Path: bin}
	lufs, err := f.Loudness(nice.Background(context.Background()), "song.mp3")
	if want := -float64(min(own+nice.Level, 19)); err != nil || lufs != want {
		t.Errorf("ffmpeg for a job ran at niceness %v (%v), want %v", -lufs, err, -want)
	}
	lufs, err = f.Loudness(context.Background(), "song.mp3")
	if err != nil || lufs != -float64(own) {
		t.Errorf("ffmpeg for a request ran at niceness %v (%v), want the server's %d", -lufs, err, own)
	}
}
