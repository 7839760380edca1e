package playlistfile

import (
	"context"
	"math"
	"net/url"
	"path"
	"regexp"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/search"
)

// LibrarySong is a library file a path can name.
type LibrarySong struct {
	SongID   string
	FolderID string
	Path     string // in its folder, '/'-separated
}

// LibrarySongs splits songs' LibraryPath ("<folder id>/<path>"); uploads
// are left out.
func LibrarySongs(songs []*musicify.Song) []LibrarySong {
	var out []LibrarySong
	for _, s := range songs {
		if folder, p, ok := strings.Cut(s.LibraryPath, "/"); ok {
			out = append(out, LibrarySong{SongID: s.ID, FolderID: folder, Path: p})
		}
	}
	return out
}

// Finder is the typo-tolerant search (search.Service).
type Finder interface {
	Find(ctx context.Context, kind, text string, limit int) ([]string, error)
}

// SongReader reads the songs a search found, to confirm them.
type SongReader interface {
	SongsByIDs(ctx context.Context, ids []string) ([]*musicify.Song, error)
}

// Matcher finds the songs a playlist file's entries name: by path among
// the library's files first, then by a link this server wrote, then by
// title, artist and duration through the search.
type Matcher struct {
	Library []LibrarySong
	// Search and Songs match by tags; nil: by path and link only.
	Search Finder
	Songs  SongReader

	byPath map[string][]LibrarySong // lower-cased "<folder>/<path>"
	byName map[string][]LibrarySong // lower-cased file name
}

// Base is where a playlist file lies: in a library folder (FolderID and
// its directory in the folder), or nowhere (zero: an upload).
type Base struct {
	FolderID string
	Dir      string // '/'-separated in the folder, "." at its top
}

// Result is an entry and the song it matched, SongID "" when none.
type Result struct {
	Entry  Entry
	SongID string
	By     string // "path", "link" or "tags"
}

// Match matches every entry, in order; unmatched entries are in the
// result with no SongID, for the report.
func (m *Matcher) Match(ctx context.Context, entries []Entry, base Base) ([]Result, error) {
	m.index()
	out := make([]Result, len(entries))
	for i, e := range entries {
		out[i].Entry = e
		if id := m.byPathOf(e, base); id != "" {
			out[i].SongID, out[i].By = id, "path"
			continue
		}
		if id := linkedSong(e.Location); id != "" {
			if songs, err := m.songs(ctx, []string{id}); err == nil && len(songs) == 1 {
				out[i].SongID, out[i].By = id, "link"
				continue
			}
		}
		id, err := m.byTags(ctx, e)
		if err != nil {
			return nil, err
		}
		if id != "" {
			out[i].SongID, out[i].By = id, "tags"
		}
	}
	return out, nil
}

func (m *Matcher) index() {
	if m.byPath != nil {
		return
	}
	m.byPath, m.byName = map[string][]LibrarySong{}, map[string][]LibrarySong{}
	for _, s := range m.Library {
		k := strings.ToLower(s.FolderID + "/" + s.Path)
		m.byPath[k] = append(m.byPath[k], s)
		n := strings.ToLower(path.Base(s.Path))
		m.byName[n] = append(m.byName[n], s)
	}
}

func (m *Matcher) songs(ctx context.Context, ids []string) ([]*musicify.Song, error) {
	if m.Songs == nil {
		return nil, nil
	}
	return m.Songs.SongsByIDs(ctx, ids)
}

// byPathOf resolves an entry's path: against the playlist's own folder
// (exactly, then ignoring case), then by the longest run of trailing
// path parts it shares with one library file, which finds a file listed
// under another machine's music folder ("D:\Music\…", "/home/…").
func (m *Matcher) byPathOf(e Entry, base Base) string {
	p := e.Path()
	if p == "" {
		return ""
	}
	variants := []string{p}
	if u, err := url.PathUnescape(p); err == nil && u != p {
		variants = append(variants, u) // "a%20b.mp3" written by a tool that escaped it
	}
	for _, v := range variants {
		if base.FolderID != "" && !IsAbs(v) {
			rel := path.Join(base.Dir, v)
			if !strings.HasPrefix(rel, "../") && rel != ".." {
				if id := m.exact(base.FolderID + "/" + rel); id != "" {
					return id
				}
			}
		}
	}
	for _, v := range variants {
		if id := m.suffix(v, base); id != "" {
			return id
		}
	}
	return ""
}

