// Package speech turns audio into words: transcripts of uploaded songs
// (any OpenAI-compatible transcription endpoint, else Debian's
// pocketsphinx) and the player's six voice commands (pocketsphinx
// restricted to a grammar of them).
package speech

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/nice"
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
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return "", err
	}
	model := o.Model
	if model == "" {
		model = "whisper-1"
	}
	name := filepath.Base(audioPath)

	// The form is streamed, never held in memory: a goroutine writes it into
	// a pipe the request reads. Its length is known beforehand, so servers
	// that cannot read a chunked upload get a Content-Length as before.
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	var framing countingWriter
	dry := multipart.NewWriter(&framing)
	if err := dry.SetBoundary(mw.Boundary()); err != nil {
		f.Close()
		return "", err
	}
	if err := writeForm(dry, model, name, strings.NewReader("")); err != nil {
		f.Close()
		return "", err
	}
	written := make(chan struct{})
	go func() {
		defer close(written)
		defer f.Close()
		pw.CloseWithError(writeForm(mw, model, name, f))
	}()
	defer func() {
		pr.Close() // stops the writer if the request did not read it all
		<-written
	}()

	req, err := http.NewRequestWithContext(ctx, "POST", o.endpoint(), pr)
	if err != nil {
		return "", err
	}
	req.ContentLength = int64(framing) + st.Size()
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
	if res.StatusCode == http.StatusRequestEntityTooLarge {
		// Sending it again cannot help: callers see the code and stop.
		return "", &musicify.Error{Code: musicify.ETOOLARGE, Message: "This recording is too large for the transcription service.",
			Err: fmt.Errorf("transcription service: %s: %.200s", res.Status, raw)}
	}
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

// writeForm writes the transcription request's form, with audio as its file.
func writeForm(mw *multipart.Writer, model, name string, audio io.Reader) error {
	if err := mw.WriteField("model", model); err != nil {
		return err
	}
	if err := mw.WriteField("response_format", "json"); err != nil {
		return err
	}
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		return err
	}
	if _, err := io.Copy(fw, audio); err != nil {
		return fmt.Errorf("sending the audio: %w", err)
	}
	return mw.Close()
}

// countingWriter counts what is written to it and keeps nothing.
type countingWriter int64

func (c *countingWriter) Write(p []byte) (int, error) {
	*c += countingWriter(len(p))
	return len(p), nil
}

// Sphinx runs Debian's pocketsphinx on a 16 kHz mono copy of the audio
// that ffmpeg makes.
type Sphinx struct {
	Bin    string // pocketsphinx_continuous
	FFmpeg string
	Model  string // the directory of the en-us model
	// CommandTimeout bounds one recognition of a voice command; zero
	// means DefaultCommandTimeout.
	CommandTimeout time.Duration
}

// DefaultModel is where Debian's pocketsphinx-en-us puts the model.
const DefaultModel = "/usr/share/pocketsphinx/model/en-us"

const (
	// DefaultCommandTimeout bounds a voice command: ffmpeg and pocketsphinx
	// on CommandSeconds of audio take well under a second.
	DefaultCommandTimeout = 30 * time.Second
	// CommandSeconds is how much of a voice clip is listened to: a command
	// is said at once, and a small clip of low-bitrate Opus can hold most
	// of an hour.
	CommandSeconds = 10
	// transcribeTimeout bounds the transcription of a whole song.
	transcribeTimeout = 10 * time.Minute
)

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
	ctx, cancel := context.WithTimeout(ctx, transcribeTimeout)
	defer cancel()
	return s.recognize(ctx, audioPath, 0, "-lm", filepath.Join(s.Model, "en-us.lm.bin"))
}

// recognize converts the first seconds of the audio (all of it for 0),
// then runs pocketsphinx with extra args (a language model or a grammar)
// and returns what it heard. Audio ffmpeg cannot read is EUNSUPPORTED;
// once ctx ends, the error wraps ctx.Err(). Both programs run niced when
// ctx is a job's (a transcription), at the server's priority when a person
// waits (a voice command).
func (s *Sphinx) recognize(ctx context.Context, audioPath string, seconds int, args ...string) (string, error) {
	dir, err := os.MkdirTemp("", "speech-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	wav := filepath.Join(dir, "in.wav")
	convArgs := []string{"-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-i", audioPath, "-vn"}
	if seconds > 0 {
		convArgs = append(convArgs, "-t", strconv.Itoa(seconds))
	}
	conv := nice.Command(ctx, s.FFmpeg, append(convArgs, "-ar", "16000", "-ac", "1", "-c:a", "pcm_s16le", wav)...)
	conv.WaitDelay = time.Second
	if out, err := conv.CombinedOutput(); err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("preparing audio for speech recognition: %w", ctx.Err())
		}
		return "", &musicify.Error{Code: musicify.EUNSUPPORTED, Message: "This recording is not audio we can read.",
			Err: fmt.Errorf("preparing audio for speech recognition: %w: %.300s", err, out)}
	}
	cmd := nice.Command(ctx, s.Bin, append([]string{"-infile", wav,
		"-hmm", filepath.Join(s.Model, "en-us"), "-dict", filepath.Join(s.Model, "cmudict-en-us.dict"),
		"-logfn", os.DevNull}, args...)...)
	cmd.WaitDelay = time.Second
	out, err := cmd.Output()
	if err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("pocketsphinx: %w", ctx.Err())
		}
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return "", fmt.Errorf("pocketsphinx: %w: %.300s", err, exit.Stderr)
		}
		return "", fmt.Errorf("pocketsphinx: %w", err)
	}
	return strings.Join(strings.Fields(string(out)), " "), nil
}

