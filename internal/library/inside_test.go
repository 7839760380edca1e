package library

import (
	"context"
	"errors"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"

	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// A library folder may hold links made by whoever fills it: those that
// stay inside play, those that lead out are reported and never read.
func TestLinksOutOfTheFolderAreSkippedAndReported(t *testing.T) {
	r := newRig(t, storetest.SQLite(t))
	outside := t.TempDir()
	writeFile(t, filepath.Join(outside, "shadow"), []byte("root:$y$j9T$secret-hash:19000:0:99999:7:::\n"))
	writeFile(t, filepath.Join(outside, "private.png"), pngImage(t, color.RGBA{200, 10, 10, 255}))
	makeAudio(t, filepath.Join(outside, "elsewhere.mp3"), "-metadata", "title=Elsewhere")
	link := func(target, rel string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(r.path(rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, r.path(rel)); err != nil {
			t.Fatal(err)
		}
	}
	makeAudio(t, r.path("Neon Shore/Ebb/01 Low Tide.mp3"), "-metadata", "title=Low Tide", "-metadata", "album=Ebb")
	link(filepath.Join(outside, "shadow"), "Neon Shore/Ebb/01 Low Tide.lrc")
	link(filepath.Join(outside, "private.png"), "Neon Shore/Ebb/cover.png")
	link(filepath.Join(outside, "elsewhere.mp3"), "Neon Shore/Ebb/02 Elsewhere.mp3")
	// An absolute link that stays inside is someone's own arrangement.
	link(r.path("Neon Shore/Ebb/01 Low Tide.mp3"), "Best Of/01 Low Tide.mp3")

	st := r.scan()
	if st.Added != 2 {
		t.Fatalf("status %+v", st)
	}
	var failed []string
	for _, f := range st.Failures {
		if f.Reason == errOutside.Error() {
			failed = append(failed, f.Path)
		}
	}
	slices.Sort(failed)
	want := []string{"Neon Shore/Ebb/01 Low Tide.lrc", "Neon Shore/Ebb/02 Elsewhere.mp3", "Neon Shore/Ebb/cover.png"}
	if !slices.Equal(failed, want) {
		t.Errorf("reported %q, want %q (all failures: %+v)", failed, want, st.Failures)
	}
	song := r.song("Neon Shore/Ebb/01 Low Tide.mp3")
	if song.Text != "" || song.SyncedLyrics != "" {
		t.Errorf("lyrics %q came from outside the folder", song.Text)
	}
	if a, err := r.db.Album(context.Background(), song.AlbumID); err != nil || a.CoverKey != "" {
		t.Errorf("album %+v (%v): a cover from outside the folder", a, err)
	}
	if r.song("Best Of/01 Low Tide.mp3").Name != "Low Tide" {
		t.Error("a link inside the folder was not imported")
	}
}

func TestOpenInRefusesWhatIsNotAFileInTheFolder(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(t.TempDir(), "secret.mp3")
	writeFile(t, outside, []byte("ID3 secret"))
	writeFile(t, filepath.Join(dir, "a.mp3"), []byte("ID3 fine"))
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.mp3"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "out.mp3")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.mp3", filepath.Join(dir, "in.mp3")); err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]error{"fifo.mp3": errNotAFile, "out.mp3": errOutside, "../secret.mp3": os.ErrNotExist, "in.mp3": nil} {
		f, _, err := openIn(dir, rel) // a FIFO would block here without O_NONBLOCK
		if f != nil {
			f.Close()
		}
		if (want == nil) != (err == nil) || want != nil && !errors.Is(err, want) {
			t.Errorf("%s: %v, want %v", rel, err, want)
		}
	}
}
