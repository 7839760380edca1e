package synth

// arrangeSynthwave is night-drive synthwave: wide detuned-saw pads, a
// sixteenth-note arpeggio bouncing through a ping-pong delay, an eighth-note
// saw bass, four-on-the-floor drums with a roomy snare and a singing lead.
func arrangeSynthwave(p *plan) *song {
	r := newRNG(p.spec.Seed, streamArrange)
	h := newRNG(p.spec.Seed, streamHuman)
	sg := &song{verbT60: 2.6, verbSize: 1.3, verbDamp: 5000, echoStep: 3, echoFB: 0.42, echoTone: 3200}

	pad := &track{
		inst: subtractive{wave: waveSaw, voices: 3, detune: 22, cutoff: 1300, keytrack: 0.3,
			amp: adsr{a: 0.5, d: 1, s: 0.8, r: 1.2}},
		gain: 0.16, verb: 0.35,
	}
	padV := p.voicings(triad, 52, 71)
	for bar := range p.bars {
		pad.notes = append(pad.notes, p.chordHits(padV[bar], bar, []hit{{0, 16, 0, 0.8}}, 0, 0, h, 0.6)...)
	}
	sg.add(pad)

	arp := &track{
		inst: subtractive{wave: waveSaw, voices: 1, cutoff: 700, envAmt: 4500, fdecay: 0.09,
			amp: adsr{a: 0.002, d: 0.18, s: 0.25, r: 0.08}},
		gain: 0.12, verb: 0.15, echo: 0.35,
	}
	arpV := p.voicings(triad, 60, 76)
	orders := [][]int{{0, 1, 2, 3}, {0, 2, 1, 3}, {3, 2, 1, 0}, {0, 1, 2, 1}}
	order := orders[r.intn(len(orders))]
	for bar := range p.bars {
		if p.part[bar] == Intro && p.partBar[bar] < p.partLen[bar]/2 || p.part[bar] == Outro && p.partBar[bar] > 0 {
			continue
		}
		v := arpV[bar]
		tones := []int{v[0], v[1], v[2], v[0] + 12}
		for s := range 16 {
			vel := float32(0.6)
			if s%4 == 0 {
				vel = 0.85
			}
			pan := float32(0.35)
			if s%2 == 1 {
				pan = -0.35
			}
			arp.notes = append(arp.notes, note{start: p.at(bar, float64(s)), dur: 0.8 * p.stepSec,
				pitch: float64(tones[order[s%4]]), vel: vel, pan: pan})
		}
	}
	sg.add(arp)

	bass := &track{
		inst: subtractive{wave: waveSaw, voices: 1, sub: 0.6, cutoff: 260, envAmt: 1400, fdecay: 0.07,
			amp: adsr{a: 0.003, d: 0.2, s: 0.6, r: 0.05}},
		gain: 0.42,
	}
	bassPat := make([]hit, 8)
	octaves := r.chance(0.5)
	for i := range bassPat {
		role, vel := byte('R'), float32(0.9)
		if i%2 == 1 {
			vel = 0.7
			if octaves {
				role = 'O'
			}
		}
		bassPat[i] = hit{float64(2 * i), 1.7, role, vel}
	}
	bass.notes = p.bassLine(bassPat, 33, p.inParts(Verse, Chorus, Outro), h, 0)
	sg.add(bass)

	ms := melodyStyle{low: 7, high: 15, grid: 2, density: 0.6, maxNotes: 5, legato: 0.92, size: 3, leap: 0.25}
	lead := &track{
		inst: subtractive{wave: waveSaw, voices: 2, detune: 12, cutoff: 1800, envAmt: 1800, fdecay: 0.25,
			keytrack: 0.5, amp: adsr{a: 0.01, d: 0.4, s: 0.8, r: 0.25},
			vibRate: 5.5, vibCents: 16, vibDelay: 0.3},
		gain: 0.2, verb: 0.3, echo: 0.3,
	}
	lead.notes = p.melodyNotes(p.melody(ms, newRNG(p.spec.Seed, streamMelody), 2), ms, 0, h, 0)
	sg.add(lead)

	ks := kitSpec{kickHi: 130, kickLo: 46, kickBend: 0.035, kickDecay: 0.14, kickClick: 0.3,
		snareTone: 195, snareDecay: 0.35, snareBody: 0.45, hatDecay: 0.045, metal: 0.6}
	d := newDrumKit(ks, sg)
	d.tracks[snare].verb, d.tracks[clap].verb = 0.45, 0.4
	dr := newRNG(p.spec.Seed, streamDrums)
	fourFloor := r.chance(0.6)
	for bar := range p.bars {
		part := p.part[bar]
		if part == Intro || part == Outro && p.partBar[bar] > 0 {
			continue
		}
		if p.partBar[bar] == 0 && part == Chorus {
			d.play(p, bar, crash, "X...............", dr, 0)
		}
		if fourFloor {
			d.play(p, bar, kick, "X...X...X...X...", dr, 0)
		} else {
			d.play(p, bar, kick, "X.......X.x.....", dr, 0)
		}
		sn := "....X.......X..."
		if p.isLastBar(bar) && part != Outro {
			sn = "....X.......XxXX"
		}
		d.play(p, bar, snare, sn, dr, 0)
		d.play(p, bar, clap, "....x.......x...", dr, 0)
		if part == Chorus {
			d.play(p, bar, hat, "x.x.x.x.x.x.x.x.", dr, 0)
			d.play(p, bar, openHat, "..o...o...o...o.", dr, 0)
		} else {
			d.play(p, bar, hat, "..x...x...x...x.", dr, 0)
		}
	}
	return sg
}
