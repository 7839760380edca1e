package synth

// arrangeJazzy is late-night downtempo jazz: rootless ninth chords on an
// auto-panned electric piano, a walking upright bass, brushed drums with a
// swung ride and a vibraphone melody.
func arrangeJazzy(p *plan) *song {
	p.swing, p.swingUnit = 0.3, 2
	r := newRNG(p.spec.Seed, streamArrange)
	h := newRNG(p.spec.Seed, streamHuman)
	sg := &song{verbT60: 2, verbSize: 1.2, verbDamp: 4000, echoStep: 6, echoFB: 0.3, echoTone: 2500}

	comps := [][]hit{
		{{0, 6, 0, 0.8}, {6, 3, 0, 0.6}, {10, 6, 0, 0.7}},
		{{2, 4, 0, 0.7}, {6, 6, 0, 0.75}, {14, 2, 0, 0.5}},
		{{0, 14, 0, 0.8}},
		{{0, 3, 0, 0.75}, {6, 2, 0, 0.6}, {8, 8, 0, 0.7}},
	}
	keys := &track{inst: epiano{bright: 1.1, decay: 1.8}, gain: 0.2, verb: 0.25, autopan: p.spec.tempo() / 120}
	v := p.voicings(rootless9, 52, 72)
	for bar := range p.bars {
		pat := comps[r.intn(len(comps))]
		if p.part[bar] == Outro && p.isLastBar(bar) || p.part[bar] == Intro {
			pat = []hit{{0, 15, 0, 0.75}}
		}
		keys.notes = append(keys.notes, p.chordHits(v[bar], bar, pat, 0.01, 0.008, h, 0)...)
	}
	sg.add(keys)

	bass := &track{inst: pluck{bright: 0.25, decay: 1.3, damp: 0.7, release: 0.07, body: 0.6}, gain: 0.55}
	walk := []hit{{0, 3.6, 'R', 0.95}, {4, 3.6, 'T', 0.75}, {8, 3.6, 'F', 0.85}, {12, 3.6, 'A', 0.75}}
	bass.notes = p.bassLine(walk, 33, p.inParts(Verse, Chorus, Outro), h, 0.008)
	sg.add(bass)

	ms := melodyStyle{low: 7, high: 15, grid: 2, density: 0.5, maxNotes: 5, legato: 0.9, size: 5, leap: 0.3}
	vibes := &track{inst: bell{ratio: 4, index: 0.8, decay: 2, tremolo: 5.2}, gain: 0.32, pan: 0.2, verb: 0.3, echo: 0.12}
	vibes.notes = p.melodyNotes(p.melody(ms, newRNG(p.spec.Seed, streamMelody), 1), ms, 0, h, 0.01)
	sg.add(vibes)

	ks := kitSpec{kickHi: 85, kickLo: 46, kickBend: 0.04, kickDecay: 0.13, kickClick: 0.05,
		snareTone: 175, snareDecay: 0.25, snareBody: 0.25, hatDecay: 0.05, metal: 0.2}
	d := newDrumKit(ks, sg)
	d.tracks[snare].gain = 0.3
	dr := newRNG(p.spec.Seed, streamDrums)
	for bar := range p.bars {
		part := p.part[bar]
		if part == Outro && p.partBar[bar] > 0 {
			continue
		}
		d.play(p, bar, ride, "X...x.gxX...x.gx", dr, 0.005)
		if part == Intro {
			continue
		}
		d.play(p, bar, kick, "x.........o.....", dr, 0.005)
		d.play(p, bar, rim, "....x.......x...", dr, 0.005)
		d.play(p, bar, snare, "..g....g?.g...g.", dr, 0.008)
		d.play(p, bar, hat, "....x.......x...", dr, 0.005)
	}
	return sg
}
