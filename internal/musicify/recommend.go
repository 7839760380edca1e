package musicify

import (
	"context"
	"time"
)

// Signals hears what users do, so recommendations learn within seconds.
// Services call it after a write succeeded; NopSignals ignores everything.
type Signals interface {
	SongAdded(s *Song)
	SongRemoved(songID string)
	Listened(userID, songID string, at time.Time)
	Liked(userID, songID string, at time.Time)
	Unliked(userID, songID string)
	// PlaylistChanged gives a playlist's songs after any change ([] when deleted).
	PlaylistChanged(playlistID string, songIDs []string)
	// Interested records a weaker sign of interest (SPEC.md's /recommend/create).
	Interested(userID, songID string, at time.Time)
}

// NopSignals is Signals that ignores everything.
type NopSignals struct{}

func (NopSignals) SongAdded(*Song)                      {}
func (NopSignals) SongRemoved(string)                   {}
func (NopSignals) Listened(string, string, time.Time)   {}
func (NopSignals) Liked(string, string, time.Time)      {}
func (NopSignals) Unliked(string, string)               {}
func (NopSignals) PlaylistChanged(string, []string)     {}
func (NopSignals) Interested(string, string, time.Time) {}

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
