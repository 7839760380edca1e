package synth

import "math"

// modeSteps are the semitone offsets of each mode's seven degrees.
var modeSteps = [...][7]int{
	Ionian:     {0, 2, 4, 5, 7, 9, 11},
	Dorian:     {0, 2, 3, 5, 7, 9, 10},
	Phrygian:   {0, 1, 3, 5, 7, 8, 10},
	Lydian:     {0, 2, 4, 6, 7, 9, 11},
	Mixolydian: {0, 2, 4, 5, 7, 9, 10},
	Aeolian:    {0, 2, 3, 5, 7, 8, 10},
}

// floorDiv rounds toward minus infinity so negative degrees land an octave down.
func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// mod7 maps any degree onto 0..6.
func mod7(d int) int { return d - 7*floorDiv(d, 7) }

// degreePitch turns a scale degree (0 = tonic, may span octaves) into MIDI.
func degreePitch(key int, m Mode, d int) int {
	if m < 0 || int(m) >= len(modeSteps) {
		m = Ionian
	}
	return key + 12*floorDiv(d, 7) + modeSteps[m][mod7(d)]
}

// midiHz converts a (possibly fractional) MIDI note to hertz.
func midiHz(m float64) float64 { return 440 * math.Exp2((m-69)/12) }

// isChordTone reports whether degree d belongs to the chord on root degree
// chord, counting the seventh (and ninth) only when the style voices them.
func isChordTone(d, chord, size int) bool {
	iv := mod7(d - chord)
	switch iv {
	case 0, 2, 4:
		return true
	case 6:
		return size >= 4
	case 1:
		return size >= 5
	}
	return false
}

// snapToChord moves d to the nearest chord tone, preferring to move down so
// lines settle rather than climb.
func snapToChord(d, chord, size int) int {
	for dist := 0; dist < 4; dist++ {
		if isChordTone(d-dist, chord, size) {
			return d - dist
		}
		if isChordTone(d+dist, chord, size) {
			return d + dist
		}
	}
	return d
}

// voiceLead picks the inversion and octave of a chord that sits in [lo, hi]
// and moves the least from prev, which keeps pads and comping smooth.
func voiceLead(tones []int, lo, hi int, prev []int) []int {
	n := len(tones)
	best, bestCost := []int(nil), math.MaxFloat64
	target := float64(lo+hi) / 2
	for inv := range n {
		cand := make([]int, n)
		for i := range n {
			t := tones[(inv+i)%n]
			if inv+i >= n {
				t += 12
			}
			cand[i] = t
		}
		for cand[0] < lo {
			shift(cand, 12)
		}
		for cand[0]-12 >= lo {
			shift(cand, -12)
		}
		if cand[n-1] > hi {
			continue
		}
		cost := 0.0
		if len(prev) == n {
			for i := range cand {
				cost += math.Abs(float64(cand[i] - prev[i]))
			}
		} else {
			cost = math.Abs(mean(cand) - target)
		}
		if cost < bestCost {
			best, bestCost = cand, cost
		}
	}
	if best == nil { // nothing fits: close position from the bottom
		best = append([]int(nil), tones...)
		for best[0] < lo {
			shift(best, 12)
		}
	}
	return best
}

func shift(v []int, by int) {
	for i := range v {
		v[i] += by
	}
}

func mean(v []int) float64 {
	s := 0
	for _, x := range v {
		s += x
	}
	return float64(s) / float64(len(v))
}
