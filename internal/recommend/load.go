package recommend

import (
	"context"
	"fmt"

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
	if err := src.EachListen(ctx, func(it musicify.Interaction) error {
		e.Listened(it.UserID, it.SongID, it.At)
		return nil
	}); err != nil {
		return fmt.Errorf("loading listens: %w", err)
	}
	if err := src.EachLike(ctx, func(it musicify.Interaction) error {
		e.Liked(it.UserID, it.SongID, it.At)
		return nil
	}); err != nil {
		return fmt.Errorf("loading likes: %w", err)
	}
	if err := src.EachInterest(ctx, func(it musicify.Interaction) error {
		e.Interested(it.UserID, it.SongID, it.At)
		return nil
	}); err != nil {
		return fmt.Errorf("loading interests: %w", err)
	}
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
