package synth

// Chord shapes as scale-degree offsets from the chord root.
var (
	triad     = []int{0, 2, 4}
	seventh   = []int{0, 2, 4, 6}
	rootless9 = []int{2, 4, 6, 8} // 3-5-7-9: jazz comping leaves the root to the bass
	add9      = []int{0, 2, 4, 8}
)

// voicings voice-leads the song's chords, one voicing per bar, in [lo, hi].
func (p *plan) voicings(shape []int, lo, hi int) [][]int {
	out := make([][]int, p.bars)
	var prev []int
	for bar := range p.bars {
		c := p.chordAt(bar)
		tones := make([]int, len(shape))
		for i, off := range shape {
			tones[i] = p.pitch(c + off)
		}
		for i := 1; i < len(tones); i++ { // keep them ascending
			for tones[i] <= tones[i-1] {
				tones[i] += 12
			}
		}
		prev = voiceLead(tones, lo, hi, prev)
		out[bar] = prev
	}
	return out
}

// bassNote places a chord degree in the bass register [lo, lo+12).
func (p *plan) bassNote(deg, lo int) int {
	n := p.pitch(deg)
	for n < lo {
		n += 12
	}
	for n >= lo+12 {
		n -= 12
	}
	return n
}

// hit is one step of a bass or comping rhythm.
type hit struct {
	step, steps float64 // onset and length in sixteenths
	role        byte    // bass: R root, F fifth, O octave, T third, A approach
	vel         float32
}

// bassLine realises a one-bar rhythm over every bar where play allows it;
// approach notes lead stepwise into the next bar's root.
func (p *plan) bassLine(pat []hit, lo int, play func(bar int) bool, r *rng, human float64) []note {
	var out []note
	for bar := range p.bars {
		if !play(bar) {
			continue
		}
		c := p.chordAt(bar)
		root := p.bassNote(c, lo)
		for _, h := range pat {
			var m int
			switch h.role {
			case 'F':
				m = root + (p.pitch(c+4) - p.pitch(c))
			case 'O':
				m = root + 12
			case 'T':
				m = root + (p.pitch(c+2) - p.pitch(c))
			case 'A':
				next := p.bassNote(p.chordAt(bar+1), lo)
				if r.chance(0.5) {
					m = next + 1
					if p.pitch(p.chordAt(bar+1)+1)-p.pitch(p.chordAt(bar+1)) == 2 {
						m = next + 2
					}
				} else {
					m = next - 1
				}
			default:
				m = root
			}
			out = append(out, note{
				start: p.at(bar, h.step) + human*r.between(-1, 1),
				dur:   h.steps * p.stepSec,
				pitch: float64(m),
				vel:   h.vel * float32(r.between(0.9, 1.05)),
			})
		}
	}
	return out
}

// drumVel maps a pattern character to a velocity; '?' plays half the time.
func drumVel(ch byte, r *rng) float32 {
	switch ch {
	case 'X':
		return 1
	case 'x':
		return 0.8
	case 'o':
		return 0.6
	case 'g':
		return 0.32
	case '?':
		if r.chance(0.5) {
			return 0.55
		}
	}
	return 0
}

// drumBar adds one bar of a 16-step pattern (one character per step).
func (p *plan) drumBar(notes []note, bar int, pat string, r *rng, human float64) []note {
	for s := 0; s < len(pat) && s < 16; s++ {
		v := drumVel(pat[s], r)
		if v == 0 {
			continue
		}
		notes = append(notes, note{
			start: p.at(bar, float64(s)) + human*r.between(-1, 1),
			pitch: float64(r.intn(3)),
			vel:   v * float32(r.between(0.88, 1.05)),
		})
	}
	return notes
}

// chordHits plays a voicing on each hit of a comping rhythm; strum spreads
// the notes over a few milliseconds like fingers or a pick.
func (p *plan) chordHits(v []int, bar int, pat []hit, strum, human float64, r *rng, spread float32) []note {
	var out []note
	for _, h := range pat {
		t := p.at(bar, h.step) + human*r.between(-1, 1)
		vel := h.vel * float32(r.between(0.88, 1.04)) // one touch for the whole hit
		for i, m := range v {
			pan := float32(0)
			if len(v) > 1 {
				pan = spread * (float32(i)/float32(len(v)-1)*2 - 1)
			}
			out = append(out, note{
				start: t + strum*float64(i),
				dur:   h.steps*p.stepSec - strum*float64(i),
				pitch: float64(m),
				vel:   vel,
				pan:   pan,
			})
		}
	}
	return out
}

// inParts builds a predicate for the bars whose part is one of parts.
func (p *plan) inParts(parts ...Part) func(int) bool {
	return func(bar int) bool {
		for _, x := range parts {
			if p.part[bar] == x {
				return true
			}
		}
		return false
	}
}
