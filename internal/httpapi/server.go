// Package httpapi is Musicify's HTTP face: the JSON API under /api, the
// server-rendered helper pages and the embedded single-page app.
package httpapi

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"net/url"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/musicify/musicify/internal/admin"
	"github.com/musicify/musicify/internal/apppass"
	"github.com/musicify/musicify/internal/assistant"
	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/connect"
	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/delivery"
	"github.com/musicify/musicify/internal/foreground"
	accountsapi "github.com/musicify/musicify/internal/httpapi/accounts"
	adminapi "github.com/musicify/musicify/internal/httpapi/admin"
	assistantapi "github.com/musicify/musicify/internal/httpapi/assistant"
	discoveryapi "github.com/musicify/musicify/internal/httpapi/discovery"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/jam"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/mixes"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/playlists"
	"github.com/musicify/musicify/internal/radio"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/search"
	"github.com/musicify/musicify/internal/social"
	"github.com/musicify/musicify/internal/supervise"
)

// Server holds what the handlers need. Nil optional fields switch features off.
type Server struct {
	Accounts musicify.AccountService
	Users    musicify.UserStore
	Songs    musicify.SongStore
	// Features are the songs' audio features, for a song's details; nil: none.
	Features  musicify.FeatureStore
	Albums    musicify.AlbumStore
	Catalog   musicify.Catalog
	Playlists *playlists.Service
	// Shares keeps what visitors of a share link may hear; nil: previews on
	// for everything shared.
	Shares musicify.ShareStore
	Social *social.Service
	Search *search.Service
	// Recommender ranks songs for people; Interests stores their explicit signs.
	Recommender discoveryapi.Recommender
	Interests   interface {
		AddInterest(ctx context.Context, userID, songID string, at time.Time) error
	}
	// History lists the songs each person played, for Recently played; nil lists none.
	History discoveryapi.History
	// Mixes keeps the mixes made for each person and reads their listens;
	// nil: no mixes are served.
	Mixes musicify.MixStore
	// Like finds the songs like a song, as Subsonic and the assistant do.
	Like *recommend.Like
	// Radio runs stations; Presence and Hub carry who listens, live.
	Radio    *radio.Service
	Presence *radio.Presence
	Hub      radio.Hub
	// Jams runs live sessions with a shared queue; nil serves none. Shared
	// carries their changes to every instance (Hub when nil).
	Jams   *jam.Service
	Shared radio.Hub
	// Devices are each person's players for Connect; nil serves none.
	Devices *connect.Service
	// Assistant answers the chat panel.
	Assistant assistant.Assistant
	// Voice recognizes spoken player commands; nil when not installed.
	Voice assistantapi.VoiceCommands
	// BodyTimeout bounds the time a JSON body may take to arrive; an upload
	// must instead keep UploadMinRate (bytes a second) over each
	// UploadWindow. Zero takes 10 s, 16 KB/s and 30 s.
	BodyTimeout   time.Duration
	UploadMinRate int64
	UploadWindow  time.Duration
	// Limits bound each user's use of the assistant and voice commands.
	Limits Limits
	// Rates keeps the counts of Limits: the database when several instances
	// share the work; nil counts in this process.
	Rates      musicify.RateStore
	limitsOnce sync.Once
	coversOnce sync.Once
	limiters   *limiters
	// Now is the clock of the handlers that record a time; nil is time.Now.
	Now   func() time.Time
	Blobs musicify.BlobStore
	// Covers serves each size and format of a cover, making the missing
	// ones; nil makes JPEGs only.
	Covers *covers.Variants
	// Renditions makes the lighter copies of songs players ask for; nil
	// (no ffmpeg) sends the originals.
	Renditions *catalog.Renditions
	// Scanner imports the library folders; nil without MUSICIFY_LIBRARY_DIRS.
	Scanner musicify.Scanner
	// SignMedia, when set, makes a short-lived URL at which the storage
	// itself serves key (with that type and disposition): media requests
	// are answered with a redirect there instead of the bytes.
	SignMedia func(ctx context.Context, key, contentType, disposition string) (string, error)
	// Media signs the audio URLs the API hands out, so streaming asks no
	// database; nil hands out session-checked URLs only.
	Media *mediaurl.Signer
	// SpoolDir holds uploads while they are checked; MaxUploadMB bounds them.
	SpoolDir    string
	MaxUploadMB int64
	// Outbox, when set, serves the dev outbox at /dev/mail.
	Outbox musicify.OutboxStore
	// OIDC, when set, enables sign-in with Google (or another provider).
	OIDC accountsapi.OIDCProvider
	// Web is the built single-page app (index.html and assets/), with the
	// .br and .gz siblings the build precompressed.
	Web fs.FS
	// Ping reports whether the database answers, for /healthz.
	Ping func(context.Context) error
	// Ready is what /readyz checks: the database, storage, the bus, each
	// within ReadyTimeout (zero is 3 s).
	Ready        []ReadyCheck
	ReadyTimeout time.Duration
	ready        readyState
	// Metrics, when set with MetricsToken, is served at /metrics to callers
	// that send the token; the server adds its request metrics to it.
	Metrics *prometheus.Registry
	// Supervisor keeps a panic in a goroutine a request starts (a
	// WebSocket's writer) from taking the server down.
	Supervisor   *supervise.Supervisor
	MetricsToken string
	Logger       *slog.Logger
	BaseURL      *url.URL
	// TrustProxy takes the client address from X-Forwarded-For: the
	// rightmost address no trusted proxy holds, across every line of the
	// header. TrustedProxies are those proxies; with none, the one in
	// front is the only one, and the rightmost address is the client's.
	TrustProxy     bool
	TrustedProxies []netip.Prefix
	Version        string
	// Seeding, when set, tells whether the demo catalog is still being made.
	Seeding func() bool
	// Subsonic serves the Subsonic API at /rest (internal/subsonic); nil is off.
	Subsonic http.Handler
	// AppPasswords makes the app passwords Subsonic apps sign in with; nil
	// switches them off.
	AppPasswords *apppass.Service
	// RequestKeys applies a write sent with an Idempotency-Key once; nil
	// ignores the header.
	RequestKeys platform.RequestKeys
	// JobStats counts background jobs for admins; nil answers 503.
	JobStats adminapi.JobStatter
	// Admin serves the admin pages (/api/admin/); nil leaves them out.
	Admin *admin.Service
	// Foreground counts the requests a person waits for, which background
	// work (the library scan) gives way to; nil counts none.
	Foreground *foreground.Gauge

	platOnce sync.Once
	platform *platform.Platform
}

