package speech

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// needSphinx returns the recognizer; make test installs it, so its absence
// fails rather than passing silently.
func needSphinx(t *testing.T) *Sphinx {
	t.Helper()
	s := NewSphinx()
	if s == nil {
		t.Fatal("pocketsphinx, pocketsphinx-en-us and ffmpeg are needed: run scripts/system-deps.sh")
	}
	return s
}

// Speak makes a clip of espeak-ng saying text, encoded as a browser's
// MediaRecorder would send it (Opus in WebM), and returns its path.
func Speak(t *testing.T, text string) string {
	t.Helper()
	dir := t.TempDir()
	wav := filepath.Join(dir, "said.wav")
	if out, err := exec.Command("espeak-ng", "-w", wav, text).CombinedOutput(); err != nil {
		t.Fatalf("espeak-ng (run scripts/system-deps.sh): %v %s", err, out)
	}
	webm := filepath.Join(dir, "said.webm")
	if out, err := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", wav, "-c:a", "libopus", webm).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v %s", err, out)
	}
	return webm
}

func TestNoiseIsNoCommand(t *testing.T) {
	s := needSphinx(t)
	for _, f := range []string{"chime-3s.mp3", "sine.wav"} {
		_, err := s.Command(context.Background(), filepath.Join("..", "..", "testdata", "audio", f))
		if err != ErrNotHeard {
			t.Errorf("%s: %v, want ErrNotHeard", f, err)
		}
	}
	if _, err := s.Command(context.Background(), filepath.Join("..", "..", "testdata", "audio", "text.mp3")); err == nil {
		t.Error("a text file was heard as a command")
	}
}

func TestSpeechIsTranscribed(t *testing.T) {
	s := needSphinx(t)
	text, err := s.Transcribe(context.Background(), Speak(t, "the harbour lights are shining over the water tonight"))
	if err != nil || strings.TrimSpace(text) == "" {
		t.Fatalf("transcript %q, %v", text, err)
	}
}

func TestAnOpenAICompatibleTranscriber(t *testing.T) {
	var got struct{ model, file, auth string }
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/audio/transcriptions" {
			http.NotFound(w, r)
			return
		}
		got.auth = r.Header.Get("Authorization")
		got.model = r.FormValue("model")
		f, _, err := r.FormFile("file")
		if err == nil {
			b, _ := io.ReadAll(f)
			got.file = string(b)
		}
		if got.model == "broken" {
			http.Error(w, `{"error":"model not loaded"}`, http.StatusInternalServerError)
			return
		}
		w.Write([]byte(`{"text":"  la la la  "}`))
	}))
	defer srv.Close()
	clip := filepath.Join(t.TempDir(), "clip.mp3")
	os.WriteFile(clip, []byte("audio bytes"), 0o600)

	o := &OpenAI{URL: srv.URL + "/v1", Model: "whisper-large", APIKey: "sk-test"}
	text, err := o.Transcribe(context.Background(), clip)
	if err != nil || text != "la la la" || got.model != "whisper-large" || got.file != "audio bytes" || got.auth != "Bearer sk-test" {
		t.Fatalf("transcript %q, %v; request %+v", text, err, got)
	}
	o.Model = "broken"
	if _, err := o.Transcribe(context.Background(), clip); err == nil || !strings.Contains(err.Error(), "500") {
		t.Fatalf("a failing service: %v", err)
	}
	o.URL = "http://127.0.0.1:1/v1"
	if _, err := o.Transcribe(context.Background(), clip); err == nil {
		t.Fatal("an unreachable service gave a transcript")
	}
}
