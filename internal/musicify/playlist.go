package musicify

import (
	"context"
	"time"
)

// Playlist is a user's ordered list of songs.
type Playlist struct {
	ID       string
	Name     string
	UserID   string
	Owner    string // the owner's username
	CoverKey string
	Songs    int // how many songs it holds
	Created  time.Time
	// Mosaic holds the cover keys of its first songs (up to four, each
	// cover once, in playlist order): the picture of a playlist with no
	// cover of its own.
	Mosaic []string
}

// PlaylistNameMax bounds playlist names.
const PlaylistNameMax = 100

// PlaylistStore persists playlists. Lookups that find nothing return ENOTFOUND.
type PlaylistStore interface {
	CreatePlaylist(ctx context.Context, p *Playlist) error
	Playlist(ctx context.Context, id string) (*Playlist, error)
	PlaylistByName(ctx context.Context, userID, name string) (*Playlist, error)
	PlaylistsByUser(ctx context.Context, userID string) ([]*Playlist, error)
	PlaylistSongs(ctx context.Context, playlistID string) ([]*Song, error)
	AddPlaylistSong(ctx context.Context, playlistID, songID string) error
	RemovePlaylistSong(ctx context.Context, playlistID, songID string) error
	// ReorderPlaylist sets the order; songIDs must be exactly the playlist's songs.
	ReorderPlaylist(ctx context.Context, playlistID string, songIDs []string) error
	RenamePlaylist(ctx context.Context, id, name string) error
	// SetPlaylistCover returns the cover it replaces ("" when none).
	SetPlaylistCover(ctx context.Context, id, coverKey string) (string, error)
	DeletePlaylist(ctx context.Context, id string) error
}

// LikeStore keeps which songs each user likes.
type LikeStore interface {
	// Like is idempotent; it reports whether the like is new.
	Like(ctx context.Context, userID, songID string, at time.Time) (bool, error)
	Unlike(ctx context.Context, userID, songID string) error
	Likes(ctx context.Context, userID, songID string) (bool, error)
	LikedSongs(ctx context.Context, userID string) ([]*Song, error)
}

// Follow is one user following another.
type Follow struct {
	ID         string
	FollowerID string
	Follower   string // username
	FolloweeID string
	Followee   string // username
	Created    time.Time
}

// FollowStore keeps who follows whom.
type FollowStore interface {
	CreateFollow(ctx context.Context, f *Follow) error
	FollowByID(ctx context.Context, id string) (*Follow, error)
	DeleteFollow(ctx context.Context, id string) error
	FollowOf(ctx context.Context, followerID, followeeID string) (*Follow, error)
	Followers(ctx context.Context, userID string) ([]*Follow, error)
	Followings(ctx context.Context, userID string) ([]*Follow, error)
}

// FeedItem is something a followed user did: uploaded or liked a song, or
// made a playlist.
type FeedItem struct {
	Kind       string // upload, like or playlist
	UserID     string
	Username   string
	SongID     string
	PlaylistID string
	At         time.Time
}

// FeedStore reads what the people a user follows have been doing.
type FeedStore interface {
	Feed(ctx context.Context, userID string, limit int) ([]*FeedItem, error)
}