// Handler builds the routes of every area on the platform's router and
// puts them behind the middleware every request passes.
func (s *Server) Handler() http.Handler {
	mux := s.plat().NewMux()
	s.routes(mux)
	return s.plat().Wrap(mux)
}

// plat is the platform the routes share, made from the Server's fields once.
func (s *Server) plat() *platform.Platform {
	s.platOnce.Do(func() {
		s.platform = &platform.Platform{
			Logger: s.Logger, BaseURL: s.BaseURL, Accounts: s.Accounts, RequestKeys: s.RequestKeys,
			TrustProxy: s.TrustProxy, TrustedProxies: s.TrustedProxies,
			BodyTimeout: s.BodyTimeout, UploadMinRate: s.UploadMinRate, UploadWindow: s.UploadWindow,
			SpoolDir: s.SpoolDir, Foreground: s.Foreground, Metrics: s.Metrics, MetricsToken: s.MetricsToken, Now: s.Now,
		}
	})
	return s.platform
}

// mixes makes the mixes from the listens and the recommender; nil without
// a store for them.
func (s *Server) mixes() *mixes.Service {
	if s.Mixes == nil || s.Recommender == nil {
		return nil
	}
	return &mixes.Service{Store: s.Mixes, Recommender: s.Recommender, Songs: s.Songs, Now: s.now}
}

func (s *Server) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// files is the storage media is served from.
func (s *Server) files() *delivery.Store {
	return &delivery.Store{Blobs: s.Blobs, Sign: s.SignMedia, Logger: s.Logger}
}

// coverVariants is Covers, or (without one) a JPEG-only renderer, made
// once for every area that serves covers.
func (s *Server) coverVariants() *covers.Variants {
	s.coversOnce.Do(func() {
		if s.Covers == nil {
			s.Covers = &covers.Variants{Blobs: s.Blobs}
		}
	})
	return s.Covers
}

// shares is Shares, or (without one) previews on for everything shared.
func (s *Server) shares() musicify.ShareStore {
	if s.Shares != nil {
		return s.Shares
	}
	return previewsOn{}
}

// previewsOn lets visitors hear previews of everything, and keeps no setting.
type previewsOn struct{}

func (previewsOn) SharePreviews(context.Context, string, string) (bool, error) { return true, nil }

func (previewsOn) SetSharePreviews(context.Context, string, string, bool) error {
	return musicify.Errorf(musicify.EUNAVAILABLE, "This server keeps no share settings.")
}
