package synth

import "testing"

func TestDegreePitch(t *testing.T) {
	tests := []struct {
		name string
		key  int
		mode Mode
		deg  int
		want int
	}{
		{"the tonic is the key", 60, Ionian, 0, 60},
		{"the major third is four semitones up", 60, Ionian, 2, 64},
		{"the minor third is three semitones up", 57, Aeolian, 2, 60},
		{"degree seven is an octave up", 60, Dorian, 7, 72},
		{"degree minus one is the leading tone below", 60, Ionian, -1, 59},
		{"degree minus one in Aeolian is the flat seventh below", 57, Aeolian, -1, 55},
		{"the Lydian fourth is raised", 60, Lydian, 3, 66},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := degreePitch(tt.key, tt.mode, tt.deg); got != tt.want {
				t.Errorf("degreePitch(%d, %d, %d) = %d, want %d", tt.key, tt.mode, tt.deg, got, tt.want)
			}
		})
	}
}

func TestSnapToChord(t *testing.T) {
	tests := []struct {
		name             string
		deg, chord, size int
		want             int
	}{
		{"a chord tone stays", 4, 0, 3, 4},
		{"the fourth over the tonic falls to the third", 3, 0, 3, 2},
		{"the second over the tonic falls to the root", 1, 0, 3, 0},
		{"the seventh counts in seventh chords", 6, 0, 4, 6},
		{"the ninth counts in ninth chords", 8, 0, 5, 8},
		{"it works an octave up over the dominant", 10, 4, 3, 11},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := snapToChord(tt.deg, tt.chord, tt.size); got != tt.want {
				t.Errorf("snapToChord(%d, %d, %d) = %d, want %d", tt.deg, tt.chord, tt.size, got, tt.want)
			}
		})
	}
}

func TestVoiceLead(t *testing.T) {
	c := []int{60, 64, 67} // C major
	f := []int{65, 69, 72} // F major
	first := voiceLead(c, 55, 72, nil)
	next := voiceLead(f, 55, 72, first)
	for _, v := range [][]int{first, next} {
		if v[0] < 55 || v[len(v)-1] > 72 {
			t.Errorf("voicing %v leaves the range 55..72", v)
		}
	}
	moved := 0
	for i := range next {
		moved += abs(next[i] - first[i])
	}
	if moved > 4 { // C-E-G to C-F-A moves two voices by a step or two
		t.Errorf("C %v to F %v moves %d semitones; smooth voice leading moves at most 4", first, next, moved)
	}
}
