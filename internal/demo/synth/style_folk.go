package synth

// arrangeFolk is a front-porch song: a plucked acoustic guitar either
// strummed or finger-picked, a round upright bass, a whistled or plucked
// melody and a shaker with a soft kick and rim in the chorus.
func arrangeFolk(p *plan) *song {
	r := newRNG(p.spec.Seed, streamArrange)
	h := newRNG(p.spec.Seed, streamHuman)
	sg := &song{verbT60: 1.6, verbSize: 1.1, verbDamp: 4500}

	gtr := &track{inst: pluck{bright: 0.55, decay: 3, damp: 0.5, release: 0.08, body: 0.12}, gain: 0.24, verb: 0.22}
	v := p.voicings(triad, 52, 67)
	strum := r.chance(0.5)
	for bar := range p.bars {
		c := p.chordAt(bar)
		low := p.bassNote(c, 40)
		fifth := low + p.pitch(c+4) - p.pitch(c)
		if fifth-low > 7 {
			fifth -= 12
		}
		shape := append([]int{low, low + 7}, v[bar]...)
		last := p.part[bar] == Outro && p.isLastBar(bar)
		if last {
			gtr.notes = append(gtr.notes, p.strum(shape, bar, 0, 16, 0.9, true, h)...)
			continue
		}
		if strum {
			for _, s := range []struct {
				at, len float64
				down    bool
				vel     float32
			}{{0, 4, true, 0.9}, {4, 2, true, 0.7}, {6, 2, false, 0.55}, {10, 2, false, 0.55}, {12, 2, true, 0.7}, {14, 2, false, 0.5}} {
				gtr.notes = append(gtr.notes, p.strum(shape, bar, s.at, s.len, s.vel, s.down, h)...)
			}
			continue
		}
		// Travis picking: alternating bass on the beats, treble between.
		bassAt := []int{low, fifth, low, fifth}
		top := v[bar]
		treble := []int{top[2], top[1], top[2], top[0]}
		for beat := range 4 {
			gtr.notes = append(gtr.notes,
				note{start: p.at(bar, float64(4*beat)), dur: 4 * p.stepSec, pitch: float64(bassAt[beat]), vel: 0.8, pan: -0.15},
				note{start: p.at(bar, float64(4*beat+2)), dur: 6 * p.stepSec, pitch: float64(treble[beat]), vel: 0.6, pan: 0.15})
		}
	}
	sg.add(gtr)

	bass := &track{inst: pluck{bright: 0.2, decay: 1.6, damp: 0.75, release: 0.08, body: 0.5}, gain: 0.5}
	bass.notes = p.bassLine([]hit{{0, 6, 'R', 0.9}, {8, 6, 'F', 0.8}}, 33, p.inParts(Verse, Chorus), h, 0.006)
	sg.add(bass)

	ms := melodyStyle{low: 7, high: 15, grid: 2, density: 0.55, maxNotes: 5, legato: 0.9, size: 3, leap: 0.2}
	var lead instrument = subtractive{wave: waveSoft, voices: 1, cutoff: 3200,
		amp: adsr{a: 0.04, d: 0.3, s: 0.8, r: 0.12}, vibRate: 5, vibCents: 18, vibDelay: 0.2}
	leadGain := float32(0.22)
	if r.chance(0.4) { // a mandolin-ish second plucked voice
		lead, leadGain = pluck{bright: 0.85, decay: 1.2, damp: 0.45, release: 0.06}, 0.3
	}
	mel := &track{inst: lead, gain: leadGain, pan: 0.1, verb: 0.28}
	mel.notes = p.melodyNotes(p.melody(ms, newRNG(p.spec.Seed, streamMelody), 1), ms, 0, h, 0.01)
	sg.add(mel)

	ks := kitSpec{kickHi: 95, kickLo: 50, kickBend: 0.05, kickDecay: 0.12, kickClick: 0.1,
		snareTone: 180, snareDecay: 0.2, snareBody: 0.4, hatDecay: 0.05, metal: 0}
	d := newDrumKit(ks, sg)
	d.tracks[kick].gain = 0.55
	dr := newRNG(p.spec.Seed, streamDrums)
	for bar := range p.bars {
		part := p.part[bar]
		if part == Intro || part == Outro {
			continue
		}
		d.play(p, bar, shaker, "x.o.x.o.x.o.x.o.", dr, 0.006)
		if part == Chorus {
			d.play(p, bar, kick, "X.......X.......", dr, 0.004)
			d.play(p, bar, rim, "....x.......x...", dr, 0.004)
		}
	}
	return sg
}

// strum spreads a chord shape over a few milliseconds, low to high on a
// down-stroke and high to low (and lighter) on an up-stroke.
func (p *plan) strum(shape []int, bar int, at, steps float64, vel float32, down bool, r *rng) []note {
	n := len(shape)
	out := make([]note, 0, n)
	t0 := p.at(bar, at) + 0.006*r.between(-1, 1)
	vel *= float32(r.between(0.88, 1.04))
	for i := range n {
		j := i
		if !down {
			j = n - 1 - i
			if i >= 4 { // an up-stroke catches only the top strings
				break
			}
		}
		t := t0 + 0.011*float64(i)
		out = append(out, note{
			start: t,
			dur:   steps*p.stepSec - 0.011*float64(i),
			pitch: float64(shape[j]),
			vel:   vel * (1 - 0.04*float32(i)),
			pan:   float32(j)/float32(n)*0.5 - 0.25,
		})
	}
	return out
}
