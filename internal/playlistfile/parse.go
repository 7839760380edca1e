// Package playlistfile reads and writes playlist files: M3U and M3U8
// (plain and extended), PLS and XSPF. It knows nothing of songs: an
// entry is where a track is and what the file says of it; matching
// entries to songs is match.go's.
package playlistfile

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Format names a kind of playlist file.
type Format string

const (
	M3U  Format = "m3u" // M3U and M3U8: one location a line, #EXTINF before it
	PLS  Format = "pls"
	XSPF Format = "xspf"
)

// Entry is one track of a playlist file.
type Entry struct {
	// Index is the entry's place in the playlist, from 1; Line the line
	// of the file its location is on (0 when the format has none to
	// tell, as XSPF read whole).
	Index, Line int
	// Location is the path or URL as the file gives it, a file:// URL
	// turned into its path (percent-decoded) and an XSPF location, a URI,
	// decoded likewise. Path() is the form to match.
	Location string
	Title    string
	Artist   string
	Album    string
	Duration float64 // seconds; 0 when the file does not say
}

// Extensions are the file name endings of playlist files.
var Extensions = []string{".m3u", ".m3u8", ".pls", ".xspf"}

// IsPlaylistName says whether a file name ends as a playlist file's does.
func IsPlaylistName(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	for _, e := range Extensions {
		if ext == e {
			return true
		}
	}
	return false
}

// ErrNotPlaylist is content that is no playlist of a known kind: an
// image or a song picked by mistake, or an empty file.
var ErrNotPlaylist = errors.New("this file is not a playlist (M3U, M3U8, PLS or XSPF)")

// Parse reads a playlist file, its format told by its content, not its
// name: a BOM, CRLF line ends and Latin-1 text (an M3U written by an old
// player) are all read. A playlist with no entries is not an error.
func Parse(data []byte) ([]Entry, Format, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if bytes.IndexByte(data, 0) >= 0 || looksBinary(data) {
		return nil, "", ErrNotPlaylist
	}
	text := string(data)
	if !utf8.ValidString(text) {
		text = latin1(data)
	}
	head := strings.TrimLeft(text, " \t\r\n")
	switch {
	case strings.HasPrefix(head, "<"):
		entries, err := parseXSPF(text)
		return entries, XSPF, err
	case len(head) >= 10 && strings.EqualFold(head[:10], "[playlist]"):
		return parsePLS(text), PLS, nil
	}
	entries, err := parseM3U(text)
	return entries, M3U, err
}

// looksBinary says whether data has control characters no text file
// has (a few in a long file are let through: stray bytes happen).
func looksBinary(data []byte) bool {
	n := 0
	for _, b := range data {
		if b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' {
			n++
		}
	}
	return n > 8 || (len(data) > 0 && n*100 > len(data))
}

func latin1(data []byte) string {
	var b strings.Builder
	b.Grow(len(data) * 2)
	for _, c := range data {
		b.WriteRune(rune(c))
	}
	return b.String()
}

func lines(text string) []string {
	return strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
}

// parseM3U reads plain and extended M3U: a line that is no comment is a
// location; #EXTINF (and #EXTALB, #EXTART) before it say what it is.
func parseM3U(text string) ([]Entry, error) {
	var out []Entry
	var next Entry
	sawLocation := false
	for i, line := range lines(text) {
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		switch {
		case line == "":
		case strings.HasPrefix(line, "#"):
			tag, value, _ := strings.Cut(line, ":")
			switch strings.ToUpper(tag) {
			case "#EXTINF":
				next.Duration, next.Artist, next.Title = extinf(value)
			case "#EXTALB":
				next.Album = strings.TrimSpace(value)
			case "#EXTART":
				next.Artist = strings.TrimSpace(value)
			}
		default:
			sawLocation = true
			next.Index, next.Line, next.Location = len(out)+1, i+1, location(line, false)
			out = append(out, next)
			next = Entry{}
		}
	}
	if strings.HasPrefix(strings.ToUpper(strings.TrimSpace(text)), "#EXTM3U") {
		return out, nil
	}
	// Without the header, a plain M3U is told from notes or a lyrics
	// sheet by its lines: most of them must look like a location.
	looks := 0
	for _, e := range out {
		if looksLikeLocation(e.Location) {
			looks++
		}
	}
	if !sawLocation || looks*2 < len(out) {
		return nil, ErrNotPlaylist
	}
	return out, nil
}

