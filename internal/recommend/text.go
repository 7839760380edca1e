package recommend

import (
	"math"
	"sort"

	"github.com/musicify/musicify/internal/search"
)

// textIndex is an inverted index of the words of songs (names, albums,
// lyrics, transcripts) for content similarity by tf-idf. It grows with
// each song; nothing is recomputed for the whole catalog.
type textIndex struct {
	docs     int32
	df       map[string]int32
	postings map[string][]int32
	terms    map[int32][]termCount // a song's most frequent words
}

type termCount struct {
	term string
	n    float32
}

// termsPerSong bounds the words kept per song, and postingsCap the songs
// looked at per word, so a common word costs no more than a rare one.
const (
	termsPerSong = 24
	postingsCap  = 2000
)

func newTextIndex() textIndex {
	return textIndex{df: map[string]int32{}, postings: map[string][]int32{}, terms: map[int32][]termCount{}}
}

// remove forgets a song's words.
func (t *textIndex) remove(s int32) {
	list, ok := t.terms[s]
	if !ok {
		return
	}
	for _, tc := range list {
		t.df[tc.term]--
		posts := t.postings[tc.term]
		for j, x := range posts {
			if x == s {
				t.postings[tc.term] = append(posts[:j], posts[j+1:]...)
				break
			}
		}
	}
	delete(t.terms, s)
	t.docs--
}

func (t *textIndex) add(s int32, text string) {
	counts := map[string]float32{}
	for _, w := range search.Fold(text) {
		if len(w) > 2 && !stopWords[w] {
			counts[w]++
		}
	}
	if len(counts) == 0 {
		return
	}
	list := make([]termCount, 0, len(counts))
	for w, n := range counts {
		list = append(list, termCount{w, n})
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].n != list[j].n {
			return list[i].n > list[j].n
		}
		return list[i].term < list[j].term
	})
	if len(list) > termsPerSong {
		list = list[:termsPerSong]
	}
	t.docs++
	t.terms[s] = list
	for _, tc := range list {
		t.df[tc.term]++
		t.postings[tc.term] = append(t.postings[tc.term], s)
	}
}

func (t *textIndex) idf(term string) float32 {
	return float32(math.Log(1 + float64(t.docs)/float64(1+t.df[term])))
}

// stopWords are words too common in titles and lyrics to say anything.
var stopWords = map[string]bool{
	"the": true, "and": true, "you": true, "for": true, "are": true, "but": true, "not": true,
	"all": true, "any": true, "can": true, "her": true, "his": true, "was": true, "one": true,
	"our": true, "out": true, "with": true, "this": true, "that": true, "have": true, "from": true,
	"they": true, "what": true, "your": true, "when": true, "will": true, "just": true, "into": true,
	"like": true, "its": true, "don": true, "feat": true, "remix": true, "version": true,
}
