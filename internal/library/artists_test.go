package library

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

func TestSplitterSplitsByTheConfiguredSeparators(t *testing.T) {
	cases := []struct {
		tag        string
		whole      bool
		main, feat []string
	}{
		{"Solo", false, []string{"Solo"}, nil},
		{"A feat. B", false, []string{"A"}, []string{"B"}},
		{"A Feat B", false, []string{"A"}, []string{"B"}},
		{"A ft. B & C", false, []string{"A"}, []string{"B", "C"}},
		{"A (feat. B)", false, []string{"A"}, []string{"B"}},
		{"A [featuring B; C]", false, []string{"A"}, []string{"B", "C"}},
		{"A & B feat. C", false, []string{"A", "B"}, []string{"C"}},
		{"A; B", false, []string{"A", "B"}, nil},
		{"A / B", false, []string{"A", "B"}, nil},
		{"AC/DC", false, []string{"AC/DC"}, nil},             // " / " needs its spaces
		{"Salt&Pepper", false, []string{"Salt&Pepper"}, nil}, // so does " & "
		{"Taft Band", false, []string{"Taft Band"}, nil},     // "ft" only as a word
		{"A x B", false, []string{"A x B"}, nil},             // " x " is not a default
		{"Simon & Garfunkel", false, []string{"Simon & Garfunkel"}, nil},
		{"simon & garfunkel feat. Paul", false, []string{"simon & garfunkel"}, []string{"Paul"}},
		{"Earth, Wind & Fire & Friend", false, []string{"Earth, Wind & Fire", "Friend"}, nil},
		{"Mumford & Sons feat. Baaba Maal & The Very Best", false, []string{"Mumford & Sons"}, []string{"Baaba Maal", "The Very Best"}},
		{"Florence + the Machine", false, []string{"Florence + the Machine"}, nil},
		{"Anna & Bo", true, []string{"Anna & Bo"}, nil},
		{"Anna & Bo feat. Cy", true, []string{"Anna & Bo"}, []string{"Cy"}},
		{"A feat. A", false, []string{"A"}, nil},
		{"", false, nil, nil},
	}
	for _, c := range cases {
		main, feat := defaultSplitter.Split(c.tag, c.whole)
		if !reflect.DeepEqual(main, c.main) || !reflect.DeepEqual(feat, c.feat) {
			t.Errorf("Split(%q, %v) = %q, %q; want %q, %q", c.tag, c.whole, main, feat, c.main, c.feat)
		}
	}
}

func TestSplitterTakesItsOwnLists(t *testing.T) {
	s := NewSplitter([]string{" x ", "with", ","}, []string{"Tyler, the Creator"})
	cases := map[string][2][]string{
		"A x B":                       {{"A", "B"}, nil},
		"A with B":                    {{"A"}, {"B"}},
		"Tyler, the Creator, Kali":    {{"Tyler, the Creator", "Kali"}, nil},
		"A feat. B":                   {{"A feat. B"}, nil}, // not a separator here
		"Simon & Garfunkel x Someone": {{"Simon & Garfunkel", "Someone"}, nil},
	}
	for tag, want := range cases {
		main, feat := s.Split(tag, false)
		if !reflect.DeepEqual(main, want[0]) || !reflect.DeepEqual(feat, want[1]) {
			t.Errorf("Split(%q) = %q, %q; want %q, %q", tag, main, feat, want[0], want[1])
		}
	}
}

