package accounts

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"

	"golang.org/x/oauth2"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/musicify"
)

// oidcFlowPath scopes the short-lived flow cookie to the sign-in routes.
const oidcFlowPath = "/api/auth/google"

// handleGoogle starts sign-in with the identity provider. The state, nonce
// and PKCE verifier wait in an HttpOnly cookie until the callback.
func (s *API) handleGoogle(w http.ResponseWriter, r *http.Request) error {
	if s.OIDC == nil {
		// The web app explains, in its own look, and names the settings to admins only.
		http.Redirect(w, r, googleSetupPage, http.StatusFound)
		return nil
	}
	state, nonce, verifier := randomToken(), randomToken(), oauth2.GenerateVerifier()
	target, err := s.OIDC.AuthCodeURL(r.Context(), state, nonce, verifier)
	if err != nil {
		s.P.Logger.Error("starting oidc sign-in", "err", err)
		http.Redirect(w, r, "/login?error=google_unavailable", http.StatusFound)
		return nil
	}
	flow := url.Values{"state": {state}, "nonce": {nonce}, "verifier": {verifier}, "next": {safeNext(r.URL.Query().Get("next"))}}
	http.SetCookie(w, &http.Cookie{
		Name: platform.OIDCCookie, Value: flow.Encode(), Path: oidcFlowPath, MaxAge: 600,
		HttpOnly: true, Secure: s.BaseURL.Scheme == "https", SameSite: http.SameSiteLaxMode,
	})
	http.Redirect(w, r, target, http.StatusFound)
	return nil
}

// googleSetupPage is the web app's page for a server without Google sign-in.
const googleSetupPage = "/google"

// oidcVariables are the settings that turn Google sign-in on.
var oidcVariables = []string{"MUSICIFY_OIDC_ISSUER", "MUSICIFY_OIDC_CLIENT_ID", "MUSICIFY_OIDC_CLIENT_SECRET"}

// googleSetup says whether Google sign-in is on; how to turn it on is
// only for an admin, who can act on it: a visitor learns nothing about
// the server's configuration.
type googleSetup struct {
	Configured bool     `json:"configured"`
	Variables  []string `json:"variables,omitempty"`
	Callback   string   `json:"callback,omitempty"`
}

func (s *API) handleGoogleSetup(w http.ResponseWriter, r *http.Request) error {
	setup := googleSetup{Configured: s.OIDC != nil}
	if u := s.P.OptionalUser(r); !setup.Configured && u != nil && u.Admin {
		setup.Variables = oidcVariables
		setup.Callback = s.BaseURL.String() + "/api/auth/google/callback"
	}
	platform.WriteJSON(w, http.StatusOK, setup)
	return nil
}

// handleGoogleCallback finishes sign-in. Failures land on /login with a
// code the app turns into a message, never with text from the URL.
func (s *API) handleGoogleCallback(w http.ResponseWriter, r *http.Request) error {
	fail := func(code string, err error) {
		if err != nil {
			s.P.Logger.Warn("oidc sign-in failed", "reason", code, "err", err)
		}
		s.P.ClearCookie(w, platform.OIDCCookie, oidcFlowPath)
		http.Redirect(w, r, "/login?error="+code, http.StatusFound)
	}
	if s.OIDC == nil {
		fail("google_unavailable", nil)
		return nil
	}
	c, err := r.Cookie(platform.OIDCCookie)
	if err != nil {
		fail("google_expired", nil)
		return nil
	}
	flow, err := url.ParseQuery(c.Value)
	q := r.URL.Query()
	if err != nil || flow.Get("state") == "" ||
		subtle.ConstantTimeCompare([]byte(flow.Get("state")), []byte(q.Get("state"))) != 1 {
		fail("google_expired", nil)
		return nil
	}
	if q.Get("error") != "" {
		fail("google_cancelled", nil)
		return nil
	}
	email, err := s.OIDC.Exchange(r.Context(), q.Get("code"), flow.Get("verifier"), flow.Get("nonce"))
	if err != nil {
		switch musicify.ErrorCode(err) {
		case musicify.EFORBIDDEN:
			fail("google_unverified", err)
		case musicify.EUNAVAILABLE:
			fail("google_unavailable", err)
		default:
			fail("google_failed", err)
		}
		return nil
	}
	_, token, err := s.Accounts.SignInExternal(r.Context(), email)
	if err != nil {
		switch musicify.ErrorMessage(err) {
		case musicify.MsgAccountOff:
			fail("google_disabled", err)
		case musicify.MsgSignupClosed:
			fail("google_signup_closed", err)
		default:
			if musicify.ErrorCode(err) == musicify.EFORBIDDEN {
				fail("google_signup_invite", err) // invite-only: no new accounts this way
			} else {
				fail("google_failed", err)
			}
		}
		return nil
	}
	s.P.SetSessionCookie(w, token)
	s.P.ClearCookie(w, platform.OIDCCookie, oidcFlowPath)
	next := flow.Get("next")
	if next == "" {
		next = "/home"
	}
	http.Redirect(w, r, next, http.StatusFound)
	return nil
}

// safeNext keeps a return path only if it stays on this site: one "/"
// followed by a path character, with no control character, space or
// backslash anywhere (browsers drop tabs and newlines and read "\\" as "/",
// so "/\t/evil.example" would land on another host).
func safeNext(next string) string {
	if next == "/" {
		return next
	}
	if len(next) < 2 || next[0] != '/' || !isPathChar(next[1]) {
		return ""
	}
	if hasUnsafe(next) {
		return ""
	}
	// Encoded forms too: a path that decodes to "//host" or a tab is refused.
	path, _, _ := strings.Cut(next, "?")
	path, _, _ = strings.Cut(path, "#")
	if dec, err := url.PathUnescape(path); err != nil || hasUnsafe(dec) || strings.HasPrefix(dec, "//") {
		return ""
	}
	if u, err := url.Parse(next); err != nil || u.Scheme != "" || u.Host != "" || u.User != nil {
		return ""
	}
	return next
}

// hasUnsafe reports a control character, space or backslash.
func hasUnsafe(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool {
		return r <= ' ' || r == 0x7f || r == '\\' || (r >= 0x80 && r <= 0x9f)
	})
}

// isPathChar is a character that may start a path segment (RFC 3986 pchar).
func isPathChar(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	return strings.IndexByte("-._~!$&'()*+,;=:@%", c) >= 0
}

func randomToken() string {
	var b [24]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}
