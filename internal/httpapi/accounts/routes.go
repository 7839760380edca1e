// Package accounts is the HTTP face of accounts: sign-up with a mailed
// code, sign-in by password or with Google, sessions, profiles and the app
// passwords Subsonic apps sign in with.
package accounts

import (
	"context"
	"net/url"

	"github.com/musicify/musicify/internal/apppass"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/playlists"
)

// OIDCProvider is sign-in through an external identity provider.
type OIDCProvider interface {
	AuthCodeURL(ctx context.Context, state, nonce, verifier string) (string, error)
	Exchange(ctx context.Context, code, verifier, nonce string) (email string, err error)
}

// API serves the account routes.
type API struct {
	P        *platform.Platform
	Accounts musicify.AccountService
	Users    musicify.UserStore
	// Playlists lists a profile's playlists.
	Playlists *playlists.Service
	// Media is told of the sessions that end, so their links end too.
	Media *mediaurl.Signer
	// OIDC, when set, enables sign-in with Google (or another provider);
	// BaseURL is where it sends people back.
	OIDC    OIDCProvider
	BaseURL *url.URL
	// AppPasswords makes the app passwords Subsonic apps sign in with; nil
	// switches them off.
	AppPasswords *apppass.Service
	// Deleter deletes a person's own account with everything they
	// uploaded; nil switches self-deletion off.
	Deleter AccountDeleter
}

// AccountDeleter deletes the account of the person asking.
type AccountDeleter interface {
	DeleteOwn(ctx context.Context, u *musicify.User) error
}

// Routes registers the area's routes on mux.
func (s *API) Routes(mux *platform.Mux) {
	mux.User("GET /api/verified", s.handleVerified)
	mux.Public("GET /api/auth/session", s.handleSession)
	mux.Public("POST /api/auth/cheak", s.handleCheck)
	mux.Public("POST /api/auth/resend", s.handleResend)
	mux.Public("POST /api/auth/signup", s.handleSignup)
	mux.Public("POST /api/auth/login", s.handleLogin)
	mux.Public("POST /api/auth/logout", s.handleLogout)
	mux.Public("POST /api/auth/getotp", s.handleGetOTP)
	mux.Public("POST /api/auth/verifyotp", s.handleVerifyOTP)
	mux.Public("PUT /api/auth/changepass", s.handleChangePassword)
	mux.User("GET /api/auth/profile", s.handleOwnProfile)
	mux.User("POST /api/auth/profile", s.handleUserProfile)
	mux.Public("GET /api/auth/google", s.handleGoogle)
	mux.Public("GET /api/auth/google/callback", s.handleGoogleCallback)
	mux.Public("GET /api/auth/google/setup", s.handleGoogleSetup)
	mux.User("PUT /api/account/password", s.handleNewPassword)
	mux.User("POST /api/account/email/code", s.handleEmailCode)
	mux.User("PUT /api/account/email", s.handleNewEmail)
	mux.User("PUT /api/account/timezone", s.handleTimeZone)
	mux.User("DELETE /api/account", s.handleDeleteAccount)
	mux.User("GET /api/app-passwords", s.handleAppPasswords)
	mux.User("POST /api/app-passwords", s.handleCreateAppPassword)
	mux.User("DELETE /api/app-passwords/{id}", s.handleRevokeAppPassword)
}
