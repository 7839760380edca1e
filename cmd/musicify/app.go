package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/musicify/musicify/internal/admin"
	"github.com/musicify/musicify/internal/apppass"
	"github.com/musicify/musicify/internal/assistant"
	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/bus"
	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/config"
	"github.com/musicify/musicify/internal/connect"
	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/demo"
	"github.com/musicify/musicify/internal/foreground"
	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/jam"
	"github.com/musicify/musicify/internal/jobs"
	"github.com/musicify/musicify/internal/library"
	"github.com/musicify/musicify/internal/mail"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/playlists"
	"github.com/musicify/musicify/internal/radio"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/search"
	"github.com/musicify/musicify/internal/social"
	"github.com/musicify/musicify/internal/speech"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/supervise"
	"github.com/musicify/musicify/internal/sweep"
	"github.com/musicify/musicify/web"
)

// Main is the running program: it wires the concrete types. Tests start it
// on port 0 with a temp data dir, as the binary does on its real address.
type Main struct {
	Config *config.Config
	Logger *slog.Logger
	// Hash and Now let tests pick cheap hashing and a fixed clock.
	Hash auth.Argon2Params
	Now  func() time.Time
	// HeaderTimeout bounds a request's head, IdleTimeout a keep-alive
	// connection between requests; tests set them small.
	HeaderTimeout, IdleTimeout time.Duration
	// EventSync is how often subscribers read the event log for what
	// the bus lost (a broker restart); tests set it small.
	EventSync time.Duration
	// TrainPoll is how often the recommender looks whether to retrain;
	// tests set it small.
	TrainPoll time.Duration
	// MinFreeDisk is the room the data dir's disk needs for the instance
	// to be ready; tests set it past any disk.
	MinFreeDisk uint64
	// OnPanic hears every panic the supervisor recovered in background
	// work; tests fail on it.
	OnPanic func(worker string, value any, stack []byte)

	DB *sqlstore.DB
	// Bus carries events between subscribers and instances.
	Bus      musicify.Bus
	presence *radio.Presence
	// shared carries live messages to every instance (NATS); nil when
	// this instance is alone.
	shared   radio.Hub
	super    *supervise.Supervisor // runs every background loop
	engine   *recommend.Engine     // learns from every instance's events
	search   *search.Service
	stopBus  func()
	URL      string // where the server listens, set by Run
	server   *http.Server
	cancel   context.CancelFunc
	wg       sync.WaitGroup
	seeding  atomic.Bool
	shutdown time.Duration

	ops ops // what /readyz and /metrics watch (metrics.go)

	// AppPasswords makes and checks the passwords Subsonic apps sign in with.
	AppPasswords *apppass.Service
	// Scanner imports MUSICIFY_LIBRARY_DIRS; nil without them.
	Scanner musicify.Scanner
}

// NewMain prepares a program for cfg.
func NewMain(cfg *config.Config, logger *slog.Logger) *Main {
	return &Main{Config: cfg, Logger: logger, Now: time.Now, shutdown: 30 * time.Second,
		HeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute, EventSync: 2 * time.Second, TrainPoll: trainPoll, MinFreeDisk: minFreeDisk}
}

