package library

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

func creditString(s *musicify.Song) string {
	out := ""
	for _, a := range s.Artists {
		out += a.Role + ":" + a.Name
		if a.SubRole != "" {
			out += "/" + a.SubRole
		}
		out += " "
	}
	return out
}

// Real files of each container: "A feat. B" keeps its shown artist, is
// A's song, and credits B (and the composer, the album artist) as artists
// of their own; a retag moves the credits and an artist left with nothing
// leaves the list.
func TestAScanCreditsEachArtistOfAFile(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		r := newRig(t, open(t))
		ctx := context.Background()
		duet := "Ana/Pairs/01 Duet.mp3"
		makeAudio(t, r.path(duet), "-metadata", "title=Duet", "-metadata", "artist=Ana feat. Bo", "-metadata", "album=Pairs",
			"-metadata", "composer=Cy & Di", "-metadata", "artist-sort=Ana, The", "-id3v2_version", "4")
		makeAudio(t, r.path("Ana/Pairs/02 Trio.flac"), "-metadata", "title=Trio", "-metadata", "artist=Ana & Bo feat. Eve",
			"-metadata", "album=Pairs", "-metadata", "album_artist=Ana")
		makeAudio(t, r.path("Simon/Old/01 Boxer.m4a"), "-c:a", "aac", "-metadata", "title=Boxer",
			"-metadata", "artist=Simon & Garfunkel", "-metadata", "album=Old")
		makeAudio(t, r.path("Mix/01 Tune.ogg"), "-c:a", "libvorbis", "-metadata", "title=Tune", "-metadata", "artist=Fay",
			"-metadata", "ARTISTS=Fay;Gus", "-metadata", "album=Mix", "-metadata", "compilation=1")
		if st := r.scan(); st.Added != 4 || st.Failed != 0 {
			t.Fatalf("scan = %+v", st)
		}
		want := map[string]string{
			duet:                     "artist:Ana featured:Bo albumartist:Ana composer:Cy composer:Di ",
			"Ana/Pairs/02 Trio.flac": "artist:Ana artist:Bo featured:Eve albumartist:Ana ",
			"Simon/Old/01 Boxer.m4a": "artist:Simon & Garfunkel albumartist:Simon & Garfunkel ",
			"Mix/01 Tune.ogg":        "artist:Fay artist:Gus albumartist:Various Artists ",
		}
		for rel, w := range want {
			if got := creditString(r.song(rel)); got != w {
				t.Errorf("%s credits %q, want %q", rel, got, w)
			}
		}
		s := r.song(duet)
		ana, err := r.db.Artist(ctx, "Ana")
		if err != nil || s.Artist != "Ana feat. Bo" || s.ArtistID != ana.ID || ana.SortName != "Ana, The" {
			t.Fatalf("duet shows %q under %s; Ana = %+v, %v", s.Artist, s.ArtistID, ana, err)
		}
		bo, err := r.db.SongsByArtist(ctx, "Bo")
		if err != nil || len(bo) != 2 {
			t.Fatalf("Bo's songs = %d, %v", len(bo), err)
		}

		// Retagged: Bo leaves the duet; Zed is featured instead.
		makeAudio(t, r.path(duet), "-metadata", "title=Duet", "-metadata", "artist=Ana ft. Zed", "-metadata", "album=Pairs")
		r.touch(duet, time.Minute)
		if st := r.scan(); st.Updated != 1 {
			t.Fatalf("rescan = %+v", st)
		}
		if got := creditString(r.song(duet)); got != "artist:Ana featured:Zed albumartist:Ana " {
			t.Errorf("credits after the retag = %q", got)
		}
		if _, err := r.db.Artist(ctx, "Cy"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("a composer left with nothing = %v", err)
		}
		all, err := r.db.Artists(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, a := range all {
			names = append(names, a.Name)
		}
		if got := fmt.Sprintf("%q", names); got != `["Ana" "Bo" "Eve" "Fay" "Gus" "Simon & Garfunkel" "Various Artists" "Zed"]` {
			t.Errorf("artists = %s", got) // the composers Cy and Di are gone
		}
	})
}
