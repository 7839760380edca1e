// Package speech turns audio into words: transcripts of uploaded songs
// (any OpenAI-compatible transcription endpoint, else Debian's
// pocketsphinx) and the player's six voice commands (pocketsphinx
// restricted to a grammar of them).
package speech

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Transcriber writes down the words of an audio file.
type Transcriber interface {
	Transcribe(ctx context.Context, audioPath string) (string, error)
	// Name says which engine, for the log.
	Name() string
}

// OpenAI calls an OpenAI-compatible /v1/audio/transcriptions endpoint
// (whisper.cpp's server, faster-whisper, OpenAI).
type OpenAI struct {
	URL    string // the endpoint, or a base URL ending in /v1
	Model  string
	APIKey string
	Client *http.Client
}

func (o *OpenAI) Name() string { return "openai-compatible " + o.URL }

func (o *OpenAI) endpoint() string {
	u := strings.TrimRight(o.URL, "/")
	if strings.HasSuffix(u, "/audio/transcriptions") {
		return u
	}
	return u + "/audio/transcriptions"
}

func (o *OpenAI) Transcribe(ctx context.Context, audioPath string) (string, error) {
	f, err := os.Open(audioPath)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	model := o.Model
	if model == "" {
		model = "whisper-1"
	}
	_ = mw.WriteField("model", model)
	_ = mw.WriteField("response_format", "json")
	fw, err := mw.CreateFormFile("file", filepath.Base(audioPath))
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(fw, f); err != nil {
		return "", err
	}
	if err := mw.Close(); err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, "POST", o.endpoint(), &body)
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if o.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+o.APIKey)
	}
	client := o.Client
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Minute}
	}
	res, err := client.Do(req)
	if err != nil {
		return "", fmt.Errorf("calling the transcription service: %w", err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 4<<20))
	if res.StatusCode != http.StatusOK {
		return "", fmt.Errorf("transcription service: %s: %.200s", res.Status, raw)
	}
	var out struct {
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", fmt.Errorf("reading the transcription: %w", err)
	}
	return strings.TrimSpace(out.Text), nil
}

// Sphinx runs Debian's pocketsphinx on a 16 kHz mono copy of the audio
// that ffmpeg makes.
type Sphinx struct {
	Bin    string // pocketsphinx_continuous
	FFmpeg string
	Model  string // the directory of the en-us model
}

// DefaultModel is where Debian's pocketsphinx-en-us puts the model.
const DefaultModel = "/usr/share/pocketsphinx/model/en-us"

// NewSphinx finds pocketsphinx, its English model and ffmpeg, or returns nil.
func NewSphinx() *Sphinx {
	bin, err := exec.LookPath("pocketsphinx_continuous")
	if err != nil {
		return nil
	}
	ff, err := exec.LookPath("ffmpeg")
	if err != nil {
		return nil
	}
	if _, err := os.Stat(filepath.Join(DefaultModel, "en-us.lm.bin")); err != nil {
		return nil
	}
	return &Sphinx{Bin: bin, FFmpeg: ff, Model: DefaultModel}
}

func (s *Sphinx) Name() string { return "pocketsphinx" }

// Transcribe recognizes speech with the general English language model.
func (s *Sphinx) Transcribe(ctx context.Context, audioPath string) (string, error) {
	return s.recognize(ctx, audioPath, "-lm", filepath.Join(s.Model, "en-us.lm.bin"))
}

// recognize converts the audio, then runs pocketsphinx with extra args
// (a language model or a grammar) and returns what it heard.
func (s *Sphinx) recognize(ctx context.Context, audioPath string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	dir, err := os.MkdirTemp("", "speech-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	wav := filepath.Join(dir, "in.wav")
	conv := exec.CommandContext(ctx, s.FFmpeg, "-hide_banner", "-nostdin", "-loglevel", "error", "-y",
		"-i", audioPath, "-vn", "-ar", "16000", "-ac", "1", "-c:a", "pcm_s16le", wav)
	if out, err := conv.CombinedOutput(); err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", &musicify.Error{Code: musicify.EUNSUPPORTED, Message: "This recording is not audio we can read.",
			Err: fmt.Errorf("preparing audio for speech recognition: %w: %.300s", err, out)}
	}
	cmd := exec.CommandContext(ctx, s.Bin, append([]string{"-infile", wav,
		"-hmm", filepath.Join(s.Model, "en-us"), "-dict", filepath.Join(s.Model, "cmudict-en-us.dict"),
		"-logfn", os.DevNull}, args...)...)
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("pocketsphinx: %w", err)
	}
	return strings.Join(strings.Fields(string(out)), " "), nil
}

// Commands are the player's voice commands.
var Commands = []string{"start", "shuffle", "pause", "previous", "next", "play"}

// ErrNotHeard is the answer when no command was recognized.
var ErrNotHeard = musicify.Errorf(musicify.EINVALID, "We did not catch a command. Say start, shuffle, pause, previous, next or play.")

// Command recognizes one of Commands in a short clip, with a grammar that
// allows nothing else: far more reliable than free recognition.
func (s *Sphinx) Command(ctx context.Context, audioPath string) (string, error) {
	dir, err := os.MkdirTemp("", "grammar-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	gram := filepath.Join(dir, "commands.gram")
	body := "#JSGF V1.0;\ngrammar commands;\npublic <command> = " + strings.Join(Commands, " | ") + ";\n"
	if err := os.WriteFile(gram, []byte(body), 0o600); err != nil {
		return "", err
	}
	heard, err := s.recognize(ctx, audioPath, "-jsgf", gram)
	if err != nil {
		return "", err
	}
	for _, w := range strings.Fields(heard) {
		for _, c := range Commands {
			if w == c {
				return c, nil
			}
		}
	}
	return "", ErrNotHeard
}