// Run opens the database, applies migrations and starts serving. It
// returns once the server listens; Close stops it.
func (m *Main) Run(ctx context.Context) error {
	cfg := m.Config
	m.Logger.Info("starting musicify", append([]any{"version", Version()}, cfg.Redacted()...)...)
	m.super = &supervise.Supervisor{Logger: m.Logger, OnPanic: m.OnPanic}
	if err := cfg.CheckWritable(); err != nil {
		return err
	}
	// This instance's own temp dir holds only its own uploads and files in
	// the making: whatever is there at start, a crash left.
	if n, err := emptyDir(cfg.TempDir); err != nil {
		return fmt.Errorf("emptying %s (MUSICIFY_DATA_DIR): %w", cfg.TempDir, err)
	} else if n > 0 {
		m.Logger.Info("removed what the last run left in the temp dir", "files", n, "dir", cfg.TempDir)
	}
	db, err := sqlstore.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	db.Now = m.Now
	m.DB = db

	var mailer musicify.Mailer
	var outbox musicify.OutboxStore
	if cfg.SMTPURL != nil {
		mailer = &mail.SMTP{URL: cfg.SMTPURL, From: cfg.MailFrom}
	} else {
		// The dev outbox hands sign-up and reset codes to whoever can read
		// it: never on unless asked for, and then for this machine only.
		mailer = &mail.Outbox{Store: db, Logger: m.Logger}
		switch {
		case cfg.DevMail && platform.LoopbackURL(cfg.BaseURL):
			outbox = db
			m.Logger.Warn("MUSICIFY_DEV_MAIL=true: mails go to the dev outbox at /dev/mail, readable from this machine only (set MUSICIFY_SMTP_URL to send them)")
		case cfg.DevMail:
			m.Logger.Warn("no MUSICIFY_SMTP_URL: mails are kept for `musicify mail` on this server; MUSICIFY_DEV_MAIL is ignored because MUSICIFY_BASE_URL is not a loopback URL")
		default:
			m.Logger.Warn("no MUSICIFY_SMTP_URL: mails are kept for `musicify mail` on this server (sign-up codes too), not sent")
		}
	}
	if cfg.DevMail && cfg.SMTPURL != nil {
		m.Logger.Warn("MUSICIFY_DEV_MAIL is ignored: mails go out through MUSICIFY_SMTP_URL")
	}
	if cfg.Demo && !platform.LoopbackURL(cfg.BaseURL) {
		m.Logger.Warn("demo mode with a public MUSICIFY_BASE_URL: anyone can sign in as " + demo.User + " with the published password; set MUSICIFY_DEMO=false")
	}
	var rates musicify.RateStore // nil: each limiter counts in this process
	if db.Dialect() == "postgres" {
		rates = db // every instance shares the counts of rate limits and lockouts
	}
	admins := &admin.Service{Store: db, Admins: cfg.Admins, Mode: musicify.SignupMode(cfg.Signup),
		BaseURL: cfg.BaseURL.String(), Now: m.Now, Logger: m.Logger}
	unclaimed, err := db.GrantAdmin(ctx, cfg.Admins)
	if err != nil {
		return fmt.Errorf("making the MUSICIFY_ADMIN accounts admins: %w", err)
	}
	if len(unclaimed) > 0 {
		m.Logger.Warn("MUSICIFY_ADMIN names usernames no account has: signing up with one does not make an admin; restart Musicify once the account exists",
			"unclaimed", strings.Join(unclaimed, ","))
	}
	accounts := auth.NewService(db, mailer, auth.Options{Hash: m.Hash, Now: m.Now, BaseURL: cfg.BaseURL.String(), Rates: rates,
		Admins: cfg.Admins, Signup: admins.SignupMode})

	engine := recommend.New(m.Now)
	m.engine = engine
	hub := radio.NewLocalHub()
	m.presence = radio.NewPresence(hub)
	m.presence.Supervisor = m.super
	m.presence.After = func(d time.Duration, f func()) {
		time.AfterFunc(d, func() {
			defer m.super.Recover("radio.presence")
			f()
		})
	}
	heartbeat, stopBus, err := m.pubsub(m.presence)
	if err != nil {
		return err
	}
	m.Bus = supervisedBus{m.Bus, m.super}
	m.stopBus = stopBus
	loadStart := time.Now()
	follower, err := m.loadRecommendations(ctx, engine)
	if err != nil {
		return err
	}
	m.Logger.Info("recommendations loaded", "took", time.Since(loadStart).Round(time.Millisecond), "events", follower.Last())
	m.followEvents("recommend", follower.Last)

	blobs, storeTemp, err := m.openBlobs(ctx)
	if err != nil {
		return err
	}
	deployment, err := m.pairStorage(ctx, db, blobs)
	if err != nil {
		return err
	}
	raw := blobs // the store itself; blobs also serves the library folders
	scanner, blobs, err := library.NewScanner(ctx, library.Setup{Dirs: cfg.LibraryDirs, Transcribe: cfg.TranscribeLibrary,
		ArtistSeparators: cfg.ArtistSeparators, ArtistExceptions: cfg.ArtistExceptions, DB: db, Now: db.Now, Blobs: blobs, Logger: m.Logger})
	if err != nil {
		return err
	}
	runner := &jobs.Runner{Store: db, Logger: m.Logger, Now: m.Now, Workers: int(cfg.JobWorkers), Supervisor: m.super}
	catalogService := &catalog.Service{
		Songs: db, Features: db, Blobs: blobs, Probe: media.NewProber(), FFmpeg: media.NewFFmpeg(), Jobs: runner,
		Logger: m.Logger, Now: m.Now, QuotaMB: cfg.UploadQuotaMB,
	}
	if catalogService.FFmpeg == nil {
		m.Logger.Warn("ffmpeg is not installed: songs stream as uploaded, without loudness levelling")
	}
	catalogService.Transcriber = m.transcriber()
	catalogService.TempDir = cfg.TempDir // with the spooled uploads, where the sweep finds what a crash leaves
	runner.Handlers = catalogService.JobHandlers()
	admins.Catalog = catalogService
	admins.Blobs = blobs
	var seeder *demo.Seeder
	if cfg.Demo {
		if seeder, err = m.seeder(ctx, db, catalogService, cfg.TempDir); err != nil {
			return err
		}
	}

	m.search = &search.Service{Index: db, Logger: m.Logger, Supervisor: m.super}
	if scanner != nil {
		scanner.Search, scanner.Songs = m.search, db
	}
	// One Like for the web, Subsonic and the assistant: a song has the
	// same like songs, in the same order, wherever people ask.
	like := &recommend.Like{Engine: engine, Store: db, Features: db}
	api := &httpapi.Server{
		Accounts: accounts, Users: db, Songs: db, Features: db, Albums: db, Catalog: catalogService, Blobs: blobs, RequestKeys: db,
		Playlists: &playlists.Service{Store: db, Blobs: blobs, Logger: m.Logger}, Shares: db,
		Social:      &social.Service{Store: db, Now: m.Now},
		Search:      m.search,
		Recommender: engine, Like: like, Interests: db, History: db, Mixes: db, Now: m.Now,
		Radio:    &radio.Service{Store: db, Blobs: blobs, Probe: catalogService.Probe, Logger: m.Logger, Now: m.Now},
		Presence: m.presence, Hub: hub, Shared: m.shared,
		SpoolDir: cfg.TempDir, MaxUploadMB: cfg.MaxUploadMB, Outbox: outbox, Web: web.Dist(), Ping: db.Ping,
		Logger: m.Logger, BaseURL: cfg.BaseURL, TrustProxy: cfg.TrustProxy, TrustedProxies: cfg.TrustedProxies, Version: Version(),
		Seeding: m.seeding.Load, Rates: rates,
		Admin: admins, Supervisor: m.super,
	}
	var live radio.Hub = hub // a Jam's changes: in process, or to every instance
	if m.shared != nil {
		live = m.shared
	}
	api.Jams = &jam.Service{Store: db, Songs: db, Picks: jamPicks{engine}, Hub: live, Now: m.Now}
	api.Devices = &connect.Service{Store: db, Hub: live, Now: m.Now}
	api.Covers = &covers.Variants{Blobs: blobs}
	if catalogService.FFmpeg.CanWebP() {
		api.Covers.EncodeWebP = catalogService.FFmpeg.WebP
	}
	if ff := catalogService.FFmpeg; ff != nil && (ff.CanTranscode("mp3") || ff.CanTranscode("opus")) {
		api.Renditions = &catalog.Renditions{Blobs: blobs, FFmpeg: ff, TempDir: cfg.TempDir, Logger: m.Logger}
	}
	// Background work gives way to the requests people wait for, and never
	// holds more than cores − 1 of the cores (library.Scanner.CPU).
	api.Foreground = &foreground.Gauge{}
	m.search.Background = foreground.NewSlots(jobs.DefaultWorkers())
	runner.Foreground, catalogService.CPU = api.Foreground, m.search.Background
	if scanner != nil {
		scanner.Jobs, scanner.Foreground, scanner.CPU, scanner.Supervisor = runner, api.Foreground, m.search.Background, m.super
		api.Scanner, m.Scanner = scanner, scanner
	}
	if s3, ok := raw.(*blob.S3); ok && cfg.StorageRedirect {
		api.SignMedia = func(ctx context.Context, key, contentType, disposition string) (string, error) {
			return s3.SignedURL(ctx, key, signedMediaTTL, contentType, disposition)
		}
	}
	secret, err := m.secretKey(ctx, db)
	if err != nil {
		return err
	}
	api.Media = mediaurl.New(secret, m.Now)
	revoked, err := m.revocations(ctx, api.Media.Revoked)
	if err != nil {
		return err
	}
	m.followEvents("revocations", revoked.Last)
	// App passwords are encrypted under a key derived from the same secret.
	if m.AppPasswords, err = apppass.New(db, secret, apppass.Options{Now: m.Now, Rates: rates, Logger: m.Logger}); err != nil {
		return err
	}
	api.AppPasswords = m.AppPasswords
	api.Subsonic = m.subsonic(api, catalogService)
	api.JobStats = db // served at GET /api/admin/jobs, behind the admin check
	m.observe(api, blobs)
	catalogView := &assistant.Catalog{Search: api.Search, Songs: db, Users: db, Playlists: db, Likes: db, History: db, Recommender: engine,
		Like: like, Features: assistant.StoredFeatures{Store: db}}
	if cfg.LLMBaseURL != "" {
		api.Assistant = &assistant.OpenAI{BaseURL: cfg.LLMBaseURL, Model: cfg.LLMModel, APIKey: cfg.LLMAPIKey, Catalog: catalogView,
			Client: &http.Client{Timeout: 2 * time.Minute}}
		m.Logger.Info("assistant: OpenAI-compatible model", "base_url", cfg.LLMBaseURL, "model", cfg.LLMModel)
	} else {
		api.Assistant = &assistant.Builtin{Catalog: catalogView}
		m.Logger.Info("assistant: built in (set MUSICIFY_LLM_BASE_URL and MUSICIFY_LLM_MODEL to use a model)")
	}
	if sphinx := speech.NewSphinx(); sphinx != nil {
		api.Voice = sphinx
	}
	if cfg.OIDCEnabled() {
		api.OIDC = auth.NewOIDC(cfg.OIDCIssuer, cfg.OIDCClientID, cfg.OIDCClientSecret,
			cfg.BaseURL.String()+"/api/auth/google/callback")
	}

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listening on %s (MUSICIFY_ADDR): %w", cfg.Addr, err)
	}
	conns := platform.LimitConnections(ln, platform.ConnLimits{Max: connectionCap(cfg.MaxConnections, m.Logger),
		PerAddress: int(cfg.MaxConnectionsPerAddress), Exempt: proxyPeer(cfg), RetryAfter: 5 * time.Second})
	m.URL = "http://" + conns.Addr().String()
	m.server = &http.Server{
		Handler:           api.Handler(),
		ReadHeaderTimeout: m.HeaderTimeout,
		IdleTimeout:       m.IdleTimeout,
		ConnState:         conns.ConnState,
		ErrorLog:          slog.NewLogLogger(m.Logger.Handler(), slog.LevelWarn),
	}
	ln = conns
	bg, cancel := context.WithCancel(context.WithoutCancel(ctx))
	m.cancel = cancel
	// Every background loop runs under the supervisor: a panic is logged
	// and counted, and the loop starts again (see internal/supervise).
	m.wg.Go(func() { m.super.Run(bg, "radio.heartbeat", heartbeat) })
	m.wg.Go(func() {
		m.super.Run(bg, "events.follow", func(ctx context.Context) { follower.Run(ctx, m.Bus, m.EventSync) })
	})
	// Sessions that end on another instance end their media URLs here too.
	m.wg.Go(func() {
		m.super.Run(bg, "events.revocations", func(ctx context.Context) { revoked.Run(ctx, m.Bus, m.EventSync) })
	})
	if seeder != nil {
		// The server answers at once; the catalog fills in while it does.
		m.seeding.Store(true)
		m.wg.Go(func() {
			defer m.seeding.Store(false)
			m.super.Run(bg, "demo.seed", func(ctx context.Context) {
				if err := seeder.Seed(ctx); err != nil && ctx.Err() == nil {
					m.Logger.Error("seeding the demo catalog", "err", err)
				}
			})
		})
	}
	m.wg.Go(func() { runner.Run(bg) }) // each worker under the supervisor
	trainer := &recommend.Trainer{Engine: engine, Source: db, Blobs: raw, Lease: db, Holder: musicify.NewID(), Supervisor: m.super,
		Every: trainEvery, After: trainAfter, Logger: m.Logger}
	m.wg.Go(func() {
		m.super.Run(bg, "recommend.train", func(ctx context.Context) { trainer.Run(ctx, m.TrainPoll) })
	})
	if scanner != nil { // scans in the background: the server answers at once
		m.wg.Go(func() {
			m.super.Run(bg, "library.watch", func(ctx context.Context) { scanner.Run(ctx, cfg.ScanInterval, 0) })
		})
	}
	m.wg.Go(func() {
		if err := m.server.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			m.Logger.Error("server stopped", "err", err)
		}
	})
	orphans := &sweep.Sweeper{Blobs: blobs, Refs: db, TempDirs: append([]string{cfg.TempDir}, storeTemp...), Grace: orphanGrace, Now: m.Now, Logger: m.Logger, Deployment: deployment, RenditionBytes: cfg.RenditionCacheMB << 20}
	m.wg.Go(func() {
		m.super.Run(bg, "sweep", func(ctx context.Context) {
			m.requeue(ctx, catalogService)
			m.sweep(ctx, orphans)
		})
	})
	// Said only when /readyz would say it: an instance that listens but
	// cannot serve (storage gone, disk full) says why instead.
	if failed := api.CheckReady(ctx); failed != nil {
		m.Logger.Warn("musicify is listening but not ready", "listen", m.URL, "failed", fmt.Sprint(failed))
	} else {
		m.Logger.Info("musicify is ready", "listen", m.URL, "open", cfg.BaseURL.String())
	}
	return nil
}

