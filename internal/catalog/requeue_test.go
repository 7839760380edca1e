package catalog_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// Songs saved before a song and its jobs were one transaction could lack
// their jobs for ever (a crash in between): at start they are queued, once.
func TestSongsWithoutTheirJobsGetThemAtStart(t *testing.T) {
	ff := media.NewFFmpeg()
	if ff == nil {
		t.Fatal("ffmpeg is needed: run scripts/system-deps.sh")
	}
	w := newWorld(t, ff)
	w.runner.Handlers[catalog.JobTranscribe] = w.lib.Transcribe // no transcriber: the job says so
	ctx := context.Background()
	orphan := &musicify.Song{ID: musicify.NewID(), Name: "Stranded", UserID: w.user.ID, Format: "flac", Size: 1,
		SHA256: "x", Transcript: musicify.TranscriptPending}
	orphan.AudioKey = "songs/" + orphan.ID + "/original.flac"
	if err := blob.PutFile(ctx, w.lib.Blobs, orphan.AudioKey, filepath.Join("..", "..", "testdata", "audio", "lossless.flac")); err != nil {
		t.Fatal(err)
	}
	if err := w.db.CreateSong(ctx, orphan); err != nil { // as before: no jobs
		t.Fatal(err)
	}
	done := w.upload(t, "tune-12s.mp3") // has its job
	for w.runner.RunOne(ctx) {
	}

	n, err := w.lib.QueueMissingJobs(ctx)
	if err != nil || n != 2 {
		t.Fatalf("queued %d jobs (%v), want the analysis and the transcript of the stranded song", n, err)
	}
	if n, err := w.lib.QueueMissingJobs(ctx); err != nil || n != 0 {
		t.Fatalf("a second start queued %d more jobs (%v)", n, err)
	}
	for w.runner.RunOne(ctx) {
	}
	got, err := w.db.Song(ctx, orphan.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Loudness == nil || got.StreamKey != "" || got.Transcript != musicify.TranscriptFailed {
		t.Errorf("the stranded song after its jobs: loudness %v, stream %q, transcript %q", got.Loudness, got.StreamKey, got.Transcript)
	}
	if js := mustJobs(t, w, done.ID); len(js) != 1 {
		t.Errorf("a song with its job got more: %+v", js)
	}
}
