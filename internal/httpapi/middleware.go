package httpapi

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

func (s *Server) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), geolocation=(), microphone=(self)")
		if s.BaseURL.Scheme == "https" {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		next.ServeHTTP(w, r)
	})
}

// refuseCrossOrigin refuses state-changing requests sent by other sites,
// judged by Sec-Fetch-Site and Origin against this server's own origin.
func (s *Server) refuseCrossOrigin(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	origin := s.BaseURL.Scheme + "://" + s.BaseURL.Host
	if err := cop.AddTrustedOrigin(origin); err != nil {
		s.Logger.Warn("base URL is not a valid origin", "origin", origin, "err", err)
	}
	// The Subsonic API sends no cookie: each call carries its credentials,
	// so a call from another site (a Subsonic web app) forges nothing.
	cop.AddInsecureBypassPattern("/rest/")
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.Logger.Warn("cross-origin request refused", "method", r.Method, "path", r.URL.Path, "origin", r.Header.Get("Origin"))
		s.writeError(w, r, musicify.Errorf(musicify.EFORBIDDEN, "This request came from another website and was refused."))
	}))
	return cop.Handler(next)
}

// statusRecorder remembers the status for the request log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (r *statusRecorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

// ReadFrom keeps the zero-copy path: the server's own writer sends an
// *os.File with sendfile, which a plain Write loop would lose.
func (r *statusRecorder) ReadFrom(src io.Reader) (int64, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := io.Copy(r.ResponseWriter, src)
	r.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the real writer (flush, sendfile).
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		level := s.Logger.Info
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			level = s.Logger.Debug
		}
		level("request", "method", r.Method, "path", r.URL.Path, "status", rec.status,
			"bytes", rec.bytes, "duration", time.Since(start).Round(time.Microsecond))
	})
}

func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.Logger.Error("panic in handler", "method", r.Method, "path", r.URL.Path, "panic", v)
				s.writeError(w, r, musicify.Errorf(musicify.EINTERNAL, "Something went wrong. Please try again."))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// Session cookie settings.
const (
	sessionCookie = "musicify_session"
	oidcCookie    = "musicify_oidc"
)

func (s *Server) setSessionCookie(w http.ResponseWriter, token string) {
	http.SetCookie(w, &http.Cookie{
		Name: sessionCookie, Value: token, Path: "/", MaxAge: int(auth.SessionTTL.Seconds()),
		HttpOnly: true, Secure: s.BaseURL.Scheme == "https", SameSite: http.SameSiteLaxMode,
	})
}

func (s *Server) clearCookie(w http.ResponseWriter, name, path string) {
	http.SetCookie(w, &http.Cookie{
		Name: name, Value: "", Path: path, MaxAge: -1,
		HttpOnly: true, Secure: s.BaseURL.Scheme == "https", SameSite: http.SameSiteLaxMode,
	})
}

type ctxKey int

const (
	userKey ctxKey = iota
	sessionKey
)

// requireUser runs next only for a signed-in caller, whose user is then in
// the context; everyone else gets 401.
func (s *Server) requireUser(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var token string
		if c, err := r.Cookie(sessionCookie); err == nil {
			token = c.Value
		}
		u, sess, renewed, err := s.Accounts.Authenticate(r.Context(), token)
		if err != nil {
			if musicify.ErrorCode(err) == musicify.EUNAUTHORIZED && token != "" {
				s.clearCookie(w, sessionCookie, "/")
			}
			s.writeError(w, r, err)
			return
		}
		if renewed {
			s.setSessionCookie(w, token)
		}
		ctx := context.WithValue(r.Context(), userKey, u)
		r = r.WithContext(context.WithValue(ctx, sessionKey, sess))
		if key := r.Header.Get("Idempotency-Key"); key != "" && s.RequestKeys != nil && r.Method != http.MethodGet && r.Method != http.MethodHead {
			s.once(w, r, u, key, next)
			return
		}
		next(w, r)
	}
}

// optionalUser is the signed-in caller of a route open to everyone, or nil.
// It never renews or clears the cookie: only requireUser routes do.
func (s *Server) optionalUser(r *http.Request) *musicify.User {
	c, err := r.Cookie(sessionCookie)
	if err != nil {
		return nil
	}
	u, _, _, err := s.Accounts.Authenticate(r.Context(), c.Value)
	if err != nil {
		return nil
	}
	return u
}

// sessionOf is the caller's session, behind requireUser.
func sessionOf(r *http.Request) *musicify.Session {
	s, _ := r.Context().Value(sessionKey).(*musicify.Session)
	return s
}

// userOf is the caller of a handler behind requireUser.
func userOf(r *http.Request) *musicify.User {
	return r.Context().Value(userKey).(*musicify.User)
}

// countForeground counts the requests a person waits for on s.Foreground.
// Streams, downloads, uploads and the WebSocket are left out: they last as
// long as the audio or the connection and mostly wait on the network, and
// counting them would hold background work back for minutes.
func (s *Server) countForeground(next http.Handler) http.Handler {
	if s.Foreground == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !longLived(r.URL.Path) {
			defer s.Foreground.Enter()()
		}
		next.ServeHTTP(w, r)
	})
}

// longLived tells the paths of streams, downloads, uploads and the WebSocket.
func longLived(path string) bool {
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
