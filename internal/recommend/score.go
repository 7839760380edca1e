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

// Blend of the signals, each scaled to 1 at its best candidate.
const (
	blendCF     = 1.0
	blendArtist = 0.35
	blendText   = 0.2
	blendPop    = 0.05
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

// Options change what a query leaves out.
type Options struct {
	// ExcludeAll keeps every song the user ever touched out (for evaluation),
	// not only their recent and liked ones.
	ExcludeAll bool
}

// ForUser recommends up to n songs for a user: what people with the same
// taste played, by the artists and with the words the user likes, lifted a
// little by popularity. The user's own uploads and the songs they just
// played stay out of the list, their other recent and liked songs out of its
// first places; at most two songs per artist open it.
func (e *Engine) ForUser(user string, n int, opts Options) []string {
	e.mu.RLock()
	defer e.mu.RUnlock()
	owner := e.ownerIndex(user)
	l, ok := e.listeners["u:"+user]
	if !ok || len(e.hist[l].entries) == 0 {
		return e.topExcept(n, func(s int32) bool { return e.songs[s].owner == owner })
	}
	h := e.hist[l]
	seeds := recentEntries(h.entries, seedsPerUser)
	cf := getScores(len(e.songs))
	defer cf.release()
	for rank, seed := range seeds {
		w := seed.w * float32(math.Pow(0.97, float64(rank)))
		e.neighbours(seed.song, w, l, cf)
	}
	// A mark per song, cheaper than a map: 1 for a liked or recent song, 2
	// for one just played, which stays out even when the list runs short.
	excluded := getScores(len(e.songs))
	defer excluded.release()
	for i, en := range recentEntries(h.entries, len(h.entries)) {
		switch {
		case opts.ExcludeAll || i < justPlayed:
			excluded.add(en.song, 2-excluded.v[en.song])
		case (en.like || i < recentExclude) && excluded.v[en.song] == 0:
			excluded.add(en.song, 1)
		}
	}
	content := e.contentScores(seeds)
	defer content.release()
	out := e.blend(cf, content, n, func(s int32) bool {
		return excluded.v[s] != 0 || e.songs[s].owner == owner
	})
	if len(out) == n || opts.ExcludeAll {
		return out
	}
	// A small catalog runs out: the liked and recent songs come after the
	// rest, rather than leave the list short.
	seen := make(map[string]bool, len(out))
	for _, id := range out {
		seen[id] = true
	}
	for _, id := range e.blend(cf, content, n, func(s int32) bool { return excluded.v[s] == 2 || e.songs[s].owner == owner }) {
		if len(out) < n && !seen[id] {
			out = append(out, id)
		}
	}
	return out
}

// Similar lists up to n songs like the given one ('More like this').
func (e *Engine) Similar(songID string, n int) []string {
	e.mu.RLock()
	defer e.mu.RUnlock()
	s, ok := e.songIndex[songID]
	if !ok {
		return []string{}
	}
	cf := getScores(len(e.songs))
	defer cf.release()
	e.neighbours(s, 1, -1, cf)
	content := e.contentScores([]entry{{song: s, w: 1}})
	defer content.release()
	return e.blend(cf, content, n, func(c int32) bool { return c == s })
}

// neighbours adds, for the listeners of seed (but not self), the songs they
// also played, normalized so popular songs do not win by size alone.
func (e *Engine) neighbours(seed int32, w float32, self int32, into *scores) {
	cons := e.consumers[seed]
	if len(cons) > consumersPerSeed {
		cons = cons[len(cons)-consumersPerSeed:]
	}
	seedNorm := float32(math.Sqrt(float64(len(e.consumers[seed]) + 1)))
	for _, c := range cons {
		if c == self {
			continue
		}
		h := e.hist[c]
		k, ok := h.at[seed]
		if !ok {
			continue
		}
		wc := h.entries[k].w
		entries := h.entries
		if len(entries) > entriesPerConsumer {
			entries = entries[len(entries)-entriesPerConsumer:]
		}
		// A listener who played many songs says less about each of them.
		spread := float32(math.Sqrt(float64(len(h.entries))))
		for _, en := range entries {
			if en.song == seed || !e.songs[en.song].alive {
				continue
			}
			norm := seedNorm * float32(math.Sqrt(float64(len(e.consumers[en.song])+1)))
			into.add(en.song, w*wc*en.w/(norm*spread))
		}
	}
}

// contentScores scores songs by the artists and the words of the seeds.
func (e *Engine) contentScores(seeds []entry) *scores {
	out := getScores(len(e.songs))
	affinity := map[string]float32{}
	profile := map[string]float32{}
	for _, s := range seeds {
		affinity[e.songs[s.song].artist] += s.w
		e.text.profileOf(s.song, s.w, profile)
	}
	type aw struct {
		artist string
		w      float32
	}
	var artists []aw
	for a, w := range affinity {
		if a != "" {
			artists = append(artists, aw{a, w})
		}
	}
	sort.Slice(artists, func(i, j int) bool {
		return artists[i].w > artists[j].w || (artists[i].w == artists[j].w && artists[i].artist < artists[j].artist)
	})
	if len(artists) > artistsForContent {
		artists = artists[:artistsForContent]
	}
	artistScore := getScores(len(e.songs))
	defer artistScore.release()
	for _, a := range artists {
		list := e.byArtist[a.artist]
		if len(list) > songsPerArtistLimit {
			list = list[len(list)-songsPerArtistLimit:]
		}
		for _, s := range list {
			artistScore.add(s, a.w)
		}
	}
	text := getScores(len(e.songs))
	defer text.release()
	e.text.similar(topTerms(profile, profileTerms), text)
	am, tm := artistScore.max(), text.max()
	for _, s := range artistScore.touched {
		out.add(s, blendArtist*artistScore.v[s]/am)
	}
	for _, s := range text.touched {
		out.add(s, blendText*text.v[s]/tm)
	}
	return out
}

type candidate struct {
	song  int32
	score float32
}

// blend combines the scaled signals and picks n songs, varied by artist.
func (e *Engine) blend(cf, content *scores, n int, skip func(int32) bool) []string {
	cm := cf.max()
	cands := make([]candidate, 0, len(cf.touched)+len(content.touched))
	var popMax float32
	pops := e.popularity()
	add := func(s int32) {
		if !e.songs[s].alive || skip(s) {
			return
		}
		pop := pops[s]
		popMax = max(popMax, pop)
		cands = append(cands, candidate{song: s, score: pop}) // popularity for now; the blend below
	}
	for _, s := range cf.touched {
		add(s)
	}
	for _, s := range content.touched {
		if cf.v[s] == 0 { // not seen through cf already
			add(s)
		}
	}
	for i := range cands {
		s := cands[i].song
		score := content.v[s]
		if cm > 0 {
			score += blendCF * cf.v[s] / cm
		}
		if popMax > 0 {
			score += blendPop * cands[i].score / popMax
		}
		cands[i].score = score
	}
	// Only the best few matter: select them rather than sort thousands.
	cands = e.best(cands, 4*n+10)
	out := e.diverse(cands, n, skip)
	if len(out) < n { // too little history: fill with what is popular
		have := map[string]bool{}
		for _, id := range out {
			have[id] = true
		}
		for _, id := range e.topExcept(n, skip) {
			if len(out) == n {
				break
			}
			if !have[id] {
				out = append(out, id)
			}
		}
	}
	return out
}

// diverse takes the best candidates, with at most maxPerArtist songs of
// one artist in the first ten places; when the candidates cannot fill
// those places with variety, popular songs and then the newest ones of
// other artists do, and only then the held back candidates.
func (e *Engine) diverse(cands []candidate, n int, skip func(int32) bool) []string {
	out := make([]string, 0, n)
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
		out = append(out, e.songs[s].id)
		return true
	}
	for _, c := range cands {
		take(c.song)
	}
	if len(out) < min(n, 10) && len(held) > 0 {
		for _, id := range e.topExcept(n+len(held), skip) {
			take(e.songIndex[id])
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
			out = append(out, e.songs[s].id)
		}
	}
	return out
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
		s := e.songs[e.songIndex[id]]
		if s.owner == e.ownerIndex(user) || seen[s.artist] {
			continue
		}
		seen[s.artist] = true
		out = append(out, s.artist)
		if len(out) == n {
			break
		}
	}
	return out
}

// recentEntries returns up to n entries, the most recent first.
func recentEntries(entries []entry, n int) []entry {
	out := append([]entry(nil), entries...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].at > out[j].at })
	if len(out) > n {
		out = out[:n]
	}
	return out
}
