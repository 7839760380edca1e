package library

import (
	"regexp"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

// DefaultSeparators split an artist tag into artists unless
// MUSICIFY_ARTIST_SEPARATORS says otherwise. A word ("feat.", "ft.",
// "featuring", "with") marks the artists after it as featured; the others
// separate main artists. Spaces around a separator are required when it
// has them: " & " splits "A & B", never "A&B"; "," is left out as it is
// inside too many names.
var DefaultSeparators = []string{"feat.", "ft.", "featuring", ";", " & ", " / "}

// DefaultExceptions are names that hold a separator and are one artist,
// unless MUSICIFY_ARTIST_EXCEPTIONS says otherwise.
var DefaultExceptions = []string{
	"Simon & Garfunkel", "Earth, Wind & Fire", "Hall & Oates", "Daryl Hall & John Oates",
	"Crosby, Stills, Nash & Young", "Crosby, Stills & Nash", "Florence + the Machine", "Mumford & Sons",
	"Marina & the Diamonds", "Sly & the Family Stone", "Echo & the Bunnymen", "Kool & the Gang",
	"Hootie & the Blowfish", "Iron & Wine", "Belle & Sebastian", "Peter, Paul & Mary",
	"Emerson, Lake & Palmer", "Ike & Tina Turner", "Sonny & Cher", "Tom Petty & the Heartbreakers",
	"Bob Marley & the Wailers", "Prince & the Revolution", "Huey Lewis & the News", "Derek & the Dominos",
	"Siouxsie & the Banshees", "Chas & Dave", "Brooks & Dunn", "Big & Rich", "Dan + Shay",
	"Of Monsters & Men", "Nick Cave & the Bad Seeds", "Elvis Costello & the Attractions",
	"Ashford & Simpson", "Captain & Tennille", "Sam & Dave", "Peaches & Herb",
	"The Naked & Famous", "Matt & Kim", "She & Him",
}

// featuredWords are the separators after which artists are featured.
var featuredWords = map[string]bool{"feat": true, "ft": true, "featuring": true, "with": true, "starring": true}

// Splitter splits an artist tag into artists, keeping the names it knows
// as one artist whole.
type Splitter struct {
	featured   *regexp.Regexp // nil when no separator marks featured artists
	main       *regexp.Regexp // nil when no separator splits main artists
	exceptions []*regexp.Regexp
}

// NewSplitter builds a splitter of these separators and exceptions.
func NewSplitter(separators, exceptions []string) *Splitter {
	var feat, main []string
	for _, sep := range separators {
		if strings.TrimSpace(sep) == "" {
			continue
		}
		word := strings.ToLower(strings.TrimSuffix(strings.TrimSpace(sep), "."))
		if isWord(word) {
			// A word stands alone: "ft." is not inside "Taft", and its dot
			// is optional as taggers drop it.
			p := `(?:^|\s+|\s*[(\[]\s*)` + regexp.QuoteMeta(word) + `\.?(?:\s+|$)`
			if featuredWords[word] {
				feat = append(feat, p)
			} else {
				main = append(main, p)
			}
			continue
		}
		p := regexp.QuoteMeta(strings.TrimSpace(sep))
		if strings.HasPrefix(sep, " ") {
			p = `\s+` + p
		} else {
			p = `\s*` + p
		}
		if strings.HasSuffix(sep, " ") {
			p += `\s+`
		} else {
			p += `\s*`
		}
		main = append(main, p)
	}
	main = append(main, `\x00`) // ID3v2.4 and joined multi-value tags
	s := &Splitter{main: regexp.MustCompile(`(?i)` + strings.Join(main, "|"))}
	if len(feat) > 0 {
		s.featured = regexp.MustCompile(`(?i)` + strings.Join(feat, "|"))
	}
	for _, e := range exceptions {
		if e = strings.Join(strings.Fields(e), " "); e != "" {
			s.exceptions = append(s.exceptions, regexp.MustCompile(`(?i)(?:^|\b|\s)`+regexp.QuoteMeta(e)+`(?:$|\b|\s)`))
		}
	}
	return s
}

func isWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z') {
			return false
		}
	}
	return true
}

// defaultSplitter splits paths' artists and the tags of scanners built
// without NewSplitter.
var defaultSplitter = NewSplitter(DefaultSeparators, DefaultExceptions)

