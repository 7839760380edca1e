package synth

// arrangeChip is bouncy chiptune electro-pop: a pulse-wave lead with
// vibrato, a fast arpeggio on a thin pulse, an octave-jumping triangle bass
// and crunchy 8-bit drums on a dance beat.
func arrangeChip(p *plan) *song {
	r := newRNG(p.spec.Seed, streamArrange)
	h := newRNG(p.spec.Seed, streamHuman)
	sg := &song{verbT60: 1.1, verbSize: 0.8, verbDamp: 6000, echoStep: 3, echoFB: 0.28, echoTone: 5000}

	ms := melodyStyle{low: 7, high: 16, grid: 2, density: 0.85, maxNotes: 7, legato: 0.85, size: 3, leap: 0.35}
	tune := p.melody(ms, newRNG(p.spec.Seed, streamMelody), 2)
	leadInst := func(duty float32) subtractive {
		return subtractive{wave: wavePulse, duty: duty, voices: 1, cutoff: 6000,
			amp: adsr{a: 0.003, d: 0.2, s: 0.7, r: 0.05}, vibRate: 6, vibCents: 22, vibDelay: 0.18}
	}
	lead := &track{inst: leadInst(0.25), gain: 0.24, verb: 0.12, echo: 0.15}
	lead.notes = p.melodyNotes(split(tune, p, Verse, Outro), ms, 0, h, 0)
	sg.add(lead)
	hook := &track{inst: leadInst(0.5), gain: 0.22, verb: 0.12, echo: 0.18}
	hook.notes = p.melodyNotes(split(tune, p, Chorus), ms, 0, h, 0)
	sg.add(hook)

	arp := &track{
		inst: subtractive{wave: wavePulse, duty: 0.125, voices: 1, cutoff: 5000,
			amp: adsr{a: 0.002, d: 0.05, s: 0.5, r: 0.02}},
		gain: 0.075, pan: -0.3, verb: 0.1,
	}
	v := p.voicings(triad, 60, 76)
	up := r.chance(0.5)
	for bar := range p.bars {
		if p.part[bar] == Outro && p.partBar[bar] > 0 {
			continue
		}
		for s := range 16 {
			i := s % 3
			if !up {
				i = 2 - i
			}
			oct := 12 * ((s / 3) % 2)
			arp.notes = append(arp.notes, note{start: p.at(bar, float64(s)), dur: 0.85 * p.stepSec,
				pitch: float64(v[bar][i] + oct), vel: 0.7})
		}
	}
	sg.add(arp)

	bass := &track{
		inst: subtractive{wave: waveTri, voices: 1, amp: adsr{a: 0.003, d: 0.1, s: 0.85, r: 0.03}},
		gain: 0.5,
	}
	pats := [][]hit{
		{{0, 1.6, 'R', 0.9}, {2, 1.6, 'O', 0.8}, {4, 1.6, 'R', 0.9}, {6, 1.6, 'O', 0.8},
			{8, 1.6, 'R', 0.9}, {10, 1.6, 'O', 0.8}, {12, 1.6, 'F', 0.9}, {14, 1.6, 'O', 0.8}},
		{{0, 3, 'R', 0.9}, {3, 1.6, 'R', 0.8}, {6, 1.6, 'F', 0.8}, {8, 3, 'O', 0.9},
			{11, 1.6, 'R', 0.8}, {14, 1.6, 'A', 0.8}},
	}
	bass.notes = p.bassLine(pats[r.intn(len(pats))], 36, p.inParts(Verse, Chorus, Outro), h, 0)
	sg.add(bass)

	ks := kitSpec{kickHi: 260, kickLo: 52, kickBend: 0.022, kickDecay: 0.08, kickClick: 0.1,
		snareTone: 220, snareDecay: 0.18, snareBody: 0.35, hatDecay: 0.03, metal: 0, crunch: 9000}
	d := newDrumKit(ks, sg)
	d.tracks[kick].gain = 0.7
	dr := newRNG(p.spec.Seed, streamDrums)
	for bar := range p.bars {
		part := p.part[bar]
		if part == Outro && p.partBar[bar] > 0 {
			continue
		}
		if part == Intro {
			if p.partBar[bar] >= p.partLen[bar]-2 {
				d.play(p, bar, hat, "x.x.x.x.x.x.x.x.", dr, 0)
			}
			continue
		}
		if p.partBar[bar] == 0 && part == Chorus {
			d.play(p, bar, crash, "X...............", dr, 0)
		}
		d.play(p, bar, kick, "X...X...X...X...", dr, 0)
		sn := "....X.......X..."
		if p.isLastBar(bar) {
			sn = "....X.......XXXX"
		}
		d.play(p, bar, snare, sn, dr, 0)
		if part == Chorus {
			d.play(p, bar, hat, "xxxxxxxxxxxxxxxx", dr, 0)
		} else {
			d.play(p, bar, hat, "x.x.x.x.x.x.x.x.", dr, 0)
		}
	}
	return sg
}
