package recommend

import (
	"math"
	"time"
)

// The ranking of all songs by plays: state every stage may read (blend's
// popularity, diversify's and the fill's popular songs), cached because it
// changes slowly and costs a pass over the catalog.

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
	list := e.topSongs(n, skip)
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = e.songs[s].id
	}
	return out
}

// topSongs is up to n songs of the ranking, alive and not skipped.
func (e *Engine) topSongs(n int, skip func(int32) bool) []int32 {
	var out []int32
	for _, s := range e.topRanking() {
		if len(out) == n {
			return out
		}
		if e.songs[s].alive && !skip(s) {
			out = append(out, s)
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
