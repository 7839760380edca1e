package recommend

import (
	"hash/fnv"
	"sort"
)

// The fourth stage: the best candidates, varied by artist, with one song
// nobody has played yet; a song to explore when asked; popular songs
// when too few are left.

const (
	maxPerArtist = 2 // in the first ten places, for variety
	// The best song nobody played (when it fits at least coldFit) is sure
	// of the last of the first ten places: new songs reach people without
	// pushing out much of what they would play.
	coldFit = 0.5
)

// diversify picks up to n songs from the blended candidates.
func (e *Engine) diversify(b blended, n int, skip func(int32) bool) []int32 {
	// Only the best few matter: select them rather than sort thousands.
	best := e.best(b.cands, 4*n+10)
	return e.withCold(e.diverse(best, n, skip), b.cands, n, func(s int32) float32 {
		p := b.parts(s)
		return p.artist + p.text + p.sound
	})
}

// diverse takes the best candidates, with at most maxPerArtist songs of
// one artist in the first ten places; when the candidates cannot fill
// those places with variety, popular songs and then the newest ones of
// other artists do, and only then the held back candidates.
func (e *Engine) diverse(cands []candidate, n int, skip func(int32) bool) []int32 {
	out := make([]int32, 0, n)
	in := map[int32]bool{}
	perArtist := map[string]int{}
	var held []int32
	take := func(s int32) bool {
		if len(out) == n || in[s] {
			return false
		}
		a := e.songs[s].artist
		if len(out) < 10 && perArtist[a] >= maxPerArtist {
			held = append(held, s)
			return false
		}
		in[s] = true
		perArtist[a]++
		out = append(out, s)
		return true
	}
	for _, c := range cands {
		take(c.song)
	}
	if len(out) < min(n, 10) && len(held) > 0 {
		for _, s := range e.topRanking() {
			if e.songs[s].alive && !skip(s) {
				take(s)
			}
		}
		for s := int32(len(e.songs)) - 1; s >= 0 && len(out) < min(n, 10); s-- {
			if e.songs[s].alive && !skip(s) {
				take(s)
			}
		}
	}
	for _, s := range held {
		if len(out) < n && !in[s] {
			in[s] = true
			out = append(out, s)
		}
	}
	return out
}

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
// every reload, yet does not stay the same all day. It returns the place
// swapped, or -1.
func (e *Engine) explore(q *query, picked []int32, cands []candidate, n int) int {
	const place = 4
	if n <= place || len(picked) <= place {
		return -1
	}
	in := map[int32]bool{}
	for _, s := range picked {
		in[s] = true
	}
	var pool []int32
	for _, c := range cands {
		s := c.song
		if !in[s] && len(e.consumers[s]) == 0 && (q.sound.v[s] > 0 || q.text.v[s] > 0 || q.artist.v[s] > 0) {
			pool = append(pool, s)
		}
	}
	if len(pool) == 0 {
		for _, c := range e.best(cands, 3*n) {
			if !in[c.song] {
				pool = append(pool, c.song)
			}
		}
	}
	if len(pool) == 0 {
		return -1
	}
	sort.Slice(pool, func(a, b int) bool { return pool[a] < pool[b] })
	h := fnv.New64a()
	h.Write([]byte(q.user + e.now().Format("2006010215")))
	picked[place] = pool[h.Sum64()%uint64(len(pool))]
	return place
}

// fillPopular fills a list shorter than n with what is popular: the
// first n popular songs not skipped, less those already in it.
func (e *Engine) fillPopular(picked []int32, n int, skip func(int32) bool) []int32 {
	if len(picked) >= n {
		return picked
	}
	have := map[int32]bool{}
	for _, s := range picked {
		have[s] = true
	}
	for _, s := range e.topSongs(n, skip) {
		if len(picked) == n {
			break
		}
		if !have[s] {
			picked = append(picked, s)
		}
	}
	return picked
}
