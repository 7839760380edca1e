// Package search finds songs, artists, playlists and people as the user
// types: prefixes, any word order, folded case and accents, and typos,
// on top of the database's full-text index.
package search

import (
	"slices"
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
// FTS5's unicode61 tokenizer with remove_diacritics. The word "and" is
// left out, as '&' and '+' are (they are not letters), so "Smoke and Honey",
// "Smoke & Honey" and "Smoke + Honey" are the same words: titles spell it
// every way, and people type whichever comes to mind. Text that is only
// "and" keeps it, or searching for a song called "And" would find nothing.
func Fold(text string) []string { return fold(text, maxTokens, maxTokenLen) }

// FoldDocument folds a document's text as Fold does a query, keeping every
// word, for an index that stores the words folded here (PostgreSQL's).
// Words are cut at 255 bytes; queries never reach that far into a word.
func FoldDocument(text string) []string { return fold(text, -1, 255) }

// and is the joining word left out of both queries and documents.
const and = "and"

func fold(text string, maxWords, maxLen int) []string {
	var words []string
	others := 0 // words that are not "and"
	full := func() bool { return maxWords >= 0 && others >= maxWords }
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 && !full() {
			w := b.String()
			if len(w) > maxLen {
				// Cut at a whole letter: half of one is not valid text.
				w = strings.ToValidUTF8(w[:maxLen], "")
			}
			switch {
			case w != and:
				words = append(words, w)
				others++
			case maxWords < 0 || len(words)-others < maxWords:
				// Kept in case the text holds nothing else; a pasted
				// "and and and…" keeps no more than a query may ask.
				words = append(words, w)
			}
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
	if others > 0 {
		words = slices.DeleteFunc(words, func(w string) bool { return w == and })
	}
	if maxWords >= 0 && len(words) > maxWords {
		words = words[:maxWords]
	}
	return words
}
