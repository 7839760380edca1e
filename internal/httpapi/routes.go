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

	// Songs and artists (SPEC.md sections 2 and 7; docs/api.md).
	mux.HandleFunc("POST /api/upload", s.requireUser(s.handleUpload))
	mux.HandleFunc("GET /api/search/all", s.requireUser(s.handleAllSongs))
	mux.HandleFunc("GET /api/search/allartist", s.requireUser(s.handleAllArtists))
	mux.HandleFunc("GET /api/artists/{name}", s.requireUser(s.handleArtist))
	mux.HandleFunc("GET /api/songs/{id}", s.requireUser(s.handleSong))
	mux.HandleFunc("DELETE /api/songs/{id}", s.requireUser(s.handleDeleteSong))
	mux.HandleFunc("POST /api/view/increase", s.requireUser(s.handleView))
	mux.HandleFunc("POST /api/artist/cover", s.requireUser(s.handleArtistCover))

	mux.HandleFunc("/api/", s.handleAPINotFound)

	// Media: audio needs a session; covers are public for shared links.
	mux.HandleFunc("GET /media/songs/{id}/download", s.requireUser(s.handleDownload))
	mux.HandleFunc("GET /media/songs/{id}/{file}", s.requireUser(s.handleSongFile))
	mux.HandleFunc("GET /media/covers/{file}", s.handleCover)

	if s.Outbox != nil {
		mux.HandleFunc("GET /dev/mail", s.handleDevMail)
		mux.HandleFunc("GET /dev/mail.json", s.handleDevMailJSON)
	}

	mux.Handle("/", s.spa())
}
