package recommend

import (
	"hash/fnv"
	"sort"
)

// withCold makes sure of one song nobody has played in the list, the one
// with the best content, at the tenth place (or the last, when shorter).
func (e *Engine) withCold(picked []int32, cands []candidate, n int, content func(int32) float32) []int32 {
	if n < 5 {
		return picked
	}
	in := map[int32]bool{}
	for _, s := range picked {
		if len(e.consumers[s]) == 0 {
			return picked // one is there already
		}
		in[s] = true
	}
	best, bestFit := int32(-1), float32(coldFit)
	for _, c := range cands {
		if len(e.consumers[c.song]) == 0 && !in[c.song] {
			if f := content(c.song); f >= bestFit {
				best, bestFit = c.song, f
			}
		}
	}
	if best < 0 {
		return picked
	}
	place := min(n, 10, len(picked)+1) - 1
	if place < len(picked) {
		picked[place] = best
	} else {
		picked = append(picked, best)
	}
	return picked
}

// explore swaps the fifth place for a song the list would not show: one
// nobody has played yet that fits by content, or else one from further
// down. Which one changes with the hour, so a list does not flicker on
// every reload, yet does not stay the same all day.
func (e *Engine) explore(q *query, out []Rec, cands []candidate, n int, skip func(int32) bool) []Rec {
	const place = 4
	if n <= place || len(out) <= place {
		return out
	}
	in := map[string]bool{}
	for _, r := range out {
		in[r.ID] = true
	}
	var pool []int32
	for _, c := range cands {
		s := c.song
		if !in[e.songs[s].id] && len(e.consumers[s]) == 0 && (q.sound.v[s] > 0 || q.text.v[s] > 0 || q.artist.v[s] > 0) {
			pool = append(pool, s)
		}
	}
	if len(pool) == 0 {
		for _, c := range e.best(cands, 3*n) {
			if !in[e.songs[c.song].id] {
				pool = append(pool, c.song)
			}
		}
	}
	if len(pool) == 0 {
		return out
	}
	sort.Slice(pool, func(a, b int) bool { return pool[a] < pool[b] })
	h := fnv.New64a()
	h.Write([]byte(q.user + e.now().Format("2006010215")))
	s := pool[h.Sum64()%uint64(len(pool))]
	out[place] = Rec{ID: e.songs[s].id, Reason: ReasonExplore}
	return out
}
