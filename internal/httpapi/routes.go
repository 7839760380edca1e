package httpapi

import (
	accountsapi "github.com/musicify/musicify/internal/httpapi/accounts"
	adminapi "github.com/musicify/musicify/internal/httpapi/admin"
	assistantapi "github.com/musicify/musicify/internal/httpapi/assistant"
	catalogapi "github.com/musicify/musicify/internal/httpapi/catalog"
	mediaapi "github.com/musicify/musicify/internal/httpapi/media"
	pagesapi "github.com/musicify/musicify/internal/httpapi/pages"
	"github.com/musicify/musicify/internal/httpapi/platform"
	playlistsapi "github.com/musicify/musicify/internal/httpapi/playlists"
	radioapi "github.com/musicify/musicify/internal/httpapi/radio"
	socialapi "github.com/musicify/musicify/internal/httpapi/social"
)

// routes is every route of the server, in one place.
func (s *Server) routes(mux *platform.Mux) {
	mux.Public("GET /healthz", s.handleHealth)
	mux.Public("GET /readyz", s.handleReady)
	mux.Handle("GET /metrics", s.plat().MetricsHandler())
	l := s.limits()

	// Likes, follows and sharing.
	social := &socialapi.API{P: s.plat(), Social: s.Social, Users: s.Users, Songs: s.Songs, Playlists: s.Playlists, Media: s.Media}
	social.Routes(mux)

	// Accounts.
	(&accountsapi.API{P: s.plat(), Accounts: s.Accounts, Users: s.Users, Playlists: s.Playlists, Media: s.Media,
		OIDC: s.OIDC, BaseURL: s.BaseURL, AppPasswords: s.AppPasswords}).Routes(mux)

	// The catalog: songs, artists, albums and genres.
	(&catalogapi.API{P: s.plat(), Songs: s.Songs, Albums: s.Albums, Features: s.Features, Library: s.Library, Media: s.Media,
		Listens: l.listens, MaxUploadMB: s.MaxUploadMB}).Routes(mux)

	// Recommendations.
	mux.User("GET /api/recommend/all", s.handleRecommendSongs)
	mux.User("GET /api/recommend/artist", s.handleRecommendArtists)
	mux.User("GET /api/recommend/top", s.handleTopSongs)
	mux.User("GET /api/recommend/song/{id}", s.handleSimilarSongs)
	mux.User("GET /api/recommend/radio/{id}", s.handleSongRadio)
	mux.User("POST /api/recommend/create", s.handleRecommendCreate)

	// Playlists: every write checks the owner.
	(&playlistsapi.API{P: s.plat(), Playlists: s.Playlists, Media: s.Media}).Routes(mux)

	// Search: typed words as prefixes, in any order, typos forgiven.
	mux.User("GET /api/search", s.handleSearch)
	mux.User("POST /api/search/song", s.handleSearchSongs)
	mux.User("POST /api/search/artist", s.handleSearchArtists)
	mux.User("POST /api/search/playlist", s.handleSearchPlaylistsAll)
	mux.User("POST /api/search/follower", s.handleSearchUsers)

	// Radio: stations on the server's clock, live over a WebSocket.
	(&radioapi.API{P: s.plat(), Radio: s.Radio, Presence: s.Presence, Hub: s.Hub, Files: s.files(), Media: s.Media,
		MaxUploadMB: s.MaxUploadMB, Supervisor: s.Supervisor,
		LiveBurst: s.Limits.LiveBurst, LivePerSecond: s.Limits.LivePerSecond, LiveConnections: s.Limits.LiveConnections}).Routes(mux)

	// The assistant and voice commands.
	(&assistantapi.API{P: s.plat(), Assistant: s.Assistant, Voice: s.Voice, Songs: s.Songs, Media: s.Media,
		Chat: l.chat, VoiceRate: l.voice, Recognizing: l.recognizing}).Routes(mux)

	// App passwords for Subsonic apps: each user's own.
	// Administration: admins only, checked here on every route.
	(&adminapi.API{P: s.plat(), Admin: s.Admin, Scanner: s.Scanner, JobStats: s.JobStats, Media: s.Media}).Routes(mux)

	mux.Public("/api/", platform.NotFound)

	// Media: audio and covers.
	(&mediaapi.API{P: s.plat(), Songs: s.Songs, Blobs: s.Blobs, Files: s.files(), Covers: s.Covers, Media: s.Media}).Routes(mux)

	// The Subsonic API: every call carries its own credentials.
	if s.Subsonic != nil {
		mux.Handle("/rest/", s.Subsonic)
	}

	// The pages: the app at every other address, share pages, the dev outbox.
	(&pagesapi.API{P: s.plat(), Web: s.Web, Router: mux, ShareCard: social.ShareCard, Outbox: s.Outbox}).Routes(mux)
}
