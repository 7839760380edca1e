package synth

// melodyStyle shapes the tunes of one style: where they sit, how busy they
// are and which notes count as safe landing points.
type melodyStyle struct {
	low, high int     // degree range (0 = tonic in the key's octave)
	grid      int     // onset grid in sixteenths: 1, 2 or 4
	density   float64 // 0..1, how many weak grid points get a note
	maxNotes  int     // per bar
	legato    float64 // share of the gap to the next onset a note is held
	size      int     // chord size counted as chord tones (3, 4 or 5)
	leap      float64 // chance of a leap instead of a step
}

// motif is a one-bar rhythm with a contour; repeating it over changing
// chords is what makes a generated line sound like a tune.
type motif struct {
	on     []int // onsets in sixteenths within the bar
	moves  []int // degree steps between consecutive notes
	anchor int   // chord tone the motif starts on: 0 root, 1 third, 2 fifth
}

// mnote is a melody note on the grid, in scale degrees.
type mnote struct {
	bar, step, steps, deg int
	vel                   float32
}

func genMotif(r *rng, ms melodyStyle) motif {
	var on []int
	for try := 0; try < 20; try++ {
		on = on[:0]
		for s := 0; s < 16; s += ms.grid {
			w := 0.35
			switch {
			case s == 0:
				w = 1.6
			case s%8 == 0:
				w = 1
			case s%4 == 0:
				w = 0.75
			case s%2 == 0:
				w = 0.55
			}
			if s >= 12 { // leave a breath before the next bar
				w *= 0.6
			}
			if r.chance(w * ms.density) {
				on = append(on, s)
			}
		}
		if len(on) >= 2 && len(on) <= ms.maxNotes {
			break
		}
	}
	if len(on) < 2 {
		on = []int{0, 8}
	}
	if len(on) > ms.maxNotes {
		on = on[:ms.maxNotes]
	}
	moves := make([]int, len(on)-1)
	shape := r.intn(4) // arch, falling, rising, wave
	for i := range moves {
		dir := 1
		switch shape {
		case 0:
			if i >= len(moves)/2 {
				dir = -1
			}
		case 1:
			dir = -1
		case 3:
			if i%2 == 1 {
				dir = -1
			}
		}
		if r.chance(0.2) {
			dir = -dir
		}
		size := 1
		if r.chance(ms.leap) {
			size = 2 + r.intn(2)
		} else if r.chance(0.1) {
			size = 0
		}
		moves[i] = dir * size
	}
	return motif{on: append([]int(nil), on...), moves: moves, anchor: r.intn(3)}
}

// vary nudges a motif so a repeat is recognisable but not a copy.
func vary(m motif, r *rng) motif {
	v := motif{on: append([]int(nil), m.on...), moves: append([]int(nil), m.moves...), anchor: m.anchor}
	if len(v.moves) > 0 && r.chance(0.7) {
		i := r.intn(len(v.moves))
		v.moves[i] += []int{-1, 1}[r.intn(2)]
	}
	if len(v.on) > 2 && r.chance(0.3) { // drop the last note: a rest instead
		v.on = v.on[:len(v.on)-1]
		v.moves = v.moves[:len(v.moves)-1]
	}
	return v
}

// nearest moves degree d by octaves to lie closest to ref.
func nearest(d, ref int) int {
	for d-ref > 3 {
		d -= 7
	}
	for ref-d > 3 {
		d += 7
	}
	return d
}

