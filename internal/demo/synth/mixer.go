package synth

import (
	"math"
	"sort"
)

// track is one instrument's notes with its place in the mix.
type track struct {
	inst    instrument
	notes   []note
	gain    float32
	pan     float32 // -1 left … 1 right
	verb    float32 // reverb send
	echo    float32 // delay send
	autopan float64 // Hz of a slow stereo sweep (Rhodes-style), 0 for none
}

// Bus channels: every frame holds left, right, reverb send and delay send
// side by side, so mixing a sample touches one cache line, not three arrays.
const (
	busL = iota
	busR
	busVerb
	busEcho
	busWidth
)

// mixer renders notes and sums them into the four-channel bus.
type mixer struct {
	sr     float64
	frames int
	bus    []float32
	ctx    voiceCtx
	seed   int64
	cache  noteCache
	groups map[uint64][]float32 // summed chords by content hash
	pool   [][]float32          // buffers of finished voices, for reuse
}

func newMixer(p *plan) *mixer {
	return &mixer{
		sr:     p.sr,
		frames: p.frames,
		bus:    make([]float32, busWidth*p.frames),
		ctx:    voiceCtx{sr: p.sr, rng: &rng{}},
		seed:   p.spec.Seed,
		cache:  noteCache{entries: map[noteKey][]float32{}, budget: cacheBudget},
		groups: map[uint64][]float32{},
	}
}

// panGains is a constant-power pan law normalised to unity in the centre.
func panGains(pan float32) (float32, float32) {
	pan = max(-1, min(1, pan))
	th := (float64(pan) + 1) * math.Pi / 4
	return float32(math.Cos(th) * math.Sqrt2), float32(math.Sin(th) * math.Sqrt2)
}

// groupWindow gathers notes struck together (a chord, a strum) so they
// are summed and mixed once, and a repeated chord is rendered only once.
// Arrangers can also group longer figures explicitly with note.group.
const groupWindow = 0.07

// event is a lone note or a group of notes of one track, due at a frame.
type event struct {
	id    int
	t     *track
	notes []note
	start int
}

// events splits every track into lone notes and groups, in time order.
func (m *mixer) events(tracks []*track) []event {
	var out []event
	for id, t := range tracks {
		notes := t.notes
		for i := 0; i < len(notes); {
			j := i + 1
			if g := notes[i].group; g != 0 {
				for j < len(notes) && notes[j].group == g && notes[j].start >= notes[i].start {
					j++
				}
			} else {
				for j < len(notes) && notes[j].group == 0 && notes[j].start >= notes[i].start &&
					notes[j].start-notes[i].start < groupWindow {
					j++
				}
			}
			start := m.frame(notes[i].start)
			if start >= 0 && start < m.frames {
				out = append(out, event{id: id, t: t, notes: notes[i:j], start: start})
			}
			i = j
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].start < out[b].start })
	return out
}

// frame converts seconds to a frame index.
func (m *mixer) frame(t float64) int { return int(math.Round(t * m.sr)) }

// voice is a rendered sound waiting to be mixed in: mono samples, or
// interleaved stereo for a group, placed at a frame with its gains.
type voice struct {
	start          int
	src            []float32
	stereo         bool
	gl, gr, gv, ge float32
	autopan        uint32 // phase step of a stereo sweep, 0 for none
	pooled         bool   // src returns to the pool when the voice ends
}

func (v *voice) frames() int {
	if v.stereo {
		return len(v.src) / 2
	}
	return len(v.src)
}

// mixChunk is how many frames are mixed at a time. A chunk of the bus
// (64 KB) stays in cache while every sounding voice adds to it, instead
// of each voice streaming through the whole song's bus from memory.
const mixChunk = 4096

// mix renders all tracks into the bus, chunk by chunk in time.
func (m *mixer) mix(tracks []*track) {
	evs := m.events(tracks)
	var active []*voice
	next := 0
	for cs := 0; cs < m.frames; cs += mixChunk {
		ce := min(cs+mixChunk, m.frames)
		for next < len(evs) && evs[next].start < ce {
			if v := m.prepare(evs[next]); v != nil {
				active = append(active, v)
			}
			next++
		}
		keep := active[:0]
		for _, v := range active {
			m.mixInto(v, cs, ce)
			if v.start+v.frames() > ce {
				keep = append(keep, v)
			} else if v.pooled {
				m.pool = append(m.pool, v.src[:0])
			}
		}
		active = keep
	}
}

// prepare renders an event and works out its gains.
func (m *mixer) prepare(e event) *voice {
	t := e.t
	if len(e.notes) > 1 {
		return m.prepareGroup(e)
	}
	n := e.notes[0]
	if n.vel <= 0 {
		return nil
	}
	src, pooled := m.voice(e.id, t.inst, n)
	g := t.gain * n.vel
	gl, gr := panGains(t.pan + n.pan)
	v := &voice{start: e.start, src: src, pooled: pooled, gl: gl * g, gr: gr * g, gv: g * t.verb, ge: g * t.echo}
	if t.autopan > 0 {
		v.gl, v.gr, v.autopan = g, g, phaseInc(t.autopan, m.sr)
	}
	return v
}

