package recommend

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// feat is a measured song with an embedding of one or more numbers.
func feat(bpm, energy float64, emb ...float32) *musicify.AudioFeatures {
	if len(emb) == 0 {
		emb = []float32{1, 0}
	}
	return &musicify.AudioFeatures{Version: 1, BPM: bpm, Energy: energy, Embedding: emb}
}

// meanSteps is the mean |ΔBPM| and |Δenergy| between consecutive songs.
func meanSteps(order []string, f map[string]*musicify.AudioFeatures) (bpm, energy float64) {
	for i := 1; i < len(order); i++ {
		a, b := f[order[i-1]], f[order[i]]
		bpm += math.Abs(a.BPM - b.BPM)
		energy += math.Abs(a.Energy - b.Energy)
	}
	n := float64(len(order) - 1)
	return bpm / n, energy / n
}

func TestSongRadioDriftsInTempoAndEnergyInsteadOfJumping(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	f := map[string]*musicify.AudioFeatures{}
	artist := map[string]string{}
	var engine []string
	for i := range 80 {
		id := fmt.Sprintf("s%02d", i)
		// 90–125 BPM: within half an octave, so folding octaves changes
		// no distance and |ΔBPM| is a fair yardstick.
		emb := make([]float32, 8)
		for j := range emb {
			emb[j] = float32(rng.NormFloat64())
		}
		f[id] = feat(90+rng.Float64()*35, rng.Float64(), emb...)
		artist[id] = fmt.Sprintf("artist %d", i%10)
		if i > 0 {
			engine = append(engine, id)
		}
	}
	got := SongRadio("s00", engine, f, artist, 100)
	if len(got) != 80 || got[0] != "s00" {
		t.Fatalf("the radio is %d songs starting with %s, want all 80 from the seed", len(got), got[0])
	}
	chainBPM, chainEnergy := meanSteps(got, f)
	engineBPM, engineEnergy := meanSteps(append([]string{"s00"}, engine...), f)
	t.Logf("mean step: chain %.1f BPM %.3f energy; engine order %.1f BPM %.3f energy", chainBPM, chainEnergy, engineBPM, engineEnergy)
	if chainBPM > engineBPM/3 || chainEnergy > engineEnergy/3 {
		t.Fatalf("the chain steps %.1f BPM and %.3f energy, the engine's order %.1f and %.3f: want a third or less", chainBPM, chainEnergy, engineBPM, engineEnergy)
	}
}

func TestSongRadioHearsDoubleTimeAsTheSameTempo(t *testing.T) {
	f := map[string]*musicify.AudioFeatures{
		"seed":   feat(60, 0.5),
		"slower": feat(75, 0.5),
		"double": feat(120, 0.5),
		"half":   feat(31, 0.5),
	}
	got := SongRadio("seed", []string{"slower", "half", "double"}, f, nil, 10)
	if want := []string{"seed", "double", "half", "slower"}; !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v: 120 and 31 BPM are 60's pulse counted twice as fast or half as fast", got, want)
	}
}

func TestSongRadioWeighsSoundWhenTempoAndEnergyTie(t *testing.T) {
	f := map[string]*musicify.AudioFeatures{
		"seed":   feat(100, 0.5, 1, 0, 0),
		"unlike": feat(100, 0.5, 0, 0, 1),
		"alike":  feat(100, 0.5, 0.9, 0.1, 0),
	}
	if got := SongRadio("seed", []string{"unlike", "alike"}, f, nil, 10); got[1] != "alike" {
		t.Fatalf("got %v, want the song that sounds alike next", got)
	}
}

func TestSongRadioKeepsTheEngineOrderForSongsWithoutFeatures(t *testing.T) {
	t.Run("with no features at all the engine's order stays", func(t *testing.T) {
		got := SongRadio("seed", []string{"c", "a", "b", "seed", "a"}, nil, nil, 10)
		if want := []string{"seed", "c", "a", "b"}; !slices.Equal(got, want) {
			t.Fatalf("got %v, want %v", got, want)
		}
	})
	t.Run("measured songs come first and the others follow in the engine's order", func(t *testing.T) {
		f := map[string]*musicify.AudioFeatures{"seed": feat(100, 0.2), "far": feat(100, 0.9), "near": feat(100, 0.25)}
		got := SongRadio("seed", []string{"x", "far", "y", "near", "z"}, f, nil, 10)
		if want := []string{"seed", "near", "far", "x", "y", "z"}; !slices.Equal(got, want) {
			t.Fatalf("got %v, want %v", got, want)
		}
	})
	t.Run("an unmeasured seed starts the chain at the engine's best measured song", func(t *testing.T) {
		f := map[string]*musicify.AudioFeatures{"a": feat(100, 0.9), "b": feat(100, 0.1), "c": feat(100, 0.85)}
		got := SongRadio("seed", []string{"x", "a", "b", "c"}, f, nil, 10)
		if want := []string{"seed", "a", "c", "b", "x"}; !slices.Equal(got, want) {
			t.Fatalf("got %v, want %v", got, want)
		}
	})
	t.Run("the radio stops at n songs", func(t *testing.T) {
		if got := SongRadio("seed", []string{"a", "b", "c"}, nil, nil, 2); !slices.Equal(got, []string{"seed", "a"}) {
			t.Fatalf("got %v", got)
		}
	})
}

func TestSongRadioPlaysNoArtistThreeTimesInARowWhenItCanAvoidIt(t *testing.T) {
	f := map[string]*musicify.AudioFeatures{
		"a0": feat(100, 0.50), "a1": feat(100, 0.51), "a2": feat(100, 0.52), "a3": feat(100, 0.53),
		"b0": feat(100, 0.90),
	}
	artist := map[string]string{"a0": "A", "a1": "A", "a2": "A", "a3": "A", "b0": "B", "x": "A", "y": "B"}
	// After B's loud song, A's loudest is the nearest.
	got := SongRadio("a0", []string{"a1", "a2", "a3", "b0"}, f, artist, 10)
	if want := []string{"a0", "a1", "b0", "a3", "a2"}; !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	t.Run("also among songs without features", func(t *testing.T) {
		got := SongRadio("a0", []string{"a1", "x", "y"}, map[string]*musicify.AudioFeatures{}, artist, 10)
		if want := []string{"a0", "a1", "y", "x"}; !slices.Equal(got, want) {
			t.Fatalf("got %v, want %v", got, want)
		}
	})
	t.Run("and when it cannot, the artist's songs still play", func(t *testing.T) {
		got := SongRadio("a0", []string{"a1", "a2", "a3"}, f, artist, 10)
		if len(got) != 4 {
			t.Fatalf("got %v, want all four of A's songs", got)
		}
	})
}
