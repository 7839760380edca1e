package subsonic

import (
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/musicify/musicify/internal/musicify"
)

// DefaultIgnoredArticles are the articles an artist's name is indexed and
// sorted without ("The Beatles" under B), as in Navidrome: English,
// Spanish, French and German.
const DefaultIgnoredArticles = "The El La Los Las Le Les Die Der Das"

// indexer files artists as a librarian would: past a leading article,
// letters folded to their base (Ç under C, Ł under L), each script apart.
type indexer struct {
	articles []string // with the space after each: "The "
}

func newIndexer(articles string) indexer {
	var ix indexer
	for _, a := range strings.Fields(articles) {
		ix.articles = append(ix.articles, a+" ")
	}
	return ix
}

var defaultIndexer = newIndexer(DefaultIgnoredArticles)

// indexKey is the heading an artist is listed under, by its sort name when
// it has one (from ARTISTSORT tags), else by its name past an ignored
// article, with the default articles.
func indexKey(name, sortName string) string { return defaultIndexer.key(name, sortName) }

// sortable is what an artist is filed by: the sort name, else the name
// without its leading article (a name that is only the article keeps it:
// the band "The" is filed under T).
func (ix indexer) sortable(name, sortName string) string {
	if s := strings.TrimSpace(sortName); s != "" {
		return s
	}
	name = strings.TrimSpace(name)
	for _, a := range ix.articles {
		if len(name) > len(a) && strings.EqualFold(name[:len(a)], a) {
			return strings.TrimSpace(name[len(a):])
		}
	}
	return name
}

// Headings of the scripts whose names are not written letter by letter:
// one heading per script, its first character, because a heading per
// character would give hundreds of headings of one artist each, which no
// index bar can show. Alphabets (Cyrillic, Greek, Hebrew, Arabic…) get a
// heading per letter, as Navidrome shows them and as their readers look
// names up.
var scriptHeadings = []struct {
	table   *unicode.RangeTable
	heading string
}{
	{unicode.Han, "一"},
	{unicode.Hiragana, "あ"},
	{unicode.Katakana, "ア"},
	{unicode.Hangul, "가"},
}

// baseLetters are Latin letters with no decomposition to a base letter.
var baseLetters = map[rune]rune{'Ł': 'L', 'Ø': 'O', 'Đ': 'D', 'Ð': 'D', 'Ħ': 'H', 'Æ': 'A', 'Œ': 'O', 'Þ': 'T', 'ẞ': 'S', 'ß': 'S', 'ı': 'I'}

// key is the heading: "A" to "Z" for Latin letters (accents dropped), the
// upper-case letter of other alphabets (Greek accents dropped too), one
// heading per script for Chinese, Japanese and Korean, "#" for digits and
// symbols.
func (ix indexer) key(name, sortName string) string {
	s := ix.sortable(name, sortName)
	for _, r := range s {
		if !unicode.IsLetter(r) {
			if unicode.IsDigit(r) || unicode.IsPunct(r) || unicode.IsSymbol(r) {
				return "#"
			}
			continue // a leading space or mark
		}
		for _, sh := range scriptHeadings {
			if unicode.Is(sh.table, r) {
				return sh.heading
			}
		}
		r = unicode.ToUpper(r)
		if b, ok := baseLetters[r]; ok {
			return string(b)
		}
		if unicode.In(r, unicode.Latin, unicode.Greek) {
			r = []rune(norm.NFD.String(string(r)))[0] // Ç is C and a cedilla, Ά is Α and a tonos
		}
		return string(r)
	}
	return "#"
}

// headingLess puts headings as apps show them: A to Z, then other scripts by
// where they are in Unicode, "#" last.
func headingLess(a, b string) bool {
	if a == "#" || b == "#" {
		return b == "#" && a != "#"
	}
	return a < b
}

// index groups artists under their headings, each group sorted by what
// the artists are filed by.
func (s *Server) index(list []*musicify.Artist) ([]string, map[string][]*musicify.Artist) {
	ix := newIndexer(s.ignoredArticles())
	type filed struct {
		ar  *musicify.Artist
		key string
	}
	var all []filed
	for _, ar := range list {
		all = append(all, filed{ar, fold(ix.sortable(ar.Name, ""))})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].key < all[j].key })
	by := map[string][]*musicify.Artist{}
	var headings []string
	for _, f := range all {
		h := ix.key(f.ar.Name, "")
		if by[h] == nil {
			headings = append(headings, h)
		}
		by[h] = append(by[h], f.ar)
	}
	sort.Slice(headings, func(i, j int) bool { return headingLess(headings[i], headings[j]) })
	return headings, by
}

func (s *Server) ignoredArticles() string {
	if strings.TrimSpace(s.IgnoredArticles) == "" {
		return DefaultIgnoredArticles
	}
	return strings.Join(strings.Fields(s.IgnoredArticles), " ")
}

// fold is the sort key: lower case, accents dropped, so that "Ólafur"
// sorts among the O's.
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		if base, ok := baseLetters[unicode.ToUpper(r)]; ok {
			r = base
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
