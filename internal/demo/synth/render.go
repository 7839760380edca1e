package synth

// Independent random streams, so each decision family stays stable.
// (Notes seed their own randomness from their content; see mixer.render.)
const (
	streamArrange = iota + 1
	streamMelody
	streamDrums
	streamKit
	streamHuman
	streamTexture
)

// song is a style's arrangement: its tracks and the room they play in.
type song struct {
	tracks   []*track
	verbT60  float64 // seconds
	verbSize float64 // scales the reverb's delay lines
	verbDamp float64 // Hz of the damping in the tail
	echoStep float64 // delay time in sixteenths, 0 for none
	echoFB   float32
	echoTone float32 // Hz
	lowPass  float64 // master low-pass in Hz, 0 for none
	crackle  float32 // vinyl noise level, 0 for none
	kit      *drumKit
}

func (s *song) add(t *track) { s.tracks = append(s.tracks, t) }

// Render composes and plays the song: interleaved stereo float samples at
// sampleRate, s.Frames(sampleRate) frames long, mastered to about -14 LUFS
// with peaks under 0.86. The same spec always yields the same samples, and
// renders share no state, so songs may be rendered on parallel goroutines.
// A rate of zero or less yields nil.
func Render(s SongSpec, sampleRate int) []float32 {
	if sampleRate <= 0 {
		return nil
	}
	p := newPlan(s, sampleRate)
	sg := arrange(p)
	if sg.kit != nil {
		sg.kit.build(p.sr, s.Seed)
	}
	m := newMixer(p)
	m.mix(sg.tracks)
	shift := verbShift(p.sr)
	send := echoAndSend(m.bus, p.sr, sg.echoStep*p.stepSec, sg.echoFB, sg.echoTone, shift)
	f := finishing{
		wet:         fdn(send, p.sr/float64(int(1)<<shift), sg.verbT60, sg.verbSize, sg.verbDamp),
		wetShift:    shift,
		lowPass:     sg.lowPass,
		fadeIn:      0.01,
		fadeOutFrom: p.musicEnd - min(6, 24*p.stepSec),
	}
	if sg.crackle > 0 {
		f.vinyl = newVinyl(p.sr, sg.crackle, newRNG(s.Seed, streamTexture))
	}
	out, mt := finish(m.bus, p.frames, p.sr, f)
	normalize(out, mt, p.sr)
	return out
}

// arrange hands the plan to the artist's style.
func arrange(p *plan) *song {
	switch p.spec.Style {
	case Synthwave:
		return arrangeSynthwave(p)
	case Ambient:
		return arrangeAmbient(p)
	case ChipPop:
		return arrangeChip(p)
	case Folk:
		return arrangeFolk(p)
	case Jazzy:
		return arrangeJazzy(p)
	}
	return arrangeLoFi(p)
}

// vinyl is a record's hiss and soft, sparse crackle under a lo-fi mix.
type vinyl struct {
	src            noise
	r              *rng
	level, hp, lp  float32
	low, hiss, pop float32
	kPop           float32
	rate           float64 // pops per sample
}

func newVinyl(sr float64, level float32, r *rng) *vinyl {
	return &vinyl{src: newNoise(r), r: r, level: level, hp: onePole(1500, sr), lp: onePole(5000, sr),
		kPop: decayMul(0.004, sr), rate: 6 / sr}
}

func (v *vinyl) next() float32 {
	n := v.src.next()
	v.low += v.hp * (n - v.low)
	v.hiss += v.lp * ((n - v.low) - v.hiss)
	if v.r.float() < v.rate {
		v.pop = float32(v.r.between(-1, 1))
	}
	x := v.level * (0.004*v.hiss + 0.05*v.pop*n)
	v.pop = flush(v.pop * v.kPop)
	return x
}
