package synth

// Drum voices. Each is synthesized once per song in a few variants and then
// replayed per hit, which is far cheaper than synthesizing every hit.
const (
	kick = iota
	snare
	clap
	hat
	openHat
	shaker
	rim
	crash
	ride
	numDrums
)

// kitSpec is the sound of one style's drum kit.
type kitSpec struct {
	kickHi, kickLo float64 // pitch sweep of the kick, Hz
	kickBend       float64 // seconds for the sweep
	kickDecay      float64 // seconds (time constant)
	kickClick      float32
	snareTone      float64 // Hz of the drum body
	snareDecay     float64 // seconds for the rattle to fade 60 dB
	snareBody      float32 // body level against the rattle
	hatDecay       float64
	metal          float32 // 0 = noise hats, 1 = 808-style square cluster
	crunch         float64 // sample-and-hold rate in Hz for 8-bit grit, 0 = off
}

// drumKit routes each drum voice to its own track with its own place in
// the mix. Voices are synthesized only once the patterns are laid out, and
// only those that play.
type drumKit struct {
	spec   kitSpec
	tracks [numDrums]*track
}

func newDrumKit(ks kitSpec, sg *song) *drumKit {
	d := &drumKit{spec: ks}
	place := [numDrums]struct{ gain, pan, verb float32 }{
		kick: {0.9, 0, 0.03}, snare: {0.55, 0.02, 0.18}, clap: {0.45, -0.05, 0.2},
		hat: {0.2, 0.25, 0.05}, openHat: {0.16, 0.25, 0.1}, shaker: {0.18, -0.3, 0.08},
		rim: {0.3, -0.15, 0.12}, crash: {0.16, -0.2, 0.15}, ride: {0.16, 0.3, 0.1},
	}
	for i := range d.tracks {
		d.tracks[i] = &track{gain: place[i].gain, pan: place[i].pan, verb: place[i].verb}
		sg.add(d.tracks[i])
	}
	sg.kit = d
	return d
}

// play adds one bar of pattern on drum voice v.
func (d *drumKit) play(p *plan, bar, v int, pat string, r *rng, human float64) {
	t := d.tracks[v]
	t.notes = p.drumBar(t.notes, bar, pat, r, human)
}

// build synthesizes the takes of every voice that has hits. Each voice has
// its own random stream, so adding a voice does not change the others.
func (d *drumKit) build(sr float64, seed int64) {
	ks := d.spec
	takes := [numDrums]int{kick: 2, snare: 3, clap: 2, hat: 3, openHat: 2, shaker: 3, rim: 2, crash: 1, ride: 3}
	for v, t := range d.tracks {
		if len(t.notes) == 0 {
			continue
		}
		r := newRNG(seed, streamKit+uint64(v)<<8)
		var s sampler
		for i := range takes[v] {
			j := 1 + 0.03*float64(i-1) // takes differ a little, like real hits
			var x []float32
			switch v {
			case kick:
				x = synthKick(ks, j, sr, r)
			case snare:
				x = synthSnare(ks, j, sr, r)
			case clap:
				x = synthClap(sr, r)
			case hat:
				x = synthHat(ks, ks.hatDecay*j, 1, sr, r)
			case openHat:
				x = synthHat(ks, 0.3*j, 0.8, sr, r)
			case shaker:
				x = synthShaker(j, sr, r)
			case rim:
				x = synthRim(j, sr, r)
			case crash:
				x = synthHat(ks, 1.2, 0.7, sr, r)
			case ride:
				x = synthRide(j, sr, r)
			}
			s.variants = append(s.variants, trimTail(x, sr))
		}
		t.inst = s
	}
}

// sampler replays a pre-rendered drum; the note's pitch selects the variant.
type sampler struct{ variants [][]float32 }

func (s sampler) pick(n note) []float32 {
	return s.variants[int(n.pitch)%len(s.variants)]
}

func (s sampler) length(n note, _ float64) int { return len(s.pick(n)) }

func (s sampler) render(_ *voiceCtx, n note, out []float32) int {
	return copy(out, s.pick(n))
}
