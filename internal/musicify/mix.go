package musicify

import (
	"context"
	"time"
)

// A Mix is a list of songs made for one person from what they play: it is
// not a playlist anyone edits, and it is made again when its period ends.
type Mix struct {
	Kind string
	// Period is the span the mix stays the same for ("2026-W48"); "" for
	// a mix made afresh on every request.
	Period  string
	Songs   []string
	Reasons []MixReason // one per song, or none
	Created time.Time
}

// MixReason is why a song is in a mix, as the recommender said it.
type MixReason struct {
	Reason string `json:"reason"`
	Seed   string `json:"seed,omitempty"`
	Artist string `json:"artist,omitempty"`
}

// MixStore keeps the mixes that last a period, and reads the listens that
// the other mixes are made of.
type MixStore interface {
	// KeepMix stores m for the user unless a mix of its kind and period is
	// kept already, and returns the one kept: the first made in a period
	// wins, on every instance.
	KeepMix(ctx context.Context, userID string, m *Mix) (*Mix, error)
	// KeptMix is the mix of kind kept for the user, of whatever period;
	// ENOTFOUND when none is.
	KeptMix(ctx context.Context, userID, kind string) (*Mix, error)
	// MostPlayedSince lists the songs the user played at least min times
	// since since, the most played first (the latest listen breaks ties).
	MostPlayedSince(ctx context.Context, userID string, since time.Time, min, n int) ([]string, error)
	// PlayedBeforeOnly lists the songs the user played at least min times
	// before before and never since, the most played first.
	PlayedBeforeOnly(ctx context.Context, userID string, before time.Time, min, n int) ([]string, error)
	// PlayedSongs lists every song the user ever played.
	PlayedSongs(ctx context.Context, userID string) ([]string, error)
	// NewFromTheirArtists lists the songs added since since by the people
	// the user follows or of the artists they played, the newest first;
	// never their own uploads.
	NewFromTheirArtists(ctx context.Context, userID string, since time.Time, n int) ([]string, error)
}
