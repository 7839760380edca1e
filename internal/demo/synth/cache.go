package synth

import "math"

// cacheBudget bounds the samples a render keeps for repeated notes (64 MB).
const cacheBudget = 16 << 20

// velSteps quantises velocity for the instrument and the cache.
const velSteps = 8

// noteKey identifies a note's sound: everything the instrument hears.
// Velocity and pitch are quantised so repeats of a part hit the cache,
// while a lone note still gets its exact velocity as gain in the mix.
type noteKey struct {
	track   int
	pitch   int32 // hundredths of a semitone
	samples int32 // gate length
	vel     int8
	variant int8
}

// noteCache keeps rendered notes: songs repeat their chords, riffs and
// beats, so most notes need rendering only once.
type noteCache struct {
	entries map[noteKey][]float32
	budget  int
}

func (m *mixer) key(id int, n note) noteKey {
	return noteKey{
		track:   id,
		pitch:   int32(math.Round(n.pitch * 100)),
		samples: int32(n.dur * m.sr),
		vel:     int8(max(1, math.Round(float64(n.vel)*velSteps))),
		variant: n.variant,
	}
}

// quantise is the note as the instrument renders it for key k.
func (m *mixer) quantise(n note, k noteKey) note {
	n.pitch = float64(k.pitch) / 100
	n.dur = float64(k.samples) / m.sr
	n.vel = float32(k.vel) / velSteps
	return n
}

// render plays a quantised note into scratch memory (valid until the next
// call). The instrument's randomness is seeded from the note's key, so a
// note sounds the same whether or not it was cached.
func (m *mixer) render(id int, inst instrument, q note) []float32 {
	k := m.key(id, q)
	m.ctx.rng.s = uint64(m.seed)*0x2545F4914F6CDD1D ^ uint64(k.pitch)<<32 ^ uint64(k.samples)<<8 ^
		uint64(k.vel)<<4 ^ uint64(k.variant) ^ uint64(id)<<56
	need := inst.length(q, m.sr)
	m.ctx.scratch = grow(m.ctx.scratch, need)
	return m.ctx.scratch[:inst.render(&m.ctx, q, m.ctx.scratch)]
}

// voice returns the samples of a lone note, rendering it only the first
// time. When the cache is full the note gets a pooled buffer of its own
// (pooled is then true), since it must outlive the next render.
func (m *mixer) voice(id int, inst instrument, n note) (src []float32, pooled bool) {
	if d, ok := inst.(sampler); ok { // already a stored sample
		return d.pick(n), false
	}
	k := m.key(id, n)
	if s, ok := m.cache.entries[k]; ok {
		return s, false
	}
	x := m.render(id, inst, m.quantise(n, k))
	if len(x) > m.cache.budget {
		b := m.buffer(len(x))
		copy(b, x)
		return b, true
	}
	s := append([]float32(nil), x...)
	m.cache.budget -= len(s)
	m.cache.entries[k] = s
	return s, false
}

// buffer takes a buffer of n samples from the pool (contents undefined) or
// makes one; finished voices give theirs back, so a long song reuses a few.
func (m *mixer) buffer(n int) []float32 {
	for i, b := range m.pool {
		if cap(b) >= n {
			m.pool[i] = m.pool[len(m.pool)-1]
			m.pool = m.pool[:len(m.pool)-1]
			return b[:n]
		}
	}
	return make([]float32, n)
}
