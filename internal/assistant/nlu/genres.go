package nlu

import "strings"

// GenresIn lists the lexicon genres a text names ("Instrumental lo-fi, from
// the album…" names lo-fi), so songs are matched to genres by the same
// words people use to ask for them.
func GenresIn(text string) []string {
	words := normalize(text)
	var out []string
	seen := map[string]bool{}
	for i := range words {
		for _, ph := range phrasesByFirst[words[i]] {
			if ph.kind == "genre" && !seen[ph.value] && i+len(ph.words) <= len(words) && equal(words[i:i+len(ph.words)], ph.words) {
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
	return out
}

// Moods lists every mood and activity of the lexicon.
func Moods() []string {
	out := make([]string, 0, len(moods))
	for m := range moods {
		out = append(out, m)
	}
	return out
}

// IsGenre tells whether a word or phrase is a lexicon genre's name.
func IsGenre(s string) bool { _, ok := genres[strings.ToLower(s)]; return ok }
