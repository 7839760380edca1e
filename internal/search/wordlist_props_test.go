package search

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/musicify/musicify/internal/musicify"
)

// Whatever names a library holds (any script, accents alone, emoji, bytes
// that are not UTF-8, nothing, a name of fifty thousand letters, the same
// name twice), the word list built from them finds every name by its own
// words, counts what it holds, and corrects typos only to words it holds.
func TestAnyNamesMakeAWordListThatFindsThemAndCorrectsTypos(t *testing.T) {
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 0x776f726473))
		names := make([]string, r.IntN(40))
		for i := range names {
			names[i] = randomName(r)
			if i > 0 && r.IntN(8) == 0 { // the same name again: an album's title track
				names[i] = names[r.IntN(i)]
			}
		}
		var queries []string
		for range 8 {
			queries = append(queries, typo(r, randomName(r)))
			if len(names) > 0 {
				queries = append(queries, typo(r, typo(r, names[r.IntN(len(names))])))
			}
		}
		t.Run(fmt.Sprintf("seed %d: %d names", seed, len(names)), func(t *testing.T) {
			checkWordList(t, names, queries)
		})
	}
}

// FuzzWordList builds a word list from the names in the fuzzer's text (one
// a line) and types the query into it.
func FuzzWordList(f *testing.F) {
	f.Add("Yellow Submarine\nDéjà Vu\nDÉJÀ VU\n\nМосква\n東京 夜\n", "submarene")
	f.Add("ab\xffcd\ncafe\u0301\n\u0301\u0301\n🎵🎵\n", "cafe")
	f.Add("İstanbul\nǅemal\nΣίσυφος\n", "istambul")
	f.Add(strings.Repeat("a", 300)+"\n"+strings.Repeat("ж", 300), strings.Repeat("a", 41))
	f.Fuzz(func(t *testing.T, names, query string) {
		checkWordList(t, strings.Split(names, "\n"), []string{query})
	})
}

// checkWordList builds the word list of names as the index stores them
// (FoldDocument's words, and how many names hold each) and checks it.
func checkWordList(t *testing.T, names, queries []string) {
	t.Helper()
	docs := map[string]int{}
	for _, name := range names {
		words := FoldDocument(name)
		for _, w := range words {
			if w == "" || len(w) > 255 || !utf8.ValidString(w) || strings.IndexFunc(w, notWordRune) >= 0 {
				t.Fatalf("FoldDocument(%q) holds %q", name, w)
			}
		}
		// A name typed in full is found: each query word begins the word
		// of the document at its place.
		for i, q := range Fold(name) {
			if i >= len(words) || !strings.HasPrefix(words[i], q) {
				t.Fatalf("Fold(%q) = %q, not the start of FoldDocument's %q", name, Fold(name), words)
			}
		}
		for _, w := range unique(words) {
			docs[w]++
		}
	}
	index := make([]musicify.IndexWord, 0, len(docs))
	for w, n := range docs {
		index = append(index, musicify.IndexWord{Word: w, Docs: n})
	}
	v := newVocab(index)
	if !slices.IsSorted(v.words) || len(v.words) != len(docs) {
		t.Fatalf("word list of %d words, not the %d distinct ones in order", len(v.words), len(docs))
	}
	prefixed := func(p string) (n int) {
		for w, d := range docs {
			if strings.HasPrefix(w, p) {
				n += d
			}
		}
		return n
	}
	for _, name := range names {
		for _, q := range Fold(name) {
			if got := v.matches(q, true); got < 1 || got != prefixed(q) {
				t.Fatalf("%q starts the words of %d names, not %d", q, got, prefixed(q))
			}
		}
	}
	for w, n := range docs {
		if got := v.matches(w, false); got != n {
			t.Fatalf("%q is held by %d names, not %d", w, got, n)
		}
	}
	for _, query := range queries {
		for _, q := range Fold(query) {
			if got := v.matches(q, false); got != docs[q] {
				t.Fatalf("%q is held by %d names, not %d", q, got, docs[q])
			}
			checkCorrections(t, v, q)
		}
	}
}

