package catalog_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/audiofeat"
	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/jobs"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/speech"
	"github.com/musicify/musicify/internal/sqlstore"
)

type world struct {
	db     *sqlstore.DB
	lib    *catalog.Service
	runner *jobs.Runner
	user   *musicify.User
}

func newWorld(t *testing.T, ff *media.FFmpeg) *world {
	t.Helper()
	ctx := context.Background()
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	blobs, err := blob.NewLocal(filepath.Join(t.TempDir(), "media"))
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	runner := &jobs.Runner{Store: db, Logger: logger}
	lib := &catalog.Service{Songs: db, Blobs: blobs, Probe: media.NewProber(), FFmpeg: ff, Jobs: runner, Logger: logger, Now: time.Now}
	runner.Handlers = map[string]jobs.Handler{catalog.JobAnalyze: lib.Analyze}
	u := &musicify.User{Username: "artist", Email: "artist@example.com"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	return &world{db: db, lib: lib, runner: runner, user: u}
}

func (w *world) upload(t *testing.T, file string) *musicify.Song {
	t.Helper()
	src := filepath.Join("..", "..", "testdata", "audio", file)
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	spool := filepath.Join(t.TempDir(), "spool")
	if err := os.WriteFile(spool, b, 0o600); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	s, err := w.lib.Upload(context.Background(), musicify.SongUpload{
		User: w.user, Name: file, AudioPath: spool, SHA256: hex.EncodeToString(sum[:]), Size: int64(len(b)),
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// An import of a FLAC or an MP3 queues one job for its loudness and its
// audio analysis, and no rendition: players get the original, and
// renditions are made when one is asked for.
func TestAnUploadQueuesOneAnalysisAndNoRendition(t *testing.T) {
	ff := media.NewFFmpeg()
	if ff == nil {
		t.Log("ffmpeg is not installed (make test installs it): uploads must then schedule nothing")
		w := newWorld(t, nil)
		w.upload(t, "lossless.flac")
		if w.runner.RunOne(context.Background()) {
			t.Fatal("a job was scheduled without ffmpeg")
		}
		return
	}
	w := newWorld(t, ff)
	w.lib.Features = w.db
	ctx := context.Background()
	flac := w.upload(t, "lossless.flac")
	mp3 := w.upload(t, "tune-12s.mp3")
	for _, s := range []*musicify.Song{flac, mp3} {
		js := mustJobs(t, w, s.ID)
		if len(js) != 1 || js[0].Kind != catalog.JobAnalyze {
			t.Fatalf("%s queued %d jobs, want one analysis: %+v", s.Format, len(js), js)
		}
	}
	for w.runner.RunOne(ctx) {
	}
	for _, s := range []*musicify.Song{flac, mp3} {
		got, err := w.db.Song(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.StreamKey != "" || got.Loudness == nil || got.AudioKey != s.AudioKey {
			t.Errorf("%s after analysis: stream %q loudness %v", s.Format, got.StreamKey, got.Loudness)
		}
		if f, err := w.db.SongFeatures(ctx, s.ID); err != nil || f.Version != audiofeat.Version {
			t.Errorf("%s features: %+v, %v", s.Format, f, err)
		}
		for _, j := range mustJobs(t, w, s.ID) {
			if j.State != musicify.JobDone || j.Attempts != 1 {
				t.Errorf("job %+v", j)
			}
		}
	}
	if got, _ := w.db.Song(ctx, mp3.ID); *got.Loudness > -10 || *got.Loudness < -20 {
		t.Errorf("mp3 loudness %v", *got.Loudness)
	}
	var keys []string
	_ = w.lib.Blobs.List(ctx, func(key string, _ int64, _ time.Time) error {
		keys = append(keys, key)
		return nil
	})
	if len(keys) != 2 {
		t.Errorf("stored %v, want the two originals alone", keys)
	}
}

func TestAnalysisOfADeletedSongEndsQuietly(t *testing.T) {
	ff := media.NewFFmpeg()
	if ff == nil {
		t.Log("ffmpeg is not installed (make test installs it)")
		return
	}
	w := newWorld(t, ff)
	ctx := context.Background()
	s := w.upload(t, "lossless.flac")
	if err := w.lib.Delete(ctx, w.user, s.ID); err != nil {
		t.Fatal(err)
	}
	w.runner.RunOne(ctx)
	if js := mustJobs(t, w, s.ID); len(js) != 1 || js[0].State != musicify.JobDone {
		t.Fatalf("jobs: %+v", js)
	}
}

// A library file moved away before its analysis ran: the scan takes the
// song away, so the job ends with nothing to do, not a failure to retry.
func TestAnalysisOfALibraryFileGoneMeanwhileEndsQuietly(t *testing.T) {
	ff := media.NewFFmpeg()
	if ff == nil {
		t.Log("ffmpeg is not installed (make test installs it)")
		return
	}
	w := newWorld(t, ff)
	ctx := context.Background()
	song := &musicify.Song{ID: "moved", Name: "Moved", UserID: w.user.ID, Format: "mp3", Size: 5, SHA256: "x",
		AudioKey: "library/f1/Moved.mp3", LibraryPath: "f1/Moved.mp3"}
	if err := w.db.CreateSong(ctx, song, &musicify.Job{Kind: catalog.JobAnalyze, Subject: song.ID}); err != nil {
		t.Fatal(err)
	}
	w.runner.RunOne(ctx)
	if js := mustJobs(t, w, song.ID); len(js) != 1 || js[0].State != musicify.JobDone {
		t.Fatalf("jobs: %+v", js)
	}
}

func mustJobs(t *testing.T, w *world, subject string) []*musicify.Job {
	t.Helper()
	js, err := w.db.JobsFor(context.Background(), subject)
	if err != nil {
		t.Fatal(err)
	}
	return js
}

// speak makes a clip of espeak-ng saying text, as MP3.
func speak(t *testing.T, text string) []byte {
	t.Helper()
	dir := t.TempDir()
	wav, mp3 := filepath.Join(dir, "s.wav"), filepath.Join(dir, "s.mp3")
	if out, err := exec.Command("espeak-ng", "-w", wav, text).CombinedOutput(); err != nil {
		t.Fatalf("espeak-ng (run scripts/system-deps.sh): %v %s", err, out)
	}
	if out, err := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", wav, "-c:a", "libmp3lame", mp3).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v %s", err, out)
	}
	b, err := os.ReadFile(mp3)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (w *world) uploadBytes(t *testing.T, name string, b []byte, text string) *musicify.Song {
	t.Helper()
	spool := filepath.Join(t.TempDir(), "spool")
	if err := os.WriteFile(spool, b, 0o600); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	s, err := w.lib.Upload(context.Background(), musicify.SongUpload{
		User: w.user, Name: name, AudioPath: spool, SHA256: hex.EncodeToString(sum[:]), Size: int64(len(b)), Text: text,
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSpokenSongsGetATranscriptThatFeedsSearch(t *testing.T) {
	sphinx := speech.NewSphinx()
	if sphinx == nil {
		t.Fatal("pocketsphinx is needed: run scripts/system-deps.sh")
	}
	w := newWorld(t, nil)
	w.lib.Transcriber = sphinx
	w.runner.Handlers[catalog.JobTranscribe] = w.lib.Transcribe
	ctx := context.Background()
	spoken := w.uploadBytes(t, "Spoken", speak(t, "hello world this is a song about the ocean and the harbour"), "")
	if spoken.Transcript != musicify.TranscriptPending {
		t.Fatalf("after upload: %q", spoken.Transcript)
	}
	withLyrics := w.uploadBytes(t, "With lyrics", speak(t, "la la"), "la la la")
	if withLyrics.Transcript != musicify.TranscriptNone {
		t.Fatalf("a song with lyrics is transcribed: %q", withLyrics.Transcript)
	}
	for w.runner.RunOne(ctx) {
	}
	got, err := w.db.Song(ctx, spoken.ID)
	if err != nil || got.Transcript != musicify.TranscriptDone || strings.TrimSpace(got.Text) == "" {
		t.Fatalf("after the job: %q %q %v", got.Transcript, got.Text, err)
	}
	// The words are searchable at once: the index follows the row.
	first := strings.Fields(got.Text)[0]
	hits, err := w.db.Search(ctx, musicify.KindSong, musicify.Query{{{Word: first}}}, 10)
	if err != nil || len(hits) == 0 || hits[0].ID != spoken.ID {
		t.Fatalf("searching %q: %v %v", first, hits, err)
	}
}

type failingTranscriber struct{ calls int }

func (f *failingTranscriber) Name() string { return "failing" }
func (f *failingTranscriber) Transcribe(context.Context, string) (string, error) {
	f.calls++
	return "", fmt.Errorf("model crashed")
}

func TestATranscriptThatKeepsFailingSaysSo(t *testing.T) {
	w := newWorld(t, nil)
	ft := &failingTranscriber{}
	w.lib.Transcriber = ft
	w.runner.Handlers[catalog.JobTranscribe] = w.lib.Transcribe
	s := w.upload(t, "sine.mp3")
	clock := time.Now().Add(time.Second) // the job is due
	w.runner.Now = func() time.Time { return clock }
	ctx := context.Background()
	for i := 0; i < jobs.MaxAttempts; i++ {
		w.runner.RunOne(ctx)
		clock = clock.Add(time.Hour) // past any backoff
	}
	got, _ := w.db.Song(ctx, s.ID)
	if got.Transcript != musicify.TranscriptFailed || ft.calls != jobs.MaxAttempts {
		t.Fatalf("after %d failures: %q", ft.calls, got.Transcript)
	}
	if w.runner.RunOne(ctx) {
		t.Fatal("a failed transcription is tried again")
	}
}

// transcribing is a world whose uploads wait for a transcript from t.
func transcribing(t *testing.T, tr speech.Transcriber) (*world, *musicify.Song) {
	t.Helper()
	w := newWorld(t, nil)
	w.lib.Transcriber = tr
	w.runner.Handlers[catalog.JobTranscribe] = w.lib.Transcribe
	s := w.upload(t, "sine.mp3")
	if s.Transcript != musicify.TranscriptPending {
		t.Fatalf("after upload: %q", s.Transcript)
	}
	clock := time.Now().Add(time.Second)                                                   // the job is due
	w.runner.Now = func() time.Time { c := clock; clock = clock.Add(time.Hour); return c } // past any backoff
	return w, s
}

// transcriptAfter runs n jobs and returns the song's transcript state and
// its transcription job.
func transcriptAfter(t *testing.T, w *world, s *musicify.Song, n int) (string, *musicify.Job) {
	t.Helper()
	ctx := context.Background()
	for i := 0; i < n; i++ {
		if !w.runner.RunOne(ctx) {
			t.Fatalf("no job to run at run %d", i+1)
		}
	}
	got, err := w.db.Song(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range mustJobs(t, w, s.ID) {
		if j.Kind == catalog.JobTranscribe {
			return got.Transcript, j
		}
	}
	t.Fatal("no transcription job")
	return "", nil
}

func TestATranscriptWithNoTranscriberAfterARestartSaysSo(t *testing.T) {
	w, s := transcribing(t, &failingTranscriber{})
	w.lib.Transcriber = nil // restarted without one: the job is still queued
	state, j := transcriptAfter(t, w, s, 1)
	if state != musicify.TranscriptFailed || j.State != musicify.JobFailed || j.Attempts != 1 {
		t.Fatalf("transcript %q, job %+v", state, j)
	}
}

func TestATranscriptWhoseAudioCannotBeReadSaysSoAtTheLastAttempt(t *testing.T) {
	ft := &failingTranscriber{}
	w, s := transcribing(t, ft)
	if err := w.lib.Blobs.Delete(context.Background(), s.AudioKey); err != nil {
		t.Fatal(err)
	}
	state, j := transcriptAfter(t, w, s, jobs.MaxAttempts-1)
	if state != musicify.TranscriptPending || j.State != musicify.JobPending {
		t.Fatalf("before the last attempt: transcript %q, job %+v", state, j)
	}
	state, j = transcriptAfter(t, w, s, 1)
	if state != musicify.TranscriptFailed || j.State != musicify.JobFailed || ft.calls != 0 {
		t.Fatalf("after the last attempt: transcript %q, job %+v, %d transcriptions", state, j, ft.calls)
	}
}

type panickingTranscriber struct{}

func (panickingTranscriber) Name() string { return "panicking" }
func (panickingTranscriber) Transcribe(context.Context, string) (string, error) {
	panic("index out of range")
}

func TestATranscriptThatPanicsSaysSo(t *testing.T) {
	w, s := transcribing(t, panickingTranscriber{})
	state, j := transcriptAfter(t, w, s, 1)
	if state != musicify.TranscriptFailed || j.State != musicify.JobFailed || !strings.Contains(j.Error, "index out of range") {
		t.Fatalf("transcript %q, job %+v", state, j)
	}
}

func TestATranscriptTheServiceRefusesAsTooLargeIsNotTriedAgain(t *testing.T) {
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		http.Error(w, `{"error":"file too large"}`, http.StatusRequestEntityTooLarge)
	}))
	defer srv.Close()
	w, s := transcribing(t, &speech.OpenAI{URL: srv.URL + "/v1"})
	state, j := transcriptAfter(t, w, s, 1)
	if state != musicify.TranscriptFailed || j.State != musicify.JobFailed || calls != 1 {
		t.Fatalf("transcript %q, job %+v, %d calls", state, j, calls)
	}
	if w.runner.RunOne(context.Background()) {
		t.Fatal("a refused transcription is tried again")
	}
}
