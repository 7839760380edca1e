package recommend

import "sort"

// The first stage: the songs a request starts from (the user's recent
// ones, its seeds) and those it may not return.

// Bounds of the seeds and of what stays out.
const (
	seedsPerUser  = 30 // the user's most recent songs that seed the search
	recentExclude = 25 // the user's latest songs kept out of the first places
	justPlayed    = 3  // and the very latest kept out altogether
)

// seedsOf is a history's seedsPerUser most recent entries, and all of
// them, the most recent first.
func (e *Engine) seedsOf(h *history) (seeds, recent []entry) {
	return e.recentEntries(h.entries, seedsPerUser), e.recentEntries(h.entries, len(h.entries))
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

// exclusions marks the songs kept out of a user's list, the caller
// releasing it. A mark per song, cheaper than a map: 1 for a liked or
// recent song, 2 for one just played, which stays out even when the list
// runs short.
func (e *Engine) exclusions(recent []entry, opts Options) *scores {
	excluded := getScores(len(e.songs))
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
	return excluded
}

// newcomerSkip keeps out of a newcomer's popular songs their own uploads
// and the songs they are said to have heard.
func (e *Engine) newcomerSkip(owner int32, heardIDs []string) func(int32) bool {
	heard := map[int32]bool{}
	for _, id := range heardIDs {
		if s, ok := e.songIndex[id]; ok {
			heard[s] = true
		}
	}
	return func(s int32) bool { return e.songs[s].owner == owner || heard[s] }
}