// place picks the octave of a motif's first note: near ref, and where the
// whole contour fits the range, so a repeat keeps its shape.
func place(d, ref int, moves []int, ms melodyStyle) int {
	lo, hi, at := 0, 0, 0
	for _, mv := range moves {
		at += mv
		lo, hi = min(lo, at), max(hi, at)
	}
	best, bestCost := nearest(d, ref), 1<<30
	for s := d - 21; s <= d+21; s += 7 {
		over := max(0, ms.low-(s+lo)) + max(0, s+hi-ms.high)
		cost := 10*over + abs(s-ref)
		if cost < bestCost {
			best, bestCost = s, cost
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// realize plays motif m over bar, starting on its anchor near prev, landing
// on chord tones where the ear notices (strong beats and long notes).
func (p *plan) realize(m motif, bar, prev int, ms melodyStyle) ([]mnote, int) {
	c := p.chordAt(bar)
	d := place(c+2*m.anchor, prev, m.moves, ms)
	out := make([]mnote, 0, len(m.on))
	for i, on := range m.on {
		if i > 0 {
			d += m.moves[i-1]
		}
		end := 16
		if i+1 < len(m.on) {
			end = m.on[i+1]
		}
		steps := end - on
		if i == len(m.on)-1 {
			steps = min(steps, 6)
		}
		if d > ms.high {
			d = 2*ms.high - d
		}
		if d < ms.low {
			d = 2*ms.low - d
		}
		if on%8 == 0 || steps >= 4 {
			d = snapToChord(d, c, ms.size)
		}
		vel := float32(0.78)
		if on%4 == 0 {
			vel = 0.9
		}
		out = append(out, mnote{bar: bar, step: on, steps: steps, deg: d, vel: vel})
	}
	return out, d
}

// cadence ends a phrase: a short approach and a long note on a chord tone,
// the root when final so the period closes, the third or fifth otherwise.
func (p *plan) cadence(bar, prev int, final bool, ms melodyStyle, r *rng) ([]mnote, int) {
	c := p.chordAt(bar)
	var target int
	if final {
		target = nearest(c, prev)
	} else {
		target = nearest(c+2+2*r.intn(2), prev)
	}
	for target > ms.high {
		target -= 7
	}
	for target < ms.low {
		target += 7
	}
	land := 0
	var out []mnote
	if r.chance(0.6) {
		from := 1
		if prev < target {
			from = -1
		}
		g := max(ms.grid, 2)
		out = append(out, mnote{bar: bar, step: 0, steps: g, deg: target + 2*from, vel: 0.8},
			mnote{bar: bar, step: g, steps: g, deg: target + from, vel: 0.75})
		land = 2 * g
	}
	out = append(out, mnote{bar: bar, step: land, steps: 14 - land, deg: target, vel: 0.85})
	return out, target
}

// melody writes tunes for every verse, chorus and outro: 4-bar phrases of
// motif, varied motif, contrasting motif and cadence, paired as question and
// answer. Verses reuse their motifs so the tune returns.
func (p *plan) melody(ms melodyStyle, r *rng, chorusLift int) []mnote {
	type set struct{ a, a2, b, b2 motif }
	mk := func() set {
		a := genMotif(r, ms)
		b := genMotif(r, ms)
		return set{a: a, a2: vary(a, r), b: b, b2: vary(b, r)}
	}
	verse, chorus := mk(), mk()
	var out []mnote
	prev := (ms.low + ms.high) / 2
	bar := 0
	for _, sec := range p.spec.form() {
		m, style := verse, ms
		if sec.Part == Chorus {
			m = chorus
			style.low += chorusLift
			style.high += chorusLift
		}
		var notes []mnote
		for i := 0; i < sec.Bars; i++ {
			b := bar + i
			left := sec.Bars - i
			switch {
			case sec.Part == Intro:
				continue
			case sec.Part == Outro:
				if i == 0 && left > 1 {
					notes, prev = p.realize(m.a, b, prev, style)
				} else if i == 1 || (left == 1 && i == 0) {
					notes, prev = p.cadence(b, prev, true, style, r)
				} else {
					continue
				}
			case i%4 == 3 || left == 1:
				answer := (i/4)%2 == 1 || left <= 4
				notes, prev = p.cadence(b, prev, answer, style, r)
			case i%4 == 0:
				notes, prev = p.realize(m.a, b, prev, style)
			case i%4 == 1:
				notes, prev = p.realize(m.a2, b, prev, style)
			default:
				mot := m.b
				if (i/4)%2 == 1 {
					mot = m.b2
				}
				notes, prev = p.realize(mot, b, prev, style)
			}
			out = append(out, notes...)
		}
		bar += sec.Bars
	}
	return out
}

// melodyNotes converts grid notes into timed notes, octave-shifted by oct.
func (p *plan) melodyNotes(mn []mnote, ms melodyStyle, oct int, r *rng, human float64) []note {
	out := make([]note, 0, len(mn))
	for _, m := range mn {
		hold := float64(m.steps) * ms.legato
		if m.steps >= 8 {
			hold = float64(m.steps) * 0.95
		}
		out = append(out, note{
			start: p.at(m.bar, float64(m.step)) + human*r.between(-1, 1),
			dur:   max(hold, 0.8) * p.stepSec,
			pitch: float64(p.pitch(m.deg) + 12*oct),
			vel:   m.vel * float32(r.between(0.9, 1.08)),
		})
	}
	return out
}
