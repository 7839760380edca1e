package synth

// arrangeLoFi is a dusty boom-bap loop: swung drums, a warm sub bass, jazzy
// seventh chords on a wobbly electric piano and a sparse mellow lead, all
// under vinyl crackle and a darkened top end.
func arrangeLoFi(p *plan) *song {
	p.swing, p.swingUnit = 0.2, 1
	r := newRNG(p.spec.Seed, streamArrange)
	h := newRNG(p.spec.Seed, streamHuman)
	sg := &song{verbT60: 1.8, verbSize: 1, verbDamp: 3500, echoStep: 3, echoFB: 0.35, echoTone: 2500, lowPass: 7000, crackle: 1}

	comps := [][]hit{
		{{0, 10, 0, 0.8}, {10, 6, 0, 0.6}},
		{{0, 6, 0, 0.8}, {6, 4, 0, 0.55}, {11, 5, 0, 0.65}},
		{{0, 15, 0, 0.8}},
		{{0, 3, 0, 0.75}, {3, 9, 0, 0.7}, {14, 2, 0, 0.5}},
	}
	comp := comps[r.intn(len(comps))]
	shape := seventh
	if r.chance(0.5) {
		shape = rootless9
	}
	voices := p.voicings(shape, 52, 72)
	keys := &track{inst: epiano{bright: 1.3, decay: 1.4}, gain: 0.2, verb: 0.25, echo: 0.05}
	for bar := range p.bars {
		pat := comp
		if p.part[bar] == Outro && p.partBar[bar] == p.partLen[bar]-1 {
			pat = []hit{{0, 16, 0, 0.75}}
		}
		keys.notes = append(keys.notes, p.chordHits(voices[bar], bar, pat, 0.014, 0.008, h, 0.35)...)
	}
	sg.add(keys)

	bassPat := []hit{{0, 6, 'R', 0.95}, {7, 2, 'R', 0.6}, {10, 4, 'F', 0.75}, {14, 2, 'A', 0.6}}
	if r.chance(0.5) {
		bassPat = []hit{{0, 9, 'R', 0.95}, {10, 3, 'R', 0.7}, {14, 2, 'A', 0.6}}
	}
	bass := &track{
		inst: subtractive{wave: waveSine, voices: 1, drive: 0.6, cutoff: 900,
			amp: adsr{a: 0.008, d: 0.5, s: 0.65, r: 0.1}},
		gain: 0.55,
	}
	bass.notes = p.bassLine(bassPat, 36, p.inParts(Verse, Chorus, Outro), h, 0.006)
	sg.add(bass)

	ms := melodyStyle{low: 5, high: 13, grid: 2, density: 0.5, maxNotes: 5, legato: 0.8, size: 4, leap: 0.25}
	tune := p.melody(ms, newRNG(p.spec.Seed, streamMelody), 1)
	flute := &track{
		inst: subtractive{wave: waveSoft, voices: 1, cutoff: 2600, amp: adsr{a: 0.035, d: 0.4, s: 0.75, r: 0.15},
			vibRate: 4.8, vibCents: 12, vibDelay: 0.25},
		gain: 0.26, pan: -0.1, verb: 0.3, echo: 0.22,
	}
	vibes := &track{inst: bell{ratio: 4, index: 1, decay: 1.4, tremolo: 4.5}, gain: 0.3, pan: 0.15, verb: 0.3, echo: 0.2}
	verseLead, chorusLead := flute, vibes
	if r.chance(0.5) {
		verseLead, chorusLead = vibes, flute
	}
	chorusLead.notes = p.melodyNotes(split(tune, p, Chorus), ms, 0, h, 0.01)
	verseLead.notes = p.melodyNotes(split(tune, p, Verse, Outro), ms, 0, h, 0.01)
	sg.add(flute)
	sg.add(vibes)

	kicks := []string{"X.....x...x.....", "X......x..X.....", "X.......x.x....."}
	kickPat := kicks[r.intn(len(kicks))]
	ks := kitSpec{kickHi: 115, kickLo: 48, kickBend: 0.04, kickDecay: 0.12, kickClick: 0.3,
		snareTone: 185, snareDecay: 0.28, snareBody: 0.5, hatDecay: 0.06, metal: 0.3}
	d := newDrumKit(ks, sg)
	dr := newRNG(p.spec.Seed, streamDrums)
	for bar := range p.bars {
		switch {
		case p.part[bar] == Intro:
			d.play(p, bar, hat, "x...x...x...x...", dr, 0.004)
		case p.part[bar] == Outro && p.partBar[bar] > 0:
		default:
			d.play(p, bar, kick, kickPat, dr, 0.003)
			sn := "....X.......X..."
			if p.isLastBar(bar) {
				sn = "....X.......X.gX"
			} else if dr.chance(0.3) {
				sn = "....X..g....X..."
			}
			d.play(p, bar, snare, sn, dr, 0.004)
			d.play(p, bar, hat, "x.o.x.o?x.o.x.og", dr, 0.006)
		}
	}
	return sg
}

// split keeps the melody notes of bars in the given parts.
func split(mn []mnote, p *plan, parts ...Part) []mnote {
	in := p.inParts(parts...)
	var out []mnote
	for _, m := range mn {
		if in(m.bar) {
			out = append(out, m)
		}
	}
	return out
}
