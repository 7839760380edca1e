package musicify

import (
	"context"
	"time"
)

// Jam is a live listening session: friends share one queue, and everyone
// in it hears the same second of the first song. Its whole state is kept
// in the database, so any instance can serve it and a restart loses
// nothing; Version counts its changes, and a change is saved only over the
// version it was made from.
type Jam struct {
	ID     string
	HostID string
	// GuestsControl lets members other than the host reorder, skip and
	// remove; without it their skips are votes.
	GuestsControl bool
	// VisitorKey lets people without an account listen (never change
	// anything) through the Jam's listen-only link; "" while the host keeps
	// the Jam to its members. A new key is made each time it is turned on.
	VisitorKey string
	Created    time.Time
	Ended      bool
	Version    int64

	// Playing tells whether Queue[0] plays; Position is where it was at
	// Anchor (a server time), so where it is now follows from the clock.
	Playing  bool
	Position time.Duration
	Anchor   time.Time

	Members []JamMember // the host first
	Queue   []JamEntry  // Queue[0] is the song playing or paused
	// Votes are the members who asked to skip Queue[0].
	Votes []string
	// Played are the last songs the Jam played, newest last, so the
	// queue's filler does not bring them back.
	Played []string
}

// JamMember is a person in a Jam.
type JamMember struct {
	UserID   string    `json:"userId"`
	Username string    `json:"username"`
	Joined   time.Time `json:"joined"`
}

// JamEntry is a song in a Jam's queue and who put it there.
type JamEntry struct {
	ID       string  `json:"id"`
	SongID   string  `json:"songId"`
	Duration float64 `json:"duration"` // seconds, read when added
	AddedBy  string  `json:"addedBy"`  // a user id; "" for the Jam's own picks
	// Reason says why a song the Jam picked itself is there ("For ana and ben").
	Reason string `json:"reason,omitempty"`
}

// The bounds of a Jam.
const (
	JamMaxMembers = 32
	JamMaxQueue   = 500
)

// JamStore keeps Jams. SaveJam writes j only if the stored version is
// still `from` (ECONFLICT otherwise), then stores j.Version as from+1.
type JamStore interface {
	CreateJam(ctx context.Context, j *Jam) error
	Jam(ctx context.Context, id string) (*Jam, error)
	SaveJam(ctx context.Context, j *Jam, from int64) error
	// JamOf is the Jam the user is in and that has not ended (ENOTFOUND when none).
	JamOf(ctx context.Context, userID string) (string, error)
}
