package synth

// arrangeAmbient is slow piano in a large room: broken chords under a pedal,
// a sparse high melody, a soft pad far back and glassy bells that echo away.
// No drums; the pulse comes from the arpeggio.
func arrangeAmbient(p *plan) *song {
	r := newRNG(p.spec.Seed, streamArrange)
	h := newRNG(p.spec.Seed, streamHuman)
	sg := &song{verbT60: 4.5, verbSize: 1.6, verbDamp: 3200, echoStep: 6, echoFB: 0.45, echoTone: 2400}

	pno := piano{decay: 4, bright: 0.7}
	left := &track{inst: pno, gain: 0.3, pan: -0.15, verb: 0.45}
	v := p.voicings(add9, 55, 74)
	figures := [][]int{
		{0, 1, 2, 3, 4, 3, 2, 1},
		{0, 2, 1, 3, 2, 4, 3, 2},
		{0, 1, 2, 4, 3, 2, 1, 2},
	}
	fig := figures[r.intn(len(figures))]
	// The hand's small unevenness is the same in every bar, so a bar with
	// the same chord is the same figure and is rendered only once.
	lag, touch := make([]float64, len(fig)), make([]float32, len(fig))
	for i := range fig {
		lag[i], touch[i] = 0.01*h.between(-1, 1), float32(0.5+0.15*h.float())
	}
	for bar := range p.bars {
		c := p.chordAt(bar)
		root := p.bassNote(c, 40)
		left.notes = append(left.notes, note{start: p.at(bar, 0), dur: 15 * p.stepSec, pitch: float64(root),
			vel: 0.75, group: int32(bar + 1)})
		tones := append([]int{root + 12}, v[bar]...)
		last := p.part[bar] == Outro && p.isLastBar(bar)
		for i, idx := range fig {
			if last && i > 4 {
				break
			}
			if i == 0 {
				continue
			}
			left.notes = append(left.notes, note{
				start: p.at(bar, float64(2*i)) + lag[i],
				dur:   float64(16-2*i)*p.stepSec + 0.4,
				pitch: float64(tones[idx%len(tones)]),
				vel:   touch[i],
				pan:   float32(idx)*0.08 - 0.1,
				group: int32(bar + 1),
			})
		}
	}
	sg.add(left)

	pad := &track{
		inst: subtractive{wave: waveSaw, voices: 2, detune: 14, cutoff: 700, keytrack: 0.2,
			amp: adsr{a: 1.6, d: 1, s: 0.9, r: 2.2}},
		gain: 0.09, verb: 0.6,
	}
	padV := p.voicings(triad, 48, 67)
	for bar := range p.bars {
		pad.notes = append(pad.notes, p.chordHits(padV[bar], bar, []hit{{0, 16, 0, 0.8}}, 0, 0, h, 0.7)...)
	}
	sg.add(pad)

	ms := melodyStyle{low: 9, high: 17, grid: 4, density: 0.55, maxNotes: 3, legato: 1, size: 3, leap: 0.3}
	right := &track{inst: pno, gain: 0.32, pan: 0.15, verb: 0.45, echo: 0.22}
	right.notes = p.melodyNotes(p.melody(ms, newRNG(p.spec.Seed, streamMelody), 2), ms, 0, h, 0.012)
	sg.add(right)

	bells := &track{inst: bell{ratio: 3.5, index: 1.4, decay: 2.5}, gain: 0.07, pan: 0.3, verb: 0.6, echo: 0.5}
	for bar := range p.bars {
		if p.part[bar] != Chorus && p.part[bar] != Verse {
			continue
		}
		for beat := range 4 {
			if r.chance(0.22) {
				c := p.chordAt(bar)
				d := c + 2*r.intn(3) + 14
				bells.notes = append(bells.notes, note{start: p.at(bar, float64(4*beat+2)), dur: 0.3,
					pitch: float64(p.pitch(d)), vel: 0.7, pan: float32(r.between(-0.5, 0.5))})
			}
		}
	}
	sg.add(bells)
	return sg
}