// exact finds "<folder>/<path>", the same case first, then any case.
func (m *Matcher) exact(key string) string {
	found := m.byPath[strings.ToLower(key)]
	for _, s := range found {
		if s.FolderID+"/"+s.Path == key {
			return s.SongID
		}
	}
	if len(found) == 1 {
		return found[0].SongID
	}
	return ""
}

// suffix finds the one library file sharing the most trailing path parts
// with p (at least its name); the playlist's own folder wins a tie (the
// same album in two folders), and any other tie is no match.
func (m *Matcher) suffix(p string, base Base) string {
	parts := strings.Split(strings.ToLower(p), "/")
	var best []LibrarySong
	bestLen := 0
	for _, s := range m.byName[parts[len(parts)-1]] {
		have := strings.Split(strings.ToLower(s.Path), "/")
		n := 0
		for n < len(parts) && n < len(have) && parts[len(parts)-1-n] == have[len(have)-1-n] {
			n++
		}
		switch {
		case n > bestLen:
			best, bestLen = []LibrarySong{s}, n
		case n == bestLen:
			best = append(best, s)
		}
	}
	if len(best) > 1 && base.FolderID != "" {
		var own []LibrarySong
		for _, s := range best {
			if s.FolderID == base.FolderID {
				own = append(own, s)
			}
		}
		if len(own) > 0 {
			best = own
		}
	}
	if bestLen == 0 || len(best) != 1 {
		return ""
	}
	return best[0].SongID
}

// songLink is a link to a song of this server that export writes for an
// upload (/media/songs/<id>/download) or the app's song page.
var songLink = regexp.MustCompile(`/(?:media/)?songs?/([0-9a-f]{24})(?:[/?#]|$)`)

func linkedSong(loc string) string {
	if !IsURL(loc) {
		return ""
	}
	if m := songLink.FindStringSubmatch(loc); m != nil {
		return m[1]
	}
	return ""
}

// byTags searches for "artist title" and takes the first result whose
// title, artist and duration are close to the entry's.
func (m *Matcher) byTags(ctx context.Context, e Entry) (string, error) {
	if m.Search == nil || m.Songs == nil {
		return "", nil
	}
	title := e.Title
	if title == "" {
		title = stem(e.Path())
	}
	if strings.TrimSpace(title) == "" {
		return "", nil
	}
	queries := []string{strings.TrimSpace(e.Artist + " " + title)}
	if e.Artist != "" {
		queries = append(queries, title) // the artist spelled otherwise than here
	}
	for _, q := range queries {
		ids, err := m.Search.Find(ctx, musicify.KindSong, q, 10)
		if err != nil {
			return "", err
		}
		if len(ids) == 0 {
			continue
		}
		songs, err := m.Songs.SongsByIDs(ctx, ids)
		if err != nil {
			return "", err
		}
		for _, s := range songs {
			if describes(title, e.Artist, e.Duration, s) {
				return s.ID, nil
			}
		}
	}
	return "", nil
}

// stem is a file name without its extension or a leading track number
// ("01 - Title.mp3" → "Title"), for entries with no title.
func stem(p string) string {
	if p == "" {
		return ""
	}
	s := strings.TrimSuffix(path.Base(p), path.Ext(p))
	s = strings.TrimLeft(s, "0123456789")
	return strings.TrimLeft(s, " .-_")
}

// describes says whether a song is the one an entry describes: the titles
// alike (a typo or two, case and accents aside), the artists alike when
// the entry names one, the durations within a few seconds when both known.
func describes(title, artist string, duration float64, s *musicify.Song) bool {
	if !alike(title, s.Name) && !alike(title, s.Title) {
		return false
	}
	if artist != "" && !alike(artist, s.Artist) {
		return false
	}
	if duration > 0 && s.Duration > 0 && math.Abs(duration-s.Duration) > 5 {
		return false
	}
	return true
}

// alike compares folded text, allowing an edit for every five letters.
func alike(a, b string) bool {
	fa, fb := strings.Join(search.Fold(a), " "), strings.Join(search.Fold(b), " ")
	if fa == "" || fb == "" {
		return false
	}
	if fa == fb {
		return true
	}
	ra, rb := []rune(fa), []rune(fb)
	return distance(ra, rb) <= max(1, min(len(ra), len(rb))/5)
}

// distance is the Levenshtein distance.
func distance(a, b []rune) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
