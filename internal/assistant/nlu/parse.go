package nlu

import (
	"regexp"
	"strconv"
	"strings"
)

// Parser understands messages against one catalog.
type Parser struct {
	names     *names
	playlists *names // one user's, or nil
}

// NewParser indexes the catalog's names for fuzzy matching.
func NewParser(c Catalog) *Parser { return &Parser{names: newNames(c)} }

// Parse reads one message.
func (p *Parser) Parse(text string) Request {
	orig := normalize(text)
	if r := playerCommand(orig); r != nil {
		return *r
	}
	words := correct(orig, p.vocab())
	spans := popAsVerb(musicMood(words, feelingOrWish(words, likedAsVerb(words, p.spot(orig, words)))))
	r := Request{Words: words}
	for _, s := range spans {
		r.set(s)
	}
	m := newMessage(words, spans)
	m.orig, m.mark, m.raw = orig, strings.Contains(text, "?"), text
	if q := m.songQuestion(&r); q != nil {
		return *q
	}
	if y := m.yearAlbums(); y != 0 {
		return Request{Intent: Albums, Year: y, Words: words}
	}
	r.Intent = m.classify(&r)
	p.refine(&r, m)
	p.byTitleWords(&r, m)
	return r
}

// popAsVerb drops the genre "pop" that starts a request to put a named
// song somewhere: "pop Dandelion Road in the queue".
func popAsVerb(spans []span) []span {
	if len(spans) >= 2 && spans[0].kind == "genre" && spans[0].value == "pop" && spans[0].start == 0 && spans[1].match != nil {
		return spans[1:]
	}
	return spans
}

// likedAsVerb drops "liked" said of the past ("I really liked X"): it
// does not name the liked songs.
func likedAsVerb(words []string, spans []span) []span {
	out := spans[:0]
	for _, s := range spans {
		if s.kind == "liked" && s.end-s.start == 1 && words[s.start] == "liked" && s.start > 0 {
			switch words[s.start-1] {
			case "i", "really", "we", "you", "always", "also", "totally", "honestly", "just", "have", "so":
				continue
			}
		}
		out = append(out, s)
	}
	return out
}

// musicMood keeps, of two moods, the one that says what music: in "I'm
// going for a run, put together thirty minutes of energetic music" it is
// energetic.
func musicMood(words []string, spans []span) []span {
	var moods, describing []int
	for i, s := range spans {
		if s.kind != "mood" {
			continue
		}
		moods = append(moods, i)
		before, after := "", ""
		if s.start > 0 {
			before = words[s.start-1]
		}
		if s.end < len(words) {
			after = words[s.end]
		}
		if isSongWord(after) || after == "music" || after == "tunes" || after == "playlist" || after == "mix" || before == "of" || before == "some" || before == "something" {
			describing = append(describing, i)
		}
	}
	if len(moods) < 2 || len(describing) == 0 || len(describing) == len(moods) {
		return spans
	}
	keep := map[int]bool{}
	for _, i := range describing {
		keep[i] = true
	}
	out := spans[:0]
	for i, s := range spans {
		if s.kind != "mood" || keep[i] {
			out = append(out, s)
		}
	}
	return out
}

// feelingOrWish keeps, of two moods, the one asked for: in "I'm feeling
// down, play something to cheer me up" the first says how one feels.
func feelingOrWish(words []string, spans []span) []span {
	moods := 0
	for _, s := range spans {
		if s.kind == "mood" {
			moods++
		}
	}
	if moods < 2 {
		return spans
	}
	out := spans[:0]
	for _, s := range spans {
		felt := s.start > 0 && (words[s.start-1] == "am" || words[s.start-1] == "feel" || words[s.start-1] == "feeling")
		if s.kind == "mood" && moods > 1 && (felt || words[s.start] == "feeling") {
			moods--
			continue
		}
		out = append(out, s)
	}
	return out
}

// vocab is every word of every name the parser knows.
func (p *Parser) vocab() map[string]bool {
	if p.playlists == nil {
		return p.names.vocab
	}
	m := make(map[string]bool, len(p.names.vocab)+len(p.playlists.vocab))
	for _, v := range []map[string]bool{p.names.vocab, p.playlists.vocab} {
		for w := range v {
			m[w] = true
		}
	}
	return m
}

// find looks a span up in the catalog and the user's playlists.
func (p *Parser) find(words []string) []candidate {
	out := p.names.find(words)
	if p.playlists != nil {
		out = append(out, p.playlists.find(words)...)
		sortCandidates(out)
	}
	return out
}

