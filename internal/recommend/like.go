package recommend

import (
	"context"
	"fmt"

	"github.com/musicify/musicify/internal/musicify"
)

// radioCandidates is how many like songs a song radio orders: enough to
// find a smooth path, few enough to order in a blink.
const radioCandidates = 200

// Like is "songs like this" for every face of the server: the web's "More
// like this" and song radio, Subsonic's similar songs and the assistant
// all ask it, so a song has the same like songs, in the same order,
// wherever people ask.
type Like struct {
	// Engine ranks the songs like one song, best first (Engine.Similar).
	Engine interface {
		Similar(songID string, n int) []string
	}
	// Store reads the songs; it is the truth on which exist, since the
	// engine hears of a deletion only when the event reaches it.
	Store interface {
		SongsByIDs(ctx context.Context, ids []string) ([]*musicify.Song, error)
	}
	// Features order a radio by how its songs sound; nil keeps the
	// engine's order.
	Features interface {
		SongFeaturesByIDs(ctx context.Context, ids []string) (map[string]*musicify.AudioFeatures, error)
	}
}

// Songs returns up to n songs like the seeds, best first: no seed, none
// twice, none deleted. Several seeds take turns by rank (each one's best,
// then each one's second best…), so the songs like an album are like the
// whole album and not mostly its first song. Seeds deleted meanwhile are
// passed over; ENOTFOUND when none is left. No seeds, no songs.
func (l *Like) Songs(ctx context.Context, seedIDs []string, n int) ([]*musicify.Song, error) {
	_, like, err := l.like(ctx, seedIDs, n)
	return like, err
}

// Radio returns a listening order from a song: the song, then up to
// limit-1 songs like it, each near the one before in tempo, energy and
// sound (SongRadio). ENOTFOUND when the song does not exist.
func (l *Like) Radio(ctx context.Context, seedID string, limit int) ([]*musicify.Song, error) {
	seeds, like, err := l.like(ctx, []string{seedID}, radioCandidates)
	if err != nil {
		return nil, err
	}
	seed := seeds[0]
	byID := make(map[string]*musicify.Song, len(like)+1)
	artist := make(map[string]string, len(like)+1)
	ids := make([]string, 0, len(like)+1)
	for _, s := range append(seeds[:1:1], like...) {
		byID[s.ID], artist[s.ID] = s, s.Artist
		ids = append(ids, s.ID)
	}
	features := map[string]*musicify.AudioFeatures{}
	if l.Features != nil {
		if features, err = l.Features.SongFeaturesByIDs(ctx, ids); err != nil {
			return nil, fmt.Errorf("reading the radio's audio features: %w", err)
		}
	}
	order := SongRadio(seed.ID, ids[1:], features, artist, limit)
	out := make([]*musicify.Song, len(order))
	for i, id := range order {
		out[i] = byID[id]
	}
	return out, nil
}

// like reads the seeds that exist and up to n songs like them.
func (l *Like) like(ctx context.Context, seedIDs []string, n int) (seeds, like []*musicify.Song, err error) {
	if len(seedIDs) == 0 {
		return nil, []*musicify.Song{}, nil
	}
	if seeds, err = l.Store.SongsByIDs(ctx, seedIDs); err != nil {
		return nil, nil, fmt.Errorf("reading the songs to find songs like: %w", err)
	}
	if len(seeds) == 0 {
		return nil, nil, musicify.Errorf(musicify.ENOTFOUND, "This song does not exist.")
	}
	seen := make(map[string]bool, len(seeds))
	lists := make([][]string, 0, len(seeds))
	for _, s := range seeds {
		if seen[s.ID] {
			continue // a seed named twice still takes one turn
		}
		seen[s.ID] = true
		if n > 0 {
			lists = append(lists, l.Engine.Similar(s.ID, n))
		}
	}
	var ids []string
	for rank, more := 0, true; more; rank++ {
		more = false
		for _, list := range lists {
			if rank < len(list) {
				more = true
				if id := list[rank]; !seen[id] {
					seen[id] = true
					ids = append(ids, id)
				}
			}
		}
	}
	// Read only as many as could be shown, and more only to replace songs
	// deleted since the engine ranked them: usually one query.
	like = make([]*musicify.Song, 0, min(n, len(ids)))
	for len(ids) > 0 && len(like) < n {
		k := min(n-len(like), len(ids))
		got, err := l.Store.SongsByIDs(ctx, ids[:k])
		if err != nil {
			return nil, nil, fmt.Errorf("reading songs like others: %w", err)
		}
		like, ids = append(like, got...), ids[k:]
	}
	return seeds, like, nil
}
