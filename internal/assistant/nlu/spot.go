package nlu

import (
	"sort"
	"strconv"
	"strings"
)

// phrase is a lexicon entry: words that mean one value of one kind.
type phrase struct {
	words       []string
	kind, value string
}

var (
	phrasesByFirst = map[string][]phrase{}
	// lexical holds every lexicon and cue word: what typos are corrected
	// to, and what a one-word catalog name is never taken for.
	lexical = map[string]bool{}
	// common is commonWords as a set.
	common = map[string]bool{}
)

func init() {
	addAll := func(kind string, table map[string][]string) {
		for value, list := range table {
			for _, p := range list {
				addPhrase(kind, value, p)
			}
		}
	}
	addAll("genre", genres)
	addAll("mood", moods)
	addAll("tempo", tempos)
	addAll("era", eras)
	for _, p := range likedPhrases {
		addPhrase("liked", "liked", p)
	}
	for _, w := range cues {
		lexical[w] = true
	}
	for _, w := range commonWords {
		common[w] = true
	}
	for _, t := range topics {
		for _, p := range t.phrases {
			for _, w := range strings.Fields(p) {
				lexical[w] = true
			}
		}
	}
}

func addPhrase(kind, value, text string) {
	words := strings.Fields(text)
	phrasesByFirst[words[0]] = append(phrasesByFirst[words[0]], phrase{words, kind, value})
	for _, w := range words {
		if !isNumber(w) {
			lexical[w] = true
		}
	}
}

// correct replaces words that are typos of lexicon words ("plya",
// "reccomend", "upbeet"). Known words (everyday, lexicon, catalog) stay,
// and so does a word that is no nearer a lexicon word than one typo in
// eight letters: "midnite" is a song's word, not "minute".
func correct(words []string, catalog map[string]bool) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = w
		n := len([]rune(w))
		if n < 3 || isNumber(w) || common[w] || lexical[w] || catalog[w] {
			continue
		}
		allow := 1
		if n >= 8 {
			allow = 2
		}
		best, bestDist := "", allow+1
		for cand := range lexical {
			if cand[0] != w[0] || abs(len(cand)-len(w)) > allow {
				continue
			}
			if d := editDistance(w, cand); d < bestDist || (d == bestDist && cand < best) {
				best, bestDist = cand, d
			}
		}
		if best != "" && (n > 3 || len(best) == 4) {
			out[i] = best
		}
	}
	return out
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// span is a run of words that names one thing.
type span struct {
	start, end  int
	kind, value string
	match       *Match
	rank        int // settles spans of equal length: higher wins
}

// Ranks of spans of the same length: a whole catalog name beats a lexicon
// phrase ("Slow Snowfall" is a song, not slow music), which beats the start
// of a catalog name.
const (
	rankPartial = iota
	rankLexicon
	rankNumber
	rankCatalog
)

var kindNames = map[int]string{kindSong: "song", kindArtist: "artist", kindAlbum: "album", kindPlaylist: "playlist", kindUser: "user"}

// spot finds the spans of the message: catalog names in what was typed
// (orig), lexicon phrases and numbers in the corrected words. Longer spans
// win over the shorter ones they overlap.
func (p *Parser) spot(orig, words []string) []span {
	var all []span
	for i := range words {
		for l := 1; l <= 7 && i+l <= len(words); l++ {
			if cands := p.find(orig[i : i+l]); len(cands) > 0 {
				c := cands[0]
				m := c.name.match
				rank := rankCatalog
				if c.partial {
					rank = rankPartial
				}
				all = append(all, span{i, i + l, kindNames[c.name.kind], m.Name, &m, rank*10 - c.dist})
			}
		}
		for _, ph := range phrasesByFirst[words[i]] {
			if i+len(ph.words) <= len(words) && equal(words[i:i+len(ph.words)], ph.words) {
				all = append(all, span{i, i + len(ph.words), ph.kind, ph.value, nil, rankLexicon * 10})
			}
		}
		all = append(all, numberSpans(words, i)...)
	}
	sort.SliceStable(all, func(a, b int) bool {
		la, lb := all[a].end-all[a].start, all[b].end-all[b].start
		if la != lb {
			return la > lb
		}
		return all[a].rank > all[b].rank
	})
	taken := make([]bool, len(words))
	var out []span
	for _, s := range all {
		free := true
		for i := s.start; i < s.end; i++ {
			free = free && !taken[i]
		}
		if !free {
			continue
		}
		for i := s.start; i < s.end; i++ {
			taken[i] = true
		}
		out = append(out, s)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].start < out[b].start })
	return out
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// numberSpans reads the numbers that start at i: a tempo ("120 bpm", "90
// beats per minute"), a length ("20 minute", "an hour") or a count ("10
// songs", "10 upbeat songs").
func numberSpans(w []string, i int) []span {
	at := func(j int) string {
		if j < len(w) {
			return w[j]
		}
		return ""
	}
	num := func(kind string, end, n int) []span {
		return []span{{i, end, kind, strconv.Itoa(n), nil, rankNumber * 10}}
	}
	if n, end := hoursSpan(w, i); n > 0 {
		if at(end) == "long" {
			end++
		}
		return num("minutes", end, n)
	}
	if !isNumber(w[i]) {
		return nil
	}
	n, err := strconv.Atoi(w[i])
	if err != nil || n <= 0 || n > 1000 {
		return nil
	}
	switch next := at(i + 1); {
	case next == "bpm":
		return num("bpm", i+2, n)
	case next == "beats" && (at(i+2) == "per" || at(i+2) == "a") && at(i+3) == "minute":
		return num("bpm", i+4, n)
	case next == "minute" || next == "minutes" || next == "min" || next == "mins":
		end := i + 2
		if at(end) == "long" {
			end++
		}
		return num("minutes", end, n)
	case isSongWord(next) || (isSongWord(at(i+2)) && lexical[next]):
		if n <= 200 {
			return num("count", i+1, n)
		}
	}
	return nil
}

func isSongWord(w string) bool {
	return w == "songs" || w == "tracks" || w == "tunes" || w == "song" || w == "track"
}
