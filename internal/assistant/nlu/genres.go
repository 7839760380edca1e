package nlu

import (
	"sort"
	"strings"
)

// GenresIn lists the lexicon genres a text names ("Instrumental lo-fi, from
// the album…" names lo-fi), so songs are matched to genres by the same
// words people use to ask for them.
func GenresIn(text string) []string { return valuesIn("genre", text) }

// EraIn reads a decade from text ("80s", "the eighties" → "1980s"), or "".
func EraIn(text string) string {
	if v := valuesIn("era", text); len(v) > 0 {
		return v[0]
	}
	return ""
}

// valuesIn lists the lexicon values of one kind that text names.
func valuesIn(kind, text string) []string {
	words := normalize(text)
	var out []string
	seen := map[string]bool{}
	for i := range words {
		for _, ph := range phrasesByFirst[words[i]] {
			if ph.kind == kind && !seen[ph.value] && i+len(ph.words) <= len(words) && equal(words[i:i+len(ph.words)], ph.words) {
				seen[ph.value] = true
				out = append(out, ph.value)
			}
		}
	}
	return out
}

// Genres lists every genre of the lexicon.
func Genres() []string {
	out := make([]string, 0, len(genres))
	for g := range genres {
		out = append(out, g)
	}
	sort.Strings(out)
	return out
}

// Moods lists every mood and activity of the lexicon.
func Moods() []string {
	out := make([]string, 0, len(moods))
	for m := range moods {
		out = append(out, m)
	}
	sort.Strings(out)
	return out
}

// IsGenre tells whether a word or phrase is a lexicon genre's name.
func IsGenre(s string) bool { _, ok := genres[strings.ToLower(s)]; return ok }
