package recommend

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// store is a world's database after some of its events, as the engine
// loads it at start and the trainer reads it: a deleted song takes its
// listens, likes, playlist places and features along, and nothing can be
// done with a song before it exists.
type store struct {
	songs     []*musicify.Song // oldest first
	listens   []musicify.Interaction
	likes     []musicify.Interaction
	interests []musicify.Interaction
	playlists map[string][]string
	features  map[string][]float32
}

func (w *world) database(upTo int) *store {
	db := &store{playlists: map[string][]string{}, features: map[string][]float32{}}
	at := map[string]int{}        // song id → index in db.songs
	liked := map[[2]string]bool{} // user, song
	for _, ev := range w.events[:upTo] {
		it := musicify.Interaction{UserID: ev.UserID, SongID: ev.SongID, At: ev.At}
		_, known := at[ev.SongID]
		switch ev.Type {
		case musicify.EventSongAdded:
			var d musicify.SongData
			if json.Unmarshal(ev.Data, &d) != nil {
				continue
			}
			s := &musicify.Song{ID: ev.SongID, UserID: ev.UserID, Name: d.Name, Artist: d.Artist, Album: d.Album, Genre: d.Genre, Text: d.Text}
			if known {
				db.songs[at[ev.SongID]] = s
			} else {
				at[ev.SongID] = len(db.songs)
				db.songs = append(db.songs, s)
			}
		case musicify.EventSongRemoved:
			if known {
				db.songs[at[ev.SongID]] = nil
				delete(at, ev.SongID)
				db.remove(ev.SongID)
				for k := range liked {
					if k[1] == ev.SongID {
						delete(liked, k)
					}
				}
			}
		case musicify.EventSongAnalyzed:
			var d musicify.SongAnalyzedData
			if known && json.Unmarshal(ev.Data, &d) == nil {
				db.features[ev.SongID] = d.Embedding
			}
		case musicify.EventListened:
			if known {
				db.listens = append(db.listens, it)
			}
		case musicify.EventInterested:
			if known {
				db.interests = append(db.interests, it)
			}
		case musicify.EventLiked:
			if k := [2]string{it.UserID, it.SongID}; known && !liked[k] {
				liked[k] = true
				db.likes = append(db.likes, it)
			}
		case musicify.EventUnliked:
			if k := [2]string{it.UserID, it.SongID}; liked[k] {
				delete(liked, k)
				db.likes = slices.DeleteFunc(db.likes, func(l musicify.Interaction) bool { return l.UserID == it.UserID && l.SongID == it.SongID })
			}
		case musicify.EventPlaylistChanged:
			var d musicify.PlaylistData
			if json.Unmarshal(ev.Data, &d) == nil {
				db.playlists[ev.PlaylistID] = slices.DeleteFunc(slices.Clone(d.Songs), func(id string) bool { _, ok := at[id]; return !ok })
			}
		}
	}
	db.songs = slices.DeleteFunc(db.songs, func(s *musicify.Song) bool { return s == nil })
	return db
}

// remove takes what a deleted song had along, as the database's cascades do.
func (db *store) remove(id string) {
	gone := func(it musicify.Interaction) bool { return it.SongID == id }
	db.listens = slices.DeleteFunc(db.listens, gone)
	db.likes = slices.DeleteFunc(db.likes, gone)
	db.interests = slices.DeleteFunc(db.interests, gone)
	for p, ids := range db.playlists {
		db.playlists[p] = slices.DeleteFunc(ids, func(s string) bool { return s == id })
	}
	delete(db.features, id)
}

// Songs lists the newest first, as the database does.
func (db *store) Songs(context.Context) ([]*musicify.Song, error) {
	out := slices.Clone(db.songs)
	slices.Reverse(out)
	return out, nil
}

func each(list []musicify.Interaction, fn func(musicify.Interaction) error) error {
	for _, it := range list {
		if err := fn(it); err != nil {
			return err
		}
	}
	return nil
}

func (db *store) EachListen(_ context.Context, fn func(musicify.Interaction) error) error {
	return each(db.listens, fn)
}

func (db *store) EachLike(_ context.Context, fn func(musicify.Interaction) error) error {
	return each(db.likes, fn)
}

func (db *store) EachInterest(_ context.Context, fn func(musicify.Interaction) error) error {
	return each(db.interests, fn)
}

func (db *store) PlaylistMembers(context.Context) (map[string][]string, error) {
	return db.playlists, nil
}

func (db *store) AddInterest(context.Context, string, string, time.Time) error { return nil }

func (db *store) EachSongFeatures(_ context.Context, fn func(string, *musicify.AudioFeatures) error) error {
	for _, s := range db.songs {
		if vec, ok := db.features[s.ID]; ok {
			if err := fn(s.ID, &musicify.AudioFeatures{Version: 1, Embedding: vec}); err != nil {
				return err
			}
		}
	}
	return nil
}

// songState is what the engine should know of a song after some events.
type songState struct {
	artist, owner string
	alive         bool
}

// catalogOf replays the events that make songs known, changed or gone.
func catalogOf(events []musicify.Event) map[string]songState {
	cat := map[string]songState{}
	for _, ev := range events {
		switch ev.Type {
		case musicify.EventSongAdded:
			var d musicify.SongData
			if json.Unmarshal(ev.Data, &d) == nil {
				cat[ev.SongID] = songState{artist: d.Artist, owner: ev.UserID, alive: true}
			}
		case musicify.EventSongRemoved:
			if s, ok := cat[ev.SongID]; ok {
				s.alive = false
				cat[ev.SongID] = s
			}
		}
	}
	return cat
}

// byteSource feeds a fuzzer's bytes to rand.Rand one a choice (each byte
// spread over the whole word, so IntN reads it as a fraction), then a PCG
// seeded by them, so every input makes one world.
type byteSource struct {
	b   []byte
	pcg *rand.PCG
}

func newByteSource(b []byte) *byteSource {
	var seed [16]byte
	for i, c := range b {
		seed[i%16] ^= c + byte(i)
	}
	return &byteSource{b: b, pcg: rand.NewPCG(binary.LittleEndian.Uint64(seed[:8]), binary.LittleEndian.Uint64(seed[8:]))}
}

func (s *byteSource) Uint64() uint64 {
	if len(s.b) == 0 {
		return s.pcg.Uint64()
	}
	c := s.b[0]
	s.b = s.b[1:]
	return uint64(c) * 0x0101010101010101
}
