// Package social is the HTTP face of people together: likes, follows, the
// feed of people one follows, and sharing a song or playlist.
package social

import (
	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/delivery"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/playlists"
	"github.com/musicify/musicify/internal/social"
)

// API serves the social routes.
type API struct {
	P         *platform.Platform
	Social    *social.Service
	Users     musicify.UserStore
	Songs     musicify.SongStore
	Playlists *playlists.Service
	// Media signs the links of the songs shown.
	Media *mediaurl.Signer
	// Shares keeps whether visitors of a share link hear previews.
	Shares musicify.ShareStore
	// Renditions cuts previews; nil (no ffmpeg) has none.
	Renditions *catalog.Renditions
	// Files and Covers serve previews and the link preview's picture.
	Files  *delivery.Store
	Covers *covers.Variants
	// PreviewRate bounds the previews one address may ask for.
	PreviewRate *auth.Limiter
}

// Routes registers the area's routes on mux.
func (s *API) Routes(mux *platform.Mux) {
	mux.User("GET /api/auth/all", s.handleAllUsers)
	mux.User("POST /api/auth/allfollow", s.handleFollow)
	mux.User("DELETE /api/auth/follow/{id}", s.handleUnfollow)
	mux.User("GET /api/auth/followers", s.handleFollowers)
	mux.User("GET /api/auth/followings", s.handleFollowings)
	mux.User("POST /api/playlist/followers", s.handleFollowersOf)
	mux.User("POST /api/playlist/followings", s.handleFollowingsOf)
	mux.User("DELETE /api/playlist/deletefollower", s.handleRemoveFollow)
	mux.User("POST /api/like/check", s.handleLikeCheck)
	mux.User("POST /api/like/add", s.handleLike)
	mux.User("DELETE /api/like/{song}", s.handleUnlike)
	mux.User("GET /api/like/all", s.handleLikedSongs)
	mux.User("GET /api/feed", s.handleFeed)
	mux.User("POST /api/recommend/share", s.handleRecommendShare)
	mux.Public("GET /api/share/{type}/{id}", s.handleSharePreview)
	mux.Public("GET /api/share/{type}/{id}/preview/{song}", s.handleSharePreviewAudio)
	mux.Public("GET /api/share/{type}/{id}/cover.jpg", s.handleShareCover)
	mux.User("PUT /api/share/{type}/{id}/previews", s.handleSharePreviews)
}
