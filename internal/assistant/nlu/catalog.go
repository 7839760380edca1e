package nlu

import (
	"sort"
	"strings"
)

// Catalog is what the parser recognises by name: the songs, artists,
// albums and users of the server and the user's own playlists. The
// assistant builds it from the database; tests build it from the demo
// catalog.
type Catalog struct {
	Songs, Artists, Albums, Playlists, Users []Match
}

// Kinds of catalog names, in the order a tie is settled: a name that is a
// song and an album is more likely the song.
const (
	kindSong = iota
	kindArtist
	kindAlbum
	kindPlaylist
	kindUser
)

// name is one catalog name, normalised for matching.
type name struct {
	kind   int
	match  Match
	words  []string
	joined string // the words without spaces: "powerup picnic" and "power up picnic" meet here
}

// names indexes catalog names by the length of their joined words, so a
// span of the message is compared only with names of about its length.
type names struct {
	byLen map[int][]*name
	// starts holds the first k words (k >= 2, at least half) of longer
	// names, joined, by length: "yellowsubmarine" for Yellow Submarine Dreams.
	starts map[int][]start
	vocab  map[string]bool // every word of every name
}

type start struct {
	name   *name
	words  int // how many of the name's words
	joined string
}

func newNames(c Catalog) *names {
	n := &names{byLen: map[int][]*name{}, starts: map[int][]start{}, vocab: map[string]bool{}}
	add := func(kind int, ms []Match) {
		seen := map[string]bool{}
		for _, m := range ms {
			words := normalize(m.Name)
			joined := strings.Join(words, "")
			if joined == "" || seen[joined] {
				continue
			}
			seen[joined] = true
			nm := &name{kind: kind, match: m, words: words, joined: joined}
			n.byLen[len([]rune(joined))] = append(n.byLen[len([]rune(joined))], nm)
			for k := 2; k < len(words); k++ {
				if k*2 >= len(words) {
					j := strings.Join(words[:k], "")
					n.starts[len([]rune(j))] = append(n.starts[len([]rune(j))], start{nm, k, j})
				}
			}
			for _, w := range words {
				n.vocab[w] = true
			}
			// "The Blue Hours" is also just "Blue Hours".
			if len(words) > 1 && words[0] == "the" {
				short := &name{kind: kind, match: m, words: words[1:], joined: strings.Join(words[1:], "")}
				n.byLen[len([]rune(short.joined))] = append(n.byLen[len([]rune(short.joined))], short)
			}
		}
	}
	add(kindSong, c.Songs)
	add(kindArtist, c.Artists)
	add(kindAlbum, c.Albums)
	add(kindPlaylist, c.Playlists)
	add(kindUser, c.Users)
	return n
}

// candidate is a catalog name found in the message.
type candidate struct {
	name    *name
	dist    int  // typos between what was typed and the name
	partial bool // only the start of the name was typed
}

// WithPlaylists returns a parser that also knows one user's playlists,
// sharing the catalog's index, which is costly to build, with p.
func (p *Parser) WithPlaylists(playlists []Match) *Parser {
	return &Parser{names: p.names, playlists: newNames(Catalog{Playlists: playlists})}
}

// find returns the names that words (a span of the message) spell, with
// typos allowed by length, best first. A single word finds only a
// single-word name typed exactly, and never an everyday word: "play" is
// not a song called Play unless nothing else fits.
func (n *names) find(words []string) []candidate {
	joined := strings.Join(words, "")
	size := len([]rune(joined))
	allow := maxEdits(size)
	if len(words) == 1 {
		allow = 0
	}
	var out []candidate
	for l := size - allow; l <= size+allow; l++ {
		for _, nm := range n.byLen[l] {
			if len(words) == 1 && (len(nm.words) != 1 || common[words[0]] || lexical[words[0]]) {
				continue
			}
			if nm.joined[0] != joined[0] {
				continue
			}
			if d := editDistance(joined, nm.joined); d <= allow {
				out = append(out, candidate{name: nm, dist: d})
			}
		}
	}
	// The start of a long name: "yellow submarine" for Yellow Submarine Dreams.
	if len(words) >= 2 {
		for l := size - allow/2; l <= size+allow/2; l++ {
			for _, st := range n.starts[l] {
				if st.words != len(words) || st.joined[0] != joined[0] {
					continue
				}
				if d := editDistance(joined, st.joined); d <= maxEdits(len([]rune(st.joined)))/2 {
					out = append(out, candidate{name: st.name, dist: d, partial: true})
				}
			}
		}
	}
	sortCandidates(out)
	return out
}

// sortCandidates puts whole names before starts of names, then the fewest
// typos, then songs before artists before albums before playlists.
func sortCandidates(out []candidate) {
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.partial != b.partial {
			return !a.partial
		}
		if a.dist != b.dist {
			return a.dist < b.dist
		}
		return a.name.kind < b.name.kind
	})
}

// playlistNamed finds the playlist whose name starts with (or is) what
// was typed, for "add them to Focus".
func (n *names) playlistNamed(words []string) *Match {
	joined := strings.Join(words, "")
	if joined == "" {
		return nil
	}
	var best *name
	bestDist := 1 << 30
	for _, list := range n.byLen {
		for _, nm := range list {
			if nm.kind != kindPlaylist {
				continue
			}
			d := editDistance(joined, nm.joined)
			if len(nm.words) > len(words) {
				if p := editDistance(joined, strings.Join(nm.words[:len(words)], "")) + 1; p < d {
					d = p // a prefix is nearly as good as the whole name
				}
			}
			if d <= maxEdits(len([]rune(joined))) && d < bestDist {
				best, bestDist = nm, d
			}
		}
	}
	if best == nil {
		return nil
	}
	m := best.match
	return &m
}
