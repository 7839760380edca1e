package playlistfile

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"net/url"
	"strings"
)

// Track is one entry to write: Location is a '/'-separated path
// (relative or not) or a URL.
type Track struct {
	Location string
	Title    string
	Artist   string
	Album    string
	Duration float64 // seconds
}

// WriteM3U8 writes an extended M3U in UTF-8: #EXTM3U, then #EXTINF
// ("seconds,Artist - Title") and #EXTALB before each location.
func WriteM3U8(w io.Writer, name string, tracks []Track) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "#EXTM3U\n")
	if name = oneLine(name); name != "" {
		fmt.Fprintf(b, "#PLAYLIST:%s\n", name)
	}
	for _, t := range tracks {
		title := oneLine(t.Title)
		if a := oneLine(t.Artist); a != "" {
			title = a + " - " + title
		}
		fmt.Fprintf(b, "#EXTINF:%d,%s\n", seconds(t.Duration), title)
		if a := oneLine(t.Album); a != "" {
			fmt.Fprintf(b, "#EXTALB:%s\n", a)
		}
		fmt.Fprintf(b, "%s\n", oneLine(t.Location))
	}
	return b.Flush()
}

// seconds rounds a duration for #EXTINF, -1 when unknown as players expect.
func seconds(d float64) int {
	if d <= 0 || math.IsNaN(d) || math.IsInf(d, 0) {
		return -1
	}
	return int(math.Round(d))
}

// oneLine keeps a value on its line: a line break in a tag would start a
// new location (and other control characters make the file look binary).
func oneLine(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s))
}

// WriteXSPF writes an XSPF 1 document; locations become URIs (a relative
// path stays relative, percent-encoded). Go's XML encoder escapes the
// text and turns what XML cannot hold (control characters, bad UTF-8)
// into U+FFFD, so the document is valid whatever the tags hold.
func WriteXSPF(w io.Writer, name string, tracks []Track) error {
	type track struct {
		Location string `xml:"location,omitempty"`
		Title    string `xml:"title,omitempty"`
		Creator  string `xml:"creator,omitempty"`
		Album    string `xml:"album,omitempty"`
		Duration int64  `xml:"duration,omitempty"`
	}
	doc := struct {
		XMLName xml.Name `xml:"playlist"`
		Version string   `xml:"version,attr"`
		NS      string   `xml:"xmlns,attr"`
		Title   string   `xml:"title,omitempty"`
		Tracks  []track  `xml:"trackList>track"`
	}{Version: "1", NS: "http://xspf.org/ns/0/", Title: name}
	for _, t := range tracks {
		var ms int64
		if t.Duration > 0 && !math.IsInf(t.Duration, 0) && t.Duration < 1e9 {
			ms = int64(math.Round(t.Duration * 1000))
		}
		doc.Tracks = append(doc.Tracks, track{Location: uri(t.Location), Title: t.Title,
			Creator: t.Artist, Album: t.Album, Duration: ms})
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	e := xml.NewEncoder(w)
	e.Indent("", "  ")
	if err := e.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// uri is a location as XSPF wants it: a URL as it is, an absolute path
// as a file:// URL, a relative one percent-encoded segment by segment.
func uri(loc string) string {
	if loc == "" || IsURL(loc) {
		return loc
	}
	p := strings.ReplaceAll(loc, `\`, "/")
	segs := strings.Split(p, "/")
	for i, s := range segs {
		if i == 0 && len(s) == 2 && s[1] == ':' {
			continue // a drive
		}
		segs[i] = url.PathEscape(s)
	}
	out := strings.Join(segs, "/")
	switch {
	case strings.HasPrefix(p, "/"):
		return "file://" + out
	case len(p) >= 2 && p[1] == ':':
		return "file:///" + out
	}
	return out
}

// LocationFor is how a playlist file at base lists a library song: by a
// path relative to the playlist's own directory when both are in the same
// library folder (what players expect of a playlist beside the music),
// else by the song's path in its library folder.
func LocationFor(s LibrarySong, base Base) string {
	if base.FolderID == "" || base.FolderID != s.FolderID {
		return s.Path
	}
	from := splitDir(base.Dir)
	to := strings.Split(s.Path, "/")
	n := 0
	for n < len(from) && n < len(to)-1 && from[n] == to[n] {
		n++
	}
	parts := make([]string, 0, len(from)-n+len(to)-n)
	for range from[n:] {
		parts = append(parts, "..")
	}
	return strings.Join(append(parts, to[n:]...), "/")
}

func splitDir(dir string) []string {
	if dir == "" || dir == "." {
		return nil
	}
	return strings.Split(strings.Trim(dir, "/"), "/")
}
