package musicify

import (
	"context"
	"encoding/json"
	"time"
)

// Playlist is a user's ordered list of songs.
type Playlist struct {
	ID          string
	Name        string
	Description string // what the owner wrote about it; "" for nothing
	UserID      string
	Owner       string // the owner's username
	CoverKey    string
	Songs       int // how many songs it holds
	Created     time.Time
	// Mosaic holds the cover keys of its first songs (up to four, each
	// cover once, in playlist order): the picture of a playlist with no
	// cover of its own.
	Mosaic []string
	// Rules make it a smart playlist: its songs are whatever matches them
	// when it is read, and no one adds or removes songs by hand. nil for
	// an ordinary playlist.
	Rules *SmartRules
}

// SmartRules are what a smart playlist holds instead of songs: a group of
// conditions (the root, matching all or any of them), an order and a
// limit. They are stored as this JSON; internal/playlists validates them
// and writes their values in one canonical form the store reads.
type SmartRules struct {
	Match string `json:"match"` // all or any
	Rules []Rule `json:"rules"`
	// Sort is a field's name or "random" (a shuffle that stays the same
	// for a day); "" keeps the newest songs first.
	Sort  string `json:"sort,omitempty"`
	Order string `json:"order,omitempty"` // asc or desc
	// Limit is how many songs at most; 0 is SmartSongsMax.
	Limit int `json:"limit,omitempty"`
}

// Rule is a condition (Field, Op, Value) or, when Match is set, a group of
// rules that must all or any hold.
type Rule struct {
	Field string          `json:"field,omitempty"`
	Op    string          `json:"op,omitempty"`
	Value json.RawMessage `json:"value,omitempty"`
	Match string          `json:"match,omitempty"`
	Rules []Rule          `json:"rules,omitempty"`
}

// IsGroup tells a group from a condition.
func (r Rule) IsGroup() bool { return r.Match != "" }

// ErrSmartPlaylist refuses adding, removing or moving songs by hand in a
// smart playlist.
var ErrSmartPlaylist = Errorf(ECONFLICT, "This is a smart playlist: its songs come from its rules. Edit the rules to change them.")

// SmartSongsMax bounds a smart playlist, so a rule matching the whole
// catalog stays a list one can open.
const SmartSongsMax = 5000

// PlaylistNameMax bounds playlist names, PlaylistDescriptionMax their
// descriptions (in characters).
const (
	PlaylistNameMax        = 100
	PlaylistDescriptionMax = 300
)

// PlaylistEdit changes a playlist's details; a nil field stays as it is.
type PlaylistEdit struct {
	Name        *string
	Description *string
}

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
	// UpdatePlaylist changes the name and/or description in one
	// transaction; a name the owner already has is a conflict.
	UpdatePlaylist(ctx context.Context, id string, e PlaylistEdit) error
	// SetPlaylistCover returns the cover it replaces ("" when none).
	SetPlaylistCover(ctx context.Context, id, coverKey string) (string, error)
	DeletePlaylist(ctx context.Context, id string) error
	// SetPlaylistRules replaces a smart playlist's rules.
	SetPlaylistRules(ctx context.Context, id string, rules *SmartRules) error
	// SmartSongs are the songs rules match now, never a missing one. The
	// plays, likes and ratings they name are ownerID's; seed (the
	// playlist's id) with the day of the store's clock orders "random".
	SmartSongs(ctx context.Context, ownerID, seed string, rules *SmartRules) ([]*Song, error)
	// SmartCount is how many songs SmartSongs would give, without reading them.
	SmartCount(ctx context.Context, ownerID string, rules *SmartRules) (int, error)
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

// ShareStore keeps what the owner of a shared song or playlist lets the
// visitors of its link do. kind is "song" or "playlist"; an id that names
// nothing is ENOTFOUND.
type ShareStore interface {
	// SharePreviews reports whether visitors may hear 30-second previews
	// of its songs: true until the owner turns them off.
	SharePreviews(ctx context.Context, kind, id string) (bool, error)
	SetSharePreviews(ctx context.Context, kind, id string, on bool) error
}
