package httpapi

import "net/http"

// routes is every route of the server, in one place.
func (s *Server) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /healthz", s.handleHealth)

	// Accounts (SPEC.md section 7, with DESIGN.md section 4).
	mux.HandleFunc("GET /api/verified", s.requireUser(s.handleVerified))
	mux.HandleFunc("POST /api/auth/cheak", s.handleCheck)
	mux.HandleFunc("POST /api/auth/resend", s.handleResend)
	mux.HandleFunc("POST /api/auth/signup", s.handleSignup)
	mux.HandleFunc("POST /api/auth/login", s.handleLogin)
	mux.HandleFunc("POST /api/auth/logout", s.handleLogout)
	mux.HandleFunc("POST /api/auth/getotp", s.handleGetOTP)
	mux.HandleFunc("POST /api/auth/verifyotp", s.handleVerifyOTP)
	mux.HandleFunc("PUT /api/auth/changepass", s.handleChangePassword)
	mux.HandleFunc("GET /api/auth/profile", s.requireUser(s.handleOwnProfile))
	mux.HandleFunc("POST /api/auth/profile", s.requireUser(s.handleUserProfile))
	mux.HandleFunc("GET /api/auth/all", s.requireUser(s.handleAllUsers))
	mux.HandleFunc("GET /api/auth/google", s.handleGoogle)
	mux.HandleFunc("GET /api/auth/google/callback", s.handleGoogleCallback)

	mux.HandleFunc("/api/", s.handleAPINotFound)

	if s.Outbox != nil {
		mux.HandleFunc("GET /dev/mail", s.handleDevMail)
		mux.HandleFunc("GET /dev/mail.json", s.handleDevMailJSON)
	}

	mux.Handle("/", s.spa())
}
