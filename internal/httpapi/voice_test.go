package httpapi_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/speech"
)

// spoken is espeak-ng saying text, recorded as a browser would send it.
func spoken(t *testing.T, text string) []byte {
	t.Helper()
	dir := t.TempDir()
	wav, webm := filepath.Join(dir, "s.wav"), filepath.Join(dir, "s.webm")
	if out, err := exec.Command("espeak-ng", "-w", wav, text).CombinedOutput(); err != nil {
		t.Fatalf("espeak-ng (run scripts/system-deps.sh): %v %s", err, out)
	}
	if out, err := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", wav, "-c:a", "libopus", webm).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v %s", err, out)
	}
	b, _ := os.ReadFile(webm)
	return b
}

func TestVoiceCommandsOverHTTP(t *testing.T) {
	sphinx := speech.NewSphinx()
	if sphinx == nil {
		t.Fatal("pocketsphinx is needed: run scripts/system-deps.sh")
	}
	e := newEnv(t, func(s *httpapi.Server) { s.Voice = sphinx })
	c := e.signUp("vox", "vox@example.com", "secret1")
	for _, cmd := range speech.Commands { // each of the six, as espeak-ng says it
		r := c.multipart("/api/voice/command", nil, "audio", spoken(t, cmd))
		if r.Status != 200 || r.Body["command"] != cmd {
			t.Fatalf("%s: %d %s", cmd, r.Status, r.Raw)
		}
	}
	expect(t, c.multipart("/api/voice/command", nil, "audio", readFixture(t, "audio", "chime-3s.mp3")), 400,
		"We did not catch a command. Say start, shuffle, pause, previous, next or play.")
	expect(t, c.multipart("/api/voice/command", nil, "audio", nil), 400, "Please send the recorded clip (audio).")
	expect(t, c.multipart("/api/voice/command", nil, "audio", []byte("not a recording")), 415, "This recording is not audio we can read.")
	expect(t, e.client().multipart("/api/voice/command", nil, "audio", spoken(t, "play")), 401, "You are not signed in.")

	without := newEnv(t)
	expect(t, without.signUp("mute", "mute@example.com", "secret1").multipart("/api/voice/command", nil, "audio", spoken(t, "play")),
		503, "Voice commands are not available on this server (it needs pocketsphinx).")
}
