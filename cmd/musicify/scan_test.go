package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/library"
	"github.com/musicify/musicify/internal/musicify"
)

// musicFolder holds two fixture tunes named by their paths.
func musicFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for rel, fixture := range map[string]string{"Neon Shore/Ebb/01 Tide.mp3": "sine.mp3", "Neon Shore/Ebb/02 Foam.flac": "sine.flac"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "audio", fixture))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestTheServerImportsTheLibraryInTheBackground(t *testing.T) {
	dir := musicFolder(t)
	m := startMain(t, map[string]string{"MUSICIFY_LIBRARY_DIRS": dir})
	s, ok := m.Scanner.(*library.Scanner)
	if !ok {
		t.Fatalf("no library scanner: %T", m.Scanner)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := s.WaitFor(ctx, func(st musicify.ScanStatus) bool { return !st.Finished.IsZero() && !st.Running }); err != nil {
		t.Fatal(err)
	}
	if st := s.Status(); st.Added != 2 || st.Failed != 0 {
		t.Fatalf("status = %+v", st)
	}
	albums, err := m.DB.Albums(ctx, musicify.AlbumQuery{})
	if err != nil || len(albums) != 1 || albums[0].Name != "Ebb" || albums[0].Artist != "Neon Shore" || albums[0].Songs != 2 {
		t.Fatalf("albums = %+v, %v", albums, err)
	}
}

func TestScanCommandPrintsTheCounts(t *testing.T) {
	dir := musicFolder(t)
	t.Setenv("MUSICIFY_DATA_DIR", t.TempDir())
	t.Setenv("MUSICIFY_LIBRARY_DIRS", dir)
	var out bytes.Buffer
	if code := scanCmd(nil, &out); code != 0 || !strings.HasPrefix(out.String(), "seen 2, added 2, updated 0, removed 0, failed 0") {
		t.Fatalf("first: %d %q", code, out.String())
	}
	out.Reset()
	if code := scanCmd(nil, &out); code != 0 || !strings.HasPrefix(out.String(), "seen 2, added 0, updated 0, removed 0, failed 0") {
		t.Fatalf("again: %d %q", code, out.String())
	}
	t.Setenv("MUSICIFY_LIBRARY_DIRS", "")
	if code := scanCmd(nil, &out); code != 2 {
		t.Errorf("without folders: %d", code)
	}
}
