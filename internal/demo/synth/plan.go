package synth

// plan is the song laid out in time: which part and chord each bar plays and
// how steps (sixteenth notes) map to seconds.
type plan struct {
	spec      SongSpec
	sr        float64
	frames    int
	stepSec   float64 // one sixteenth note
	swing     float64 // delay of off-beat units, as a fraction of the unit
	swingUnit int     // 1 swings sixteenths, 2 swings eighths
	bars      int
	chord     []int  // chord root degree per bar
	part      []Part // part per bar
	partBar   []int  // index of the bar inside its section
	partLen   []int  // length of the section the bar belongs to
	musicEnd  float64
}

func newPlan(s SongSpec, sampleRate int) *plan {
	p := &plan{
		spec:      s,
		sr:        float64(sampleRate),
		frames:    s.Frames(sampleRate),
		stepSec:   15 / s.tempo(),
		swingUnit: 1,
		bars:      s.Bars(),
	}
	p.musicEnd = float64(p.bars) * 16 * p.stepSec
	verse, chorus := s.Verse, s.Chorus
	if len(verse) == 0 {
		verse = []int{0, 5, 3, 4}
	}
	if len(chorus) == 0 {
		chorus = verse
	}
	for _, sec := range s.form() {
		for i := range sec.Bars {
			prog := verse
			if sec.Part == Chorus {
				prog = chorus
			}
			c := prog[i%len(prog)]
			if sec.Part == Outro && i == sec.Bars-1 {
				c = 0 // always come home to the tonic
			}
			p.chord = append(p.chord, c)
			p.part = append(p.part, sec.Part)
			p.partBar = append(p.partBar, i)
			p.partLen = append(p.partLen, sec.Bars)
		}
	}
	return p
}

// at converts a bar and a step within it (may be fractional or past 16) into
// seconds, applying the swing of the style.
func (p *plan) at(bar int, step float64) float64 {
	s := float64(bar*16) + step
	u := float64(p.swingUnit)
	if p.swing != 0 {
		i := int(s / u)
		if i%2 == 1 && s-float64(i)*u < 1e-9 {
			s += p.swing * u
		}
	}
	return s * p.stepSec
}

// pitch turns a scale degree of the song's key into MIDI.
func (p *plan) pitch(d int) int { return degreePitch(p.spec.Key, p.spec.Mode, d) }

// chordAt is the chord degree sounding in bar, clamped to the song.
func (p *plan) chordAt(bar int) int {
	if bar < 0 {
		bar = 0
	}
	if bar >= p.bars {
		return 0
	}
	return p.chord[bar]
}

// isLastBar reports whether bar closes its section, where fills belong.
func (p *plan) isLastBar(bar int) bool { return p.partBar[bar] == p.partLen[bar]-1 }

// note is one sounding event in seconds, with MIDI pitch and velocity 0..1.
type note struct {
	start, dur float64
	pitch      float64
	vel        float32
	pan        float32 // added to the track's pan
	variant    int8    // picks one of a few takes of otherwise equal notes
	group      int32   // notes sharing a non-zero group are mixed as one
}