// The recommendation model is retrained hourly when anything changed, or
// after trainAfter changes (listens, likes, songs…); between retrains
// every event is folded in as it comes. Instances that do not hold the
// training lease look for a newer stored model every trainPoll.
const (
	trainEvery = time.Hour
	trainAfter = 2000
	trainPoll  = 30 * time.Second
)

// loadRecommendations loads the engine from one snapshot of the database
// together with the last event it includes, and hands it every event after
// that: at once for this instance's writes, through the bus for others'.
func (m *Main) loadRecommendations(ctx context.Context, engine *recommend.Engine) (*bus.Follower, error) {
	var head uint64
	err := m.DB.Snapshot(ctx, func(snap *sqlstore.DB) error {
		var err error
		if head, err = snap.LastEventSeq(ctx); err != nil {
			return err
		}
		return engine.Load(ctx, snap)
	})
	if err != nil {
		return nil, fmt.Errorf("loading recommendations: %w", err)
	}
	engine.SetApplied(head)
	follower := bus.NewFollower(m.DB, head, supervisedApply(m.super, "recommend.apply", engine.Apply))
	follower.Logger = m.Logger
	m.DB.Events = &bus.Publisher{Bus: m.Bus, Local: []*bus.Follower{follower}, Logger: m.Logger}
	return follower, nil
}

