package recommend

import (
	"container/heap"
	"sort"
	"sync"
)

// Pure helpers the stages share: the reusable score tables and the
// selection of the best candidates. No stage logic lives here.

// scores is a reusable dense score table with the list of touched songs,
// so a query costs what it touches, not the catalog size.
type scores struct {
	v       []float32
	touched []int32
}

var scorePool = sync.Pool{New: func() any { return &scores{} }}

func getScores(n int) *scores {
	s := scorePool.Get().(*scores)
	if cap(s.v) < n {
		s.v = make([]float32, n)
	}
	s.v = s.v[:n]
	return s
}

func (s *scores) add(i int32, w float32) {
	if s.v[i] == 0 {
		s.touched = append(s.touched, i)
	}
	s.v[i] += w
}

func (s *scores) max() float32 {
	var m float32
	for _, i := range s.touched {
		m = max(m, s.v[i])
	}
	return m
}

func (s *scores) release() {
	for _, i := range s.touched {
		s.v[i] = 0
	}
	s.touched = s.touched[:0]
	scorePool.Put(s)
}

type candidate struct {
	song  int32
	score float32
}

// best returns the k highest scored candidates, in order; ties go to the
// smaller id so results do not flicker.
func (e *Engine) best(cands []candidate, k int) []candidate {
	less := func(a, b candidate) bool { // a ranks below b
		if a.score != b.score {
			return a.score < b.score
		}
		return e.songs[a.song].id > e.songs[b.song].id
	}
	if len(cands) > k {
		h := &candHeap{less: less, c: append([]candidate(nil), cands[:k]...)}
		heap.Init(h)
		for _, c := range cands[k:] {
			if less(h.c[0], c) {
				h.c[0] = c
				heap.Fix(h, 0)
			}
		}
		cands = h.c
	}
	sort.Slice(cands, func(i, j int) bool { return less(cands[j], cands[i]) })
	return cands
}

// candHeap is a min-heap of candidates, worst on top.
type candHeap struct {
	c    []candidate
	less func(a, b candidate) bool
}

func (h *candHeap) Len() int           { return len(h.c) }
func (h *candHeap) Less(i, j int) bool { return h.less(h.c[i], h.c[j]) }
func (h *candHeap) Swap(i, j int)      { h.c[i], h.c[j] = h.c[j], h.c[i] }
func (h *candHeap) Push(x any)         { h.c = append(h.c, x.(candidate)) }
func (h *candHeap) Pop() any           { x := h.c[len(h.c)-1]; h.c = h.c[:len(h.c)-1]; return x }
