package speech

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
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
	return speakFiltered(t, text, "anull")
}

// speakFiltered is Speak with an ffmpeg audio filter applied to the speech.
func speakFiltered(t *testing.T, text, filter string) string {
	t.Helper()
	dir := t.TempDir()
	wav := filepath.Join(dir, "said.wav")
	if out, err := exec.Command("espeak-ng", "-w", wav, text).CombinedOutput(); err != nil {
		t.Fatalf("espeak-ng (run scripts/system-deps.sh): %v %s", err, out)
	}
	webm := filepath.Join(dir, "said.webm")
	if out, err := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", wav, "-af", filter, "-c:a", "libopus", webm).CombinedOutput(); err != nil {
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
	var got struct {
		model, file, auth string
		length            int64
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/audio/transcriptions" {
			http.NotFound(w, r)
			return
		}
		got.auth = r.Header.Get("Authorization")
		got.length = r.ContentLength // -1 for a chunked upload, which some servers cannot read
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
	if err != nil || text != "la la la" || got.model != "whisper-large" || got.file != "audio bytes" || got.auth != "Bearer sk-test" || got.length <= 0 {
		t.Fatalf("transcript %q, %v; request %+v", text, err, got)
	}
	// A song of a few megabytes arrives whole.
	song := make([]byte, 5<<20)
	for i := range song {
		song[i] = byte(i * 7919 >> 3)
	}
	if err := os.WriteFile(clip, song, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := o.Transcribe(context.Background(), clip); err != nil || got.file != string(song) || got.length <= int64(len(song)) {
		t.Fatalf("a large song: %v; %d bytes arrived, Content-Length %d", err, len(got.file), got.length)
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

func TestATranscriptionServiceThatRefusesTheSizeIsNotAskedAgain(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		http.Error(w, `{"error":"file too large"}`, http.StatusRequestEntityTooLarge)
	}))
	defer srv.Close()
	clip := filepath.Join(t.TempDir(), "clip.mp3")
	if err := os.WriteFile(clip, make([]byte, 1<<20), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := (&OpenAI{URL: srv.URL + "/v1"}).Transcribe(context.Background(), clip)
	if musicify.ErrorCode(err) != musicify.ETOOLARGE || !strings.Contains(err.Error(), "413") {
		t.Fatalf("a 413: %v (code %q), want ETOOLARGE", err, musicify.ErrorCode(err))
	}
}

func TestOnlyTheStartOfAVoiceClipIsHeard(t *testing.T) {
	s := needSphinx(t)
	// A minute of clip, as a small low-bitrate upload can be: a command said
	// at once is heard, one said after CommandSeconds is not listened to.
	early := speakFiltered(t, "pause", "apad=whole_dur=60")
	late := speakFiltered(t, "pause", fmt.Sprintf("adelay=%d,apad=whole_dur=60", (CommandSeconds+2)*1000))
	if cmd, err := s.Command(context.Background(), early); err != nil || cmd.Command != "pause" {
		t.Fatalf("said at once: %+v, %v", cmd, err)
	}
	if cmd, err := s.Command(context.Background(), late); err != ErrNotHeard {
		t.Fatalf("said after %d s: %+v, %v; want ErrNotHeard", CommandSeconds+2, cmd, err)
	}
	// The late command is in the clip: the whole clip transcribed hears it.
	if text, err := s.Transcribe(context.Background(), late); err != nil || text == "" {
		t.Fatalf("the whole late clip: %q, %v", text, err)
	}
}

func TestUnreadableClipsAreUnsupported(t *testing.T) {
	s := needSphinx(t)
	_, err := s.Command(context.Background(), filepath.Join("..", "..", "testdata", "audio", "text.mp3"))
	if musicify.ErrorCode(err) != musicify.EUNSUPPORTED || musicify.ErrorMessage(err) != "This recording is not audio we can read." {
		t.Fatalf("a text file: %v", err)
	}
}

// fakeRecognizer is s with pocketsphinx replaced by a shell script.
func fakeRecognizer(t *testing.T, s *Sphinx, script string) *Sphinx {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "pocketsphinx_continuous")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	fake := *s
	fake.Bin = bin
	return &fake
}

const unavailable = "Voice commands are not available right now. Please try again."

func TestAFailingRecognizerIsUnavailable(t *testing.T) {
	s := fakeRecognizer(t, needSphinx(t), "echo 'model is corrupt' >&2; exit 3")
	_, err := s.Command(context.Background(), Speak(t, "play"))
	if musicify.ErrorCode(err) != musicify.EUNAVAILABLE || musicify.ErrorMessage(err) != unavailable || !strings.Contains(err.Error(), "model is corrupt") {
		t.Fatalf("a crashing pocketsphinx: %v", err)
	}
}

func TestARecognizerThatHangsIsStopped(t *testing.T) {
	s := fakeRecognizer(t, needSphinx(t), "exec sleep 3600")
	s.CommandTimeout = 2 * time.Second
	_, err := s.Command(context.Background(), Speak(t, "play"))
	if musicify.ErrorCode(err) != musicify.EUNAVAILABLE || musicify.ErrorMessage(err) != unavailable || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a hanging pocketsphinx: %v", err)
	}
}

func TestACommandWhoseCallerLeftSaysSo(t *testing.T) {
	started := filepath.Join(t.TempDir(), "started")
	if err := syscall.Mkfifo(started, 0o600); err != nil {
		t.Fatal(err)
	}
	s := fakeRecognizer(t, needSphinx(t), "echo started > "+started+"\nexec sleep 3600")
	clip := Speak(t, "play")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { // the client goes away while pocketsphinx runs
		if f, err := os.Open(started); err == nil {
			io.ReadAll(f)
			f.Close()
		}
		cancel()
	}()
	_, err := s.Command(ctx, clip)
	var merr *musicify.Error
	if !errors.Is(err, context.Canceled) || errors.As(err, &merr) {
		t.Fatalf("a canceled command: %v", err)
	}
	// Canceled before anything ran, too.
	if _, err := needSphinx(t).Command(ctx, clip); !errors.Is(err, context.Canceled) || errors.As(err, &merr) {
		t.Fatalf("a command canceled at once: %v", err)
	}
}

func TestSpokenRequestsAreHeardWhole(t *testing.T) {
	s := needSphinx(t)
	for said, want := range map[string]Heard{
		"play something calm":    {Command: "play", Text: "play something calm"},
		"shuffle my liked songs": {Command: "shuffle", Text: "shuffle my liked songs"},
		"repeat this song":       {Command: "repeat", Text: "repeat this song"},
		"next":                   {Command: "next"},
	} {
		t.Run(said, func(t *testing.T) {
			if got, err := s.Command(context.Background(), Speak(t, said)); err != nil || got != want {
				t.Fatalf("heard %+v, %v; want %+v", got, err, want)
			}
		})
	}
}

func TestEveryRequestIsASentenceOfTheGrammar(t *testing.T) {
	g := grammar()
	for _, r := range append(append([]string{}, Requests...), Commands...) {
		if !strings.Contains(g, "= "+r+" |") && !strings.Contains(g, "| "+r+" |") && !strings.Contains(g, "| "+r+";") {
			t.Errorf("%q is not an alternative of %q", r, g)
		}
		if h, ok := heardOf(r); !ok || (h.Text != r && h.Command != r) {
			t.Errorf("%q read back as %+v", r, h)
		}
	}
}
