// Package platform is what every route of the HTTP layer shares: the
// router, the middleware each request passes, the one mapping of errors to
// answers, sessions and the caller's address. The areas (accounts,
// catalog, playlists…) register their handlers on it; none of it knows
// about music.
package platform

import (
	"context"
	"log/slog"
	"net/http"
	"net/netip"
	"net/url"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/musicify/musicify/internal/foreground"
	"github.com/musicify/musicify/internal/musicify"
)

// Authenticator finds the person behind a session token.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (*musicify.User, *musicify.Session, bool, error)
}

// Platform holds what the middleware and the route wrappers need.
type Platform struct {
	Logger  *slog.Logger
	BaseURL *url.URL
	// Accounts checks the session cookie of the routes for signed-in people.
	Accounts Authenticator
	// RequestKeys applies a write sent with an Idempotency-Key once; nil
	// ignores the header.
	RequestKeys RequestKeys
	// TrustProxy takes the client address from X-Forwarded-For: the
	// rightmost address no trusted proxy holds, across every line of the
	// header. TrustedProxies are those proxies; with none, the one in
	// front is the only one, and the rightmost address is the client's.
	TrustProxy     bool
	TrustedProxies []netip.Prefix
	// BodyTimeout bounds the time a JSON body may take to arrive; an upload
	// must instead keep UploadMinRate (bytes a second) over each
	// UploadWindow. Zero takes 10 s, 16 KB/s and 30 s.
	BodyTimeout   time.Duration
	UploadMinRate int64
	UploadWindow  time.Duration
	// SpoolDir holds uploaded files while they are checked.
	SpoolDir string
	// Foreground counts the requests a person waits for, which background
	// work gives way to; nil counts none.
	Foreground *foreground.Gauge
	// Metrics, when set with MetricsToken, is served at /metrics to callers
	// that send the token, with the request metrics added.
	Metrics      *prometheus.Registry
	MetricsToken string
	metricsOnce  sync.Once
	httpMetrics  *httpMetrics
	// Now is the clock of the idempotency keys and upload rates; nil is time.Now.
	Now func() time.Time
}

// Time is the time on the platform's clock.
func (p *Platform) Time() time.Time {
	if p.Now != nil {
		return p.Now()
	}
	return time.Now()
}

// Wrap puts next behind the middleware every request passes: recovery,
// logging, body time limits, the foreground count, security headers, the
// cross-origin check and compression.
func (p *Platform) Wrap(next http.Handler) http.Handler {
	h := p.compress(next)
	h = p.refuseCrossOrigin(h)
	h = p.securityHeaders(h)
	h = p.countForeground(h)
	h = p.limitBodyTime(h)
	h = p.logRequests(h)
	h = p.recoverPanics(h)
	if p.Metrics != nil && p.MetricsToken != "" {
		h = p.instrument(h) // outside recoverPanics, so a panic counts as the 500 it becomes
	}
	return h
}

// Handler answers a request, or returns the error to answer with: every
// error becomes an answer in one place, WriteError.
type Handler func(w http.ResponseWriter, r *http.Request) error

// Mux is the router the areas register their routes on.
type Mux struct {
	*http.ServeMux
	p *Platform
}

// NewMux is an empty router on p.
func (p *Platform) NewMux() *Mux { return &Mux{ServeMux: http.NewServeMux(), p: p} }

// Public registers a route anyone may call.
func (m *Mux) Public(pattern string, h Handler) { m.HandleFunc(pattern, m.p.Serve(h)) }

// User registers a route for signed-in people only; the handler finds the
// caller with UserOf.
func (m *Mux) User(pattern string, h Handler) { m.HandleFunc(pattern, m.p.RequireUser(m.p.Serve(h))) }

// Admin registers a route for admins only: 401 for everyone signed out,
// 403 for everyone else. The web app hides the admin pages from others;
// this is what keeps them out.
func (m *Mux) Admin(pattern string, h Handler) {
	m.HandleFunc(pattern, m.p.RequireUser(m.p.Serve(func(w http.ResponseWriter, r *http.Request) error {
		if !UserOf(r).Admin {
			return musicify.Errorf(musicify.EFORBIDDEN, "Only admins can do this.")
		}
		return h(w, r)
	})))
}

// Serve turns h into an http.HandlerFunc that answers h's error.
func (p *Platform) Serve(h Handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			p.WriteError(w, r, err)
		}
	}
}
