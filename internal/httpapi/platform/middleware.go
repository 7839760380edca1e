package platform

import (
	"context"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/musicify"
)

// contentSecurityPolicy allows the app's own scripts, styles, media and
// connections and nothing else; no page may frame Musicify.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; " +
	"img-src 'self' data: blob:; media-src 'self' blob:; font-src 'self'; connect-src 'self'; " +
	"worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; " +
	"form-action 'self'; frame-ancestors 'none'"

func (p *Platform) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), geolocation=(), microphone=(self)")
		if p.BaseURL.Scheme == "https" {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		next.ServeHTTP(w, r)
	})
}

// refuseCrossOrigin refuses state-changing requests sent by other sites,
// judged by Sec-Fetch-Site and Origin against this server's own origin.
func (p *Platform) refuseCrossOrigin(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	origin := p.BaseURL.Scheme + "://" + p.BaseURL.Host
	if err := cop.AddTrustedOrigin(origin); err != nil {
		p.Logger.Warn("base URL is not a valid origin", "origin", origin, "err", err)
	}
	// The Subsonic API sends no cookie: each call carries its credentials,
	// so a call from another site (a Subsonic web app) forges nothing.
	cop.AddInsecureBypassPattern("/rest/")
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.Logger.Warn("cross-origin request refused", "method", r.Method, "path", r.URL.Path, "origin", r.Header.Get("Origin"))
		p.WriteError(w, r, musicify.Errorf(musicify.EFORBIDDEN, "This request came from another website and was refused."))
	}))
	return cop.Handler(next)
}

// StatusRecorder remembers the status for the request log.
type StatusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (r *StatusRecorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *StatusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

// ReadFrom keeps the zero-copy path: the server's own writer sends an
// *os.File with sendfile, which a plain Write loop would lose.
func (r *StatusRecorder) ReadFrom(src io.Reader) (int64, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := io.Copy(r.ResponseWriter, src)
	r.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the real writer (flush, sendfile).
func (r *StatusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

func (p *Platform) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &StatusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		level := p.Logger.Info
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			level = p.Logger.Debug
		}
		level("request", "method", r.Method, "path", r.URL.Path, "status", rec.status,
			"bytes", rec.bytes, "duration", time.Since(start).Round(time.Microsecond))
	})
}

func (p *Platform) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				p.Logger.Error("panic in handler", "method", r.Method, "path", r.URL.Path, "panic", v)
				p.WriteError(w, r, musicify.Errorf(musicify.EINTERNAL, "Something went wrong. Please try again."))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// Session cookie settings.
const (
	SessionCookie = "musicify_session"
	OIDCCookie    = "musicify_oidc"
)

// SetSessionCookie hands the browser its session: HttpOnly, Lax, Secure
// when the server is reached over HTTPS.
func (p *Platform) SetSessionCookie(w http.ResponseWriter, token string) {
	http.SetCookie(w, &http.Cookie{
		Name: SessionCookie, Value: token, Path: "/", MaxAge: int(auth.SessionTTL.Seconds()),
		HttpOnly: true, Secure: p.BaseURL.Scheme == "https", SameSite: http.SameSiteLaxMode,
	})
}

// ClearCookie removes a cookie the server set.
func (p *Platform) ClearCookie(w http.ResponseWriter, name, path string) {
	http.SetCookie(w, &http.Cookie{
		Name: name, Value: "", Path: path, MaxAge: -1,
		HttpOnly: true, Secure: p.BaseURL.Scheme == "https", SameSite: http.SameSiteLaxMode,
	})
}

type ctxKey int

const (
	userKey ctxKey = iota
	sessionKey
)

// RequireUser runs next only for a signed-in caller, whose user is then in
// the context; everyone else gets 401.
func (p *Platform) RequireUser(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var token string
		if c, err := r.Cookie(SessionCookie); err == nil {
			token = c.Value
		}
		u, sess, renewed, err := p.Accounts.Authenticate(r.Context(), token)
		if err != nil {
			if musicify.ErrorCode(err) == musicify.EUNAUTHORIZED && token != "" {
				p.ClearCookie(w, SessionCookie, "/")
			}
			p.WriteError(w, r, err)
			return
		}
		if renewed {
			p.SetSessionCookie(w, token)
		}
		ctx := context.WithValue(r.Context(), userKey, u)
		r = r.WithContext(context.WithValue(ctx, sessionKey, sess))
		if key := r.Header.Get("Idempotency-Key"); key != "" && p.RequestKeys != nil && r.Method != http.MethodGet && r.Method != http.MethodHead {
			p.once(w, r, u, key, next)
			return
		}
		next(w, r)
	}
}

// OptionalUser is the signed-in caller of a route open to everyone, or nil.
// It never renews or clears the cookie: only RequireUser routes do.
func (p *Platform) OptionalUser(r *http.Request) *musicify.User {
	c, err := r.Cookie(SessionCookie)
	if err != nil {
		return nil
	}
	u, _, _, err := p.Accounts.Authenticate(r.Context(), c.Value)
	if err != nil {
		return nil
	}
	return u
}

// SessionOf is the caller's session, behind RequireUser.
func SessionOf(r *http.Request) *musicify.Session {
	s, _ := r.Context().Value(sessionKey).(*musicify.Session)
	return s
}

// UserOf is the caller of a handler behind RequireUser.
func UserOf(r *http.Request) *musicify.User {
	return r.Context().Value(userKey).(*musicify.User)
}

// countForeground counts the requests a person waits for on p.Foreground.
// Streams, downloads, uploads and the WebSocket are left out: they last as
// long as the audio or the connection and mostly wait on the network, and
// counting them would hold background work back for minutes.
func (p *Platform) countForeground(next http.Handler) http.Handler {
	if p.Foreground == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !LongLived(r.URL.Path) {
			defer p.Foreground.Enter()()
		}
		next.ServeHTTP(w, r)
	})
}

// LongLived tells the paths of streams, downloads, uploads and the WebSocket.
func LongLived(path string) bool {
	switch path {
	case "/api/ws", "/api/upload":
		return true
	}
	if strings.HasPrefix(path, "/media/") {
		return true
	}
	if call, ok := strings.CutPrefix(path, "/rest/"); ok {
		switch strings.TrimSuffix(call, ".view") {
		case "stream", "download":
			return true
		}
	}
	return false
}
