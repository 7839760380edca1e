package library

import (
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/musicify/musicify/internal/media/mediatest"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// multiFile is a library file whose tag holds several artists as
// Vorbis's repeated keys or MP4's several data atoms, which ffmpeg cannot
// write: made by ffmpeg, then retagged byte for byte.
type multiFile struct {
	rel      string
	comments []string // Vorbis comments, "KEY=value"
	items    [][]byte // MP4 items
}

func writeMultiFile(t testing.TB, path string, f multiFile) {
	t.Helper()
	raw := filepath.Join(t.TempDir(), "raw"+filepath.Ext(f.rel))
	args := []string{"-fflags", "+bitexact", "-map_metadata", "-1"}
	switch filepath.Ext(f.rel) {
	case ".opus":
		args = append(args, "-c:a", "libopus")
	case ".m4a":
		// A tag for the items to join; the moov after the audio.
		args = append(args, "-c:a", "aac", "-metadata", "title=placeholder")
	}
	makeAudio(t, raw, args...)
	b, err := os.ReadFile(raw)
	if err != nil {
		t.Fatal(err)
	}
	switch filepath.Ext(f.rel) {
	case ".flac":
		b, err = mediatest.FLACWithComments(b, f.comments...)
	case ".opus":
		b, err = mediatest.OpusWithComments(b, f.comments...)
	case ".m4a":
		b, err = mediatest.MP4WithItems(b, f.items...)
	}
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, b)
}

// multiFiles are one file of each container with several artists.
var multiFiles = []struct {
	file   multiFile
	artist string // shown
	want   string // credits
}{
	// Repeated ARTIST without a display tag: the values joined; each an artist with its id.
	{multiFile{rel: "Pairs/01 Duet.flac", comments: []string{"TITLE=Duet", "ARTIST=Ana", "ARTIST=Bo",
		"ALBUM=Pairs", "ALBUMARTIST=Ana", "ALBUMARTIST=Bo", "MUSICBRAINZ_ARTISTID=mb-ana", "MUSICBRAINZ_ARTISTID=mb-bo"}},
		"Ana; Bo", "artist:Ana artist:Bo albumartist:Ana albumartist:Bo "},
	// ARTISTS names each artist, ARTIST stays as shown and says who is featured.
	{multiFile{rel: "Pairs/02 Guest.opus", comments: []string{"TITLE=Guest", "ARTIST=Ana feat. Simon & Garfunkel", "ARTISTS=Ana",
		"ARTISTS=Simon & Garfunkel", "ALBUM=Pairs", "ALBUMARTISTS=Ana", "ALBUMARTISTS=Bo", "GENRE=Jazz", "GENRE=Soul"}},
		"Ana feat. Simon & Garfunkel", "artist:Ana featured:Simon & Garfunkel albumartist:Ana albumartist:Bo "},
	// Several data atoms in the artist and album artist items.
	{multiFile{rel: "Pairs/03 Trio.m4a", items: [][]byte{mediatest.MP4Text("\xa9nam", "Trio"),
		mediatest.MP4Text("\xa9ART", "Ana", "Bo", "Eve"), mediatest.MP4Text("\xa9alb", "Pairs"), mediatest.MP4Text("aART", "Ana", "Bo")}},
		"Ana; Bo; Eve", "artist:Ana artist:Bo artist:Eve albumartist:Ana albumartist:Bo "},
	// iTunes freeform ARTISTS, as Picard writes it: one item of two values and an item more.
	{multiFile{rel: "Pairs/04 Quartet.m4a", items: [][]byte{mediatest.MP4Text("\xa9nam", "Quartet"),
		mediatest.MP4Text("\xa9ART", "Ana, Bo, Eve and Fay"), mediatest.MP4Text("\xa9alb", "Pairs"), mediatest.MP4Text("aART", "Ana"),
		mediatest.MP4Freeform("ARTISTS", "Ana", "Bo"), mediatest.MP4Freeform("ARTISTS", "Eve"), mediatest.MP4Freeform("ARTISTS", "Fay")}},
		"Ana, Bo, Eve and Fay", "artist:Ana artist:Bo artist:Eve artist:Fay albumartist:Ana "},
}

