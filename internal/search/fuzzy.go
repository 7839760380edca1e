package search

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/musicify/musicify/internal/musicify"
)

// vocab is the distinct words of one index, in order, with a trigram index
// over them for typo correction (the pg_trgm idea: words that share most of
// their three-letter pieces are likely the same word mistyped) and running
// totals of how many items hold them, to tell how broad a prefix is.
type vocab struct {
	words    []string
	docs     []int              // docs[i]: items holding words[0:i], counted once per word
	grams    []int32            // how many distinct trigrams each word has
	trigrams map[string][]int32 // trigram → indexes into words
}

func newVocab(index []musicify.IndexWord) *vocab {
	sort.Slice(index, func(a, b int) bool { return index[a].Word < index[b].Word })
	v := &vocab{words: make([]string, len(index)), docs: make([]int, len(index)+1),
		grams: make([]int32, len(index)), trigrams: map[string][]int32{}}
	for i, iw := range index {
		v.words[i], v.docs[i+1] = iw.Word, v.docs[i]+iw.Docs
	}
	for i, w := range v.words {
		grams := trigramsOf(w)
		v.grams[i] = int32(len(grams))
		for _, t := range grams {
			v.trigrams[t] = append(v.trigrams[t], int32(i))
		}
	}
	return v
}

// matches estimates how many items hold word, or with prefix set a word
// starting with it (an item with two such words counts twice).
func (v *vocab) matches(word string, prefix bool) int {
	from := sort.SearchStrings(v.words, word)
	to := from
	if prefix {
		to += sort.Search(len(v.words)-from, func(i int) bool { return !strings.HasPrefix(v.words[from+i], word) })
	} else if from < len(v.words) && v.words[from] == word {
		to++
	}
	return v.docs[to] - v.docs[from]
}

// trigramsOf pads a word with two spaces before and one after, so starts
// and ends weigh as they do in pg_trgm.
func trigramsOf(w string) []string {
	r := []rune("  " + w + " ")
	seen := map[string]bool{}
	var out []string
	for i := 0; i+3 <= len(r); i++ {
		t := string(r[i : i+3])
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// minSimilarity is pg_trgm's default threshold, a little stricter.
const minSimilarity = 0.35

// corrections returns up to n words the mistyped w most likely meant.
func (v *vocab) corrections(w string, n int) []string {
	if len([]rune(w)) < 3 {
		return nil
	}
	grams := trigramsOf(w)
	shared := map[int32]int{}
	for _, t := range grams {
		for _, i := range v.trigrams[t] {
			shared[i]++
		}
	}
	type cand struct {
		word string
		sim  float64
	}
	var cands []cand
	for i, s := range shared {
		word := v.words[i]
		if word == w {
			continue
		}
		union := len(grams) + int(v.grams[i]) - s
		sim := float64(s) / float64(union)
		if sim >= minSimilarity || closeEnough(w, word) {
			cands = append(cands, cand{word, sim})
		}
	}
	sort.Slice(cands, func(a, b int) bool {
		if cands[a].sim != cands[b].sim {
			return cands[a].sim > cands[b].sim
		}
		return cands[a].word < cands[b].word
	})
	out := make([]string, 0, n)
	for _, c := range cands {
		if len(out) == n {
			break
		}
		out = append(out, c.word)
	}
	return out
}

// closeEnough tells whether word is within the typos allowed for w; the
// length check first spares the distance of words that cannot be. Both
// count letters: most scripts take more than a byte a letter.
func closeEnough(w, word string) bool {
	d := utf8.RuneCountInString(w) - utf8.RuneCountInString(word)
	if d < 0 {
		d = -d
	}
	return d <= maxEdits(w) && EditDistance(w, word) <= maxEdits(w)
}

// maxEdits allows one typo in short words and two in long ones.
func maxEdits(w string) int {
	switch n := len([]rune(w)); {
	case n < 4:
		return 0
	case n < 7:
		return 1
	default:
		return 2
	}
}

// EditDistance is the Damerau-Levenshtein distance (with transpositions),
// since swapped letters are the commonest typo ("plya"). The assistant's
// language layer measures its typos with it too.
func EditDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
