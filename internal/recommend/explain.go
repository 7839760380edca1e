package recommend

// The last stage: the reason for each song of the list.

// explain gives each picked song its reason: the first ranked were picked
// by the blend and say which signal led to them, but for the one explore
// put at place explored (-1 for none); those after were filled in as popular.
func (e *Engine) explain(q *query, b blended, picked []int32, ranked, explored int) []Rec {
	out := make([]Rec, 0, len(picked))
	for i, s := range picked {
		switch {
		case i == explored:
			out = append(out, Rec{ID: e.songs[s].id, Reason: ReasonExplore})
		case i >= ranked:
			out = append(out, Rec{ID: e.songs[s].id, Reason: ReasonPopular})
		default:
			out = append(out, e.reasonFor(q, s, b.parts(s)))
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

// reasonFor names the strongest reason for a recommended song: the song of
// the user's recent ones that leads to it most through the learned model
// or shared listeners, the one it sounds most like, its artist, or the
// one whose words it shares; popularity when nothing else says anything.
// A liked or recent song that ends a short list is never its own reason.
func (e *Engine) reasonFor(q *query, s int32, p parts) Rec {
	r := Rec{ID: e.songs[s].id, Reason: ReasonPopular}
	cf := p.learned + p.live
	best := max(cf, p.sound, p.artist, p.text)
	switch {
	case best <= 0:
	case best == cf:
		if seed := e.becauseOf(q.seeds, s); seed >= 0 {
			r.Reason, r.Seed = ReasonBecause, e.songs[seed].id
		}
	case best == p.sound:
		if seed := e.soundsLike(q.seeds, s); seed >= 0 {
			r.Reason, r.Seed = ReasonSound, e.songs[seed].id
		}
	case best == p.artist:
		r.Reason, r.Artist = ReasonArtist, e.songs[s].artist
	default:
		if seed := e.wordsLike(q.seeds, s); seed >= 0 {
			r.Reason, r.Seed = ReasonWords, e.songs[seed].id
		}
	}
	return r
}

// becauseOf is the seed with the largest learned weight to s, or else the
// most recent seed one of whose listeners also played s.
func (e *Engine) becauseOf(seeds []entry, s int32) int32 {
	best, bestW := int32(-1), float32(0)
	if e.learned != nil {
		for _, sd := range seeds {
			if w := e.learned.weightOf(sd.song, s) * sd.w; w > bestW {
				best, bestW = sd.song, w
			}
		}
	}
	if best >= 0 {
		return best
	}
	for _, sd := range seeds {
		if sd.song == s {
			continue
		}
		cons := e.consumers[sd.song]
		if len(cons) > consumersPerSeed {
			cons = cons[len(cons)-consumersPerSeed:]
		}
		for _, c := range cons {
			if _, ok := e.hist[c].at[s]; ok {
				return sd.song
			}
		}
	}
	return -1
}

// soundsLike is the seed whose embedding is closest to s's.
func (e *Engine) soundsLike(seeds []entry, s int32) int32 {
	v := e.vecOf(s)
	best, bestDot := int32(-1), float32(0)
	for _, sd := range seeds {
		if sd.song == s {
			continue
		}
		u := e.vecOf(sd.song)
		var dot float32
		for i := range min(len(u), len(v)) {
			dot += u[i] * v[i]
		}
		if dot > bestDot {
			best, bestDot = sd.song, dot
		}
	}
	return best
}

// wordsLike is the seed sharing the most tf-idf weight of words with s.
func (e *Engine) wordsLike(seeds []entry, s int32) int32 {
	mine := map[string]bool{}
	for _, tc := range e.text.terms[s] {
		mine[tc.term] = true
	}
	best, bestW := int32(-1), float32(0)
	for _, sd := range seeds {
		if sd.song == s {
			continue
		}
		var w float32
		for _, tc := range e.text.terms[sd.song] {
			if mine[tc.term] {
				w += e.text.idf(tc.term)
			}
		}
		if w > bestW {
			best, bestW = sd.song, w
		}
	}
	return best
}

// weightOf is the learned weight from song a to song b, 0 when none is kept.
func (l *learned) weightOf(a, b int32) float32 {
	r := l.row(a)
	if r < 0 {
		return 0
	}
	m := l.m
	for k := m.Offsets[r]; k < m.Offsets[r+1]; k++ {
		if l.songs[m.Nbr[k]] == b {
			return m.W[k]
		}
	}
	return 0
}
