package recommend

// A request runs as a pipeline, each stage in its own file, in order:
//
//	candidates.go  the seeds a request starts from, and what stays out
//	scores.go      a table per signal: learned model, co-listens, content, sound
//	blend.go       the signals blended into one score per candidate
//	diversify.go   the best of them, varied by artist, a new song, exploring
//	explain.go     the reason for each song
//
// This file holds the requests, each a list of those stages.

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
		return e.popularRecs(n, e.newcomerSkip(owner, opts.Heard))
	}
	seeds, recent := e.seedsOf(e.hist[l])
	excluded := e.exclusions(recent, opts)
	defer excluded.release()
	q := e.newQuery(len(e.songs))
	defer q.release()
	q.user, q.seeds = user, seeds
	e.userScores(q, l, recent)
	out := e.rank(q, n, opts.Explore, func(s int32) bool {
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
	more := e.rank(q, n, false, func(s int32) bool { return excluded.v[s] == 2 || e.songs[s].owner == owner })
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
	q.seeds = []entry{{song: s, w: 1}}
	e.songScores(q, s)
	recs := e.rank(q, n, false, func(c int32) bool { return c == s })
	out := make([]string, len(recs), n)
	for i, r := range recs {
		out[i] = r.ID
	}
	return out
}

// rank is the stages after the scores: it blends them, picks n songs,
// varied by artist, explores when asked, fills a short list with popular
// songs, and explains each.
func (e *Engine) rank(q *query, n int, explore bool, skip func(int32) bool) []Rec {
	b := e.blend(q, skip)
	picked := e.diversify(b, n, skip)
	explored := -1
	if explore {
		explored = e.explore(q, picked, b.cands, n)
	}
	ranked := len(picked)
	picked = e.fillPopular(picked, n, skip) // too little history
	return e.explain(q, b, picked, ranked, explored)
}

// Top lists up to n songs by listens, recent ones counting more: a listen
// counts 1 today and half that two weeks on, plus a tenth for all time.
func (e *Engine) Top(n int) []string {
	e.mu.RLock()
	defer e.mu.RUnlock()
	return e.topExcept(n, func(int32) bool { return false })
}

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
