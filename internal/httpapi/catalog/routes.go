// Package catalog is the HTTP face of the catalog: songs, artists, albums
// and genres, uploads, and the listens that count plays.
package catalog

import (
	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/musicify"
)

// API serves the catalog routes.
type API struct {
	P      *platform.Platform
	Songs  musicify.SongStore
	Albums musicify.AlbumStore
	// Features are the songs' audio features, for a song's details; nil: none.
	Features musicify.FeatureStore
	// Catalog takes uploads and deletions.
	Catalog musicify.Catalog
	// Media signs the links of the songs shown.
	Media *mediaurl.Signer
	// Listens bounds the listens one person counts; MaxUploadMB an upload.
	Listens     *auth.Limiter
	MaxUploadMB int64
}

// Routes registers the area's routes on mux.
func (s *API) Routes(mux *platform.Mux) {
	mux.User("POST /api/upload", s.handleUpload)
	mux.User("GET /api/search/all", s.handleAllSongs)
	mux.User("GET /api/search/allartist", s.handleAllArtists)
	mux.User("GET /api/artists/{name}", s.handleArtist)
	mux.User("GET /api/songs/{id}", s.handleSong)
	mux.User("POST /api/songs/lookup", s.handleLookup)
	mux.User("GET /api/songs/{id}/lyrics", s.handleLyrics)
	mux.User("DELETE /api/songs/{id}", s.handleDeleteSong)
	mux.User("POST /api/view/increase", s.handleView)
	mux.User("POST /api/artist/cover", s.handleArtistCover)
	mux.User("DELETE /api/artist/cover", s.handleRemoveArtistCover)
	mux.User("GET /api/artist/name", s.handleOwnArtistName)
	mux.User("PUT /api/artist/name", s.handleSetArtistName)
	mux.User("GET /api/albums", s.handleAlbums)
	mux.User("GET /api/albums/{id}", s.handleAlbum)
	mux.User("GET /api/genres", s.handleGenres)
	mux.User("GET /api/genres/{name}/songs", s.handleGenreSongs)
}
