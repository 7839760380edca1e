package recommend

import (
	"fmt"
	"testing"
	"time"
)

// A new server has one person and nothing heard by two listeners: the
// model must learn from that, not fail, whatever the catalog's size. (It
// once sliced 4,000 items out of EASE's table when none had two listeners.)
func TestTrainingWithNoSongHeardByTwoListeners(t *testing.T) {
	for _, c := range []struct {
		name           string
		listeners      int
		songsEach      int
		cfg            TrainConfig
		wantNeighbours bool
	}{
		{"one person, one song", 1, 1, TrainConfig{}, false},
		{"one person, two songs", 1, 2, TrainConfig{}, true},
		{"one person, 4,000 songs", 1, 4000, TrainConfig{}, true},
		{"one person, more songs than EASE learns", 1, 4001, TrainConfig{}, true},
		{"three people, nothing in common", 3, 20, TrainConfig{}, true},
		{"one person under a small cap", 1, 30, TrainConfig{EASEItems: 5}, true},
		{"one person, RP3β alone", 1, 30, TrainConfig{EASEItems: 5, RP3Only: true}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			ts := NewTrainSet(time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC))
			for u := range c.listeners {
				for i := range c.songsEach {
					ts.Add(fmt.Sprintf("u:%d", u), fmt.Sprintf("song-%d-%d", u, i), weightListen)
				}
			}
			m, err := Train(ts, c.cfg)
			if err != nil {
				t.Fatal(err)
			}
			if m.Kind != "rp3b" {
				t.Errorf("kind %q: with no song heard twice only RP3β has anything to learn", m.Kind)
			}
			n := c.listeners * c.songsEach
			if len(m.Items) != n || len(m.Offsets) != n+1 || m.Listeners != c.listeners || m.Cells != n {
				t.Fatalf("model of %d items, %d offsets, %d listeners, %d cells", len(m.Items), len(m.Offsets), m.Listeners, m.Cells)
			}
			if got := len(m.Nbr) > 0; got != c.wantNeighbours {
				t.Errorf("%d neighbour weights", len(m.Nbr))
			}
			// A person's songs lead to their other songs, never to a stranger's.
			for i := range n {
				for k := m.Offsets[i]; k < m.Offsets[i+1]; k++ {
					if j := int(m.Nbr[k]); j == i || j/c.songsEach != i/c.songsEach {
						t.Fatalf("%s's neighbour %s", m.Items[i], m.Items[j])
					}
				}
			}
		})
	}
}

// EASE over too few items can keep no positive weight at all: RP3β's
// weights for the rest stand as they are, rather than scaled to nothing.
func TestEASEThatKeepsNoWeightLeavesRP3βsAsTheyAre(t *testing.T) {
	ts := NewTrainSet(time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC))
	for _, u := range []string{"u:ann", "u:bob"} {
		ts.Add(u, "a", weightListen)
		ts.Add(u, "b", weightListen)
	}
	m, err := Train(ts, TrainConfig{EASEItems: 1}) // EASE learns a alone: nothing to weigh
	if err != nil {
		t.Fatal(err)
	}
	if m.Kind != "ease+rp3b" || len(m.W) != 2 {
		t.Fatalf("a %s model with weights %v, want ease+rp3b with a→b and b→a", m.Kind, m.W)
	}
	for _, w := range m.W {
		if !(w > 0) {
			t.Errorf("weights %v, want them positive", m.W)
		}
	}
}
