// Package discovery is the HTTP face of finding music: recommendations
// with their reasons, songs like a song, song radio, and search.
package discovery

import (
	"context"
	"time"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/mixes"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/playlists"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/search"
	"github.com/musicify/musicify/internal/social"
)

// Recommender is what the recommendation calls ask of the engine.
type Recommender interface {
	ForUser(userID string, n int, opts recommend.Options) []string
	ForUserExplained(userID string, n int, opts recommend.Options) []recommend.Rec
	Artists(userID string, n int) []string
	Top(n int) []string
	Similar(songID string, n int) []string
	Tastes(songIDs []string) (groups [][]string, unplaced []string)
}

// API serves the discovery routes.
type API struct {
	P *platform.Platform
	// Recommender ranks songs for people; Like finds songs like a song;
	// Interests stores people's explicit signs.
	Recommender Recommender
	Like        *recommend.Like
	Interests   interface {
		AddInterest(ctx context.Context, userID, songID string, at time.Time) error
	}
	Search    *search.Service
	Songs     musicify.SongStore
	Albums    musicify.AlbumStore
	Users     musicify.UserStore
	Playlists *playlists.Service
	Social    *social.Service
	// Media signs the links of the songs shown.
	Media *mediaurl.Signer
	// History lists the songs a person played, the latest first; nil lists none.
	History History
	// Mixes makes the mixes made for each person; nil serves none.
	Mixes *mixes.Service
}

// History is what Recently played asks of the listens kept.
type History interface {
	RecentlyPlayed(ctx context.Context, userID string, n int) ([]string, error)
}

// Routes registers the area's routes on mux.
func (s *API) Routes(mux *platform.Mux) {
	mux.User("GET /api/recommend/all", s.handleRecommendSongs)
	mux.User("GET /api/mixes", s.handleMixes)
	mux.User("GET /api/mixes/{id}", s.handleMix)
	mux.User("POST /api/mixes/{id}/playlist", s.handleSaveMix)
	mux.User("GET /api/recommend/artist", s.handleRecommendArtists)
	mux.User("GET /api/recommend/top", s.handleTopSongs)
	mux.User("GET /api/recommend/song/{id}", s.handleSimilarSongs)
	mux.User("GET /api/recommend/radio/{id}", s.handleSongRadio)
	mux.User("POST /api/recommend/create", s.handleRecommendCreate)
	mux.User("GET /api/me/recent", s.handleRecent)
	mux.User("GET /api/search", s.handleSearch)
	mux.User("POST /api/search/song", s.handleSearchSongs)
	mux.User("POST /api/search/artist", s.handleSearchArtists)
	mux.User("POST /api/search/playlist", s.handleSearchPlaylistsAll)
	mux.User("POST /api/search/follower", s.handleSearchUsers)
}
