package recommend

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// trainedFixture is the jazz and metal fixture with a model trained on it.
func trainedFixture(t *testing.T, now *time.Time, cfg TrainConfig) *Engine {
	t.Helper()
	e := fixture(now)
	ts := NewTrainSet(*now)
	for u := 0; u < 5; u++ {
		for i := 0; i < 6; i++ {
			if (u+i)%3 != 0 {
				ts.Add(fmt.Sprintf("u:jazzfan%d", u), fmt.Sprintf("jazz%d", i), weightListen)
				ts.Add(fmt.Sprintf("u:metalfan%d", u), fmt.Sprintf("metal%d", i), weightListen)
			}
		}
	}
	m, err := Train(ts, cfg)
	if err != nil {
		t.Fatal(err)
	}
	e.SetModel(m)
	return e
}

func TestTrainingPicksEASEWhenTheCatalogFitsAndAddsRP3BeyondIt(t *testing.T) {
	now := time.Now()
	for _, c := range []struct {
		name string
		cfg  TrainConfig
		kind string
		ease int
	}{
		{"a small catalog learns EASE", TrainConfig{}, "ease", 12},
		{"one larger than the cap learns EASE for the most played and RP3β for all", TrainConfig{EASEItems: 5}, "ease+rp3b", 5},
		{"or RP3β alone when asked", TrainConfig{EASEItems: 5, RP3Only: true}, "rp3b", 0},
		{"as few listeners as the cap learn EASE over every item, through the listeners", TrainConfig{EASEItems: 10}, "ease", 12},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := trainedFixture(t, &now, c.cfg)
			m := e.Model()
			if m.Kind != c.kind || m.EASEItems != c.ease || len(m.Items) != 12 || m.Listeners != 10 || m.Cells != 40 {
				t.Fatalf("model %s of %d items (%d by EASE), %d listeners, %d cells", m.Kind, len(m.Items), m.EASEItems, m.Listeners, m.Cells)
			}
			// What the model learned is taste: jazz leads to jazz.
			for k := m.Offsets[0]; k < m.Offsets[1]; k++ {
				if !strings.HasPrefix(m.Items[m.Nbr[k]], strings.TrimRight(m.Items[0], "0123456789")) {
					t.Fatalf("%s's neighbours: %v", m.Items[0], m.Nbr[m.Offsets[0]:m.Offsets[1]])
				}
			}
		})
	}
}

func TestALikeChangesTheNextRecommendationsWithoutARetrain(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	for _, kind := range []TrainConfig{{}, {EASEItems: 5}, {EASEItems: 5, RP3Only: true}} {
		e := trainedFixture(t, &now, kind)
		model := e.Model()
		e.Liked("convert", "metal0", now)
		before := e.ForUser("convert", 3, Options{})
		if !strings.HasPrefix(before[0], "metal") {
			t.Fatalf("%s, before: %v", model.Kind, before)
		}
		now = now.Add(time.Minute)
		for i := 0; i < 4; i++ {
			e.Liked("convert", fmt.Sprintf("jazz%d", i), now)
		}
		after := e.ForUserExplained("convert", 3, Options{})
		if !strings.HasPrefix(after[0].ID, "jazz") || e.Model() != model {
			t.Fatalf("%s, after liking jazz: %v", model.Kind, after)
		}
		if after[0].Reason != ReasonBecause || !strings.HasPrefix(after[0].Seed, "jazz") {
			t.Fatalf("%s: the reason for %s is %+v", model.Kind, after[0].ID, after[0])
		}
		if e.Changes() != 5 {
			t.Fatalf("%d changes counted since the model, want 5 likes", e.Changes())
		}
		e.Unliked("convert", "jazz0")
		e.PlaylistChanged("convert-mix", []string{"jazz1", "metal1"})
		if e.Changes() != 7 {
			t.Fatalf("%d changes counted, want an unlike and a playlist more", e.Changes())
		}
	}
}

func TestANewSongIsRecommendedByHowItSoundsAndWhoMadeIt(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	e := trainedFixture(t, &now, TrainConfig{})
	jazzy, heavy := []float32{1, 0.9, 0, 0}, []float32{0, 0, 1, 0.8}
	for i := 0; i < 6; i++ {
		e.SetFeatures(fmt.Sprintf("jazz%d", i), jazzy)
		e.SetFeatures(fmt.Sprintf("metal%d", i), heavy)
	}
	e.SongAdded(&musicify.Song{ID: "fresh-jazz", Artist: "new-trio"})
	e.SetFeatures("fresh-jazz", []float32{0.9, 1, 0.1, 0})
	e.SongAdded(&musicify.Song{ID: "fresh-metal", Artist: "new-band"})
	e.SetFeatures("fresh-metal", []float32{0, 0.1, 0.9, 1})
	e.Listened("listener", "jazz0", now)
	e.Listened("listener", "jazz1", now)
	recs := e.ForUserExplained("listener", 5, Options{})
	var got *Rec
	for i := range recs {
		if recs[i].ID == "fresh-metal" {
			t.Fatalf("a jazz listener is offered the new metal song before the rest of the jazz: %v", recs)
		}
		if recs[i].ID == "fresh-jazz" {
			got = &recs[i]
		}
	}
	if got == nil || got.Reason != ReasonSound || !strings.HasPrefix(got.Seed, "jazz") {
		t.Fatalf("the new jazz song, unplayed, is not offered for its sound: %+v", recs)
	}
}

func TestExploringSwapsOnePlaceForANewSongAndHoldsItForTheHour(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	e := trainedFixture(t, &now, TrainConfig{})
	for i := 0; i < 12; i++ { // unplayed songs of the taste, by words
		e.SongAdded(&musicify.Song{ID: fmt.Sprintf("unheard%d", i), Artist: fmt.Sprintf("newcomer%d", i), Name: "smooth night saxophone"})
	}
	e.Listened("jazzfan0", "jazz0", now)
	plain := e.ForUserExplained("jazzfan0", 8, Options{})
	explored := e.ForUserExplained("jazzfan0", 8, Options{Explore: true})
	if len(explored) != len(plain) {
		t.Fatalf("%d songs explored, %d plain", len(explored), len(plain))
	}
	for i := range plain {
		if i == 4 {
			if explored[i].Reason != ReasonExplore || !strings.HasPrefix(explored[i].ID, "unheard") {
				t.Fatalf("the fifth place explores: %+v", explored[i])
			}
			continue
		}
		if explored[i] != plain[i] {
			t.Fatalf("place %d changed: %+v, was %+v", i+1, explored[i], plain[i])
		}
	}
	now = now.Add(30 * time.Minute)
	if again := e.ForUserExplained("jazzfan0", 8, Options{Explore: true}); again[4] != explored[4] {
		t.Fatalf("within the hour the pick changed: %+v, was %+v", again[4], explored[4])
	}
}

func TestTopKKeepsTheHeaviestPositiveWeightsInOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 5, 50, 5000} {
		list := make([]neighbour, n)
		for i := range list {
			list[i] = neighbour{int32(i), float32(r.IntN(200) - 50)} // ties and negatives
		}
		want := append([]neighbour(nil), list...)
		sort.Slice(want, func(a, b int) bool {
			return want[a].w > want[b].w || (want[a].w == want[b].w && want[a].item < want[b].item)
		})
		for len(want) > 0 && want[len(want)-1].w <= 0 {
			want = want[:len(want)-1]
		}
		want = want[:min(len(want), 40)]
		if got := topK(list, 40); !slices.Equal(got, want) {
			t.Fatalf("n=%d: %v, want %v", n, got, want)
		}
	}
}
