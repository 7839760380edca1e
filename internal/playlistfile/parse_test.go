package playlistfile

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		format Format
		want   []Entry
	}{
		{"extended m3u with BOM and CRLF", "\xef\xbb\xbf#EXTM3U\r\n#EXTINF:215,Daft Punk - One More Time\r\n#EXTALB:Discovery\r\nDaft Punk\\Discovery\\01 One More Time.mp3\r\n\r\n#EXTINF:-1,No Artist\r\nb.flac\r\n", M3U, []Entry{
			{Index: 1, Line: 4, Location: `Daft Punk\Discovery\01 One More Time.mp3`, Title: "One More Time", Artist: "Daft Punk", Album: "Discovery", Duration: 215},
			{Index: 2, Line: 7, Location: "b.flac", Title: "No Artist"},
		}},
		{"plain m3u", "/music/a.mp3\n# a comment\nrel/b.ogg\n", M3U, []Entry{
			{Index: 1, Line: 1, Location: "/music/a.mp3"},
			{Index: 2, Line: 3, Location: "rel/b.ogg"},
		}},
		{"extinf attributes", "#EXTM3U\n#EXTINF:12.5 tvg-id=\"x\",A - B - C\nhttp://host/s.mp3\n", M3U, []Entry{
			{Index: 1, Line: 3, Location: "http://host/s.mp3", Artist: "A", Title: "B - C", Duration: 12.5},
		}},
		{"file urls", "file:///home/me/Music/a%20b.mp3\nfile:///C:/Music/c.mp3\nfile://nas/share/d.mp3\n", M3U, []Entry{
			{Index: 1, Line: 1, Location: "/home/me/Music/a b.mp3"},
			{Index: 2, Line: 2, Location: "C:/Music/c.mp3"},
			{Index: 3, Line: 3, Location: "//nas/share/d.mp3"},
		}},
		{"latin-1 m3u", "#EXTM3U\n#EXTINF:10,Bj\xf6rk - J\xf3ga\nBj\xf6rk/J\xf3ga.mp3\n", M3U, []Entry{
			{Index: 1, Line: 3, Location: "Björk/Jóga.mp3", Artist: "Björk", Title: "Jóga", Duration: 10},
		}},
		{"empty extended m3u", "#EXTM3U\n", M3U, nil},
		{"pls", "[playlist]\r\nFile2=b.mp3\r\nTitle2=Two\r\nFile1=a.mp3\r\nTitle1=Artist - One\r\nLength1=61\r\nLength2=-1\r\nNumberOfEntries=2\r\nVersion=2\r\n", PLS, []Entry{
			{Index: 1, Line: 4, Location: "a.mp3", Artist: "Artist", Title: "One", Duration: 61},
			{Index: 2, Line: 2, Location: "b.mp3", Title: "Two"},
		}},
		{"xspf", `<?xml version="1.0" encoding="UTF-8"?>
<playlist version="1" xmlns="http://xspf.org/ns/0/"><trackList>
<track><location>Some%20Artist/a%26b.mp3</location><title>A &amp; B</title><creator>Some Artist</creator><album>X</album><duration>183500</duration></track>
<track><title>Only a title</title></track>
<track><location>file:///C:/M/c.mp3</location></track>
<track></track>
</trackList></playlist>`, XSPF, []Entry{
			{Index: 1, Location: "Some Artist/a&b.mp3", Title: "A & B", Artist: "Some Artist", Album: "X", Duration: 183.5},
			{Index: 2, Title: "Only a title"},
			{Index: 3, Location: "C:/M/c.mp3"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, format, err := Parse([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if format != tt.format {
				t.Errorf("format %q, want %q", format, tt.format)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}

func TestParseRefusesWhatIsNoPlaylist(t *testing.T) {
	for name, in := range map[string]string{
		"empty":       "",
		"an mp3":      "ID3\x03\x00\x00\x00\x00\x00\x00\xff\xfb\x90\x00",
		"a png":       "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
		"broken xspf": "<playlist><trackList><track>",
		"html":        "<html><body>hi</body></html>",
		"notes":       "Songs for the party\nAsk Ben about the speakers.\nBuy ice and/or lemons\n",
		"lyrics":      "Rain on the window\nI hear it fall\nall night long\n",
	} {
		if _, _, err := Parse([]byte(in)); !errors.Is(err, ErrNotPlaylist) {
			t.Errorf("%s: err %v, want ErrNotPlaylist", name, err)
		}
	}
}

func TestEntryPath(t *testing.T) {
	for loc, want := range map[string]string{
		`Music\Artist\a.mp3`:   "Music/Artist/a.mp3",
		`C:\Music\..\x\a.mp3`:  "C:/x/a.mp3",
		"./a/../b.mp3":         "b.mp3",
		"//nas/share/a.mp3":    "//nas/share/a.mp3",
		"https://x.org/a.mp3":  "",
		"/home/me/Music/a.mp3": "/home/me/Music/a.mp3",
	} {
		if got := (Entry{Location: loc}).Path(); got != want {
			t.Errorf("Path(%q) = %q, want %q", loc, got, want)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	tracks := []Track{
		{Location: "Artist/Album/01 Song.mp3", Title: "Song", Artist: "Artist", Album: "Album", Duration: 200},
		{Location: "../Other Folder/<weird> & \"name\" 100%.flac", Title: "Tags <&> \"quoted\"", Artist: "Ünïcode – Ärtist", Duration: 61.4},
		{Location: "https://music.example/media/songs/abc/download", Title: "An upload", Artist: "someone"},
		{Location: "/abs/path/x.ogg", Title: "Line\nbreak"},
	}
	for _, w := range []struct {
		format Format
		write  func(*bytes.Buffer) error
	}{
		{M3U, func(b *bytes.Buffer) error { return WriteM3U8(b, "Mix", tracks) }},
		{XSPF, func(b *bytes.Buffer) error { return WriteXSPF(b, "Mix & more", tracks) }},
	} {
		var b bytes.Buffer
		if err := w.write(&b); err != nil {
			t.Fatal(err)
		}
		got, format, err := Parse(b.Bytes())
		if err != nil || format != w.format {
			t.Fatalf("%s: format %q err %v\n%s", w.format, format, err, b.String())
		}
		if len(got) != len(tracks) {
			t.Fatalf("%s: %d entries, want %d\n%s", w.format, len(got), len(tracks), b.String())
		}
		for i, e := range got {
			want := tracks[i]
			if e.Location != want.Location || e.Artist != want.Artist || e.Album != want.Album ||
				strings.Join(strings.Fields(e.Title), " ") != strings.Join(strings.Fields(want.Title), " ") || int(e.Duration+0.5) != int(want.Duration+0.5) {
				t.Errorf("%s: entry %d = %+v, want %+v\n%s", w.format, i, e, want, b.String())
			}
		}
	}
}

func TestWriteM3U8(t *testing.T) {
	var b bytes.Buffer
	if err := WriteM3U8(&b, "Mix", []Track{{Location: "a/b.mp3", Title: "T", Artist: "A", Album: "Al", Duration: 59.6}, {Location: "c.mp3", Title: "U"}}); err != nil {
		t.Fatal(err)
	}
	want := "#EXTM3U\n#PLAYLIST:Mix\n#EXTINF:60,A - T\n#EXTALB:Al\na/b.mp3\n#EXTINF:-1,U\nc.mp3\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestWriteXSPFLocations(t *testing.T) {
	var b bytes.Buffer
	if err := WriteXSPF(&b, "x", []Track{{Location: "/m/a b.mp3"}, {Location: `C:\m\c.mp3`}, {Location: "r/é?.mp3"}}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<location>file:///m/a%20b.mp3</location>", "<location>file:///C:/m/c.mp3</location>", "<location>r/%C3%A9%3F.mp3</location>"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("missing %s in\n%s", want, b.String())
		}
	}
}

// FuzzParse: no input makes a parser panic, and whatever a parser reads,
// written out and read again, gives the same entries.
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/seeds/*")
	for _, s := range seeds {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, _, err := Parse(data)
		if err != nil {
			return
		}
		var tracks []Track
		for _, e := range entries {
			if loc := oneLine(e.Location); loc != "" && !strings.HasPrefix(loc, "#") {
				tracks = append(tracks, Track{Location: loc, Title: e.Title, Artist: e.Artist})
			}
		}
		var b bytes.Buffer
		if err := WriteM3U8(&b, "", tracks); err != nil {
			t.Fatal(err)
		}
		again, _, err := Parse(b.Bytes())
		if err != nil {
			t.Fatalf("reading what was written: %v\n%q", err, b.String())
		}
		if len(again) != len(tracks) {
			t.Fatalf("%d entries written, %d read\n%q", len(tracks), len(again), b.String())
		}
	})
}

func TestLocationFor(t *testing.T) {
	song := LibrarySong{SongID: "s", FolderID: "f1", Path: "Artist/Album/01 Song.mp3"}
	for _, tc := range []struct {
		base Base
		want string
	}{
		{Base{}, "Artist/Album/01 Song.mp3"},                             // a download: the path in the folder
		{Base{FolderID: "f2", Dir: "lists"}, "Artist/Album/01 Song.mp3"}, // another folder
		{Base{FolderID: "f1", Dir: "."}, "Artist/Album/01 Song.mp3"},
		{Base{FolderID: "f1", Dir: "Artist/Album"}, "01 Song.mp3"},
		{Base{FolderID: "f1", Dir: "Artist"}, "Album/01 Song.mp3"},
		{Base{FolderID: "f1", Dir: "lists/2024"}, "../../Artist/Album/01 Song.mp3"},
		{Base{FolderID: "f1", Dir: "Artist/Other"}, "../Album/01 Song.mp3"},
	} {
		got := LocationFor(song, tc.base)
		if got != tc.want {
			t.Errorf("LocationFor(%+v) = %q, want %q", tc.base, got, tc.want)
		}
		// And the matcher finds the song again from there.
		m := &Matcher{Library: []LibrarySong{song, {SongID: "other", FolderID: "f2", Path: "x/01 Song.mp3"}}}
		res, err := m.Match(context.Background(), []Entry{{Index: 1, Location: got}}, tc.base)
		if err != nil || res[0].SongID != "s" {
			t.Errorf("%q from %+v matched %q, %v", got, tc.base, res[0].SongID, err)
		}
	}
}
