// Package admin is the HTTP face of administration: accounts, sign-up
// rules, invitations, the library scan and background jobs, for admins.
package admin

import (
	"github.com/musicify/musicify/internal/admin"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/musicify"
)

// API serves the admin routes. Admin nil leaves them out; Scanner nil
// means no library folders; JobStats nil answers 503.
type API struct {
	P        *platform.Platform
	Admin    *admin.Service
	Scanner  musicify.Scanner
	JobStats JobStatter
	// Media is told of the sessions a disabled or deleted account loses.
	Media *mediaurl.Signer
}

// Routes registers the area's routes on mux.
func (s *API) Routes(mux *platform.Mux) {
	mux.Public("GET /api/auth/signup-mode", s.handleSignupMode)
	if s.Admin == nil {
		return
	}
	for _, rt := range s.adminRoutes() {
		mux.Admin(rt.pattern, rt.handler)
	}
}

// route is a pattern and its handler.
type route struct {
	pattern string
	handler platform.Handler
}

// adminRoutes are the routes only admins reach. They are a table, not
// calls, so that each gets the admin check in one place and the tests walk
// every one of them: a route added here cannot be left out of either.
func (s *API) adminRoutes() []route {
	return []route{
		{"GET /api/admin/users", s.handleAdminUsers},
		{"PUT /api/admin/users/{id}/admin", s.handleAdminSetAdmin},
		{"PUT /api/admin/users/{id}/disabled", s.handleAdminSetDisabled},
		{"DELETE /api/admin/users/{id}", s.handleAdminDeleteUser},
		{"GET /api/admin/library", s.handleAdminLibrary},
		{"POST /api/admin/library/scan", s.handleAdminScan},
		{"GET /api/admin/signup", s.handleAdminSignup},
		{"PUT /api/admin/signup", s.handleAdminSetSignup},
		{"GET /api/admin/invites", s.handleAdminInvites},
		{"POST /api/admin/invites", s.handleAdminCreateInvite},
		{"DELETE /api/admin/invites/{id}", s.handleAdminRevokeInvite},
		{"GET /api/admin/jobs", s.handleJobStats},
	}
}

// Patterns are the patterns of the admin-only routes, for the test that
// checks each of them refuses everyone but admins.
func Patterns() []string {
	var out []string
	for _, rt := range (&API{}).adminRoutes() {
		out = append(out, rt.pattern)
	}
	return out
}