// looksLikeLocation says whether a line of a headerless M3U is a URL, a
// path (it has a separator) or a file name with an audio extension.
func looksLikeLocation(s string) bool {
	if IsURL(s) || strings.ContainsAny(s, `/\`) {
		return true
	}
	_, ext, ok := strings.Cut(strings.ToLower(path.Ext(s)), ".")
	return ok && audioExtensions[ext]
}

var audioExtensions = map[string]bool{
	"mp3": true, "flac": true, "ogg": true, "oga": true, "opus": true, "m4a": true, "m4b": true,
	"mp4": true, "aac": true, "wav": true, "wma": true, "aif": true, "aiff": true, "ape": true,
	"wv": true, "mpc": true, "dsf": true, "dff": true, "mka": true, "webm": true,
}

// extinf reads "#EXTINF:duration attrs,Artist - Title".
func extinf(v string) (duration float64, artist, title string) {
	head, name, _ := strings.Cut(v, ",")
	if f := strings.Fields(head); len(f) > 0 {
		if d, err := strconv.ParseFloat(f[0], 64); err == nil && d > 0 && d < 1e7 {
			duration = d
		}
	}
	name = strings.TrimSpace(name)
	if a, t, ok := strings.Cut(name, " - "); ok {
		return duration, strings.TrimSpace(a), strings.TrimSpace(t)
	}
	return duration, "", name
}

// parsePLS reads an INI-like [playlist]: FileN, TitleN, LengthN.
func parsePLS(text string) []Entry {
	byNum := map[int]*Entry{}
	var order []int
	get := func(n int) *Entry {
		e := byNum[n]
		if e == nil {
			e = &Entry{}
			byNum[n] = e
			order = append(order, n)
		}
		return e
	}
	for i, line := range lines(text) {
		key, value, ok := strings.Cut(strings.TrimSpace(line), "=")
		if !ok {
			continue
		}
		key, value = strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(value)
		for _, field := range []string{"file", "title", "length"} {
			if !strings.HasPrefix(key, field) {
				continue
			}
			n, err := strconv.Atoi(key[len(field):])
			if err != nil || n < 0 {
				continue
			}
			e := get(n)
			switch field {
			case "file":
				e.Location, e.Line = location(value, false), i+1
			case "title":
				e.Title = value
			case "length":
				if d, err := strconv.ParseFloat(value, 64); err == nil && d > 0 && d < 1e7 {
					e.Duration = d
				}
			}
		}
	}
	// Entries in their numbers' order, which is the playlist's even when
	// the file lists them otherwise.
	slices.Sort(order)
	var out []Entry
	for _, n := range order {
		e := byNum[n]
		if e.Location == "" {
			continue
		}
		if a, t, ok := strings.Cut(e.Title, " - "); ok {
			e.Artist, e.Title = strings.TrimSpace(a), strings.TrimSpace(t)
		}
		e.Index = len(out) + 1
		out = append(out, *e)
	}
	return out
}

type xspfDoc struct {
	XMLName xml.Name    `xml:"playlist"`
	Title   string      `xml:"title"`
	Tracks  []xspfTrack `xml:"trackList>track"`
}

type xspfTrack struct {
	Location []string `xml:"location"`
	Title    string   `xml:"title"`
	Creator  string   `xml:"creator"`
	Album    string   `xml:"album"`
	Duration string   `xml:"duration"` // milliseconds
}

// parseXSPF reads an XSPF document. Go's XML reader expands no external
// entities, so a hostile document reads as text or fails.
func parseXSPF(text string) ([]Entry, error) {
	var doc xspfDoc
	d := xml.NewDecoder(strings.NewReader(text))
	d.Strict = true
	d.CharsetReader = func(charset string, in io.Reader) (io.Reader, error) {
		// The text is UTF-8 (or made so from Latin-1) already.
		return in, nil
	}
	if err := d.Decode(&doc); err != nil {
		return nil, ErrNotPlaylist
	}
	var out []Entry
	for _, t := range doc.Tracks {
		e := Entry{Title: strings.TrimSpace(t.Title), Artist: strings.TrimSpace(t.Creator), Album: strings.TrimSpace(t.Album)}
		for _, l := range t.Location {
			if l = strings.TrimSpace(l); l != "" {
				e.Location = location(l, true)
				break
			}
		}
		if ms, err := strconv.ParseFloat(strings.TrimSpace(t.Duration), 64); err == nil && ms > 0 && ms < 1e10 {
			e.Duration = ms / 1000
		}
		if e.Location == "" && e.Title == "" {
			continue // nothing to find it by
		}
		e.Index = len(out) + 1
		out = append(out, e)
	}
	return out, nil
}

// location turns a file:// URL into its path; a URI (XSPF's locations
// are) is percent-decoded too. Other URLs stay as they are.
func location(s string, uri bool) string {
	if len(s) > 7 && strings.EqualFold(s[:7], "file://") {
		u, err := url.Parse(s)
		if err != nil {
			return s
		}
		p := u.Path
		if u.Host != "" && u.Host != "localhost" {
			p = "//" + u.Host + p // a network share: file://server/share/x
		}
		if len(p) >= 3 && p[0] == '/' && p[2] == ':' {
			p = p[1:] // file:///C:/Music → C:/Music
		}
		return plain(p, s)
	}
	if uri && !IsURL(s) {
		if p, err := url.PathUnescape(s); err == nil {
			return plain(p, s)
		}
	}
	return s
}

// plain is the decoded path p unless decoding made control characters
// (%00, %0A), which no file name here holds: then the location as written.
func plain(p, written string) string {
	if strings.IndexFunc(p, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0 {
		return written
	}
	return p
}

// IsURL says whether a location is a web address rather than a path.
func IsURL(s string) bool {
	scheme, _, ok := strings.Cut(s, "://")
	if !ok || len(scheme) < 2 {
		return false // C:\ is a drive, not a scheme
	}
	for _, r := range scheme {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}

// Path is the entry's location as a clean '/'-separated path: backslashes
// turned, a Windows drive kept ("C:/Music/a.mp3"); "" for a web address.
func (e Entry) Path() string {
	if e.Location == "" || IsURL(e.Location) {
		return ""
	}
	p := strings.ReplaceAll(e.Location, `\`, "/")
	lead := ""
	if strings.HasPrefix(p, "//") {
		lead = "/" // keep a share's double slash out of Clean's way
	}
	return lead + path.Clean(p)
}

// IsAbs says whether a path (from Path) stands alone: from a root, a
// drive or a share.
func IsAbs(p string) bool {
	return strings.HasPrefix(p, "/") || (len(p) >= 2 && p[1] == ':')
}