// Split turns "A & B feat. C" into its main artists (A, B) and featured
// ones (C). whole keeps the main part whole (the tags name one artist's
// MusicBrainz id): only featured artists are split off it.
func (s *Splitter) Split(tag string, whole bool) (main, featured []string) {
	tag, restore := s.protect(tag)
	mainPart, featPart := tag, ""
	if s.featured != nil {
		if loc := s.featured.FindStringIndex(tag); loc != nil && loc[0] > 0 {
			mainPart, featPart = tag[:loc[0]], tag[loc[1]:]
		}
	}
	if whole {
		main = names(nil, []string{mainPart}, restore)
	} else {
		main = names(nil, s.main.Split(mainPart, -1), restore)
	}
	if featPart != "" {
		// "A (feat. B)": the bracket closes after the featured artists.
		featPart = strings.TrimRight(strings.TrimSpace(featPart), ")]")
		parts := s.main.Split(featPart, -1)
		if s.featured != nil {
			var all []string
			for _, p := range parts {
				all = append(all, s.featured.Split(p, -1)...)
			}
			parts = all
		}
		featured = names(main, parts, restore)
	}
	return main, featured
}

// names cleans parts into names, dropping empty ones and those already in seen.
func names(seen, parts []string, restore func(string) string) []string {
	var out []string
	known := map[string]bool{}
	for _, n := range seen {
		known[musicify.NameKey(n)] = true
	}
	for _, p := range parts {
		p = clean(restore(p))
		if k := musicify.NameKey(p); k != "" && !known[k] {
			known[k] = true
			out = append(out, p)
		}
	}
	return out
}

// protect puts the exceptions in tag out of the separators' reach.
func (s *Splitter) protect(tag string) (string, func(string) string) {
	var kept []string
	for _, e := range s.exceptions {
		tag = e.ReplaceAllStringFunc(tag, func(m string) string {
			lead, trail := m[:len(m)-len(strings.TrimLeft(m, " \t"))], m[len(strings.TrimRight(m, " \t")):]
			kept = append(kept, strings.TrimSpace(m))
			return lead + "\x01" + string(rune('A'+len(kept)-1)) + "\x01" + trail
		})
	}
	if len(kept) == 0 {
		return tag, func(p string) string { return p }
	}
	return tag, func(p string) string {
		for i, k := range kept {
			p = strings.ReplaceAll(p, "\x01"+string(rune('A'+i))+"\x01", k)
		}
		return p
	}
}

// splitArtists is every artist of a display string, main ones first.
func splitArtists(display string) []string {
	main, feat := defaultSplitter.Split(display, false)
	return append(main, feat...)
}

