// Package media serves the audio and images: songs (by signed URL or
// session), downloads, library files and covers, all through delivery.
package media

import (
	"sync"

	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/delivery"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/musicify"
)

// API serves the media routes.
type API struct {
	P     *platform.Platform
	Songs musicify.SongStore
	Blobs musicify.BlobStore
	Files *delivery.Store
	// Covers serves each size and format of a cover, making the missing
	// ones; nil makes JPEGs only.
	Covers     *covers.Variants
	coversOnce sync.Once
	// Media checks signed URLs; nil serves session-checked URLs only.
	Media *mediaurl.Signer
	// Renditions makes the lighter copies players ask for; nil (no
	// ffmpeg) sends originals.
	Renditions *catalog.Renditions
}

// Routes registers the area's routes on mux: audio needs a signed URL or
// a session; covers are public for shared links.
func (s *API) Routes(mux *platform.Mux) {
	mux.Public("GET /media/s/{kind}/{id}/{file}", s.handleSignedMedia)
	mux.User("GET /media/songs/{id}/download", s.handleDownload)
	mux.User("GET /media/songs/{id}/rendition", s.handleRendition)
	mux.User("GET /media/songs/{id}/{file}", s.handleSongFile)
	mux.Public("GET /media/covers/{file}", s.handleCover)
	mux.User("GET /media/lib/{folder}/{file}", s.handleLibraryFile)
}
