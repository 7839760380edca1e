package library

import (
	"path"
	"regexp"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

// numbered is a file name that starts with its track: "01 Title",
// "01. Title", "1-03 Title" (disc 1, track 3), "01 - Title".
var numbered = regexp.MustCompile(`^(?:(\d{1,2})-)?(\d{1,3})(?:\s*[.\-_]\s*|\s+)(.+)$`)

// fromPath fills what the tags left empty from where the file lies:
// "Artist/Album/01 Title.flac".
func fromPath(t *musicify.TrackTags, rel string) {
	dirs := strings.Split(path.Dir(rel), "/")
	if len(dirs) == 1 && dirs[0] == "." {
		dirs = nil
	}
	stem := strings.TrimSuffix(path.Base(rel), path.Ext(rel))
	title, artist := stem, ""
	track, disc := 0, 0
	if m := numbered.FindStringSubmatch(stem); m != nil {
		disc, track, title = number(m[1]), number(m[2]), m[3]
	}
	if a, b, ok := strings.Cut(title, " - "); ok && len(dirs) < 2 {
		artist, title = a, b // "Artist - Title.mp3" alone in a folder
	}
	album := ""
	switch n := len(dirs); {
	case n >= 2:
		artist, album = first(artist, dirs[n-2]), dirs[n-1]
	case n == 1:
		album = dirs[0]
	}
	if t.Title == "" {
		t.Title = clean(strings.ReplaceAll(title, "_", " "))
	}
	if t.Artist == "" && artist != "" {
		t.Artist = clean(artist)
		t.Artists = splitArtists(t.Artist)
	}
	if t.Album == "" {
		t.Album = clean(album)
	}
	if t.Track == 0 {
		t.Track = track
	}
	if t.Disc == 0 {
		t.Disc = disc
	}
}
