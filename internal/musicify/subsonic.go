package musicify

import (
	"context"
	"time"
)

// Kinds of things a Subsonic app stars and rates.
const (
	StarSong   = "song"
	StarAlbum  = "album"
	StarArtist = "artist"
)

// Star is something a user starred: a song (their like), an album or an artist.
type Star struct {
	Kind   string
	ItemID string
	At     time.Time
}

// PlayQueue is what a user was listening to, saved by one app so another
// can go on from there.
type PlayQueue struct {
	UserID  string
	SongIDs []string
	Current string // the song playing; "" when none
	// CurrentIndex is where Current is in SongIDs (0-based), which tells
	// apart a song queued twice; see (*PlayQueue).Index.
	CurrentIndex int
	PositionMs   int64 // into Current
	Changed      time.Time
	ChangedBy    string // the client that saved it
}

// Bookmark is where a user stopped in a song, kept for them by an app.
type Bookmark struct {
	UserID     string
	SongID     string
	PositionMs int64
	Comment    string
	Created    time.Time
	Changed    time.Time
}

// BookmarkCommentMax bounds a bookmark's comment, in characters.
const BookmarkCommentMax = 1000

// Index is where the song playing is in SongIDs: CurrentIndex when it
// names Current there, else Current's first place (queues saved by song
// id, or before the index was kept); -1 when none plays.
func (q *PlayQueue) Index() int {
	if q.CurrentIndex >= 0 && q.CurrentIndex < len(q.SongIDs) && q.SongIDs[q.CurrentIndex] == q.Current {
		return q.CurrentIndex
	}
	for i, id := range q.SongIDs {
		if id == q.Current {
			return i
		}
	}
	return -1
}

// SubsonicStore keeps what Subsonic apps keep besides likes.
type SubsonicStore interface {
	// Star stars an album or artist; starring twice keeps the first time.
	Star(ctx context.Context, userID, kind, itemID string, at time.Time) error
	Unstar(ctx context.Context, userID, kind, itemID string) error
	// Stars lists everything a user starred, liked songs included, latest first.
	Stars(ctx context.Context, userID string) ([]Star, error)
	// SetRating rates an item 1 to 5; 0 removes the rating.
	SetRating(ctx context.Context, userID, kind, itemID string, rating int, at time.Time) error
	// Ratings are a user's ratings by item id.
	Ratings(ctx context.Context, userID string) (map[string]int, error)
	// PlayQueue returns ENOTFOUND when the user saved none.
	PlayQueue(ctx context.Context, userID string) (*PlayQueue, error)
	// SavePlayQueue replaces the user's queue; an empty one deletes it.
	SavePlayQueue(ctx context.Context, q *PlayQueue) error
	// SaveBookmark creates the user's bookmark of the song or moves it
	// (keeping when it was created); the song must exist (ENOTFOUND).
	SaveBookmark(ctx context.Context, b *Bookmark) error
	// Bookmarks are a user's bookmarks, latest changed first.
	Bookmarks(ctx context.Context, userID string) ([]Bookmark, error)
	// PlayedAlbums are the ids of the albums a user played, a page of them:
	// the last played first, or (byCount) the most played first.
	PlayedAlbums(ctx context.Context, userID string, byCount bool, offset, limit int) ([]string, error)
	// DeleteBookmark removes one; none there is no error.
	DeleteBookmark(ctx context.Context, userID, songID string) error
}
