package recommend

import (
	"context"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/pipeline_golden.json from the code as it is")

// goldenWorld is what every public request returns in one world.
type goldenWorld struct {
	Seed     uint64
	Shape    string
	Model    bool
	Top      []string
	ForUser  map[string][]Rec // "user|options" → the explained list
	Artists  map[string][]string
	Similar  map[string][]string
	Radio    map[string][]string
	Explored map[string][]Rec // ForUser with Explore
}

// The recommendations of a fixed set of worlds, recorded from the code
// before the request path was reshaped into a pipeline: any change to what
// a request returns shows here. Regenerate only for a change meant to
// alter behaviour (go test -run TestPipelineGolden -update).
func TestPipelineGolden(t *testing.T) {
	ctx := context.Background()
	var got []goldenWorld
	for seed := uint64(0); seed < 100 && len(got) < 10; seed++ {
		r := rand.New(rand.NewPCG(seed, worldStream))
		w := newWorld(r)
		if len(w.users) == 0 || len(w.songs) == 0 || len(w.songs) > 2500 || playlistsOf(w) > 1 {
			continue
		}
		clock := w.now.Add(time.Hour)
		e := New(func() time.Time { return clock })
		if err := e.Load(ctx, w.database(w.loaded)); err != nil {
			t.Fatal(err)
		}
		for _, ev := range w.events[w.loaded:] {
			if err := e.Apply(ctx, ev); err != nil {
				t.Fatal(err)
			}
		}
		g := goldenWorld{Seed: seed, Shape: w.shape, ForUser: map[string][]Rec{}, Artists: map[string][]string{},
			Similar: map[string][]string{}, Radio: map[string][]string{}, Explored: map[string][]Rec{}}
		ts, err := Collect(ctx, w.database(w.trained), w.now)
		if err != nil {
			t.Fatal(err)
		}
		if m, err := Train(ts, w.cfg); err == nil && m != nil {
			e.SetModel(m)
			g.Model = true
		}
		g.Top = e.Top(30)
		users := w.users[:min(len(w.users), 30)]
		for _, u := range users {
			g.ForUser[u+"|default"] = e.ForUserExplained(u, 20, Options{})
			g.ForUser[u+"|all"] = e.ForUserExplained(u, 10, Options{ExcludeAll: true})
			g.ForUser[u+"|heard"] = e.ForUserExplained(u, 12, Options{Heard: w.songs[:min(len(w.songs), 5)]})
			g.ForUser[u+"|short"] = e.ForUserExplained(u, 3, Options{})
			g.Explored[u] = e.ForUserExplained(u, 15, Options{Explore: true})
			g.Artists[u] = e.Artists(u, 8)
		}
		songs := w.songs[:min(len(w.songs), 30)]
		artist := map[string]string{}
		for _, s := range e.songs {
			artist[s.id] = s.artist
		}
		for _, s := range songs {
			sim := e.Similar(s, 25)
			g.Similar[s] = sim
			g.Radio[s] = SongRadio(s, sim, w.sound, artist, 12)
		}
		got = append(got, g)
	}
	data, err := json.MarshalIndent(got, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "pipeline_golden.json")
	if *updateGolden {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != string(data) {
		var old []goldenWorld
		if err := json.Unmarshal(want, &old); err != nil {
			t.Fatal(err)
		}
		for i := range min(len(old), len(got)) {
			a, _ := json.Marshal(old[i])
			b, _ := json.Marshal(got[i])
			if string(a) != string(b) {
				t.Fatalf("world seed %d (%s) answers differently from the golden record", got[i].Seed, got[i].Shape)
			}
		}
		t.Fatalf("the golden record holds %d worlds, the code answers %d", len(old), len(got))
	}
}

// playlistsOf counts a world's playlists. newWorld makes the events of
// two or more in a map's order, so such a world differs from run to run:
// the golden record leaves them out.
func playlistsOf(w *world) int {
	ids := map[string]bool{}
	for _, ev := range w.events {
		if ev.Type == musicify.EventPlaylistChanged {
			ids[ev.PlaylistID] = true
		}
	}
	return len(ids)
}