func (p *Parser) playlistNamed(words []string) *Match {
	if p.playlists != nil {
		if m := p.playlists.playlistNamed(words); m != nil {
			return m
		}
	}
	return p.names.playlistNamed(words)
}

// set records what a span names; the first of a kind wins.
func (r *Request) set(s span) {
	one := func(dst **Match) {
		if *dst == nil {
			*dst = s.match
		}
	}
	str := func(dst *string) {
		if *dst == "" {
			*dst = s.value
		}
	}
	num := func(dst *int) {
		if *dst == 0 {
			*dst, _ = strconv.Atoi(s.value)
		}
	}
	switch s.kind {
	case "song":
		one(&r.Song)
	case "artist":
		one(&r.Artist)
	case "album":
		one(&r.Album)
	case "playlist":
		one(&r.Playlist)
	case "user":
		one(&r.User)
	case "genre":
		str(&r.Genre)
	case "mood":
		str(&r.Mood)
	case "tempo":
		str(&r.Tempo)
	case "era":
		str(&r.Era)
	case "bpm":
		num(&r.BPM)
	case "minutes":
		num(&r.Minutes)
	case "count":
		num(&r.Count)
	case "liked":
		r.Liked = true
	}
}

// message is the text with each span replaced by its kind in angle
// brackets ("who sings <song>"), which the intent rules read.
type message struct {
	words  []string
	orig   []string // the words as typed, before typos were corrected: names are spelt as typed
	mark   bool     // the text has a question mark
	raw    string   // the text as typed, punctuation and all
	spans  []span
	shape  string // " play something <mood> ", padded so every word has spaces around it
	kinds  map[string]bool
	plain  []string // the words outside spans
	starts []int    // the index in words of each word of shape
}

func newMessage(words []string, spans []span) *message {
	m := &message{words: words, spans: spans, kinds: map[string]bool{}}
	var parts []string
	next := 0
	for _, s := range spans {
		for ; next < s.start; next++ {
			parts = append(parts, words[next])
			m.plain = append(m.plain, words[next])
			m.starts = append(m.starts, next)
		}
		parts = append(parts, "<"+s.kind+">")
		m.starts = append(m.starts, s.start)
		m.kinds[s.kind] = true
		next = s.end
	}
	for ; next < len(words); next++ {
		parts = append(parts, words[next])
		m.plain = append(m.plain, words[next])
		m.starts = append(m.starts, next)
	}
	m.shape = " " + strings.Join(parts, " ") + " "
	return m
}

// has tells whether any of the phrases occurs in the shape, as whole words.
func (m *message) has(phrases ...string) bool {
	for _, p := range phrases {
		if strings.Contains(m.shape, " "+p+" ") {
			return true
		}
	}
	return false
}

// only tells whether every plain word is one of allowed (and there is one).
func (m *message) only(allowed string) bool {
	set := map[string]bool{}
	for _, w := range strings.Fields(allowed) {
		set[w] = true
	}
	for _, w := range m.plain {
		if !set[w] {
			return false
		}
	}
	return len(m.plain) > 0 && len(m.spans) == 0
}

// catalogKinds tells whether the message names a song, artist, album,
// playlist or user.
func (m *message) catalog() bool {
	return m.kinds["song"] || m.kinds["artist"] || m.kinds["album"] || m.kinds["playlist"] || m.kinds["user"]
}

// pronoun tells whether the message points back at the last answer.
func (m *message) pronoun() bool {
	return m.has("them", "these", "those", "it", "that", "this", "these songs", "those songs", "this song", "that song")
}

// refine fills what depends on the intent: where "add them to …" adds,
// what a new playlist is called, and the words no catalog name matched.
func (p *Parser) refine(r *Request, m *message) {
	switch r.Intent {
	case PlaylistAdd:
		from := m.target()
		words := trimWords(m.orig[from:], "my the a playlist list")
		r.clearWithin(m.spans, from, len(m.words))
		if pl := p.playlistNamed(words); pl != nil {
			r.Playlist = pl
		} else {
			r.Name = strings.Join(words, " ")
		}
	case PlaylistCreate:
		if name := titledName(m.raw); name != "" && len(m.words) >= len(normalize(name)) {
			r.Name = strings.Join(m.orig[len(m.orig)-len(normalize(name)):], " ")
			r.clearWithin(m.spans, len(m.words)-len(normalize(name)), len(m.words))
		} else if from, to := nameRange(m.words, m.spans); from >= 0 {
			to = min(to, from+commaName(m.raw, to-from))
			r.Name = strings.Join(m.orig[from:to], " ")
			r.clearWithin(m.spans, from, to)
		}
		if !r.HasSelection() && m.pronoun() {
			r.Ref = true
		}
	case Control:
		*r = Request{Intent: Control, Command: r.Command, Words: r.Words}
	}
	switch r.Intent {
	case Play, Queue, PlayNext, Shuffle, List, WhoIs, WhoSings, Similar, Count, PlaylistCreate:
		if !r.HasSelection() && r.Name == "" {
			r.Query = leftover(m.plain)
		}
	}
}

