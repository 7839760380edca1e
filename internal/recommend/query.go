package recommend

import (
	"math"
)

// Options change what a query leaves out, and whether it explores.
type Options struct {
	// ExcludeAll keeps every song the user ever touched out (for evaluation),
	// not only their recent and liked ones.
	ExcludeAll bool
	// Heard are more songs to keep out, however long ago they were played:
	// an evaluation's training items, beyond the bounded history.
	Heard []string
	// Explore puts one song the user would not otherwise see (a new one
	// that fits their taste, or one from further down) in the list.
	Explore bool
}

// Rec is one recommended song and why: the reason (Reason* constants) and
// the song or artist it names.
type Rec struct {
	ID     string
	Reason string
	Seed   string // the song the reason names, for ReasonBecause and ReasonSound
	Artist string // for ReasonArtist
}

// Why a song is recommended.
const (
	ReasonBecause = "because" // people who played Seed play it
	ReasonSound   = "sound"   // it sounds like Seed
	ReasonArtist  = "artist"  // by, or like, an artist the user plays
	ReasonWords   = "words"   // its words are like Seed's
	ReasonPopular = "popular" // popular right now
	ReasonExplore = "explore" // something new to try
)

// learnedSeeds is how much of a history the model reads per query: the
// most recent songs, which say most of the taste of today.
const learnedSeeds = 100

// ForUser recommends up to n songs for a user, most fitting first.
func (e *Engine) ForUser(user string, n int, opts Options) []string {
	recs := e.ForUserExplained(user, n, opts)
	out := make([]string, len(recs))
	for i, r := range recs {
		out[i] = r.ID
	}
	return out
}

// ForUserExplained recommends up to n songs with the reason for each: the
// learned model's view of the user's whole recent history (folded in as it
// is, so a listen of a second ago counts), what people with the same taste
// played lately, how the songs sound, who made them and their words, lifted
// a little by popularity. The user's own uploads and the songs they just
// played stay out of the list, their other recent and liked songs out of its
// first places; at most two songs per artist open it.
func (e *Engine) ForUserExplained(user string, n int, opts Options) []Rec {
	e.mu.RLock()
	defer e.mu.RUnlock()
	owner := e.ownerIndex(user)
	l, ok := e.listeners["u:"+user]
	if !ok || len(e.hist[l].entries) == 0 {
		heard := map[int32]bool{}
		for _, id := range opts.Heard {
			if s, ok := e.songIndex[id]; ok {
				heard[s] = true
			}
		}
		return e.popularRecs(n, func(s int32) bool { return e.songs[s].owner == owner || heard[s] })
	}
	h := e.hist[l]
	seeds := e.recentEntries(h.entries, seedsPerUser)
	q := e.newQuery(len(e.songs))
	defer q.release()
	q.user = user
	for rank, seed := range seeds {
		w := seed.w * float32(math.Pow(0.97, float64(rank)))
		e.neighbours(seed.song, w, l, q.live)
	}
	recent := e.recentEntries(h.entries, len(h.entries))
	e.learnedScores(recent[:min(len(recent), learnedSeeds)], q.learned)
	// A mark per song, cheaper than a map: 1 for a liked or recent song, 2
	// for one just played, which stays out even when the list runs short.
	excluded := getScores(len(e.songs))
	defer excluded.release()
	for i, en := range recent {
		switch {
		case opts.ExcludeAll || i < justPlayed:
			excluded.add(en.song, 2-excluded.v[en.song])
		case (en.like || i < recentExclude) && excluded.v[en.song] == 0:
			excluded.add(en.song, 1)
		}
	}
	for _, id := range opts.Heard {
		if s, ok := e.songIndex[id]; ok {
			excluded.add(s, 2-excluded.v[s])
		}
	}
	e.contentScores(seeds, q)
	q.seeds = seeds
	out := e.blend(q, n, opts.Explore, func(s int32) bool {
		return excluded.v[s] != 0 || e.songs[s].owner == owner
	})
	if len(out) == n || opts.ExcludeAll {
		return out
	}
	// A small catalog runs out: the liked and recent songs come after the
	// rest, rather than leave the list short. Blending with them in can
	// bring more of the rest too (other artists, for variety): those first.
	seen := make(map[string]bool, len(out))
	for _, r := range out {
		seen[r.ID] = true
	}
	more := e.blend(q, n, false, func(s int32) bool { return excluded.v[s] == 2 || e.songs[s].owner == owner })
	for _, liked := range []bool{false, true} {
		for _, r := range more {
			if len(out) < n && !seen[r.ID] && (excluded.v[e.songIndex[r.ID]] == 1) == liked {
				out = append(out, r)
			}
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
	q := e.newQuery(len(e.songs))
	defer q.release()
	seed := []entry{{song: s, w: 1}}
	e.neighbours(s, 1, -1, q.live)
	e.learnedScores(seed, q.learned)
	e.contentScores(seed, q)
	q.seeds = seed
	recs := e.blend(q, n, false, func(c int32) bool { return c == s })
	out := make([]string, len(recs), n)
	for i, r := range recs {
		out[i] = r.ID
	}
	return out
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
