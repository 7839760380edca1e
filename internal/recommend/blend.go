package recommend

// The third stage: the songs the tables touched become the candidates,
// each scored by one blend of its signals.

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
	// others (and diversify makes sure of the best one: coldFit).
	coldShare = 0.5
)

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

// blended is the candidates, each with its blended score, in the order the
// tables touched them, and the scaled signals of any song.
type blended struct {
	cands []candidate
	parts func(s int32) parts
}

// blend combines the signals of every song a table touched, alive and not
// skipped.
func (e *Engine) blend(q *query, skip func(int32) bool) blended {
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
	return blended{cands: cands, parts: partsOf}
}