func TestVorbisAndMP4MultiValueTagsGiveEachArtist(t *testing.T) {
	needFFmpeg(t)
	dir := t.TempDir()
	for _, tc := range multiFiles {
		t.Run(tc.file.rel, func(t *testing.T) {
			path := filepath.Join(dir, filepath.FromSlash(tc.file.rel))
			writeMultiFile(t, path, tc.file)
			s := &Scanner{FFprobe: mustLook(t, "ffprobe")}
			f, err := s.readFile(context.Background(), path, tc.file.rel)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			for _, c := range f.tags.Credits {
				got += c.Role + ":" + c.Name + " "
			}
			if f.tags.Artist != tc.artist || got != tc.want || f.tags.Album != "Pairs" {
				t.Errorf("shown %q on %q, credits %q; want %q, %q", f.tags.Artist, f.tags.Album, got, tc.artist, tc.want)
			}
		})
	}
	// Picard's one MusicBrainz id per artist goes to each artist; a
	// repeated genre is each genre.
	path := filepath.Join(dir, "ids.flac")
	writeMultiFile(t, path, multiFiles[0].file)
	f, err := (&Scanner{}).readFile(context.Background(), path, "ids.flac")
	if err != nil {
		t.Fatal(err)
	}
	if c := f.tags.Credits; len(c) < 2 || c[0].MBID != "mb-ana" || c[1].MBID != "mb-bo" {
		t.Errorf("credits %+v, want each artist's id", c)
	}
	path = filepath.Join(dir, "genres.opus")
	writeMultiFile(t, path, multiFiles[1].file)
	if f, err = (&Scanner{}).readFile(context.Background(), path, "genres.opus"); err != nil || fmt.Sprint(f.tags.Genres) != "[Jazz Soul]" {
		t.Errorf("genres %q, %v", f.tags.Genres, err)
	}
}

// Through a scan, each artist of a multi-value tag is an artist of the
// catalog with an id of its own, and the song is among its songs.
func TestAScanMakesAnArtistOfEachValue(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		r := newRig(t, open(t))
		ctx := context.Background()
		for _, tc := range multiFiles {
			writeMultiFile(t, r.path(tc.file.rel), tc.file)
		}
		if st := r.scan(); st.Added != len(multiFiles) || st.Failed != 0 {
			t.Fatalf("scan = %+v", st)
		}
		for _, tc := range multiFiles {
			s := r.song(tc.file.rel)
			if got := creditString(s); s.Artist != tc.artist || got != tc.want {
				t.Errorf("%s shows %q, credits %q", tc.file.rel, s.Artist, got)
			}
		}
		ids := map[string]string{}
		for _, name := range []string{"Ana", "Bo", "Simon & Garfunkel", "Eve", "Fay"} {
			a, err := r.db.Artist(ctx, name)
			if err != nil {
				t.Fatalf("artist %s: %v", name, err)
			}
			if other, dup := ids[a.ID]; dup {
				t.Fatalf("%s and %s share the id %s", name, other, a.ID)
			}
			ids[a.ID] = name
		}
		for name, n := range map[string]int{"Ana": 4, "Bo": 3, "Simon & Garfunkel": 1, "Eve": 2, "Fay": 1} {
			songs, err := r.db.SongsByArtist(ctx, name)
			if err != nil || len(songs) != n {
				t.Errorf("%s's songs = %d, %v; want %d", name, len(songs), err, n)
			}
		}
		if _, err := r.db.Artist(ctx, "Ana; Bo"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("the joined display is an artist: %v", err)
		}
	})
}

// Only a key given more than once holds several values: two keys of one
// field are one value spelled twice; keys are matched whatever their case.
func TestRepeatedCommentsAreByKey(t *testing.T) {
	var b []byte
	put := func(s string) {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(s)))
		b = append(b, s...)
	}
	put("vendor")
	comments := []string{"DATE=2004-05-01", "YEAR=2004", "COMMENT=kept", "DESCRIPTION=kept", "ARTIST=Ana", "artist=Bo", "GENRE=Jazz"}
	b = binary.LittleEndian.AppendUint32(b, uint32(len(comments)))
	for _, c := range comments {
		put(c)
	}
	if got := fmt.Sprint(repeatedComments(b)); got != "map[artist:[Ana Bo]]" {
		t.Errorf("repeated = %s", got)
	}
	// A cut list gives what was read before the cut.
	if got := fmt.Sprint(repeatedComments(b[:len(b)-12])); got != "map[artist:[Ana Bo]]" {
		t.Errorf("a cut list: %s", got)
	}
}
