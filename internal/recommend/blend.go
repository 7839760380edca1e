package recommend

import (
	"sort"
)

// Blend of the signals, each first scaled to 1 at its best candidate.
const (
	blendLearned = 1.0  // the trained model
	blendLive    = 0.25 // co-listens since, and songs newer than the model: a quarter, as on Last.fm-2k the learned model is the better (docs/benchmarks.md)
	blendArtist  = 0.35 // content: the artists the user plays
	blendText    = 0.2  // content: words of titles, albums, genres, lyrics, transcripts
	blendSound   = 0.45 // content: the audio embedding
	blendPop     = 0.05
	// A song nobody has played is judged by its content alone; once played,
	// by what people did at least 1-contentFloor, more as listeners come.
	contentFloor  = 0.3
	coldListeners = 3
	// A song nobody played ranks by half its content score among the
	// others, and the best one (when it fits at least coldFit) is
	// sure of the last of the first ten places: new songs reach people
	// without pushing out much of what they would play.
	coldShare = 0.5
	coldFit   = 0.5
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

// parts are one candidate's scaled signals.
type parts struct{ learned, live, artist, text, sound, pop float32 }

// total blends the collaborative and the content signals (each scaled to
// at most 1) by how many listeners the song has.
func (p parts) total(listeners int) float32 {
	if listeners == 0 {
		return coldShare*(p.artist+p.text+p.sound) + p.pop
	}
	a := 1 - contentFloor*coldListeners/float32(coldListeners+listeners)
	return a*(p.learned+p.live) + (1-a)*(p.artist+p.text+p.sound) + p.pop
}

// scale returns x/m, or 0 when nothing scored.
func scale(x, m float32) float32 {
	if m <= 0 {
		return 0
	}
	return x / m
}

// blend combines the signals and picks n songs, varied by artist, each
// with its reason.
func (e *Engine) blend(q *query, n int, explore bool, skip func(int32) bool) []Rec {
	lm, cm := q.learned.max(), q.live.max()
	am, tm, sm := q.artist.max(), q.text.max(), q.sound.max()
	// Each side's weights sum to 1 over the signals this query has.
	var cfSum, contentSum float32
	for _, w := range []struct{ w, m float32 }{{blendLearned, lm}, {blendLive, cm}} {
		if w.m > 0 {
			cfSum += w.w
		}
	}
	for _, w := range []struct{ w, m float32 }{{blendArtist, am}, {blendText, tm}, {blendSound, sm}} {
		if w.m > 0 {
			contentSum += w.w
		}
	}
	cfSum, contentSum = max(cfSum, 1e-9), max(contentSum, 1e-9)
	pops := e.popularity()
	var popMax float32
	seen := getScores(len(e.songs)) // a mark per song: cheaper than a map for thousands
	defer seen.release()
	var cands []candidate
	for _, t := range []*scores{q.learned, q.live, q.artist, q.text, q.sound} {
		for _, s := range t.touched {
			if seen.v[s] != 0 || !e.songs[s].alive || skip(s) {
				continue
			}
			seen.add(s, 1)
			popMax = max(popMax, pops[s])
			cands = append(cands, candidate{song: s})
		}
	}
	partsOf := func(s int32) parts {
		return parts{learned: blendLearned / cfSum * scale(q.learned.v[s], lm), live: blendLive / cfSum * scale(q.live.v[s], cm),
			artist: blendArtist / contentSum * scale(q.artist.v[s], am), text: blendText / contentSum * scale(q.text.v[s], tm),
			sound: blendSound / contentSum * scale(q.sound.v[s], sm), pop: blendPop * scale(pops[s], popMax)}
	}
	for i := range cands {
		s := cands[i].song
		cands[i].score = partsOf(s).total(len(e.consumers[s]))
	}
	// Only the best few matter: select them rather than sort thousands.
	best := e.best(cands, 4*n+10)
	picked := e.withCold(e.diverse(best, n, skip), cands, n, func(s int32) float32 {
		p := partsOf(s)
		return p.artist + p.text + p.sound
	})
	out := make([]Rec, 0, n)
	for _, s := range picked {
		out = append(out, e.explain(q, s, partsOf(s)))
	}
	if explore {
		out = e.explore(q, out, cands, n, skip)
	}
	if len(out) < n { // too little history: fill with what is popular
		have := map[string]bool{}
		for _, r := range out {
			have[r.ID] = true
		}
		for _, r := range e.popularRecs(n, skip) {
			if len(out) == n {
				break
			}
			if !have[r.ID] {
				out = append(out, r)
			}
		}
	}
	return out
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

// popularRecs is what is popular, for those with no history.
func (e *Engine) popularRecs(n int, skip func(int32) bool) []Rec {
	ids := e.topExcept(n, skip)
	out := make([]Rec, len(ids))
	for i, id := range ids {
		out[i] = Rec{ID: id, Reason: ReasonPopular}
	}
	return out
}