// multi splits a tag that holds several values ("ARTISTS", MusicBrainz
// ids): null-separated, or joined by ';' or '/' by the tool that wrote it.
func multi(v string) []string {
	var out []string
	for _, p := range strings.FieldsFunc(v, func(r rune) bool { return r == 0 || r == ';' }) {
		if p = clean(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// contributorFields are the tags of other contributors, by role.
var contributorFields = []struct{ field, role string }{
	{"composer", musicify.RoleComposer},
	{"lyricist", "lyricist"}, {"writer", "lyricist"},
	{"conductor", "conductor"}, {"remixer", "remixer"}, {"mixartist", "remixer"},
	{"producer", "producer"}, {"arranger", "arranger"}, {"engineer", "engineer"},
	{"mixer", "mixer"}, {"djmixer", "djmixer"},
}

// creditAliases turn the ID3 frames and MP4 atoms of credits and sort
// names into their Vorbis comment names.
var creditAliases = map[string]string{
	"tcom": "composer", "tcm": "composer", "©wrt": "composer",
	"text": "lyricist", "txt": "lyricist", "tpe3": "conductor", "tp3": "conductor", "tpe4": "remixer", "tp4": "remixer",
	"tsop": "artistsort", "xsop": "artistsort", "tso2": "albumartistsort", "soar": "artistsort", "soaa": "albumartistsort",
	"musicbrainzalbumartistid": "musicbrainzalbumartistid", "albumartistssort": "albumartistsort", "artistssort": "artistsort",
}

// performerField reads Vorbis "PERFORMER=Name (instrument)".
var performerField = regexp.MustCompile(`^(.*?)\s*\(([^()]+)\)\s*$`)

// credit fills t.Artists and t.Credits from the artist tags of f.
func (s *Splitter) credit(f fields, t *musicify.TrackTags) {
	mbids := multi(strings.ReplaceAll(f["musicbrainzartistid"], "/", ";"))
	var main, feat []string
	if list := multi(f["artists"]); len(list) > 0 {
		// ARTISTS names each artist; ARTIST says which are featured.
		_, shownFeat := s.Split(t.Artist, false)
		isFeat := map[string]bool{}
		for _, n := range shownFeat {
			isFeat[musicify.NameKey(n)] = true
		}
		for _, n := range list {
			if isFeat[musicify.NameKey(n)] {
				feat = append(feat, n)
			} else {
				main = append(main, n)
			}
		}
		if len(main) == 0 {
			main, feat = feat[:1], feat[1:]
		}
	} else {
		main, feat = s.Split(t.Artist, false)
		if len(mbids) > 0 && len(mbids) < len(main)+len(feat) {
			// Fewer ids than names: the tag names one band, not several
			// artists ("Simon & Garfunkel" with its one id).
			main, feat = s.Split(t.Artist, true)
		}
	}
	t.Artists = append(append([]string(nil), main...), feat...)
	// The sort tag is spelled as the artist tag is: "Beatles, The feat. X".
	sorts := multi(f["artistsort"])
	if len(sorts) == 1 && len(t.Artists) > 1 {
		sm, sf := s.Split(sorts[0], len(main) == 1)
		if len(sm) == len(main) && len(sf) == len(feat) {
			sorts = append(sm, sf...)
		} else if len(sm) == len(main) {
			sorts = append(sm, make([]string, len(t.Artists)-len(sm))...)
		}
	}
	var credits []musicify.Credit
	for i, n := range t.Artists {
		c := musicify.Credit{Name: n, Role: musicify.RoleArtist}
		if i >= len(main) {
			c.Role = musicify.RoleFeatured
		}
		if len(mbids) == len(t.Artists) {
			c.MBID = mbids[i]
		} else if i == 0 && len(mbids) > 0 {
			c.MBID = mbids[0]
		}
		if len(sorts) == len(t.Artists) {
			c.SortName = sorts[i]
		} else if i == 0 && len(t.Artists) == 1 {
			c.SortName = clean(f["artistsort"])
		}
		credits = append(credits, c)
	}
	credits = append(credits, s.albumArtists(f, t, main)...)
	for _, cf := range contributorFields {
		m, ft := s.Split(f[cf.field], false)
		for _, n := range append(m, ft...) {
			credits = append(credits, musicify.Credit{Name: n, Role: cf.role})
		}
	}
	if p := f["performer"]; p != "" {
		for _, v := range multi(p) {
			c := musicify.Credit{Name: v, Role: "performer"}
			if m := performerField.FindStringSubmatch(v); m != nil {
				c.Name, c.SubRole = clean(m[1]), strings.ToLower(clean(m[2]))
			}
			if c.Name != "" {
				credits = append(credits, c)
			}
		}
	}
	t.Credits = credits
}

// albumArtists are the album's artists: ALBUMARTISTS or ALBUMARTIST, else
// Various Artists for a compilation, else the song's main artists.
func (s *Splitter) albumArtists(f fields, t *musicify.TrackTags, main []string) []musicify.Credit {
	list := multi(f["albumartists"])
	if len(list) == 0 && t.AlbumArtist != "" {
		whole := len(multi(strings.ReplaceAll(f["musicbrainzalbumartistid"], "/", ";"))) == 1
		m, ft := s.Split(t.AlbumArtist, whole)
		list = append(m, ft...)
	}
	if len(list) == 0 && t.Compilation {
		list = []string{musicify.VariousArtists}
	}
	if len(list) == 0 {
		list = main
	}
	sorts := multi(f["albumartistsort"])
	var out []musicify.Credit
	for i, n := range list {
		c := musicify.Credit{Name: n, Role: musicify.RoleAlbumArtist}
		if len(sorts) == len(list) {
			c.SortName = sorts[i]
		}
		out = append(out, c)
	}
	return out
}
