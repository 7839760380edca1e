package recommend

import (
	"maps"
	"math"
	"slices"
	"sort"
)

// The second stage: a table of scores per signal, from the seeds. The
// learned model and the live co-listens say what people did; the artists,
// the words and the sound of the seeds say what the songs are.

// Bounds of the work per query, whatever the catalog size.
const (
	consumersPerSeed    = 100 // their most recent listeners looked at
	entriesPerConsumer  = 60  // and those listeners' most recent songs
	artistsForContent   = 3
	songsPerArtistLimit = 200
	// learnedSeeds is how much of a history the model reads per query: the
	// most recent songs, which say most of the taste of today.
	learnedSeeds = 100
	// profileTerms bounds the words of a taste looked up: the strongest say it.
	profileTerms = 12
	// soundTop bounds the songs the sound signal proposes: the best matches
	// matter, and the rest would only cost the blend time.
	soundTop = 300
)

// query holds one query's score tables, one per signal.
type query struct {
	live, learned, artist, text, sound *scores
	seeds                              []entry
	user                               string
}

func (e *Engine) newQuery(n int) *query {
	return &query{live: getScores(n), learned: getScores(n), artist: getScores(n), text: getScores(n), sound: getScores(n)}
}

func (q *query) release() {
	for _, s := range []*scores{q.live, q.learned, q.artist, q.text, q.sound} {
		s.release()
	}
}

// userScores fills the tables for a user, listener self: the live
// co-listens of each seed (the older, the less), the model over the
// learnedSeeds most recent songs, the content of the seeds.
func (e *Engine) userScores(q *query, self int32, recent []entry) {
	for rank, seed := range q.seeds {
		w := seed.w * float32(math.Pow(0.97, float64(rank)))
		e.neighbours(seed.song, w, self, q.live)
	}
	e.learnedScores(recent[:min(len(recent), learnedSeeds)], q.learned)
	e.contentScores(q.seeds, q)
}

// songScores fills the tables for one song, the query's only seed.
func (e *Engine) songScores(q *query, s int32) {
	e.neighbours(s, 1, -1, q.live)
	e.learnedScores(q.seeds, q.learned)
	e.contentScores(q.seeds, q)
}

// learnedScores folds the user's history (as it is now, with the listen of
// a second ago) through the trained weights: score(j) = Σ x_i·B_ij. A user
// the model never saw is scored the same way, so nobody waits for a retrain.
func (e *Engine) learnedScores(entries []entry, into *scores) {
	l := e.learned
	if l == nil {
		return
	}
	m := l.m
	for _, en := range entries {
		r := l.row(en.song)
		if r < 0 {
			continue
		}
		x := float32(math.Log1p(float64(min(en.w, maxEntryWeight))))
		for k := m.Offsets[r]; k < m.Offsets[r+1]; k++ {
			if s := l.songs[m.Nbr[k]]; s >= 0 {
				into.add(s, x*m.W[k])
			}
		}
	}
}

// neighbours adds, for the listeners of seed (but not self), the songs they
// also played, normalized so popular songs do not win by size alone. It is
// the live half of the collaborative signal: a song first played a minute
// ago has neighbours here before any model has learned it.
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

// contentScores scores songs by the artists, the words and the sound of the seeds.
func (e *Engine) contentScores(seeds []entry, q *query) {
	affinity := map[string]float32{}
	profile := map[string]float32{}
	for _, s := range seeds {
		for _, a := range e.songs[s.song].groups() {
			affinity[a] += s.w
		}
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
	for _, a := range artists {
		list := e.byArtist[a.artist]
		if len(list) > songsPerArtistLimit {
			list = list[len(list)-songsPerArtistLimit:]
		}
		for _, s := range list {
			q.artist.add(s, a.w)
		}
	}
	e.text.similar(topTerms(profile, profileTerms), q.text)
	e.soundScores(seeds, q.sound)
}

// profileOf adds a song's words, weighted by w and tf-idf, to profile.
func (t *textIndex) profileOf(s int32, w float32, profile map[string]float32) {
	for _, tc := range t.terms[s] {
		profile[tc.term] += w * tc.n * t.idf(tc.term)
	}
}

// topTerms keeps the n heaviest words of a profile.
func topTerms(profile map[string]float32, n int) map[string]float32 {
	if len(profile) <= n {
		return profile
	}
	type tw struct {
		t string
		w float32
	}
	list := make([]tw, 0, len(profile))
	for t, w := range profile {
		list = append(list, tw{t, w})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].w > list[j].w || (list[i].w == list[j].w && list[i].t < list[j].t) })
	out := make(map[string]float32, n)
	for _, x := range list[:n] {
		out[x.t] = x.w
	}
	return out
}

// similar scores songs by the tf-idf weight of the words they share with
// profile (a weighted bag of words), into out.
func (t *textIndex) similar(profile map[string]float32, out *scores) {
	// In the words' order, not the map's: the sums come out the same to
	// the last bit on every instance and every call.
	for _, term := range slices.Sorted(maps.Keys(profile)) {
		w := profile[term]
		idf := t.idf(term)
		posts := t.postings[term]
		if len(posts) > postingsCap {
			posts = posts[len(posts)-postingsCap:]
		}
		for _, s := range posts {
			out.add(s, w*idf)
		}
	}
}

// soundScores scores the songs whose embedding is closest (by cosine) to
// the seeds' weighted mean, keeping the soundTop best: a pass over the
// songs with one (100k × 32 multiply-adds in the benchmark catalog).
func (e *Engine) soundScores(seeds []entry, into *scores) {
	var profile []float32
	for _, sd := range seeds {
		v := e.vecOf(sd.song)
		if v == nil {
			continue
		}
		if profile == nil {
			profile = make([]float32, len(v))
		}
		for i := range min(len(v), len(profile)) {
			profile[i] += sd.w * v[i]
		}
	}
	if profile == nil {
		return
	}
	best := make([]candidate, 0, 2*soundTop)
	var floor float32 // the worst kept score, once best was cut
	for _, s := range e.withVecs {
		v := e.vecs[s]
		var dot float32
		for i := range min(len(v), len(profile)) {
			dot += v[i] * profile[i]
		}
		if dot <= floor {
			continue
		}
		best = append(best, candidate{s, dot})
		if len(best) == cap(best) { // cut to the soundTop best, now and then
			sort.Slice(best, func(a, b int) bool { return best[a].score > best[b].score })
			best, floor = best[:soundTop], best[soundTop-1].score
		}
	}
	if len(best) > soundTop {
		sort.Slice(best, func(a, b int) bool { return best[a].score > best[b].score })
		best = best[:soundTop]
	}
	for _, c := range best {
		into.add(c.song, c.score)
	}
}
