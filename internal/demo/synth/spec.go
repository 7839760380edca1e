package synth

import (
	"math"
	"time"
)

// Style picks an arrangement recipe, so every song of an artist shares its
// instruments, drums and rhythmic feel. The zero value plays as LoFi.
type Style int

// The styles of the demo artists.
const (
	LoFi Style = iota + 1
	Synthwave
	Ambient
	ChipPop
	Folk
	Jazzy
)

// Mode is the diatonic scale a song's chords and melody are drawn from.
type Mode int

// Diatonic modes, brightest to darkest apart from Lydian.
const (
	Ionian Mode = iota
	Dorian
	Phrygian
	Lydian
	Mixolydian
	Aeolian
)

// Part names what a section does in a song, which decides the layers playing.
type Part int

// Song parts in the order they usually appear.
const (
	Intro Part = iota
	Verse
	Chorus
	Outro
)

// Section is a run of bars that play the same part.
type Section struct {
	Part Part
	Bars int
}

// SongSpec describes one song completely: rendering the same spec always
// yields the same samples.
type SongSpec struct {
	Artist     string // account username of the artist
	ArtistName string // display name of the artist
	Title      string
	Album      string
	Track      int // its number on the album
	Genre      string
	Seed       int64 // drives melody, rhythm and timbre choices

	Style  Style
	Tempo  float64 // quarter notes per minute
	Key    int     // MIDI note of the tonic, 48–64 suits every style; e.g. 57 for A3
	Mode   Mode
	Verse  []int // chord scale degrees (0 = tonic), one per bar, looped
	Chorus []int // chord degrees for chorus bars; Verse when empty
	Form   []Section
}

// tailSeconds leaves room after the last bar for reverb and the fade to end.
const tailSeconds = 2.0

// Bars is the song's length in 4/4 bars.
func (s SongSpec) Bars() int {
	n := 0
	for _, sec := range s.form() {
		n += sec.Bars
	}
	return n
}

// form falls back to a short song shape when a spec leaves Form empty.
func (s SongSpec) form() []Section {
	if len(s.Form) > 0 {
		return s.Form
	}
	return []Section{{Intro, 2}, {Verse, 8}, {Chorus, 8}, {Outro, 2}}
}

// seconds is the exact rendered length, used for both Duration and Frames.
func (s SongSpec) seconds() float64 {
	return float64(s.Bars())*240/s.tempo() + tailSeconds
}

// tempo guards against a zero tempo in hand-written specs.
func (s SongSpec) tempo() float64 {
	if s.Tempo <= 0 {
		return 100
	}
	return s.Tempo
}

// Duration is how long the rendered song plays, tail included.
func (s SongSpec) Duration() time.Duration {
	return time.Duration(s.seconds() * float64(time.Second))
}

// Frames is the number of stereo frames Render returns at sampleRate.
func (s SongSpec) Frames(sampleRate int) int {
	return int(math.Round(s.seconds() * float64(sampleRate)))
}
