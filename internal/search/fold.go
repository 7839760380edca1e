// Package search finds songs, artists, playlists and people as the user
// types: prefixes, any word order, folded case and accents, and typos,
// on top of the database's full-text index.
package search

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Bounds on what one query may ask, so a pasted essay costs nothing.
const (
	maxTokens   = 8
	maxTokenLen = 40
)

// Fold turns a query into the words the index holds: lower case, accents
// removed, split at anything that is not a letter or a digit. It mirrors
// FTS5's unicode61 tokenizer with remove_diacritics.
func Fold(text string) []string { return fold(text, maxTokens, maxTokenLen) }

// FoldDocument folds a document's text as Fold does a query, keeping every
// word, for an index that stores the words folded here (PostgreSQL's).
// Words are cut at 255 bytes; queries never reach that far into a word.
func FoldDocument(text string) []string { return fold(text, -1, 255) }

func fold(text string, maxWords, maxLen int) []string {
	var words []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 && (maxWords < 0 || len(words) < maxWords) {
			w := b.String()
			if len(w) > maxLen {
				// Cut at a whole letter: half of one is not valid text.
				w = strings.ToValidUTF8(w[:maxLen], "")
			}
			words = append(words, w)
		}
		b.Reset()
	}
	// Bytes that are not UTF-8 separate words; left in, they would stop
	// the normalizer from taking the accent off the letter after them.
	for _, r := range norm.NFD.String(strings.ToValidUTF8(text, " ")) {
		switch {
		case unicode.Is(unicode.Mn, r):
			// a combining accent: dropped
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		default:
			flush()
		}
	}
	flush()
	return words
}
