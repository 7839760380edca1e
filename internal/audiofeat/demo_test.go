package audiofeat

import (
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/musicify/musicify/internal/demo/synth"
	"github.com/musicify/musicify/internal/musicify"
)

// demoSongs renders the demo catalog in mono at Rate once per test binary,
// on every core: the songs whose tempo, key and mode the synthesizer knows.
var demoSongs = sync.OnceValue(func() [][]float32 {
	cat := synth.Catalog()
	out := make([][]float32, len(cat))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, s := range cat {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			stereo := synth.Render(s, Rate)
			mono := make([]float32, len(stereo)/2)
			for j := range mono {
				mono[j] = (stereo[2*j] + stereo[2*j+1]) / 2
			}
			out[i] = mono
		})
	}
	wg.Wait()
	return out
})

// demoFeatures analyses the demo songs once for every test that needs
// them: under the race detector each analysis takes ten times as long.
var demoFeatures = sync.OnceValue(func() []musicify.AudioFeatures {
	pcm := demoSongs()
	out := make([]musicify.AudioFeatures, len(pcm))
	var wg sync.WaitGroup
	for i := range pcm {
		wg.Go(func() { out[i] = Analyze(pcm[i], Rate) })
	}
	wg.Wait()
	return out
})

// expectedMode folds the synthesizer's church modes into the major or
// minor a listener names: Dorian and Aeolian have a minor third.
func expectedMode(m synth.Mode) musicify.Mode {
	switch m {
	case synth.Dorian, synth.Phrygian, synth.Aeolian:
		return musicify.Minor
	}
	return musicify.Major
}

// The demo synthesizer knows each song's tempo, key and mode: the
// analysis must hear the tempo within 2 BPM (half or double counts as
// wrong) and the key and mode in at least 20 of the 24 songs.
func TestDemoCatalogAccuracy(t *testing.T) {
	cat := synth.Catalog()
	features := demoFeatures()
	tempoHits, keyHits := 0, 0
	for i, s := range cat {
		f := features[i]
		want := musicify.AudioFeatures{Key: s.Key % 12, Mode: expectedMode(s.Mode)}
		tempoOK := math.Abs(f.BPM-s.Tempo) <= 2
		keyOK := f.Key == want.Key && f.Mode == want.Mode
		if tempoOK {
			tempoHits++
		}
		if keyOK {
			keyHits++
		}
		t.Logf("%-26s tempo %5.1f heard %5.1f %-5v key %-8s heard %-8s (%.2f) %v",
			s.Title, s.Tempo, f.BPM, tempoOK, want.KeyName(), f.KeyName(), f.KeyConfidence, keyOK)
	}
	fmt.Printf("demo catalog: tempo %d/%d within ±2 BPM, key and mode %d/%d\n", tempoHits, len(cat), keyHits, len(cat))
	if tempoHits < 20 {
		t.Errorf("tempo right for %d of %d songs, want at least 20", tempoHits, len(cat))
	}
	if keyHits < 20 {
		t.Errorf("key and mode right for %d of %d songs, want at least 20", keyHits, len(cat))
	}
}

// Discovery ranks songs by the cosine of their embeddings: a song's
// nearest neighbour should mostly be a song of the same artist, whose
// songs share instruments, drums and feel.
func TestDemoCatalogNearestNeighbourIsMostlyTheSameArtist(t *testing.T) {
	cat := synth.Catalog()
	features := demoFeatures()
	same := 0
	for i := range cat {
		best, nearest := math.Inf(-1), -1
		for j := range cat {
			if s := features[i].Similarity(&features[j]); j != i && s > best {
				best, nearest = s, j
			}
		}
		if cat[nearest].Artist == cat[i].Artist {
			same++
		} else {
			t.Logf("%s by %s is nearest to %s by %s (%.2f)", cat[i].Title, cat[i].Artist, cat[nearest].Title, cat[nearest].Artist, best)
		}
	}
	fmt.Printf("demo catalog: nearest neighbour by the same artist for %d/%d songs\n", same, len(cat))
	if same < 18 {
		t.Errorf("the nearest song is by the same artist for %d of %d songs, want at least 18", same, len(cat))
	}
}
