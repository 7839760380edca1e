package recommend

import (
	"container/heap"
	"math"
	"sort"
	"sync"
	"time"
)

// Bounds of the work per query, whatever the catalog size.
const (
	seedsPerUser        = 30  // the user's most recent songs that seed the search
	consumersPerSeed    = 100 // their most recent listeners looked at
	entriesPerConsumer  = 60  // and those listeners' most recent songs
	recentExclude       = 25  // the user's latest songs kept out of the first places
	justPlayed          = 3   // and the very latest kept out altogether
	artistsForContent   = 3
	songsPerArtistLimit = 200
	maxPerArtist        = 2 // in the first ten places, for variety
)

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

// Top lists up to n songs by listens, recent ones counting more: a listen
// counts 1 today and half that two weeks on, plus a tenth for all time.
func (e *Engine) Top(n int) []string {
	e.mu.RLock()
	defer e.mu.RUnlock()
	return e.topExcept(n, func(int32) bool { return false })
}

// topCacheFor is how long the ranking of all songs by plays is reused:
// it changes slowly, and costs a pass over the catalog.
const topCacheFor = time.Second

// topList is the cached ranking, long enough for every caller, with the
// popularity of every song (log of its fading plays) it was made from.
type topList struct {
	at    time.Time
	songs []int32
	pop   []float32
}

const topListLen = 500

func (e *Engine) topExcept(n int, skip func(int32) bool) []string {
	list := e.topRanking()
	out := []string{}
	for _, s := range list {
		if len(out) == n {
			return out
		}
		if e.songs[s].alive && !skip(s) {
			out = append(out, e.songs[s].id)
		}
	}
	return out
}

// topRanking returns the cached ranking, recomputing it when stale. It is
// called under e.mu's read lock, hence its own lock.
func (e *Engine) topRanking() []int32 {
	return e.cachedTop().songs
}

// popularity is log(1 + fading plays) per song, as of the cached ranking.
func (e *Engine) popularity() []float32 {
	pop := e.cachedTop().pop
	if len(pop) < len(e.songs) { // songs added since: no plays yet
		pop = append(pop, make([]float32, len(e.songs)-len(pop))...)
	}
	return pop
}

func (e *Engine) cachedTop() topList {
	now := e.now()
	e.topMu.Lock()
	defer e.topMu.Unlock()
	if e.top.songs != nil && now.Sub(e.top.at) < topCacheFor && !now.Before(e.top.at) {
		return e.top
	}
	unix := now.Unix()
	pop := make([]float32, len(e.songs))
	cands := make([]candidate, 0, 1024)
	for i := range e.songs {
		s := int32(i)
		fading := e.plays[s].valueAt(unix)
		pop[s] = float32(math.Log1p(fading))
		if v := fading + 0.1*e.total[s]; v > 0 && e.songs[s].alive {
			cands = append(cands, candidate{s, float32(v)})
		}
	}
	cands = e.best(cands, topListLen)
	songs := make([]int32, len(cands))
	for i, c := range cands {
		songs[i] = c.song
	}
	e.top = topList{at: now, songs: songs, pop: pop}
	return e.top
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

// Artists recommends up to n artists for a user: those of the songs
// recommended to them, by summed score, then popular ones.
func (e *Engine) Artists(user string, n int) []string {
	songs := e.ForUser(user, 100, Options{})
	e.mu.RLock()
	defer e.mu.RUnlock()
	seen := map[string]bool{}
	var out []string
	for _, id := range append(songs, e.topExcept(200, func(int32) bool { return false })...) {
		if len(out) >= n {
			break
		}
		s := e.songs[e.songIndex[id]]
		if s.owner == e.ownerIndex(user) || seen[s.artist] {
			continue
		}
		seen[s.artist] = true
		out = append(out, s.artist)
	}
	return out
}

// recentEntries returns up to n entries, the most recent first.
func (e *Engine) recentEntries(entries []entry, n int) []entry {
	out := append([]entry(nil), entries...)
	// Ties go by song id, not by the order the events came in: an
	// instance that loaded them at start orders them as one that saw them.
	sort.Slice(out, func(i, j int) bool {
		if out[i].at != out[j].at {
			return out[i].at > out[j].at
		}
		return e.songs[out[i].song].id < e.songs[out[j].song].id
	})
	if len(out) > n {
		out = out[:n]
	}
	return out
}

type candidate struct {
	song  int32
	score float32
}