// mixInto adds the part of v that falls in frames [cs, ce) to the bus.
func (m *mixer) mixInto(v *voice, cs, ce int) {
	a, b := max(v.start, cs), min(v.start+v.frames(), ce)
	if a >= b {
		return
	}
	bus := m.bus[busWidth*a : busWidth*b]
	off := a - v.start
	if v.autopan != 0 {
		m.mixSwept(v, bus, off, a)
		return
	}
	gl, gr, gv, ge := v.gl, v.gr, v.gv, v.ge
	if v.stereo {
		src := v.src[2*off : 2*(off+b-a)]
		for i := range b - a {
			l, r := src[2*i], src[2*i+1]
			f := bus[busWidth*i : busWidth*i+busWidth : busWidth*i+busWidth]
			f[busL] += l * gl
			f[busR] += r * gr
			f[busVerb] += (l + r) * gv
			if ge != 0 {
				f[busEcho] += (l + r) * ge
			}
		}
		return
	}
	src := v.src[off : off+b-a]
	switch {
	case ge == 0 && gv == 0: // dry: kick, bass
		for i, x := range src {
			f := bus[busWidth*i : busWidth*i+busR+1 : busWidth*i+busR+1]
			f[busL] += x * gl
			f[busR] += x * gr
		}
	case ge == 0: // most tracks send nothing to the delay
		for i, x := range src {
			f := bus[busWidth*i : busWidth*i+busVerb+1 : busWidth*i+busVerb+1]
			f[busL] += x * gl
			f[busR] += x * gr
			f[busVerb] += x * gv
		}
	default:
		for i, x := range src {
			f := bus[busWidth*i : busWidth*i+busWidth : busWidth*i+busWidth]
			f[busL] += x * gl
			f[busR] += x * gr
			f[busVerb] += x * gv
			f[busEcho] += x * ge
		}
	}
}

// mixSwept mixes with a slow balance sweep on the song's clock, so
// consecutive notes continue the same sweep; gains change every block.
func (m *mixer) mixSwept(v *voice, bus []float32, off, at int) {
	n := len(bus) / busWidth
	ph := uint32(uint64(at) * uint64(v.autopan))
	for i0 := 0; i0 < n; i0 += block {
		s := 0.6 * sinp(ph)
		gl, gr := v.gl*(1-s), v.gr*(1+s)
		ph += v.autopan * block
		for i := i0; i < min(i0+block, n); i++ {
			var l, r float32
			if v.stereo {
				l, r = v.src[2*(off+i)], v.src[2*(off+i)+1]
			} else {
				l, r = v.src[off+i], v.src[off+i]
			}
			f := bus[busWidth*i : busWidth*i+busWidth : busWidth*i+busWidth]
			f[busL] += l * gl
			f[busR] += r * gr
			f[busVerb] += (l + r) * 0.5 * v.gv
			f[busEcho] += (l + r) * 0.5 * v.ge
		}
	}
}

// prepareGroup sums notes struck together, each with its own pan and
// (quantised) velocity, into a stereo buffer that is cached by the group's
// content, so a repeated chord or figure is rendered once.
func (m *mixer) prepareGroup(e event) *voice {
	t, notes := e.t, e.notes
	h := fnv64(uint64(e.id))
	for _, n := range notes {
		k := m.key(e.id, n)
		h = fnv64(h ^ uint64(m.frame(n.start-notes[0].start)))
		h = fnv64(h ^ uint64(k.pitch)<<32 ^ uint64(k.samples))
		h = fnv64(h ^ uint64(k.vel)<<16 ^ uint64(k.variant)<<8 ^ uint64(int64(math.Round(float64(n.pan)*100))))
	}
	src, ok := m.groups[h]
	pooled := false
	if !ok {
		length := 0
		for _, n := range notes {
			length = max(length, m.frame(n.start-notes[0].start)+t.inst.length(m.quantise(n, m.key(e.id, n)), m.sr))
		}
		if 2*length <= m.cache.budget {
			src = make([]float32, 2*length)
			m.cache.budget -= len(src)
			m.groups[h] = src
		} else {
			src, pooled = m.buffer(2*length), true
			clear(src)
		}
		for _, n := range notes {
			k := m.key(e.id, n)
			x := m.render(e.id, t.inst, m.quantise(n, k))
			gl, gr := panGains(t.pan + n.pan)
			v := float32(k.vel) / velSteps
			gl, gr = gl*v, gr*v
			dst := src[2*m.frame(n.start-notes[0].start):]
			for i, s := range x[:min(len(x), len(dst)/2)] {
				d := dst[2*i : 2*i+2 : 2*i+2]
				d[0] += s * gl
				d[1] += s * gr
			}
		}
	}
	// The group was rendered at quantised velocity; the touch of the first
	// note restores the exact level (notes of a hit share one touch).
	g := t.gain * notes[0].vel / (float32(m.key(e.id, notes[0]).vel) / velSteps)
	v := &voice{start: e.start, src: src, stereo: true, pooled: pooled,
		gl: g, gr: g, gv: 0.5 * g * t.verb, ge: 0.5 * g * t.echo}
	if t.autopan > 0 {
		v.autopan = phaseInc(t.autopan, m.sr)
		v.gv, v.ge = g*t.verb, g*t.echo
	}
	return v
}

// fnv64 is one mixing step (a 64-bit finaliser) for group keys.
func fnv64(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	return h
}
