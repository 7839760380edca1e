package recommend

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// gen makes a world's events.
type gen struct {
	w     *world
	r     *rand.Rand
	clock time.Time
}

func (g *gen) songAdded(id string, artists int, ownedByListener bool) musicify.Event {
	r := g.r
	d := musicify.SongData{Name: g.text(3), Album: g.text(2), Genre: g.text(1)}
	if g.w.shape != "no artists" && r.IntN(12) > 0 {
		d.Artist = fmt.Sprintf("artist %d", r.IntN(artists))
	}
	if r.IntN(4) == 0 {
		d.Text = g.text(40)
	}
	owner := fmt.Sprintf("uploader%d", r.IntN(3))
	if ownedByListener && len(g.w.users) > 0 {
		owner = g.w.users[r.IntN(len(g.w.users))]
	}
	data, _ := json.Marshal(d)
	return musicify.Event{Type: musicify.EventSongAdded, SongID: id, UserID: owner, Data: data}
}

// text is up to n words, often none.
func (g *gen) text(n int) string {
	var s string
	for range g.r.IntN(n + 1) {
		s += words[g.r.IntN(len(words))] + " "
	}
	return s
}

// analyzed is a song's embedding: random, now and then all zeros or of
// another length (an analysis of another version).
func (g *gen) analyzed(id string, dim int) musicify.Event {
	r := g.r
	if r.IntN(20) == 0 {
		dim = 1 + r.IntN(8)
	}
	vec := make([]float32, dim)
	if r.IntN(20) > 0 {
		for i := range vec {
			vec[i] = float32(r.NormFloat64())
		}
	}
	bpm := 0.0
	if r.IntN(5) > 0 {
		bpm = 40 + 180*r.Float64()
	}
	g.w.sound[id] = &musicify.AudioFeatures{Version: 1, BPM: bpm, Energy: r.Float64(), Embedding: vec}
	data, _ := json.Marshal(musicify.SongAnalyzedData{Embedding: vec})
	return musicify.Event{Type: musicify.EventSongAnalyzed, SongID: id, Data: data}
}

// relation is what one person did with one song: listens (now and then
// many), a like (now and then taken back) or an interest.
func (g *gen) relation(user, id string, rel int) []musicify.Event {
	ev := func(t musicify.EventType) musicify.Event { return musicify.Event{Type: t, UserID: user, SongID: id} }
	switch rel {
	case relLike:
		out := []musicify.Event{ev(musicify.EventLiked)}
		if g.r.IntN(5) == 0 {
			out = append(out, ev(musicify.EventUnliked))
		}
		return out
	case relInterest:
		return []musicify.Event{ev(musicify.EventInterested)}
	}
	n := 1
	if g.r.IntN(5) == 0 {
		n += g.r.IntN(12)
	}
	out := make([]musicify.Event, n)
	for i := range out {
		out[i] = ev(musicify.EventListened)
	}
	return out
}

func (g *gen) playlist(p string, ids []string) musicify.Event {
	data, _ := json.Marshal(musicify.PlaylistData{Songs: ids})
	return musicify.Event{Type: musicify.EventPlaylistChanged, PlaylistID: p, Data: data}
}

// mishaps are what a real event log holds besides: deleted songs, some added
// again under another artist, events naming nothing known, replays of no
// interest to the recommender, and data that does not decode.
func (g *gen) mishaps() []musicify.Event {
	r, w := g.r, g.w
	var out []musicify.Event
	for range r.IntN(4) {
		if len(w.songs) == 0 {
			break
		}
		id := w.songs[r.IntN(len(w.songs))]
		out = append(out, musicify.Event{Type: musicify.EventSongRemoved, SongID: id})
		if r.IntN(2) == 0 {
			out = append(out, g.songAdded(id, 3, false))
		}
	}
	user := "ghost"
	if len(w.users) > 0 {
		user = w.users[r.IntN(len(w.users))]
	}
	for range r.IntN(4) {
		switch r.IntN(6) {
		case 0:
			out = append(out, musicify.Event{Type: musicify.EventListened, UserID: user, SongID: "never-added"})
		case 1:
			out = append(out, musicify.Event{Type: musicify.EventUnliked, UserID: "ghost", SongID: "never-added"})
		case 2:
			out = append(out, musicify.Event{Type: musicify.EventSongAdded, SongID: "garbled", Data: []byte("{")})
		case 3:
			out = append(out, musicify.Event{Type: musicify.EventPlaylistChanged, PlaylistID: "garbled", Data: []byte(`{"songs":7}`)})
		case 4:
			out = append(out, musicify.Event{Type: musicify.EventSongAnalyzed, SongID: "garbled", Data: []byte("[")})
		case 5:
			out = append(out, musicify.Event{Type: musicify.EventUserChanged, UserID: user})
		}
	}
	return out
}

// at is the next event's time: mostly a little after the last (or at the
// same second), now and then never set, years ago, or ahead of the clock.
func (g *gen) at() time.Time {
	switch g.r.IntN(50) {
	case 0:
		return time.Time{}
	case 1:
		return g.w.now.AddDate(-1-g.r.IntN(30), 0, 0)
	case 2:
		return g.w.now.Add(time.Duration(1+g.r.IntN(1000)) * time.Hour)
	}
	g.clock = g.clock.Add(time.Duration(g.r.IntN(3)) * time.Minute)
	return g.clock
}

// config keeps EASE's dense inverse small (it costs n³), so a world trains
// in milliseconds, and reaches every kind of model: EASE alone, EASE and
// RP3β, RP3β alone.
func (g *gen) config(songs int) TrainConfig {
	r := g.r
	c := TrainConfig{EASEItems: 1 + logUniform(r, 40), Neighbours: r.IntN(30), Beta: r.Float64(), RP3Only: r.IntN(3) == 0}
	if songs <= 60 && r.IntN(4) == 0 {
		c.EASEItems = 0 // the default, which learns all of them
	}
	if r.IntN(2) == 0 {
		c.Lambda = 1 + 500*r.Float64()
	}
	return c
}
