package main

import (
	"net/http"

	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/mixes"
	"github.com/musicify/musicify/internal/subsonic"
)

// subsonic builds the Subsonic API on the services the web API uses, so a
// Subsonic app and the web app see the same likes, plays and playlists.
func (m *Main) subsonic(api *httpapi.Server, catalogService *catalog.Service) http.Handler {
	return &subsonic.Server{
		Auth: m.AppPasswords, Users: m.DB, Songs: m.DB, Albums: m.DB, Catalog: catalogService, Playlists: api.Playlists, Social: api.Social,
		Mixes:  &mixes.Service{Store: m.DB, Recommender: api.Recommender, Songs: m.DB, Now: m.Now},
		Search: m.search, Store: m.DB, Like: api.Like, Stations: m.DB, Scanner: m.Scanner,
		Blobs: api.Blobs, SignMedia: api.SignMedia, Media: api.Media, FFmpeg: catalogService.FFmpeg, Devices: api.Devices, DeviceChanges: api.DeviceChanges(),
		ClientAddr: api.ClientAddr, BaseURL: m.Config.BaseURL, IgnoredArticles: m.Config.IgnoredArticles, ServerVersion: Version(), Logger: m.Logger, Now: m.Now,
	}
}
