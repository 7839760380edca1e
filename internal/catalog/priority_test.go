package catalog_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// An upload's jobs go before an import's: an uploaded song's analysis is
// interactive, and a library song's, queued later for a song that lacks
// it, is bulk.
func TestUploadsAreInteractiveAndLibrarySongsBulk(t *testing.T) {
	ff := media.NewFFmpeg()
	if ff == nil {
		t.Fatal("ffmpeg is needed: run scripts/system-deps.sh")
	}
	w := newWorld(t, ff)
	ctx := context.Background()
	up := w.upload(t, "tune-12s.mp3")
	if js := mustJobs(t, w, up.ID); len(js) != 1 || js[0].Priority != musicify.JobInteractive {
		t.Errorf("an upload's jobs: %+v, want one interactive", js)
	}
	folder, err := w.db.LibraryFolder(ctx, "/music")
	if err != nil {
		t.Fatal(err)
	}
	lib := &musicify.Song{ID: musicify.NewID(), Name: "Tide", Format: "flac", Size: 1, SHA256: "tide",
		LibraryPath: folder.ID + "/tide.flac", AudioKey: "lib/" + folder.ID + "/tide.flac"}
	if err := blob.PutFile(ctx, w.lib.Blobs, lib.AudioKey, filepath.Join("..", "..", "testdata", "audio", "lossless.flac")); err != nil {
		t.Fatal(err)
	}
	if err := w.db.AddLibrarySong(ctx, lib, musicify.TrackTags{Title: "Tide", Artist: "Neon Shore"}); err != nil {
		t.Fatal(err)
	}
	if n, err := w.lib.QueueMissingJobs(ctx); err != nil || n != 1 {
		t.Fatalf("queued %d jobs (%v), want the library song's analysis", n, err)
	}
	if js := mustJobs(t, w, lib.ID); len(js) != 1 || js[0].Priority != musicify.JobBulk {
		t.Errorf("a library song's jobs: %+v, want one bulk", js)
	}
}