func TestCreditsFromTags(t *testing.T) {
	credits := func(f fields) (musicify.TrackTags, []string) {
		tt := f.tags()
		defaultSplitter.credit(f, &tt)
		var out []string
		for _, c := range tt.Credits {
			s := c.Role + ":" + c.Name
			if c.SubRole != "" {
				s += "/" + c.SubRole
			}
			if c.MBID != "" {
				s += "#" + c.MBID
			}
			if c.SortName != "" {
				s += "~" + c.SortName
			}
			out = append(out, s)
		}
		return tt, out
	}
	cases := []struct {
		name string
		f    fields
		want []string
	}{
		{"featured", fields{"artist": "A feat. B"}, []string{"artist:A", "featured:B", "albumartist:A"}},
		{"artists tag", fields{"artist": "A feat. B", "artists": "A;B"}, []string{"artist:A", "featured:B", "albumartist:A"}},
		{"artists without a display", fields{"artists": "A\x00B"}, []string{"artist:A", "artist:B", "albumartist:A", "albumartist:B"}},
		{"one band's id", fields{"artist": "Anna & Bo", "musicbrainzartistid": "id1"}, []string{"artist:Anna & Bo#id1", "albumartist:Anna & Bo"}},
		{"ids for each", fields{"artist": "Anna & Bo", "musicbrainzartistid": "id1; id2"}, []string{"artist:Anna#id1", "artist:Bo#id2", "albumartist:Anna", "albumartist:Bo"}},
		{"compilation", fields{"artist": "A", "compilation": "1"}, []string{"artist:A", "albumartist:Various Artists"}},
		{"album artist and sorts", fields{"artist": "The A", "artistsort": "A, The", "albumartist": "The A", "albumartistsort": "A, The"},
			[]string{"artist:The A~A, The", "albumartist:The A~A, The"}},
		{"contributors", fields{"artist": "A", "composer": "C1 & C2", "lyricist": "L", "conductor": "K", "remixer": "R",
			"performer": "P (Piano); Q"},
			[]string{"artist:A", "albumartist:A", "composer:C1", "composer:C2", "lyricist:L", "conductor:K", "remixer:R", "performer:P/piano", "performer:Q"}},
	}
	for _, c := range cases {
		tt, got := credits(c.f)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: credits = %q, want %q", c.name, got, c.want)
		}
		if c.name == "featured" && (tt.Artist != "A feat. B" || !reflect.DeepEqual(tt.Artists, []string{"A", "B"})) {
			t.Errorf("featured: shown %q, artists %q", tt.Artist, tt.Artists)
		}
	}
}

func TestCreditFieldsOfEachContainer(t *testing.T) {
	for k, want := range map[string]string{"TCOM": "composer", "TSOP": "artistsort", "TSO2": "albumartistsort",
		"soar": "artistsort", "soaa": "albumartistsort", "\xa9wrt": "composer", "ARTISTS": "artists", "TPE3": "conductor",
		"MusicBrainz Artist Id": "musicbrainzartistid", "MUSICBRAINZ_ALBUMARTISTID": "musicbrainzalbumartistid"} {
		if got := fieldName(k); got != want {
			t.Errorf("fieldName(%q) = %q, want %q", k, got, want)
		}
	}
}

// ID3v2.4 keeps several artists in one frame, null-separated; the tag
// reader joins them into one word, so the scanner reads them itself.
func TestID3v24MultiValueFramesAreSplit(t *testing.T) {
	needFFmpeg(t)
	dir := t.TempDir()
	raw := filepath.Join(dir, "raw.mp3")
	makeAudio(t, raw, "-id3v2_version", "0", "-write_xing", "0")
	audio, err := os.ReadFile(raw)
	if err != nil {
		t.Fatal(err)
	}
	ss := func(n int) []byte {
		return []byte{byte(n >> 21 & 0x7f), byte(n >> 14 & 0x7f), byte(n >> 7 & 0x7f), byte(n & 0x7f)}
	}
	frame := func(id string, body []byte) []byte {
		return append(append(append([]byte(id), ss(len(body))...), 0, 0), body...)
	}
	utf16le := []byte{1, 0xff, 0xfe, 'C', 0, 'y', 0, 0, 0, 0xff, 0xfe, 'D', 0, 'i', 0}
	frames := append(frame("TIT2", []byte("\x03Duet")), frame("TPE1", []byte("\x03Ana\x00Bo"))...)
	frames = append(frames, frame("TCOM", utf16le)...)
	tag := append(append([]byte("ID3\x04\x00\x00"), ss(len(frames))...), frames...)
	path := filepath.Join(dir, "multi.mp3")
	writeFile(t, path, append(tag, audio...))
	s := &Scanner{}
	f, err := s.readFile(context.Background(), path, "multi.mp3")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range f.tags.Credits {
		got = append(got, c.Role+":"+c.Name)
	}
	if f.tags.Artist != "Ana; Bo" || !reflect.DeepEqual(got, []string{"artist:Ana", "artist:Bo", "albumartist:Ana", "albumartist:Bo", "composer:Cy", "composer:Di"}) {
		t.Errorf("shown %q, credits %q", f.tags.Artist, got)
	}
}