// Commands are the player's voice commands.
var Commands = []string{"start", "shuffle", "pause", "previous", "next", "play"}

// Requests are the longer things people say, with the same intents as
// typing them to the assistant: moods and activities, liked songs, repeat.
// Each is a sentence of the grammar, so it is heard whole or not at all.
var Requests = requests()

func requests() []string {
	var out []string
	for _, mood := range []string{"calm", "chill", "relaxing", "sad", "happy", "upbeat", "energetic"} {
		out = append(out, "play something "+mood)
	}
	for _, genre := range []string{"jazz", "folk", "ambient"} {
		out = append(out, "play some "+genre)
	}
	for _, activity := range []string{"running", "focus", "sleep", "party"} {
		out = append(out, "play music for "+activity)
	}
	return append(out, "play my liked songs", "shuffle my liked songs", "repeat this song")
}

// ErrNotHeard is the answer when no command was recognized.
var ErrNotHeard = musicify.Errorf(musicify.EINVALID, "We did not catch a command. Say start, shuffle, pause, previous, next or play, or ask for something like “play something calm”.")

// grammar is the JSGF grammar of Commands and Requests.
func grammar() string {
	return "#JSGF V1.0;\ngrammar commands;\npublic <command> = " + strings.Join(append(append([]string{}, Requests...), Commands...), " | ") + ";\n"
}

// Heard is a recognized voice command: the player's command word (one of
// Commands, or "repeat"), and for a request the sentence said.
type Heard struct {
	Command string `json:"command"`
	Text    string `json:"text,omitempty"`
}

// heardOf reads what pocketsphinx returned: a whole request, else the
// first command word in it.
func heardOf(text string) (Heard, bool) {
	text = strings.Join(strings.Fields(text), " ")
	for _, r := range Requests {
		if text == r {
			return Heard{Command: strings.Fields(r)[0], Text: r}, true
		}
	}
	for _, w := range strings.Fields(text) {
		for _, c := range Commands {
			if w == c {
				return Heard{Command: c}, true
			}
		}
	}
	return Heard{}, false
}

// Command recognizes one of Commands or Requests in the first
// CommandSeconds of a clip, with a grammar that allows nothing else: far
// more reliable than free recognition. A clip ffmpeg cannot read is EUNSUPPORTED; a
// recognizer that fails or takes longer than CommandTimeout is
// EUNAVAILABLE; when ctx ends first, the error wraps ctx.Err().
func (s *Sphinx) Command(ctx context.Context, audioPath string) (Heard, error) {
	dir, err := os.MkdirTemp("", "grammar-")
	if err != nil {
		return Heard{}, err
	}
	defer os.RemoveAll(dir)
	gram := filepath.Join(dir, "commands.gram")
	if err := os.WriteFile(gram, []byte(grammar()), 0o600); err != nil {
		return Heard{}, err
	}
	timeout := s.CommandTimeout
	if timeout <= 0 {
		timeout = DefaultCommandTimeout
	}
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	heard, err := s.recognize(rctx, audioPath, CommandSeconds, "-jsgf", gram)
	switch {
	case err == nil:
	case ctx.Err() != nil: // the caller gave up: nothing went wrong here
		return Heard{}, fmt.Errorf("recognizing a voice command: %w", ctx.Err())
	case musicify.ErrorCode(err) == musicify.EUNSUPPORTED:
		return Heard{}, err
	default: // pocketsphinx failed, or ran out of time
		return Heard{}, &musicify.Error{Code: musicify.EUNAVAILABLE, Message: "Voice commands are not available right now. Please try again.",
			Err: fmt.Errorf("recognizing a voice command: %w", err)}
	}
	if h, ok := heardOf(heard); ok {
		return h, nil
	}
	return Heard{}, ErrNotHeard
}
