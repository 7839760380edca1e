package httpapi

import (
	accountsapi "github.com/musicify/musicify/internal/httpapi/accounts"
	adminapi "github.com/musicify/musicify/internal/httpapi/admin"
	assistantapi "github.com/musicify/musicify/internal/httpapi/assistant"
	catalogapi "github.com/musicify/musicify/internal/httpapi/catalog"
	devicesapi "github.com/musicify/musicify/internal/httpapi/devices"
	discoveryapi "github.com/musicify/musicify/internal/httpapi/discovery"
	jamsapi "github.com/musicify/musicify/internal/httpapi/jams"
	mediaapi "github.com/musicify/musicify/internal/httpapi/media"
	pagesapi "github.com/musicify/musicify/internal/httpapi/pages"
	"github.com/musicify/musicify/internal/httpapi/platform"
	playlistsapi "github.com/musicify/musicify/internal/httpapi/playlists"
	radioapi "github.com/musicify/musicify/internal/httpapi/radio"
	socialapi "github.com/musicify/musicify/internal/httpapi/social"
)

// routes registers every area's routes: each area's package lists its own
// beside its handlers, and gets only what it uses.
func (s *Server) routes(mux *platform.Mux) {
	p, l := s.plat(), s.limits()
	mux.Public("GET /healthz", s.handleHealth)
	mux.Public("GET /readyz", s.handleReady)
	mux.Handle("GET /metrics", p.MetricsHandler())

	accounts := &accountsapi.API{P: p, Accounts: s.Accounts, Users: s.Users, Playlists: s.Playlists, Media: s.Media,
		OIDC: s.OIDC, BaseURL: s.BaseURL, AppPasswords: s.AppPasswords}
	if s.Admin != nil { // a nil *admin.Service in the interface would not read as nil
		accounts.Deleter = s.Admin
	}
	accounts.Routes(mux)
	(&catalogapi.API{P: p, Songs: s.Songs, Albums: s.Albums, Features: s.Features, Catalog: s.Catalog, Media: s.Media,
		Listens: l.listens, MaxUploadMB: s.MaxUploadMB}).Routes(mux)
	(&playlistsapi.API{P: p, Playlists: s.Playlists, Media: s.Media}).Routes(mux)
	(&playlistsapi.Files{P: p, Playlists: s.Playlists, Songs: s.Songs, Search: s.Search}).Routes(mux)
	social := &socialapi.API{P: p, Social: s.Social, Users: s.Users, Songs: s.Songs, Playlists: s.Playlists, Media: s.Media,
		Shares: s.shares(), Renditions: s.Renditions, Files: s.files(), Covers: s.coverVariants(), PreviewRate: l.previews}
	social.Routes(mux)
	(&discoveryapi.API{P: p, Recommender: s.Recommender, Like: s.Like, Interests: s.Interests, Search: s.Search,
		Songs: s.Songs, Albums: s.Albums, Users: s.Users, Playlists: s.Playlists, Social: s.Social, Media: s.Media, History: s.History,
		Mixes: s.mixes()}).Routes(mux)
	radio := &radioapi.API{P: p, Radio: s.Radio, Presence: s.Presence, Hub: s.Hub, Shared: s.Shared, Files: s.files(), Media: s.Media,
		MaxUploadMB: s.MaxUploadMB, Supervisor: s.Supervisor,
		LiveBurst: s.Limits.LiveBurst, LivePerSecond: s.Limits.LivePerSecond, LiveConnections: s.Limits.LiveConnections}
	if s.Jams != nil {
		radio.FollowJam = s.Jams.Follow
		(&jamsapi.API{P: p, Jams: s.Jams, Songs: s.Songs, Media: s.Media, Changes: l.jam}).Routes(mux)
	}
	if s.Devices != nil {
		radio.Devices = s.Devices
		(&devicesapi.API{P: p, Devices: s.Devices, Songs: s.Songs, Media: s.Media, Changes: l.devices}).Routes(mux)
	}
	radio.Routes(mux)
	(&assistantapi.API{P: p, Assistant: s.Assistant, Voice: s.Voice, Songs: s.Songs, Media: s.Media,
		Chat: l.chat, VoiceRate: l.voice, Recognizing: l.recognizing}).Routes(mux)
	(&adminapi.API{P: p, Admin: s.Admin, Scanner: s.Scanner, JobStats: s.JobStats, Media: s.Media}).Routes(mux)
	mux.Public("/api/", platform.NotFound)

	(&mediaapi.API{P: p, Songs: s.Songs, Blobs: s.Blobs, Files: s.files(), Covers: s.coverVariants(), Media: s.Media, Renditions: s.Renditions}).Routes(mux)
	if s.Subsonic != nil {
		mux.Handle("/rest/", s.Subsonic) // every call carries its own credentials
	}
	// The app at every other address, share pages, the dev outbox.
	(&pagesapi.API{P: p, Web: s.Web, Router: mux, ShareCard: social.ShareCard, Outbox: s.Outbox}).Routes(mux)
}
