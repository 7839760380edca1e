package musicify

import (
	"context"
	"time"
)

// Interaction is one recorded act of a user on a song, for loading the
// recommender at start.
type Interaction struct {
	UserID string
	SongID string
	At     time.Time
}

// RecommendSource is what the recommender loads at start.
type RecommendSource interface {
	Songs(ctx context.Context) ([]*Song, error)
	EachListen(ctx context.Context, fn func(Interaction) error) error
	EachLike(ctx context.Context, fn func(Interaction) error) error
	EachInterest(ctx context.Context, fn func(Interaction) error) error
	PlaylistMembers(ctx context.Context) (map[string][]string, error)
	// AddInterest stores a /recommend/create signal.
	AddInterest(ctx context.Context, userID, songID string, at time.Time) error
}

// RecommendBlobs is the prefix of the blobs of the trained recommendation
// model, which one instance writes and the others read; no row names them.
const RecommendBlobs = "recommend/"