// openBlobs opens the media store the config names, with the temp
// directories of its own that the sweep must also clear.
func (m *Main) openBlobs(ctx context.Context) (musicify.BlobStore, []string, error) {
	store, temp, err := openStore(ctx, m.Config.MediaDir, m.Config.S3)
	if err != nil && m.Config.S3 != nil {
		return nil, nil, fmt.Errorf("MUSICIFY_STORAGE_URL: %w", err)
	}
	return store, temp, err
}

// openStore opens a local media directory, or the bucket s3 names.
func openStore(ctx context.Context, mediaDir string, s3 *config.S3) (musicify.BlobStore, []string, error) {
	if s3 == nil {
		local, err := blob.NewLocal(mediaDir)
		if err != nil {
			return nil, nil, err
		}
		return local, []string{local.TempDir()}, nil
	}
	store, err := blob.NewS3(ctx, blob.S3Options{Bucket: s3.Bucket, Prefix: s3.Prefix,
		Endpoint: s3.Endpoint, Region: s3.Region, PathStyle: s3.PathStyle})
	if err != nil {
		return nil, nil, err
	}
	return store, nil, nil
}

// transcriber picks the engine that writes down songs' words: the
// configured endpoint, else pocketsphinx when installed, else none.
func (m *Main) transcriber() speech.Transcriber {
	cfg := m.Config
	if cfg.TranscribeURL != "" {
		t := &speech.OpenAI{URL: cfg.TranscribeURL, Model: cfg.TranscribeModel, APIKey: cfg.TranscribeAPIKey}
		m.Logger.Info("transcription: " + t.Name())
		return t
	}
	if s := speech.NewSphinx(); s != nil {
		m.Logger.Info("transcription: pocketsphinx")
		return s
	}
	m.Logger.Warn("transcription: off (install pocketsphinx, pocketsphinx-en-us and ffmpeg, or set MUSICIFY_TRANSCRIBE_URL)")
	return nil
}

