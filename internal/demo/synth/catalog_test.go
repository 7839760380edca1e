package synth

import (
	"regexp"
	"strings"
	"testing"
)

func TestCatalog(t *testing.T) {
	songs := Catalog()
	username := regexp.MustCompile(`^[A-Za-z0-9_-]{3,32}$`)

	t.Run("has at least 24 songs by at least 6 artists", func(t *testing.T) {
		artists := map[string]int{}
		for _, s := range songs {
			artists[s.Artist]++
		}
		if len(songs) < 24 || len(artists) < 6 {
			t.Fatalf("got %d songs by %d artists, want ≥24 by ≥6", len(songs), len(artists))
		}
	})

	t.Run("every artist is a valid username with one name, style and album", func(t *testing.T) {
		seen := map[string]SongSpec{}
		for _, s := range songs {
			if !username.MatchString(s.Artist) {
				t.Errorf("artist %q is not a valid username", s.Artist)
			}
			if s.ArtistName == "" || s.Album == "" || s.Genre == "" {
				t.Errorf("%q lacks a display name, album or genre", s.Title)
			}
			if first, ok := seen[s.Artist]; ok {
				if first.ArtistName != s.ArtistName || first.Style != s.Style || first.Album != s.Album {
					t.Errorf("artist %q is inconsistent between %q and %q", s.Artist, first.Title, s.Title)
				}
			} else {
				seen[s.Artist] = s
			}
		}
	})

	t.Run("titles are unique and include the words search looks for", func(t *testing.T) {
		titles := map[string]bool{}
		for _, s := range songs {
			if s.Title == "" || titles[s.Title] {
				t.Errorf("title %q is empty or repeated", s.Title)
			}
			titles[s.Title] = true
		}
		for _, want := range []string{"Midnight Harbour", "Submarine"} {
			found := false
			for title := range titles {
				found = found || strings.Contains(title, want)
			}
			if !found {
				t.Errorf("no title contains %q", want)
			}
		}
	})

	t.Run("durations are between 30 and 120 seconds", func(t *testing.T) {
		for _, s := range songs {
			if d := s.Duration().Seconds(); d < 30 || d > 120 {
				t.Errorf("%q lasts %.1fs", s.Title, d)
			}
		}
	})

	t.Run("seeds are distinct", func(t *testing.T) {
		seeds := map[int64]string{}
		for _, s := range songs {
			if other, ok := seeds[s.Seed]; ok {
				t.Errorf("%q and %q share seed %d", s.Title, other, s.Seed)
			}
			seeds[s.Seed] = s.Title
		}
	})

	t.Run("returns a fresh copy each call", func(t *testing.T) {
		a := Catalog()
		a[0].Title = "changed"
		a[0].Verse[0] = 99
		if b := Catalog(); b[0].Title == "changed" || b[0].Verse[0] == 99 {
			t.Fatal("changing a returned catalog changed the next one")
		}
	})
}
