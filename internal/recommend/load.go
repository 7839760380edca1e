package recommend

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Load feeds everything recorded so far into the engine, at start.
func (e *Engine) Load(ctx context.Context, src musicify.RecommendSource) error {
	songs, err := src.Songs(ctx)
	if err != nil {
		return fmt.Errorf("loading songs: %w", err)
	}
	for i := len(songs) - 1; i >= 0; i-- { // oldest first, as they came
		e.SongAdded(songs[i])
	}
	// Likes and interests go in among the listens by their times, the
	// order they came in live: an instance that starts later holds the
	// same state as one that saw them arrive.
	var marks []mark
	if err := src.EachLike(ctx, func(it musicify.Interaction) error {
		marks = append(marks, mark{it, true})
		return nil
	}); err != nil {
		return fmt.Errorf("loading likes: %w", err)
	}
	if err := src.EachInterest(ctx, func(it musicify.Interaction) error {
		marks = append(marks, mark{it, false})
		return nil
	}); err != nil {
		return fmt.Errorf("loading interests: %w", err)
	}
	slices.SortStableFunc(marks, func(a, b mark) int { return a.At.Compare(b.At) })
	next := 0
	markUntil := func(t time.Time, inclusive bool) {
		for ; next < len(marks) && (marks[next].At.Before(t) || inclusive); next++ {
			if m := marks[next]; m.like {
				e.Liked(m.UserID, m.SongID, m.At)
			} else {
				e.Interested(m.UserID, m.SongID, m.At)
			}
		}
	}
	if err := src.EachListen(ctx, func(it musicify.Interaction) error {
		markUntil(it.At, false)
		e.Listened(it.UserID, it.SongID, it.At)
		return nil
	}); err != nil {
		return fmt.Errorf("loading listens: %w", err)
	}
	markUntil(time.Time{}, true)
	members, err := src.PlaylistMembers(ctx)
	if err != nil {
		return fmt.Errorf("loading playlists: %w", err)
	}
	for p, ids := range members {
		e.PlaylistChanged(p, ids)
	}
	if fs, ok := src.(FeatureSource); ok { // once the song_features table exists
		if err := fs.EachSongFeatures(ctx, func(id string, f *musicify.AudioFeatures) error {
			e.SetFeatures(id, f.Embedding)
			return nil
		}); err != nil {
			return fmt.Errorf("loading song features: %w", err)
		}
	}
	return nil
}

// mark is a like or an interest, waiting for its place among the listens.
type mark struct {
	musicify.Interaction
	like bool
}
