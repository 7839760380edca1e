package speech

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/musicify/musicify/internal/nice"
)

// niceOf prints the niceness of the script's own process, which is the
// process the recognizer started.
const niceOf = `n=$(cut -d')' -f2 /proc/$$/stat | awk '{print $17}')`

// A transcription is a job: pocketsphinx runs niced. A voice command has a
// person waiting: it runs at the server's priority.
func TestTranscriptionsRunNicedAndVoiceCommandsDoNot(t *testing.T) {
	stat, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		t.Fatal("Musicify runs on Linux, whose /proc tells a process's niceness:", err)
	}
	own, err := nice.FromStat(stat)
	if err != nil {
		t.Fatal(err)
	}
	s := fakeRecognizer(t, needSphinx(t), niceOf+`; echo niceness $n; [ "$n" = "`+strconv.Itoa(own)+`" ] && echo play; true`)
	clip := filepath.Join("..", "..", "testdata", "audio", "chime-3s.mp3")

	got, err := s.Transcribe(nice.Background(context.Background()), clip)
	if want := "niceness " + strconv.Itoa(min(own+nice.Level, 19)); err != nil || got != want {
		t.Errorf("a job's transcription heard %q, %v; want %q", got, err, want)
	}
	if got, err := s.Command(context.Background(), clip); err != nil || got != (Heard{Command: "play"}) {
		t.Errorf("a voice command: %+v, %v; want pocketsphinx at niceness %d", got, err, own)
	}
}