// seeder returns the demo seeder when the database needs the catalog
// (nil otherwise), and says how to sign in.
func (m *Main) seeder(ctx context.Context, db *sqlstore.DB, catalogService *catalog.Service, tmp string) (*demo.Seeder, error) {
	hash := m.Hash
	if hash == (auth.Argon2Params{}) {
		hash = auth.DefaultArgon2
	}
	// The seeder made these files itself: the pure-Go check is enough and
	// saves starting ffprobe two dozen times.
	trusted := *catalogService
	trusted.Probe = media.Native{}
	seeder := &demo.Seeder{Store: db, Catalog: &trusted, FFmpeg: catalogService.FFmpeg, Hash: hash.Hash,
		TempDir: tmp, Logger: m.Logger, Now: m.Now}
	needed, err := seeder.Needed(ctx)
	if err != nil {
		return nil, fmt.Errorf("checking for the demo catalog: %w", err)
	}
	if needed {
		m.Logger.Info("demo mode: seeding the demo catalog in the background")
	}
	m.Logger.Info("demo mode: sign in as "+demo.User+" with the password "+demo.Password, "user", demo.User)
	if !needed {
		return nil, nil
	}
	return seeder, nil
}

// secretKey is MUSICIFY_SECRET_KEY or else the key generated once into the
// database, so every instance that shares the database signs alike.
func (m *Main) secretKey(ctx context.Context, db *sqlstore.DB) ([]byte, error) {
	if m.Config.SecretKey != "" {
		return []byte(m.Config.SecretKey), nil
	}
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, fmt.Errorf("making the secret key: %w", err)
	}
	key, err := db.EnsureSetting(ctx, "secret_key", hex.EncodeToString(b[:]))
	if err != nil {
		return nil, fmt.Errorf("reading the secret key: %w", err)
	}
	return []byte(key), nil
}