// checkCorrections checks corrections(q): at most n, the first n of all of
// them, words of the list other than q, each alike enough by trigrams or
// within q's typos, best first; and every word within q's typos that shares
// a trigram with it (how candidates are found) among them.
func checkCorrections(t *testing.T, v *vocab, q string) {
	t.Helper()
	all := v.corrections(q, len(v.words))
	if top := v.corrections(q, 3); len(top) > 3 || !slices.Equal(top, all[:len(top)]) {
		t.Fatalf("corrections(%q, 3) = %q, not the first of %q", q, top, all)
	}
	if utf8.RuneCountInString(q) < 3 && all != nil {
		t.Fatalf("%q is too short to correct, yet corrected to %q", q, all)
	}
	grams := trigramsOf(q)
	sim := func(w string) float64 {
		wg := trigramsOf(w)
		shared := 0
		for _, g := range wg {
			if slices.Contains(grams, g) {
				shared++
			}
		}
		return float64(shared) / float64(len(grams)+len(wg)-shared)
	}
	in := map[string]bool{}
	for i, c := range all {
		d := EditDistance(q, c)
		switch {
		case c == q || in[c] || !slices.Contains(v.words, c):
			t.Fatalf("corrections(%q) = %q: %q is q, twice or no word of the list", q, all, c)
		case sim(c) < minSimilarity && d > maxEdits(q):
			t.Fatalf("corrections(%q) = %q: %q is %d edits away and %.2f alike", q, all, c, d, sim(c))
		case d != EditDistance(c, q) || d < abs(utf8.RuneCountInString(q)-utf8.RuneCountInString(c)):
			t.Fatalf("EditDistance(%q, %q) = %d, but %d the other way", q, c, d, EditDistance(c, q))
		case i > 0 && (sim(c) > sim(all[i-1]) || (sim(c) == sim(all[i-1]) && c < all[i-1])):
			t.Fatalf("corrections(%q) = %q: %q ranks below %q", q, all, all[i-1], c)
		}
		in[c] = true
	}
	if utf8.RuneCountInString(q) < 3 {
		return
	}
	for _, w := range v.words {
		near := abs(utf8.RuneCountInString(q)-utf8.RuneCountInString(w)) <= maxEdits(q)
		if near && w != q && !in[w] && sim(w) > 0 && EditDistance(q, w) <= maxEdits(q) {
			t.Fatalf("corrections(%q) = %q leave out %q, %d edits away", q, all, w, EditDistance(q, w))
		}
	}
}

func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

func unique(words []string) []string {
	out := slices.Clone(words)
	slices.Sort(out)
	return slices.Compact(out)
}

func abs(n int) int { return max(n, -n) }

// nameParts are what names are made of: words of many scripts, in either
// case, with accents composed and apart, ligatures, digits of other
// scripts, emoji and joiners, accents with no letter, bytes that are not
// UTF-8.
var nameParts = []string{"Yellow", "submarine", "Déjà", "vu", "CAFÉ", "cafe\u0301", "Москва", "ночь", "東京", "夜",
	"Σίσυφος", "İstanbul", "ǅemal", "한국어", "مرحبا", "٣٤", "1969", "🎵", "\u0301\u0301", "\xff\xfe", "-", "ß", "ﬁn",
	"Ⅻ", "a\u200db", "o", "harbour", "harbor"}

// randomName is a name of a few parts, or none, or a few runes of anything,
// or now and then enormous: one word, or many, of up to fifty thousand letters.
func randomName(r *rand.Rand) string {
	part := func() string { return nameParts[r.IntN(len(nameParts))] }
	var b strings.Builder
	switch r.IntN(20) {
	case 0:
		return ""
	case 1:
		return strings.Repeat(part(), 1+r.IntN(10000))
	case 2:
		return strings.Repeat(part()+" ", 1+r.IntN(5000))
	case 3:
		for range 1 + r.IntN(8) {
			b.WriteRune(rune(r.IntN(0x30000)))
		}
		return b.String()
	}
	for range 1 + r.IntN(6) {
		b.WriteString(part())
		if r.IntN(4) > 0 {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// typo deletes, adds, changes or swaps a letter of s, or leaves it be.
func typo(r *rand.Rand, s string) string {
	rs := []rune(s)
	if len(rs) == 0 {
		return s
	}
	i := r.IntN(len(rs))
	switch r.IntN(5) {
	case 0:
		rs = slices.Delete(rs, i, i+1)
	case 1:
		rs = slices.Insert(rs, i, rs[r.IntN(len(rs))])
	case 2:
		rs[i] = rs[r.IntN(len(rs))]
	case 3:
		if i+1 < len(rs) {
			rs[i], rs[i+1] = rs[i+1], rs[i]
		}
	}
	return string(rs)
}
