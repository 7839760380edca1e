package search_test

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/search"
	"github.com/musicify/musicify/internal/sqlstore"
)

// The bounds Fold promises (search.maxTokens and maxTokenLen).
const (
	foldMaxWords   = 8
	foldMaxWordLen = 40
)

// FuzzFold checks what the query parser gives the index: at most 8 words,
// each non-empty, at most 40 bytes of valid UTF-8, only lower-case letters
// and digits; and folding its own output changes nothing.
func FuzzFold(f *testing.F) {
	for _, s := range []string{"Yellow Submarine", "DÉJÀ vu", "café-society", "İstanbul", "ǅemal"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		words := search.Fold(text)
		if len(words) > foldMaxWords {
			t.Fatalf("%d words: %q", len(words), words)
		}
		for _, w := range words {
			if w == "" || len(w) > foldMaxWordLen || !utf8.ValidString(w) {
				t.Fatalf("word %q of %q", w, text)
			}
			for _, r := range w {
				if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
					t.Fatalf("word %q holds %q", w, r)
				}
			}
		}
		if again := search.Fold(strings.Join(words, " ")); !slices.Equal(again, words) {
			t.Fatalf("Fold is not idempotent: %q → %q → %q", text, words, again)
		}
	})
}

// FuzzFind types arbitrary text into a real index of each kind: a search
// never fails, whatever is typed, and returns distinct ids within the limit.
func FuzzFind(f *testing.F) {
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(f.TempDir(), "m.db"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { db.Close() })
	ctx := context.Background()
	for i, name := range []string{"Yellow Submarine", "Midnight Harbour", "Café Society", "Déjà Vu", "Blue Moon"} {
		u := &musicify.User{Username: "artist" + string(rune('a'+i)), Email: string(rune('a'+i)) + "@example.com"}
		if err := db.CreateUser(ctx, u); err != nil {
			f.Fatal(err)
		}
		id := musicify.NewID()
		if err := db.CreateSong(ctx, &musicify.Song{ID: id, Name: name, UserID: u.ID, Format: "mp3", Size: 1, SHA256: id, AudioKey: "k/" + id}); err != nil {
			f.Fatal(err)
		}
		if err := db.CreatePlaylist(ctx, &musicify.Playlist{Name: name + " mix", UserID: u.ID}); err != nil {
			f.Fatal(err)
		}
	}
	s := &search.Service{Index: db, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), BroadMatches: 2}
	for _, q := range []string{"submarene", "midnite harbor", "CAFE", "deja", "blue", `"`, "a*", "NEAR(a b)", "artista"} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, kind := range []string{musicify.KindSong, musicify.KindUser, musicify.KindPlaylist} {
			ids, err := s.Find(ctx, kind, text, 3)
			if err != nil {
				t.Fatalf("Find(%s, %q): %v", kind, text, err)
			}
			seen := map[string]bool{}
			for _, id := range ids {
				if seen[id] {
					t.Fatalf("Find(%s, %q) = %q: %s twice", kind, text, ids, id)
				}
				seen[id] = true
			}
			if len(ids) > 3 {
				t.Fatalf("Find(%s, %q) = %d ids, limit 3", kind, text, len(ids))
			}
		}
	})
}
