package catalog_test

import (
	"bytes"
	"context"
	"math"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/audiofeat"
	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/demo/synth"
	"github.com/musicify/musicify/internal/foreground"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// analysing is a world whose uploads are listened to, as the server's are.
func analysing(t *testing.T) *world {
	t.Helper()
	ff := media.NewFFmpeg()
	if ff == nil {
		t.Fatal("ffmpeg is needed: run scripts/system-deps.sh")
	}
	w := newWorld(t, ff)
	w.lib.Features = w.db
	w.runner.Handlers[catalog.JobFeatures] = w.lib.Analyze
	return w
}

// demoWAV renders a demo song whose tempo and key the synthesizer knows.
func demoWAV(t *testing.T, title string) ([]byte, synth.SongSpec) {
	t.Helper()
	for _, spec := range synth.Catalog() {
		if spec.Title == title {
			var b bytes.Buffer
			if err := synth.WriteWAV(&b, synth.Render(spec, 22050), 22050, 2); err != nil {
				t.Fatal(err)
			}
			return b.Bytes(), spec
		}
	}
	t.Fatalf("no demo song %q", title)
	return nil, synth.SongSpec{}
}

// An upload is listened to once in the background: its tempo and key are
// there for its info panel and its embedding for discovery.
func TestAnUploadGetsItsAudioFeatures(t *testing.T) {
	w := analysing(t)
	ctx := context.Background()
	wav, spec := demoWAV(t, "Midnight Harbour") // 100 BPM, A Aeolian
	s := w.uploadBytes(t, "harbour.wav", wav, "")
	var job *musicify.Job
	for _, j := range mustJobs(t, w, s.ID) {
		if j.Kind == catalog.JobAnalyze {
			job = j
		}
	}
	if job == nil || job.Priority != musicify.JobInteractive || job.Payload != musicify.FeaturesJobPayload(audiofeat.Version) {
		t.Fatalf("the upload's analysis job: %+v", job)
	}
	for w.runner.RunOne(ctx) {
	}
	f, err := w.db.SongFeatures(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(f.BPM-spec.Tempo) > 2 || f.KeyName() != "A minor" || f.Version != audiofeat.Version || len(f.Embedding) != audiofeat.EmbeddingSize {
		t.Errorf("heard %.1f BPM in %s (version %d, %d dimensions), want %.0f BPM in A minor",
			f.BPM, f.KeyName(), f.Version, len(f.Embedding), spec.Tempo)
	}
	for _, j := range mustJobs(t, w, s.ID) {
		if j.State != musicify.JobDone {
			t.Errorf("job %s is %s: %s", j.Kind, j.State, j.Error)
		}
	}
}

// Songs from before the analysis, and songs an older analysis measured,
// are measured again once at start; songs measured now are left alone.
func TestSongsWithoutCurrentFeaturesAreMeasuredAtStart(t *testing.T) {
	w := analysing(t)
	ctx := context.Background()
	current := w.upload(t, "tune-12s.mp3")
	for w.runner.RunOne(ctx) {
	}
	w.lib.Features = nil // as a server from before the analysis
	before := w.upload(t, "chime-3s.mp3")
	older := w.upload(t, "sine.flac")
	for w.runner.RunOne(ctx) {
	}
	w.lib.Features = w.db
	if err := w.db.SetSongFeatures(ctx, older.ID, &musicify.AudioFeatures{Version: audiofeat.Version - 1, Mode: musicify.Major}); err != nil {
		t.Fatal(err)
	}

	n, err := w.lib.QueueMissingJobs(ctx)
	if err != nil || n != 2 {
		t.Fatalf("queued %d jobs (%v), want the analysis of the two songs without current features", n, err)
	}
	if n, err := w.lib.QueueMissingJobs(ctx); err != nil || n != 0 {
		t.Fatalf("a second start queued %d more (%v)", n, err)
	}
	for w.runner.RunOne(ctx) {
	}
	for _, s := range []*musicify.Song{current, before, older} {
		if f, err := w.db.SongFeatures(ctx, s.ID); err != nil || f.Version != audiofeat.Version {
			t.Errorf("%s: %+v, %v", s.Name, f, err)
		}
	}
	if js := mustJobs(t, w, current.ID); len(js) != 1 { // its analysis, once
		t.Errorf("a song measured at upload got more jobs: %+v", js)
	}
}

// A job of the kind older versions queued for the features alone, still in
// a queue after an upgrade, is run by the one analysis.
func TestAFeaturesJobOfAnOlderVersionIsRun(t *testing.T) {
	w := analysing(t)
	ctx := context.Background()
	w.lib.Features = nil
	s := w.upload(t, "chime-3s.mp3")
	for w.runner.RunOne(ctx) {
	}
	w.lib.Features = w.db
	if err := w.runner.Enqueue(ctx, &musicify.Job{Kind: catalog.JobFeatures, Subject: s.ID, Payload: musicify.FeaturesJobPayload(audiofeat.Version)}); err != nil {
		t.Fatal(err)
	}
	for w.runner.RunOne(ctx) {
	}
	if f, err := w.db.SongFeatures(ctx, s.ID); err != nil || f.Version != audiofeat.Version {
		t.Fatalf("features: %+v, %v", f, err)
	}
}

func TestAnalysisOfASongDeletedMeanwhileEndsQuietly(t *testing.T) {
	w := analysing(t)
	ctx := context.Background()
	s := w.upload(t, "tune-12s.mp3")
	if err := w.lib.Delete(ctx, w.user, s.ID); err != nil {
		t.Fatal(err)
	}
	for w.runner.RunOne(ctx) {
	}
	for _, j := range mustJobs(t, w, s.ID) {
		if j.State != musicify.JobDone {
			t.Errorf("job %s is %s: %s", j.Kind, j.State, j.Error)
		}
	}
}

// The analysis is Go work in the server's process: it waits for one of the
// background CPU slots the server shares with a library scan, so a request
// always finds a core.
func TestTheAnalysisWaitsForABackgroundSlot(t *testing.T) {
	w := analysing(t)
	ctx := context.Background()
	wav, _ := demoWAV(t, "Glass Garden")
	s := w.uploadBytes(t, "garden.wav", wav, "")
	w.lib.CPU = foreground.NewSlots(1)
	w.lib.CPU.Take(ctx) // a scan is writing
	var job *musicify.Job
	for _, j := range mustJobs(t, w, s.ID) {
		if j.Kind == catalog.JobAnalyze {
			job = j
		}
	}
	done := make(chan error, 1)
	go func() { done <- w.lib.Analyze(ctx, job) }()
	select {
	case err := <-done:
		t.Fatalf("the analysis ran while every background slot was taken (%v)", err)
	case <-time.After(2 * time.Second): // longer than the analysis takes; it must not finish
	}
	w.lib.CPU.Give()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.SongFeatures(ctx, s.ID); err != nil {
		t.Fatalf("no features once a slot was free: %v", err)
	}
}
