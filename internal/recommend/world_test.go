package recommend

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// A world is a small random server: people, songs, playlists and what they
// did, as the event log's events in order. The recommender's background work
// chews whatever real servers hold, so worlds reach for the edges: nobody,
// one song, everyone alike, only likes, songs without an artist or a
// sound, one listen repeated, a history past its cap, deleted songs. Every
// choice comes from one rand.Rand, so its seed (or a fuzzer's bytes) makes
// the same world again.
type world struct {
	shape  string
	events []musicify.Event // Seq is the index + 1
	users  []string         // the people, some of whom did nothing
	songs  []string         // the songs, some added late, deleted or never played
	sound  map[string]*musicify.AudioFeatures
	// The engine starts from the database as of events[:loaded] and the
	// model learns from it as of events[:trained]; the rest arrive live.
	loaded, trained int
	cfg             TrainConfig
	now             time.Time
}

var shapes = []string{
	"anything goes", "nothing at all", "songs nobody played", "people but no songs",
	"one song", "one person and one song", "one listen repeated", "everyone alike",
	"likes only", "playlists only", "interests only", "nobody shares a song",
	"a history past its cap", "one artist", "no artists", "no sound",
}

// How a listener relates to a song.
const (
	relListen = iota
	relLike
	relInterest
	relPlaylist
)

var words = []string{"night", "ocean", "harbour", "guitar", "thunder", "smooth", "saxophone", "dance",
	"rain", "city", "lights", "summer", "blue", "river", "the", "and", "a", "café", "ночь", "夜"}

// logUniform is 0..max, small numbers as likely as large orders of magnitude.
func logUniform(r *rand.Rand, max int) int {
	return int(math.Exp(r.Float64()*math.Log(float64(max+1)))) - 1
}

func newWorld(r *rand.Rand) *world {
	w := &world{shape: shapes[r.IntN(len(shapes))], sound: map[string]*musicify.AudioFeatures{},
		now: time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)}
	nUsers, nSongs, nPlaylists := r.IntN(51), logUniform(r, 5000), r.IntN(6)
	rels := []int{relListen, relLike, relInterest, relPlaylist}
	artists := 1 + r.IntN(1+nSongs/3)
	perSong := 4 // listeners of a song: 0 to 3
	switch w.shape {
	case "nothing at all":
		nUsers, nSongs, nPlaylists = 0, 0, 0
	case "songs nobody played":
		perSong = 1
	case "people but no songs":
		nSongs = 0
	case "one song":
		nSongs = 1
	case "one person and one song", "one listen repeated":
		nUsers, nSongs, nPlaylists = 1, 1, 0
	case "likes only":
		rels, nPlaylists = []int{relLike}, 0
	case "playlists only":
		rels, nPlaylists = []int{relPlaylist}, 1+r.IntN(10)
	case "interests only":
		rels, nPlaylists = []int{relInterest}, 0
	case "nobody shares a song":
		perSong = 2
	case "a history past its cap":
		nUsers, nSongs = 1+r.IntN(5), historyCap*2+r.IntN(200)
	case "one artist":
		artists = 1
	case "everyone alike":
		nSongs = min(nSongs, 200) // each person plays half of them: the events grow as people × songs
	}
	for u := range nUsers {
		w.users = append(w.users, fmt.Sprintf("u%d", u))
	}
	var listeners []string // who may play a song: people, and playlists (which hold it)
	if w.shape != "playlists only" {
		listeners = append(listeners, w.users...)
	}
	if rels[len(rels)-1] == relPlaylist {
		for p := range nPlaylists {
			listeners = append(listeners, fmt.Sprintf("p%d", p))
		}
	}
	if len(listeners) == 0 {
		perSong = 1
	}

	g := &gen{w: w, r: r, clock: w.now.Add(-30 * 24 * time.Hour)}
	var early, mid []musicify.Event
	dim := 1 + r.IntN(8) // one embedding length for the world, but for a few songs
	for i := range nSongs {
		id := fmt.Sprintf("s%d", i)
		w.songs = append(w.songs, id)
		added := g.songAdded(id, artists, r.IntN(4) == 0)
		if r.IntN(10) == 0 { // added later than people played it
			mid = append(mid, added)
		} else {
			early = append(early, added)
		}
		if w.shape != "no sound" && r.IntN(3) > 0 {
			mid = append(mid, g.analyzed(id, dim))
		}
	}
	// Each song's listeners, and how each relates to it.
	userRel := func() int {
		if rel := rels[r.IntN(len(rels))]; rel != relPlaylist {
			return rel
		}
		return relListen
	}
	members := map[string][]string{}
	for _, id := range w.songs {
		switch {
		case w.shape == "everyone alike" && len(w.users) > 0:
			if r.IntN(2) == 0 {
				continue
			}
			did := g.relation(w.users[0], id, userRel())
			for _, u := range w.users {
				for _, ev := range did {
					ev.UserID = u
					mid = append(mid, ev)
				}
			}
			continue
		case w.shape == "a history past its cap":
			mid = append(mid, g.relation(w.users[0], id, relListen)...)
			continue
		}
		for range r.IntN(perSong) {
			l := listeners[r.IntN(len(listeners))]
			if l[0] == 'p' {
				members[l] = append(members[l], id)
			} else {
				mid = append(mid, g.relation(l, id, userRel())...)
			}
		}
	}
	if w.shape == "one listen repeated" {
		for range 1 + r.IntN(60) {
			mid = append(mid, musicify.Event{Type: musicify.EventListened, UserID: w.users[0], SongID: w.songs[0]})
		}
	}
	for _, p := range slices.Sorted(maps.Keys(members)) { // in one order, so a seed makes one world
		ids := members[p]
		mid = append(mid, g.playlist(p, ids))
		if r.IntN(3) == 0 { // changed again: fewer songs, or deleted
			mid = append(mid, g.playlist(p, ids[:r.IntN(len(ids)+1)]))
		}
	}
	mid = append(mid, g.mishaps()...)
	r.Shuffle(len(mid), func(i, j int) { mid[i], mid[j] = mid[j], mid[i] })
	for _, ev := range append(early, mid...) {
		ev.At = g.at()
		ev.Seq = uint64(len(w.events) + 1)
		w.events = append(w.events, ev)
	}
	w.loaded = r.IntN(len(w.events) + 1)
	w.trained = w.loaded + r.IntN(len(w.events)-w.loaded+1)
	w.cfg = g.config(nSongs)
	return w
}