// signedMediaTTL is how long a redirect to the bucket (with
// MUSICIFY_STORAGE_REDIRECT) stays good: long enough for a player that
// seeks on the URL it was sent to late in a long song.
const signedMediaTTL = time.Hour

// Orphans (temp files, media no row names) are swept at start and daily;
// only those older than orphanGrace, so work in flight is never touched.
const (
	orphanGrace = time.Hour
	// requestKeep is how long a write's Idempotency-Key holds: longer than
	// a device stays offline with its queue, as the events are kept.
	requestKeep = eventKeep
	orphanEvery = 24 * time.Hour
)

// eventKeep is how long the event log keeps an event: far longer than
// an instance can fall behind while running (it reloads when it starts).
const eventKeep = 7 * 24 * time.Hour

// requeue queues the jobs of songs that have none, once at start.
func (m *Main) requeue(ctx context.Context, catalogService *catalog.Service) {
	n, err := catalogService.QueueMissingJobs(ctx)
	if err != nil && ctx.Err() == nil {
		m.Logger.Error("queueing the missing jobs of songs", "err", err)
	}
	if n > 0 {
		m.Logger.Info("queued the missing jobs of songs", "jobs", n)
	}
}

// sweep deletes expired sessions, codes a day past their expiry (kept
// that long so a sign-up can still ask for a new code), old events and
// rate limit counts past their window, once an hour; and what crashes
// left behind at start and once a day.
func (m *Main) sweep(ctx context.Context, orphans *sweep.Sweeper) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	var swept time.Time
	for {
		now := m.Now()
		if now.Sub(swept) >= orphanEvery {
			swept = now
			r, err := orphans.Sweep(ctx)
			if ctx.Err() != nil {
				return
			} else if err != nil {
				m.Logger.Error("sweeping orphan files", "err", err)
			}
			m.Logger.Info("orphan sweep finished", "temp_files", r.TempFiles, "media_files", r.Blobs, "empty_folders", r.Folders)
		}
		if err := m.DB.DeleteExpiredSessions(ctx, now); err != nil && ctx.Err() == nil {
			m.Logger.Error("sweeping sessions", "err", err)
		}
		if err := m.DB.DeleteStaleCodes(ctx, now.Add(-24*time.Hour)); err != nil && ctx.Err() == nil {
			m.Logger.Error("sweeping codes", "err", err)
		}
		if _, err := m.DB.DeleteEventsBefore(ctx, now.Add(-eventKeep)); err != nil && ctx.Err() == nil {
			m.Logger.Error("sweeping events", "err", err)
		}
		if err := m.DB.DeleteExpiredRateHits(ctx, now); err != nil && ctx.Err() == nil {
			m.Logger.Error("sweeping rate limits", "err", err)
		}
		if err := m.DB.DeleteRequestsBefore(ctx, now.Add(-requestKeep)); err != nil && ctx.Err() == nil {
			m.Logger.Error("sweeping request keys", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Close lets requests in flight finish, then closes the database.
func (m *Main) Close() error {
	var errs []error
	if m.server != nil {
		ctx, cancel := context.WithTimeout(context.Background(), m.shutdown)
		defer cancel()
		if err := m.server.Shutdown(ctx); err != nil {
			errs = append(errs, fmt.Errorf("stopping http server: %w", err))
		}
	}
	if m.cancel != nil {
		m.cancel()
	}
	// Every loop stops when its context ends; should one not (a step that
	// never looks at it), stopping goes on without it rather than hang.
	stopped := make(chan struct{})
	go func() { m.wg.Wait(); close(stopped) }()
	select {
	case <-stopped:
	case <-time.After(m.shutdown):
		m.Logger.Error("background work did not stop in time; stopping without it", "waited", m.shutdown)
	}
	if m.stopBus != nil {
		m.stopBus()
	}
	if m.DB != nil {
		if err := m.DB.Close(); err != nil {
			errs = append(errs, fmt.Errorf("closing database: %w", err))
		}
	}
	return errors.Join(errs...)
}

// emptyDir removes everything in dir and says how many entries it held.
func emptyDir(dir string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return 0, err
		}
	}
	return len(entries), nil
}

// jamPicks fills a Jam's queue with what the recommender would play each
// member next.
type jamPicks struct{ engine *recommend.Engine }

func (p jamPicks) ForUser(userID string, n int) []string {
	return p.engine.ForUser(userID, n, recommend.Options{})
}