// clearWithin forgets what the spans inside [from, to) named and keeps
// what the others name: in "a playlist called Sunday Jazz with jazz", the
// first jazz is part of a name and the second is the genre.
func (r *Request) clearWithin(spans []span, from, to int) {
	r.Song, r.Artist, r.Album, r.Playlist, r.User = nil, nil, nil, nil, nil
	r.Genre, r.Mood, r.Tempo, r.Era, r.Liked = "", "", "", "", false
	for _, s := range spans {
		if s.end <= from || s.start >= to {
			r.set(s)
		}
	}
}

var titledAtEnd = regexp.MustCompile(`\bplaylist\s+([A-Z][\w'&]*(?:\s+[A-Z0-9][\w'&]*)*)[.!]?\s*$`)

// titledName is the name of "create playlist Study Break": the words in
// title case that end the request after "playlist".
func titledName(raw string) string {
	if m := titledAtEnd.FindStringSubmatch(raw); m != nil {
		return m[1]
	}
	return ""
}

var namedUntilComma = regexp.MustCompile(`(?i)\b(?:called|named|titled)\s+([^,.;:!?()]+)[,.;:!?(]`)

// commaName bounds a new playlist's name by the punctuation typed after
// it: in "called Cozy Evenings, folk only" the name is two words. It
// returns at most n, the words the name would have without it.
func commaName(raw string, n int) int {
	if m := namedUntilComma.FindStringSubmatch(raw); m != nil {
		if k := len(normalize(m[1])); k > 0 && k < n {
			return k
		}
	}
	return n
}

// nameRange finds a new playlist's name: after "called", "named" or
// "titled", up to "from", "with" or the end; without those, up to "for",
// "of" or "and" when a mood, genre or catalog name follows ("called Focus
// for running"), so "Chat Mix For Focus from …" stays whole.
func nameRange(words []string, spans []span) (int, int) {
	startsSpan := map[int]bool{}
	for _, s := range spans {
		startsSpan[s.start] = true
	}
	for i, w := range words {
		if w != "called" && w != "named" && w != "titled" {
			continue
		}
		end := len(words)
		for j := i + 2; j < len(words) && end == len(words); j++ {
			switch words[j] {
			case "from", "with", "using", "containing":
				end = j
			}
		}
		for j := i + 2; j < end && end == len(words); j++ {
			switch words[j] {
			case "for", "of", "and":
				if startsSpan[j+1] || (j+2 < len(words) && startsSpan[j+2] && (words[j+1] == "some" || words[j+1] == "songs")) {
					end = j
				}
			}
		}
		if end > i+1 {
			return i + 1, end
		}
	}
	return -1, -1
}

// trimWords drops the words of drop from both ends.
func trimWords(words []string, drop string) []string {
	set := map[string]bool{}
	for _, w := range strings.Fields(drop) {
		set[w] = true
	}
	for len(words) > 0 && set[words[0]] {
		words = words[1:]
	}
	for len(words) > 0 && set[words[len(words)-1]] {
		words = words[:len(words)-1]
	}
	return words
}

// leftover is what remains of the plain words without cues and everyday
// words: the name of something the catalog does not have.
func leftover(plain []string) string {
	var out []string
	for _, w := range plain {
		if lexical[w] || common[w] || strings.Contains(" "+fillers+" ", " "+w+" ") {
			continue
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// byTitleWords names the song a request describes by its title's words
// when no catalog name was typed: "play the one about a train to Lisbon".
func (p *Parser) byTitleWords(r *Request, m *message) {
	if m.catalog() || r.Genre != "" || r.Mood != "" || r.Liked || r.Minutes != 0 || r.Count != 0 {
		return
	}
	switch r.Intent {
	case Play, List, Unknown, Similar:
	default:
		return
	}
	if r.Intent == List && !m.has("about", "called", "named", "the one", "song about", "sounds like") {
		return
	}
	if song := p.titleWords(m.orig); song != nil {
		*r = Request{Intent: Play, Song: song, Words: r.Words}
	}
}
