// Package playlists is the HTTP face of playlists: making, filling,
// ordering and finding them. Every write checks the owner (the service).
package playlists

import (
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/playlists"
)

// API serves the playlist routes.
type API struct {
	P         *platform.Platform
	Playlists *playlists.Service
	// Media signs the links of the playlists' songs.
	Media *mediaurl.Signer
}

// Routes registers the area's routes on mux.
func (s *API) Routes(mux *platform.Mux) {
	mux.User("POST /api/playlist/create", s.handleCreatePlaylist)
	mux.User("GET /api/playlist/all", s.handleMyPlaylists)
	mux.User("DELETE /api/playlist/delete/{ref}", s.handleDeletePlaylist)
	mux.User("POST /api/playlist/cover", s.handlePlaylistCover)
	mux.User("PUT /api/playlist/add", s.handleAddToPlaylist)
	mux.User("POST /api/playlist/search", s.handleSearchPlaylists)
	mux.User("GET /api/playlist/{ref}", s.handlePlaylist)
	mux.User("PUT /api/playlist/{ref}", s.handleUpdatePlaylist)
	mux.User("POST /api/playlist/{ref}", s.handleAddToPlaylist)
	mux.User("DELETE /api/playlist/{ref}/songs/{song}", s.handleRemoveFromPlaylist)
	mux.User("PUT /api/playlist/{ref}/order", s.handleReorderPlaylist)
	s.smartRoutes(mux)
}
