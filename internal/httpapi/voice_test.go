package httpapi_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

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
		if r.Status != 200 || r.Body["command"] != cmd || r.Body["text"] != nil {
			t.Fatalf("%s: %d %s", cmd, r.Status, r.Raw)
		}
	}
	// Requests come back whole, with the command word that starts them.
	for said, cmd := range map[string]string{"play something calm": "play", "shuffle my liked songs": "shuffle", "repeat this song": "repeat"} {
		r := c.multipart("/api/voice/command", nil, "audio", spoken(t, said))
		if r.Status != 200 || r.Body["command"] != cmd || r.Body["text"] != said {
			t.Fatalf("%s: %d %s", said, r.Status, r.Raw)
		}
	}
	expect(t, c.multipart("/api/voice/command", nil, "audio", readFixture(t, "audio", "chime-3s.mp3")), 400,
		"We did not catch a command. Say start, shuffle, pause, previous, next or play, or ask for something like “play something calm”.")
	expect(t, c.multipart("/api/voice/command", nil, "audio", nil), 400, "Please send the recorded clip (audio).")
	expect(t, c.multipart("/api/voice/command", nil, "audio", []byte("not a recording")), 415, "This recording is not audio we can read.")
	expect(t, e.client().multipart("/api/voice/command", nil, "audio", spoken(t, "play")), 401, "You are not signed in.")

	without := newEnv(t)
	expect(t, without.signUp("mute", "mute@example.com", "secret1").multipart("/api/voice/command", nil, "audio", spoken(t, "play")),
		503, "Voice commands are not available on this server (it needs pocketsphinx).")
}

// heldVoice recognizes "next" once released, counting how many recognize at once.
type heldVoice struct {
	mu        sync.Mutex
	now, most int
	entered   chan struct{}
	release   chan struct{}
}

func (v *heldVoice) Command(ctx context.Context, _ string) (speech.Heard, error) {
	v.mu.Lock()
	v.now++
	v.most = max(v.most, v.now)
	v.mu.Unlock()
	v.entered <- struct{}{}
	defer func() { v.mu.Lock(); v.now--; v.mu.Unlock() }()
	select {
	case <-v.release:
		return speech.Heard{Command: "next"}, nil
	case <-ctx.Done():
		return speech.Heard{}, ctx.Err()
	}
}

func TestVoiceCommandsAreLimitedPerUserAndRecognizedAFewAtATime(t *testing.T) {
	voice := &heldVoice{entered: make(chan struct{}, 8), release: make(chan struct{})}
	e := newEnv(t, func(s *httpapi.Server) {
		s.Voice = voice
		s.Limits = httpapi.Limits{VoicePerMinute: 3, Recognitions: 1}
	})
	c := e.signUp("vox", "vox@example.com", "secret1")
	clip := []byte("a recorded clip")
	release := sync.OnceFunc(func() { close(voice.release) })
	defer release() // a failing check must not leave the requests hanging

	var wg sync.WaitGroup
	replies := make([]reply, 3)
	for i := range replies {
		wg.Go(func() { replies[i] = c.multipart("/api/voice/command", nil, "audio", clip) })
	}
	<-voice.entered
	// The others wait their turn: none starts while the first recognizes.
	select {
	case <-voice.entered:
		t.Fatal("two clips were recognized at once")
	case <-time.After(300 * time.Millisecond):
	}
	release()
	wg.Wait()
	for _, r := range replies {
		if r.Status != 200 || r.Body["command"] != "next" {
			t.Fatalf("%d %s", r.Status, r.Raw)
		}
	}
	if voice.most != 1 {
		t.Fatalf("%d recognized at once", voice.most)
	}

	expectLimited(t, c.multipart("/api/voice/command", nil, "audio", clip), time.Minute)
	e.Clock.Advance(time.Minute)
	expect(t, c.multipart("/api/voice/command", nil, "audio", clip), 200, "")
}
