package synth

import "math"

// epiano is a two-operator FM electric piano: a bell-like modulation that
// fades quickly plus a short high "tine" partial gives the Rhodes bark.
type epiano struct {
	bright float32 // modulation index at full velocity
	decay  float64 // seconds to fade while held
}

func (e epiano) env() adsr { return adsr{a: 0.003, d: e.decay, s: 0, r: 0.25} }

func (e epiano) length(n note, sr float64) int { return e.env().length(n.dur, sr) }

func (e epiano) render(c *voiceCtx, n note, out []float32) int {
	env := c.envelope(e.env(), n.dur)
	hz := midiHz(n.pitch)
	inc := phaseInc(hz, c.sr)
	tinc := phaseInc(hz*14, c.sr)
	idx := e.bright * (0.5 + 0.7*n.vel)
	// Low notes keep their bite longer, as on the real instrument.
	kIdx := float32(math.Exp(-1 / (0.35 * c.sr * math.Min(2, 220/hz+0.5))))
	floor := float32(0.18)
	tine := 0.22 * n.vel
	kTine := decayMul(0.06, c.sr)
	idx = min(idx, 3-floor)
	var pc, pm, pt uint32
	for i, a := range env {
		m := sinp(pm) * (idx + floor)
		v := sinp(pc + fmPhase(m))
		if tine != 0 {
			v += tine * sinp(pt)
			pt += tinc
			tine = flush(tine * kTine)
		}
		out[i] = v * a
		pc += inc
		pm += inc
		idx = flush(idx * kIdx)
	}
	return len(env)
}

// piano is additive: slightly stretched partials, each decaying faster than
// the one below, and two detuned strings on the fundamental for warmth.
type piano struct {
	decay  float64 // seconds for the fundamental of A3 to fade 60 dB
	bright float32 // how strong the upper partials are
}

const pianoRelease = 0.5

func (p piano) length(n note, sr float64) int {
	return int((n.dur+pianoRelease)*sr) + 1
}

func (p piano) render(c *voiceCtx, n note, out []float32) int {
	sr := c.sr
	total := p.length(n, sr)
	out = out[:total]
	clear(out)
	hz := midiHz(n.pitch)
	t60 := p.decay * math.Pow(220/hz, 0.5)
	gate := int(n.dur * sr)
	bright := p.bright * (0.6 + 0.6*n.vel)
	amp := float32(1)
	for k := 1; k <= 6; k++ {
		fk := hz * float64(k) * math.Sqrt(1+0.0004*float64(k*k))
		if fk > sr*0.45 {
			break
		}
		life := t60 / (1 + 0.6*float64(k-1))
		// Render each partial only while it is audible: the cost follows
		// the sound, not the note's nominal length.
		m := min(total, int(life*sr)+1)
		kd := decayMul(life, sr)
		inc := phaseInc(fk, sr)
		ph := c.rng.next32()
		a := amp
		for i := range m {
			out[i] += a * sinp(ph)
			ph += inc
			a *= kd
		}
		if k == 1 { // the second string, a hair sharp, beats slowly
			inc2 := phaseInc(fk*1.0012, sr)
			a, ph = amp*0.6, ph+c.rng.next32()
			for i := range m {
				out[i] += a * sinp(ph)
				ph += inc2
				a *= kd
			}
		}
		amp *= bright * 0.55
	}
	shapeHammer(out, gate, sr)
	return total
}

// shapeHammer adds the soft attack and the damper's release to a summed
// piano note without a full envelope pass per partial.
func shapeHammer(out []float32, gate int, sr float64) {
	att := int(0.004 * sr)
	for i := 0; i < att && i < len(out); i++ {
		out[i] *= float32(i) / float32(att)
	}
	rel := len(out) - gate
	if rel <= 0 {
		return
	}
	for j := range rel {
		x := 1 - float32(j+1)/float32(rel)
		out[gate+j] *= x * x
	}
}

// bell is FM with an inharmonic ratio: vibraphone-like at ratio 4, glassy at
// 3.5. Tremolo gives the vibes their motor.
type bell struct {
	ratio   float64
	index   float32
	decay   float64
	tremolo float64 // Hz, 0 for none
}

func (b bell) env() adsr { return adsr{a: 0.002, d: b.decay, s: 0, r: 0.3} }

func (b bell) length(n note, sr float64) int { return b.env().length(n.dur, sr) }

func (b bell) render(c *voiceCtx, n note, out []float32) int {
	env := c.envelope(b.env(), n.dur)
	hz := midiHz(n.pitch)
	inc := phaseInc(hz, c.sr)
	minc := phaseInc(hz*b.ratio, c.sr)
	tinc := phaseInc(b.tremolo, c.sr)
	idx := min(b.index*(0.4+0.6*n.vel), 3)
	kIdx := decayMul(b.decay*0.3, c.sr)
	var pc, pm, pt uint32
	for i, a := range env {
		m := sinp(pm) * idx
		v := sinp(pc + fmPhase(m))
		if tinc != 0 {
			v *= 0.82 + 0.18*sinp(pt)
			pt += tinc
		}
		out[i] = v * a
		pc += inc
		pm += minc
		idx = flush(idx * kIdx)
	}
	return len(env)
}
