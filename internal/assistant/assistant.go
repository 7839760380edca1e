// Package assistant answers chat messages about music from the real
// catalog: a built-in assistant that needs no model, and an
// OpenAI-compatible one (Ollama, llama.cpp, vLLM, OpenAI, Gemini) that
// looks the catalog up through tool calls.
package assistant

import (
	"context"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/search"
)

// Turn is one message of the conversation so far.
type Turn struct {
	Role string `json:"role"` // user or assistant
	Text string `json:"text"`
}

// Action is something the app offers to do when the user clicks it.
// The player actions (queue, play_next, next, previous, pause, resume,
// volume, seek, repeat, shuffle; see player.go) the app performs at once;
// play, open_playlist and create_playlist are buttons.
type Action struct {
	Type       string   `json:"type"`
	Label      string   `json:"label"`
	Songs      []string `json:"songs,omitempty"`    // song ids (play, queue, play_next, create_playlist)
	PlaylistID string   `json:"playlist,omitempty"` // open_playlist
	Name       string   `json:"name,omitempty"`     // create_playlist
	Volume     *float64 `json:"volume,omitempty"`   // volume: 0–1
	Position   *float64 `json:"position,omitempty"` // seek: seconds
	Mode       string   `json:"mode,omitempty"`     // repeat: off, all or one
	On         *bool    `json:"on,omitempty"`       // shuffle
	// Now asks the app to perform a play action at once; its button stays.
	Now bool `json:"now,omitempty"`
}

// Answer is the assistant's reply and the actions it offers.
type Answer struct {
	Reply   string   `json:"reply"`
	Actions []Action `json:"actions"`
}

// Assistant answers one message. delta, when not nil, receives the reply
// as it is written, for streaming.
type Assistant interface {
	Chat(ctx context.Context, user *musicify.User, message string, history []Turn, delta func(string)) (*Answer, error)
}

// Recommender is what the assistant asks of the recommendation engine.
type Recommender interface {
	ForUser(userID string, n int, opts recommend.Options) []string
	Top(n int) []string
}

// SongsLike finds the songs like some songs (recommend.Like), so that the
// assistant suggests what the web and Subsonic list.
type SongsLike interface {
	Songs(ctx context.Context, seedIDs []string, n int) ([]*musicify.Song, error)
}

// ListenHistory is what a user played, for "what did I play last".
type ListenHistory interface {
	// RecentlyPlayed lists the songs a user played, the latest first, each once.
	RecentlyPlayed(ctx context.Context, userID string, n int) ([]string, error)
}

// Catalog is what the assistant may look up, on behalf of a user.
type Catalog struct {
	Search      *search.Service
	Songs       musicify.SongStore
	Users       musicify.UserStore
	Playlists   musicify.PlaylistStore
	Likes       musicify.LikeStore
	History     ListenHistory
	Recommender Recommender
	// Like finds the songs like a song; nil: none, and the assistant
	// suggests songs of the same genres instead.
	Like SongsLike
	// Features are the songs' measured audio features; nil until audio
	// analysis is wired in, and then moods and tempos are judged by genre.
	Features FeatureSource
}

// FindSongs searches songs by what was typed.
func (c *Catalog) FindSongs(ctx context.Context, q string, n int) ([]*musicify.Song, error) {
	ids, err := c.Search.Find(ctx, musicify.KindSong, q, n)
	if err != nil {
		return nil, err
	}
	return c.Songs.SongsByIDs(ctx, ids)
}

// FindArtist resolves a typed name to an artist with songs, or "".
func (c *Catalog) FindArtist(ctx context.Context, q string) (string, error) {
	ids, err := c.Search.Find(ctx, musicify.KindUser, q, 10)
	if err != nil {
		return "", err
	}
	artists, err := c.Songs.ArtistsByUserIDs(ctx, ids)
	if err != nil || len(artists) == 0 {
		return "", err
	}
	return artists[0].Name, nil
}

// ArtistSongs lists an artist's songs, newest first.
func (c *Catalog) ArtistSongs(ctx context.Context, artist string) ([]*musicify.Song, error) {
	return c.Songs.SongsByArtist(ctx, artist)
}

// Similar lists songs like one. A song deleted meanwhile, or an id a
// model made up, has none rather than an error: the built-in assistant
// then offers songs of its genres, and a model hears there are none.
func (c *Catalog) Similar(ctx context.Context, songID string, n int) ([]*musicify.Song, error) {
	if c.Like == nil {
		return []*musicify.Song{}, nil
	}
	songs, err := c.Like.Songs(ctx, []string{songID}, n)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return []*musicify.Song{}, nil
	}
	return songs, err
}

// Top lists the most listened songs.
func (c *Catalog) Top(ctx context.Context, n int) ([]*musicify.Song, error) {
	return c.Songs.SongsByIDs(ctx, c.Recommender.Top(n))
}

// ForUser lists songs recommended for a user.
func (c *Catalog) ForUser(ctx context.Context, user *musicify.User, n int) ([]*musicify.Song, error) {
	return c.Songs.SongsByIDs(ctx, c.Recommender.ForUser(user.ID, n, recommend.Options{}))
}

// FindPlaylist finds one of the user's playlists by (part of) its name.
func (c *Catalog) FindPlaylist(ctx context.Context, user *musicify.User, q string) (*musicify.Playlist, error) {
	lists, err := c.Playlists.PlaylistsByUser(ctx, user.ID)
	if err != nil {
		return nil, err
	}
	q = strings.ToLower(strings.TrimSpace(q))
	var best *musicify.Playlist
	for _, p := range lists {
		name := strings.ToLower(p.Name)
		if name == q {
			return p, nil
		}
		if best == nil && strings.Contains(name, q) {
			best = p
		}
	}
	if best == nil {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "No playlist of yours is called that.")
	}
	return best, nil
}

func ids(songs []*musicify.Song) []string {
	out := make([]string, len(songs))
	for i, s := range songs {
		out[i] = s.ID
	}
	return out
}
